// Workbook.applyBatch: several commits' cell writes with one recalculation, each commit still
// checked, applied, undone and reported on its own, exactly as if applied one after another.
import { describe, expect, it } from 'vitest';
import { useWorkbooks } from '../../test/support/workbook-bed.js';
import { parseCell, parseRange } from './address/index.js';
import { CellLockedError, VersionConflictError } from './errors.js';
import { createHyperFormulaEngine, type FormulaEngine } from './formula/index.js';
import { setLocksOps, writeCellOps } from './ops/index.js';
import type { ChangeSet } from './change-set.js';
import type { BatchOutcome, Workbook } from './workbook.js';

const { open } = useWorkbooks();
const at = parseCell;

function write(cell: string, value: string | number, meta = {}) {
  return { ops: writeCellOps('Sheet1', at(cell), value), meta };
}

/** A change set as `A1=5` strings per sheet, sorted. */
function cellsOf(changes: ChangeSet | undefined): string[] {
  return (changes?.cells ?? [])
    .flatMap(({ sheet, cells }) =>
      cells.map(
        (cell) =>
          `${sheet}!${String.fromCharCode(65 + cell.col)}${cell.row + 1}=${String(cell.value)}`,
      ),
    )
    .sort();
}

function changesOf(outcomes: readonly BatchOutcome[]): string[][] {
  return outcomes.map((outcome) => cellsOf(outcome.commit?.changes));
}

describe('applying several commits with one recalculation', () => {
  it('gives each commit only the cells it wrote and the dependents its cells reach', () => {
    const book = open();
    book.apply([
      ...writeCellOps('Sheet1', at('C1'), '=A1*2'),
      ...writeCellOps('Sheet1', at('D1'), '=B1+1'),
      ...writeCellOps('Sheet1', at('E1'), '=SUM(A1:B1)'),
    ]);
    const outcomes = book.applyBatch([write('A1', 5), write('B1', 7)]);
    // C1 hangs on A1 only; D1 on B1 only; E1 on both: the later commit has it.
    expect(changesOf(outcomes)).toEqual([
      ['Sheet1!A1=5', 'Sheet1!C1=10'],
      ['Sheet1!B1=7', 'Sheet1!D1=8', 'Sheet1!E1=12'],
    ]);
    expect(book.cell(undefined, at('E1')).value).toBe(12);
  });

  it('a cell two commits wrote is reported once, by the last of them, with its final value', () => {
    const book = open();
    const outcomes = book.applyBatch([write('A1', 1), write('A1', 2), write('B1', 3)]);
    expect(changesOf(outcomes)).toEqual([[], ['Sheet1!A1=2'], ['Sheet1!B1=3']]);
    expect(book.cell(undefined, at('A1'))).toMatchObject({ value: 2, version: 2 });
  });

  it('checks versions and locks per commit against what the earlier commits left', () => {
    const book = open();
    book.apply(setLocksOps('Sheet1', parseRange('Z9'), true));
    const outcomes = book.applyBatch([
      write('A1', 1, { expectedVersions: { sheet: 'Sheet1', versions: { A1: 0 } } }),
      // Sent by a client that also saw version 0: the first write made it 1.
      write('A1', 2, { expectedVersions: { sheet: 'Sheet1', versions: { A1: 0 } } }),
      write('Z9', 3),
      write('A1', 4, { expectedVersions: { sheet: 'Sheet1', versions: { A1: 1 } } }),
    ]);
    expect(outcomes[0]!.commit).toBeDefined();
    expect(outcomes[1]!.error).toBeInstanceOf(VersionConflictError);
    expect(outcomes[2]!.error).toBeInstanceOf(CellLockedError);
    expect(changesOf(outcomes)).toEqual([[], [], [], ['Sheet1!A1=4']]);
    expect(book.cell(undefined, at('A1'))).toMatchObject({ value: 4, version: 2 });
  });

  it('records each commit as its own undo step, in order', () => {
    const book = open();
    const origin = { origin: 'tab-1' };
    book.applyBatch([write('A1', 1, origin), write('B1', 2, origin), write('A1', 3, origin)]);
    expect(book.undoDepth).toBe(3);
    book.undo();
    expect(book.cell(undefined, at('A1')).value).toBe(1);
    book.undo();
    expect(book.cell(undefined, at('B1')).value).toBeNull();
    book.undo();
    expect(book.cell(undefined, at('A1')).value).toBeNull();
  });

  it('reaches dependents on other sheets, and sends a volatile change to the last commit', () => {
    const book = open({ sheetNames: ['Sheet1', 'Sheet2'] });
    book.apply([
      ...writeCellOps('Sheet2', at('A1'), '=Sheet1!A1+1'),
      ...writeCellOps('Sheet2', at('B1'), '=IF(RAND()<2,Sheet1!B1,0)'),
    ]);
    const outcomes = book.applyBatch([write('A1', 10), write('C1', 1)]);
    const [first, second] = changesOf(outcomes);
    expect(first).toEqual(['Sheet1!A1=10', 'Sheet2!A1=11']);
    expect(second).toContain('Sheet1!C1=1');
  });

  it('when the engine fails, rolls the batch back and applies each commit alone', () => {
    let failNext = false;
    const createEngine = (registry: Parameters<typeof createHyperFormulaEngine>[0]) => {
      const engine = createHyperFormulaEngine(registry);
      const failing: FormulaEngine = {
        ...engine,
        batch: (fn) =>
          engine.batch(() => {
            const result = fn();
            if (failNext) {
              failNext = false;
              throw new RangeError('Maximum call stack size exceeded');
            }
            return result;
          }),
      };
      return failing;
    };
    const book: Workbook = open({ createEngine });
    failNext = true;
    const outcomes = book.applyBatch([write('A1', 1), write('B1', '=A1+1')]);
    expect(outcomes.map((outcome) => outcome.error)).toEqual([undefined, undefined]);
    expect(changesOf(outcomes)).toEqual([['Sheet1!A1=1'], ['Sheet1!B1=2']]);
    expect(book.cell(undefined, at('B1'))).toMatchObject({ value: 2, version: 1 });
    expect(book.undoDepth).toBe(2);
  });
});
