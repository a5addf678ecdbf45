// An engine that throws inside a commit (not a refusal of the change: a crash of the engine
// itself) must leave nothing half done: the commit is rolled back, the engine rebuilt from the
// sheets, and every value matches a fresh workbook built from the same inputs.
import { describe, expect, it } from 'vitest';
import { useWorkbooks, writeCell } from '../../test/support/workbook-bed.js';
import {
  createHyperFormulaEngine,
  EngineFailureError,
  parseCell,
  Workbook,
  writeCellOps,
  writeRangeOps,
  type FormulaEngine,
} from './index.js';

const { open } = useWorkbooks();

/** HyperFormula, except that the next batch throws when it ends (as a stack overflow while recalculating did). */
function failingEngine(): {
  create: (registry: Parameters<typeof createHyperFormulaEngine>[0]) => FormulaEngine;
  failNextBatch: () => void;
} {
  let fail = false;
  return {
    failNextBatch: () => {
      fail = true;
    },
    create: (registry) => {
      const engine = createHyperFormulaEngine(registry);
      return {
        ...engine,
        batch: (fn) =>
          engine.batch(() => {
            const result = fn();
            if (fail) {
              fail = false;
              throw new RangeError('Maximum call stack size exceeded');
            }
            return result;
          }),
      };
    },
  };
}

/**
 * HyperFormula, except that its next `count` cell writes (or sheet removals) throw, as it did on
 * some formulas.
 */
function engineFailingWrites(): {
  create: (registry: Parameters<typeof createHyperFormulaEngine>[0]) => FormulaEngine;
  failWrites: (count: number) => void;
} {
  let failures = 0;
  const failing = <A extends unknown[], R>(call: (...args: A) => R) => {
    return (...args: A): R => {
      if (failures > 0) {
        failures -= 1;
        throw new Error('Vertex for address missing in AddressMapping');
      }
      return call(...args);
    };
  };
  return {
    failWrites: (count) => {
      failures = count;
    },
    create: (registry) => {
      const engine = createHyperFormulaEngine(registry);
      return {
        ...engine,
        setCells: failing(engine.setCells.bind(engine)),
        removeSheet: failing(engine.removeSheet.bind(engine)),
      };
    },
  };
}

function valuesOf(workbook: Workbook): unknown[] {
  return workbook.sheetNames.flatMap((name) => {
    const sheet = workbook.sheet(name);
    return sheet
      .occupiedCells()
      .map((cell) => [
        name,
        cell.row,
        cell.col,
        sheet.input(cell.row, cell.col),
        JSON.stringify(sheet.value(cell.row, cell.col)),
        sheet.version(cell.row, cell.col),
      ]);
  });
}

describe('an engine failure inside a commit', () => {
  it('rolls the whole commit back, rebuilds the engine and throws EngineFailureError', () => {
    const engine = failingEngine();
    const workbook = open({ createEngine: engine.create });
    workbook.apply(
      writeRangeOps('Sheet1', parseCell('A1'), [
        [1, 2],
        ['=A1+B1', '=A2*10'],
      ]),
    );
    workbook.apply([{ type: 'add-sheet', name: 'Other' }]);
    writeCell(workbook, 'A1', '=Sheet1!B2+1', 'Other');
    const before = valuesOf(workbook);
    engine.failNextBatch();
    expect(() =>
      workbook.apply([
        ...writeCellOps('Sheet1', parseCell('A1'), 100),
        { type: 'rename-sheet', from: 'Other', to: 'Renamed' },
        { type: 'add-sheet', name: 'Third' },
      ]),
    ).toThrow(EngineFailureError);
    expect(valuesOf(workbook)).toEqual(before);
    expect(workbook.sheetNames).toEqual(['Sheet1', 'Other']);
    expect(workbook.sheet('Other').value(0, 0)).toBe(31);
    // The rebuilt engine computes on: a later change recalculates dependents on every sheet.
    writeCell(workbook, 'A1', 5, 'Sheet1');
    expect(workbook.sheet('Other').value(0, 0)).toBe(71);
    const fresh = open();
    fresh.apply([{ type: 'replace-workbook', document: workbook.document() }]);
    expect(valuesOf(fresh)).toEqual(valuesOf(workbook));
  });

  it('leaves the undo history as it was: the failed commit is not a step', () => {
    const engine = failingEngine();
    const workbook = open({ createEngine: engine.create });
    writeCell(workbook, 'A1', 1, 'Sheet1');
    engine.failNextBatch();
    expect(() => writeCell(workbook, 'A1', 2, 'Sheet1')).toThrow(EngineFailureError);
    expect(workbook.undoDepth).toBe(1);
    workbook.undo();
    expect(workbook.sheet('Sheet1').input(0, 0)).toBeNull();
  });

  it('a write the engine fails on, and fails on again as it is put back, leaves inputs and versions as they were', () => {
    const engine = engineFailingWrites();
    const workbook = open({ createEngine: engine.create });
    writeCell(workbook, 'B4', '=A1+1', 'Sheet1');
    const before = valuesOf(workbook);
    engine.failWrites(2);
    expect(() => writeCell(workbook, 'B4', '=A2+2', 'Sheet1')).toThrow(EngineFailureError);
    expect(valuesOf(workbook)).toEqual(before);
  });

  it('a cut and paste the engine fails on changes nothing: cells, versions and the formulas that read them', () => {
    const engine = engineFailingWrites();
    const workbook = open({ createEngine: engine.create });
    workbook.apply(
      writeRangeOps('Sheet1', parseCell('A1'), [[1], [2], ['=A1+A2'], ['=SUM(A1:A2)']]),
    );
    const before = valuesOf(workbook);
    engine.failWrites(1);
    expect(() =>
      workbook.apply([
        {
          type: 'move-cells',
          sheet: 'Sheet1',
          range: { start: parseCell('A1'), end: parseCell('A2') },
          targetSheet: 'Sheet1',
          target: parseCell('C1'),
        },
      ]),
    ).toThrow(EngineFailureError);
    expect(valuesOf(workbook)).toEqual(before);
    const fresh = open();
    fresh.apply([{ type: 'replace-workbook', document: workbook.document() }]);
    expect(valuesOf(fresh)).toEqual(valuesOf(workbook));
  });

  it('a sheet deletion the engine fails on keeps the sheet, and the active sheet one of the sheets', () => {
    const engine = engineFailingWrites();
    const workbook = open({ createEngine: engine.create });
    workbook.apply([{ type: 'add-sheet', name: 'Other' }]);
    writeCell(workbook, 'A1', '=Other!A1+1', 'Sheet1');
    const before = valuesOf(workbook);
    engine.failWrites(1);
    expect(() => workbook.apply([{ type: 'delete-sheet', name: 'Sheet1' }])).toThrow(
      EngineFailureError,
    );
    expect(workbook.sheetNames).toEqual(['Sheet1', 'Other']);
    expect(workbook.activeSheetName).toBe('Sheet1');
    expect(valuesOf(workbook)).toEqual(before);
    const fresh = open();
    fresh.apply([{ type: 'replace-workbook', document: workbook.document() }]);
    expect(valuesOf(fresh)).toEqual(valuesOf(workbook));
  });

  it('an undo whose engine fails puts its step back', () => {
    const engine = failingEngine();
    const workbook = open({ createEngine: engine.create });
    writeCell(workbook, 'A1', 1, 'Sheet1');
    engine.failNextBatch();
    expect(() => workbook.undo()).toThrow(EngineFailureError);
    expect(workbook.sheet('Sheet1').value(0, 0)).toBe(1);
    expect(workbook.undoDepth).toBe(1);
  });
});
