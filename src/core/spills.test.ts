import { describe, expect, it } from 'vitest';
import { useWorkbooks, valueAt, writeCell, writeRows } from '../../test/support/workbook-bed.js';
import { formatRange } from './address/index.js';
import { spillRange } from './spills.js';

const { open } = useWorkbooks();

function spillRanges(book: ReturnType<typeof open>): string[] {
  return book
    .sheet()
    .spills()
    .map((area) => formatRange(spillRange(area)));
}

describe('dynamic arrays', () => {
  it('a formula returning an array spills right and down; the spilled cells read as values, not inputs', () => {
    const book = open();
    writeCell(book, 'B2', '=SEQUENCE(3,2)');
    expect(spillRanges(book)).toEqual(['B2:C4']);
    expect(['B2', 'C2', 'B3', 'C4'].map((a1) => valueAt(book, a1))).toEqual([1, 2, 3, 6]);
    const sheet = book.sheet();
    expect(sheet.input(3, 2)).toBeNull();
    expect(sheet.spilledFrom(3, 2)).toEqual({ row: 1, col: 1 });
    expect(sheet.spilledFrom(1, 1)).toBeUndefined();
    expect(sheet.occupiedBounds()).toEqual({ start: { row: 1, col: 1 }, end: { row: 3, col: 2 } });
  });

  it('SORT and UNIQUE spill too, and formulas read the spilled cells', () => {
    const book = open();
    writeRows(book, 'A1', [[3], [1], [3], [2]]);
    writeCell(book, 'B1', '=SORT(A1:A4)');
    writeCell(book, 'C1', '=UNIQUE(A1:A4)');
    writeCell(book, 'D1', '=SUM(B1:B4)+C3');
    expect(['B1', 'B2', 'B3', 'B4'].map((a1) => valueAt(book, a1))).toEqual([1, 2, 3, 3]);
    expect(['C1', 'C2', 'C3'].map((a1) => valueAt(book, a1))).toEqual([3, 1, 2]);
    expect(valueAt(book, 'D1')).toBe(11);
  });

  it('answers #SPILL! while a cell of the range is occupied, and spills again once it is cleared', () => {
    const book = open();
    writeCell(book, 'A3', 'in the way');
    writeCell(book, 'A1', '=SEQUENCE(3)');
    expect(valueAt(book, 'A1')).toBe('#SPILL!');
    expect(spillRanges(book)).toEqual([]);
    writeCell(book, 'A3', '');
    expect(['A1', 'A2', 'A3'].map((a1) => valueAt(book, a1))).toEqual([1, 2, 3]);
    writeCell(book, 'A2', 7);
    expect(valueAt(book, 'A1')).toBe('#SPILL!');
    book.undo();
    expect(['A1', 'A2', 'A3'].map((a1) => valueAt(book, a1))).toEqual([1, 2, 3]);
  });

  it('a commit reports the spilled cells whose values changed', () => {
    const book = open();
    writeCell(book, 'A1', 2);
    writeCell(book, 'B1', '=SEQUENCE(A1)');
    const commit = writeCell(book, 'C1', '=SEQUENCE(1,3)');
    const cells = commit.changes.cells.flatMap((sheet) => sheet.cells);
    expect(cells.map((cell) => `${cell.col}:${String(cell.value)}`).sort()).toEqual([
      '2:1',
      '3:2',
      '4:3',
    ]);
  });

  it('a spill wider than the dense layout allows keeps its values across later writes', () => {
    const book = open();
    writeCell(book, 'A1', '=SEQUENCE(1,1000)');
    writeCell(book, 'A2', 5);
    writeCell(book, 'B2', '=A2+ALL1');
    expect(valueAt(book, 'ALL1')).toBe(1000);
    expect(valueAt(book, 'B2')).toBe(1005);
  });
});
