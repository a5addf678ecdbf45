import { HyperFormula } from 'hyperformula';
import { describe, expect, it } from 'vitest';
import { useWorkbooks, valueAt, writeCell } from '../../../test/support/workbook-bed.js';
import { replaceWorkbookOps } from '../ops/index.js';
import { boundWholeLineRanges, MAX_WHOLE_LINE_CELLS } from './whole-line-ranges.js';

const bed = useWorkbooks();

describe('whole-column ranges', () => {
  it('answer #REF! once they reach more addresses than the bound, live and in the workbook rebuilt from its document', () => {
    const book = bed.open();
    book.apply([{ type: 'add-sheet', name: 'Data' }]);
    writeCell(book, 'A1', '=SUM(Data!A:XFD)');
    writeCell(book, 'B2', 5, 'Data');
    expect(valueAt(book, 'A1')).toBe(5);
    // 300 rows of 16,384 columns: past the bound. It read every address (about 85 bytes each).
    expect(300 * 16_384).toBeGreaterThan(MAX_WHOLE_LINE_CELLS);
    writeCell(book, 'A300', 1, 'Data');
    expect(valueAt(book, 'A1')).toBe('#REF!');

    const rebuilt = bed.open();
    rebuilt.apply(replaceWorkbookOps(book.document()));
    expect(valueAt(rebuilt, 'A1')).toBe('#REF!');
    // Within the bound again once the far cell is cleared, live and rebuilt.
    writeCell(book, 'A300', null, 'Data');
    expect(valueAt(book, 'A1')).toBe(5);
  });

  it('beside a value in the last row hold no cell per empty address, built at once as a restart builds', () => {
    boundWholeLineRanges();
    const column: (number | string | null)[][] = [[null, null, null, null, '=SUM(A:C)']];
    column[1_048_575] = [null, null, 1];
    const hf = HyperFormula.buildFromSheets(
      { Data: Array.from(column, (row) => row ?? []) },
      { licenseKey: 'gpl-v3', maxRows: 1_048_576, maxColumns: 16_384 },
    );
    try {
      expect(hf.getCellValue({ sheet: 0, row: 0, col: 4 })).toBe(1);
      const mapping = (
        hf as unknown as {
          dependencyGraph: { addressMapping: { sheetEntries(sheet: number): Iterable<unknown> } };
        }
      ).dependencyGraph.addressMapping;
      // The formula and the value; HyperFormula gave each of the 3,145,728 addresses a vertex.
      expect([...mapping.sheetEntries(0)]).toHaveLength(2);
      hf.setCellContents({ sheet: 0, row: 5, col: 1 }, 2);
      expect(hf.getCellValue({ sheet: 0, row: 0, col: 4 })).toBe(3);
    } finally {
      hf.destroy();
    }
  });

  it('are summed, counted and averaged from the cells held, not from every address down to the last row', () => {
    boundWholeLineRanges();
    const rows: (number | string | null)[][] = [[1, 2, 'x', 4]];
    rows[1_048_575] = [null, null, null, 5];
    const hf = HyperFormula.buildFromSheets(
      { Data: Array.from(rows, (row) => row ?? []) },
      { licenseKey: 'gpl-v3', maxRows: 1_048_576, maxColumns: 16_384 },
    );
    const graph = (hf as unknown as { dependencyGraph: { getScalarValue(at: unknown): unknown } })
      .dependencyGraph;
    const read = graph.getScalarValue;
    let reads = 0;
    graph.getScalarValue = function (this: unknown, at: unknown) {
      reads += 1;
      return read.call(this, at);
    };
    try {
      const evaluate = (formula: string) => hf.calculateFormula(formula, 0);
      // Four whole columns of a sheet 1,048,576 rows tall: 4,194,304 addresses, five values.
      expect(evaluate('=SUM(A:D)')).toBe(12);
      expect(evaluate('=COUNT(A:D)')).toBe(4);
      expect(evaluate('=COUNTA(A:D)')).toBe(5);
      expect(evaluate('=AVERAGE(A:D)')).toBe(3);
      expect(evaluate('=MAX(A:D)')).toBe(5);
      expect(evaluate('=SUM(1:1)')).toBe(7);
      expect(reads).toBeLessThan(100);
    } finally {
      graph.getScalarValue = read;
      hf.destroy();
    }
  });

  it('are read for lookups and criteria from the cells held, the empty rest read once', () => {
    boundWholeLineRanges();
    const rows: (number | string | null)[][] = [
      [7, 2],
      ['x', 4],
    ];
    rows[1_048_575] = [1, 3];
    const hf = HyperFormula.buildFromSheets(
      { Data: Array.from(rows, (row) => row ?? []) },
      { licenseKey: 'gpl-v3', maxRows: 1_048_576, maxColumns: 16_384 },
    );
    const graph = (hf as unknown as { dependencyGraph: { getCellValue(at: unknown): unknown } })
      .dependencyGraph;
    const read = graph.getCellValue;
    let reads = 0;
    graph.getCellValue = function (this: unknown, at: unknown) {
      reads += 1;
      return read.call(this, at);
    };
    try {
      const evaluate = (formula: string) => hf.calculateFormula(formula, 0);
      expect(evaluate('=MATCH(1,A:A,0)')).toBe(1_048_576);
      expect(evaluate('=COUNTIF(A:A,7)')).toBe(1);
      expect(evaluate('=SUMIF(A:A,"x",B:B)')).toBe(4);
      expect(evaluate('=VLOOKUP(1,A:B,2,0)')).toBe(3);
      expect(evaluate('=COUNTIF(A:A,"")')).toBe(1_048_576 - 3);
      expect(reads).toBeLessThan(100);
    } finally {
      graph.getCellValue = read;
      hf.destroy();
    }
  });

  it('are unlinked from the cells held, not from every address, when the formula reading them is cleared', () => {
    boundWholeLineRanges();
    const rows: (number | string | null)[][] = [[7, '=COUNTIF(A:A,7)']];
    rows[1_048_575] = [7];
    const hf = HyperFormula.buildFromSheets(
      { Data: Array.from(rows, (row) => row ?? []) },
      { licenseKey: 'gpl-v3', maxRows: 1_048_576, maxColumns: 16_384 },
    );
    const mapping = (
      hf as unknown as { dependencyGraph: { addressMapping: { getCell(at: unknown): unknown } } }
    ).dependencyGraph.addressMapping;
    const find = mapping.getCell;
    let lookups = 0;
    mapping.getCell = function (this: unknown, at: unknown) {
      lookups += 1;
      return find.call(this, at);
    };
    try {
      expect(hf.getCellValue({ sheet: 0, row: 0, col: 1 })).toBe(2);
      hf.setCellContents({ sheet: 0, row: 0, col: 1 }, null);
      // HyperFormula looked up every address of A1:A1048576 (about 2 s).
      expect(lookups).toBeLessThan(100);
      hf.setCellContents({ sheet: 0, row: 5, col: 0 }, 7);
      hf.setCellContents({ sheet: 0, row: 0, col: 1 }, '=COUNTIF(A:A,7)');
      expect(hf.getCellValue({ sheet: 0, row: 0, col: 1 })).toBe(3);
    } finally {
      mapping.getCell = find;
      hf.destroy();
    }
  });

  it('compute again when rows or columns move the cells they hold, as the rebuilt workbook computes', () => {
    const book = bed.open();
    book.apply([{ type: 'add-sheet', name: 'Data' }]);
    writeCell(book, 'C5', 1, 'Data');
    writeCell(book, 'A1', '=MATCH(1,Data!C:C,0)');
    writeCell(book, 'E20', 2, 'Data');
    writeCell(book, 'A2', '=MATCH(2,Data!20:20,0)');
    expect(valueAt(book, 'A1')).toBe(5);
    const structure = (kind: 'insert' | 'delete', axis: 'row' | 'col', at: number) =>
      book.apply([
        { type: 'change-structure', change: { kind, axis, at, count: 1, sheet: 'Data' } },
      ]);
    // The rows and columns changed hold no cell: only the whole-line ranges reach what moved.
    structure('delete', 'row', 0);
    expect(valueAt(book, 'A1')).toBe(4);
    structure('insert', 'row', 0);
    structure('insert', 'row', 0);
    expect(valueAt(book, 'A1')).toBe(6);
    expect(valueAt(book, 'A2')).toBe(5);
    structure('insert', 'col', 0);
    expect(valueAt(book, 'A2')).toBe(6);
    const rebuilt = bed.open();
    rebuilt.apply(replaceWorkbookOps(book.document()));
    expect([valueAt(rebuilt, 'A1'), valueAt(rebuilt, 'A2')]).toEqual([6, 6]);
  });
});
