// Deleting a sheet always works, whatever its formulas: when HyperFormula fails half way through
// removing it, the engine is rebuilt from the remaining sheets and the deletion stands.
import { describe, expect, it } from 'vitest';
import { useWorkbooks, valueAt, writeCell, writeRows } from '../../../test/support/workbook-bed.js';

const bed = useWorkbooks();

describe('deleting a sheet', () => {
  it('whose circular array reads the sheet by name beside a cleared cell: the sheet goes, and undo brings it back', () => {
    const book = bed.open();
    book.apply([{ type: 'add-sheet', name: 'Plan' }]);
    writeCell(book, 'A1', '=Plan!A9+1');
    // HyperFormula emptied the array after some cells it reads were gone, and threw.
    writeRows(book, 'A6', [[null, "=37/B1:E8/49/'Plan'!E11/C10/F12:D6", false]], 'Plan');
    expect(valueAt(book, 'B6', 'Plan')).toBe('#CIRCULAR!');
    writeCell(book, 'A9', 4, 'Plan');
    expect(valueAt(book, 'A1')).toBe(5);

    book.apply([{ type: 'delete-sheet', name: 'Plan' }]);
    expect(book.sheetNames).toEqual(['Sheet1']);
    expect(valueAt(book, 'A1')).toBe('#REF!');

    book.undo();
    expect(book.sheetNames).toEqual(['Sheet1', 'Plan']);
    expect(valueAt(book, 'A1')).toBe(5);
    expect(valueAt(book, 'B6', 'Plan')).toBe('#CIRCULAR!');
  });
});
