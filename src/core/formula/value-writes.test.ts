// Values written over values in place (value-writes.ts), through a workbook: what reads them
// recomputes, the commit reports every written cell and every changed formula once, and the
// cells that need HyperFormula's own write path still take it.
import { HyperFormula } from 'hyperformula';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  inputAt,
  useWorkbooks,
  valueAt,
  writeCell,
  writeRows,
} from '../../../test/support/workbook-bed.js';
import { parseCell } from '../address/index.js';
import type { ChangeSet } from '../change-set.js';
import { writeCellOps, writeRangeOps } from '../ops/index.js';
import { writeValuesInPlace } from './value-writes.js';

const { open } = useWorkbooks();

afterEach(() => {
  vi.restoreAllMocks();
});

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

describe('values written over values', () => {
  it('skip the per-cell write path, yet every reader recomputes and the commit lists each changed cell once', () => {
    const book = open({ sheetNames: ['Sheet1', 'Other'] });
    writeRows(book, 'A1', [
      [1, 'a', true],
      [2, 'b', false],
    ]);
    writeRows(book, 'E1', [['=A1*10', '=SUM(A1:A2)', '=B2&"!"', '=IF(C1,1,0)']]);
    writeCell(book, 'A1', '=Sheet1!A2+1', 'Other');
    const engineWrites = vi.spyOn(HyperFormula.prototype, 'setCellContents');
    const commit = book.apply(
      writeRangeOps('Sheet1', parseCell('A1'), [
        [5, 'x', false],
        [7, 'y', true],
      ]),
    );
    expect(engineWrites).not.toHaveBeenCalled();
    expect(cellsOf(commit.changes)).toEqual([
      'Other!A1=8',
      'Sheet1!A1=5',
      'Sheet1!A2=7',
      'Sheet1!B1=x',
      'Sheet1!B2=y',
      'Sheet1!C1=false',
      'Sheet1!C2=true',
      'Sheet1!E1=50',
      'Sheet1!F1=12',
      'Sheet1!G1=y!',
      'Sheet1!H1=0',
    ]);
    expect([valueAt(book, 'E1'), valueAt(book, 'F1'), valueAt(book, 'G1')]).toEqual([50, 12, 'y!']);
    book.undo();
    expect([valueAt(book, 'E1'), valueAt(book, 'F1'), valueAt(book, 'H1')]).toEqual([10, 3, 1]);
  });

  it('keep text that looks like a number or a date as text, and typed numbers as numbers', () => {
    const book = open();
    writeRows(book, 'A1', [[1, 2, 3]]);
    writeCell(book, 'D1', '=ISTEXT(A1)&ISTEXT(B1)&C1*2');
    book.apply([
      {
        type: 'set-cells',
        sheet: 'Sheet1',
        runs: [{ row: 0, col: 0, inputs: ['123', '2026-01-31', 4] }],
      },
    ]);
    expect(inputAt(book, 'A1')).toBe('123');
    expect(valueAt(book, 'A1')).toBe('123');
    expect(valueAt(book, 'D1')).toBe('TRUETRUE8');
  });

  it('in one batch, a cell two commits overwrite is reported once, by the last, with its final value', () => {
    const book = open();
    writeRows(book, 'A1', [[1, '=A1+1']]);
    const write = (value: number) => ({
      ops: writeCellOps('Sheet1', parseCell('A1'), value),
      meta: {},
    });
    const outcomes = book.applyBatch([write(2), write(3)]);
    expect(outcomes.map((outcome) => cellsOf(outcome.commit?.changes))).toEqual([
      [],
      ['Sheet1!A1=3', 'Sheet1!B1=4'],
    ]);
    expect(valueAt(book, 'B1')).toBe(4);
  });

  it('an empty cell written, then overwritten in the same batch, ends with the later value', () => {
    const book = open();
    writeCell(book, 'B1', '=A1*2');
    const write = (value: number) => ({
      ops: writeCellOps('Sheet1', parseCell('A1'), value),
      meta: {},
    });
    const outcomes = book.applyBatch([write(2), write(3)]);
    expect(outcomes.map((outcome) => cellsOf(outcome.commit?.changes))).toEqual([
      [],
      ['Sheet1!A1=3', 'Sheet1!B1=6'],
    ]);
    expect(valueAt(book, 'B1')).toBe(6);
  });

  it('whole-column references, formulas and cells of a spilled array still take the full path and stay right', () => {
    const book = open();
    writeRows(book, 'A1', [[1], [2]]);
    writeCell(book, 'B1', '=SUM(A:A)');
    writeRows(book, 'A1', [[10], [20]]);
    expect(valueAt(book, 'B1')).toBe(30);
    writeCell(book, 'D1', '=SEQUENCE(3)');
    writeRows(book, 'C1', [[1]]);
    writeRows(book, 'D2', [[9]]);
    expect(valueAt(book, 'D1')).toBe('#SPILL!');
    writeRows(book, 'D2', [['=C1+1']]);
    expect(valueAt(book, 'D2')).toBe(2);
  });

  it('into cells that hold nothing skip the per-cell path too; readers added later, undo and rewrites stay right', () => {
    const book = open();
    const engineWrites = vi.spyOn(HyperFormula.prototype, 'setCellContents');
    const commit = book.apply(
      writeRangeOps('Sheet1', parseCell('A1'), [
        [1, 'a'],
        [2, true],
        [3, 'c'],
      ]),
    );
    expect(engineWrites).not.toHaveBeenCalled();
    expect(cellsOf(commit.changes)).toEqual([
      'Sheet1!A1=1',
      'Sheet1!A2=2',
      'Sheet1!A3=3',
      'Sheet1!B1=a',
      'Sheet1!B2=true',
      'Sheet1!B3=c',
    ]);
    writeCell(book, 'D1', '=SUM(A1:A3)&B1&COUNTA(B1:B3)');
    expect(valueAt(book, 'D1')).toBe('6a3');
    writeRows(book, 'A2', [[20], [30]]);
    expect(valueAt(book, 'D1')).toBe('51a3');
    book.undo();
    book.undo();
    book.undo();
    expect([valueAt(book, 'A1'), valueAt(book, 'B3')]).toEqual([null, null]);
    book.redo();
    writeCell(book, 'E1', '=A1+A3');
    expect(valueAt(book, 'E1')).toBe(4);
  });

  it('into cells that hold nothing take the full path while an array could spill there', () => {
    const book = open();
    writeCell(book, 'D1', '=SEQUENCE(3)');
    const engineWrites = vi.spyOn(HyperFormula.prototype, 'setCellContents');
    writeRows(book, 'D2', [[9], [8]]);
    expect(engineWrites).toHaveBeenCalled();
    expect(valueAt(book, 'D1')).toBe('#SPILL!');
    expect(valueAt(book, 'D3')).toBe(8);
  });

  it('mark what reads a written value dirty, not the value itself, so the recalculation starts at the readers', () => {
    const hf = HyperFormula.buildFromArray([[1, 2, '=A1*2', '=SUM(A1:B1)']], {
      licenseKey: 'gpl-v3',
    });
    try {
      const graph = (
        hf as unknown as {
          dependencyGraph: {
            graph: {
              nodesSparseArray: unknown[];
              dirtyAndVolatileNodeIds: { rawValue: { dirty: number[] } };
            };
          };
        }
      ).dependencyGraph.graph;
      const vertexAt = (col: number) =>
        (
          hf as unknown as { dependencyGraph: { getCell(a: object): unknown } }
        ).dependencyGraph.getCell({
          sheet: 0,
          row: 0,
          col,
        });
      hf.suspendEvaluation();
      expect(writeValuesInPlace(hf, { sheet: 0, row: 0, col: 0 }, [[5]])).toHaveLength(1);
      const dirty = new Set(
        graph.dirtyAndVolatileNodeIds.rawValue.dirty.map((id) => graph.nodesSparseArray[id]),
      );
      expect(dirty.has(vertexAt(0))).toBe(false);
      expect(dirty.has(vertexAt(2))).toBe(true);
      hf.resumeEvaluation();
      expect(hf.getSheetValues(0)).toEqual([[5, 2, 10, 7]]);
    } finally {
      hf.destroy();
    }
  });

  it('reach readers several steps away, through ranges and other sheets, and report each once', () => {
    const book = open({ sheetNames: ['Sheet1', 'Other'] });
    writeRows(book, 'A1', [[1], [2], [3]]);
    writeRows(book, 'B1', [['=A1+1', '=B1*2', '=SUM(A1:A3)', '=SUM(B1:C1)+D1']]);
    writeCell(book, 'A1', '=Sheet1!E1+MAX(Sheet1!A1:A3)', 'Other');
    const commit = book.apply(writeRangeOps('Sheet1', parseCell('A1'), [[10], [20], [30]]));
    expect(cellsOf(commit.changes)).toEqual([
      'Other!A1=123',
      'Sheet1!A1=10',
      'Sheet1!A2=20',
      'Sheet1!A3=30',
      'Sheet1!B1=11',
      'Sheet1!C1=22',
      'Sheet1!D1=60',
      'Sheet1!E1=93',
    ]);
  });

  it('take quoted text as text without asking the parser, however much it looks like a date', () => {
    const hf = HyperFormula.buildFromArray([[1, 2, '=ISTEXT(B1)']], {
      licenseKey: 'gpl-v3',
      dateFormats: ['MM/DD/YYYY'],
    });
    try {
      const parser = (
        hf as unknown as {
          _crudOperations: { operations: { cellContentParser: { parse(c: unknown): unknown } } };
        }
      )._crudOperations.operations.cellContentParser;
      hf.suspendEvaluation();
      // The first write checks, once, that this engine's parser keeps quoted text as text.
      writeValuesInPlace(hf, { sheet: 0, row: 1, col: 0 }, [[3]]);
      const parse = vi.spyOn(parser, 'parse');
      writeValuesInPlace(hf, { sheet: 0, row: 0, col: 0 }, [["'n1", "'01/02/2026"]]);
      hf.resumeEvaluation();
      expect(parse).not.toHaveBeenCalled();
      expect(hf.getSheetValues(0)[0]).toEqual(['n1', '01/02/2026', true]);
    } finally {
      hf.destroy();
    }
  });
  it('tell the column index of each new value when the engine keeps one', () => {
    // The index answers MATCH from what it was told: an old value it was not told of is found.
    const hf = HyperFormula.buildFromArray([[1], [2], ['=MATCH(2, A1:A2, 0)']], {
      licenseKey: 'gpl-v3',
      useColumnIndex: true,
    });
    try {
      hf.suspendEvaluation();
      expect(writeValuesInPlace(hf, { sheet: 0, row: 0, col: 0 }, [[7], [5]])).toEqual([7, 5]);
      hf.resumeEvaluation();
      expect(hf.getCellValue({ sheet: 0, row: 2, col: 0 })).toMatchObject({ type: 'NA' });
    } finally {
      hf.destroy();
    }
  });
  it("write the caller's own rows through contentOf, into an empty block and over values alike", () => {
    const hf = HyperFormula.buildFromArray([[1], [2], ['=SUM(A1:A2)']], { licenseKey: 'gpl-v3' });
    try {
      hf.suspendEvaluation();
      const rows = [
        [{ n: 10 }, { n: 'x' }],
        [{ n: 20 }, { n: 'y' }],
      ];
      // Column A holds values (written over), column B nothing (new vertices).
      expect(
        writeValuesInPlace(hf, { sheet: 0, row: 0, col: 0 }, rows, undefined, (cell) =>
          typeof cell.n === 'string' ? `'${cell.n}` : cell.n,
        ),
      ).toEqual([10, 'x', 20, 'y']);
      expect(
        writeValuesInPlace(
          hf,
          { sheet: 0, row: 3, col: 1 },
          [[{ n: 5 }], [{ n: 6 }]],
          undefined,
          (cell) => cell.n,
        ),
      ).toEqual([5, 6]);
      hf.resumeEvaluation();
      expect(hf.getSheetValues(0)).toEqual([[10, 'x'], [20, 'y'], [30], [null, 5], [null, 6]]);
    } finally {
      hf.destroy();
    }
  });
});
