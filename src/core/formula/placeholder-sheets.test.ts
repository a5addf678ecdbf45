// A cell whose formula names a sheet that does not exist can be changed like any other: the engine
// keeps the missing sheet's placeholder while it swaps one formula for the next.
import { describe, expect, it } from 'vitest';
import { useWorkbooks, valueAt, writeCell } from '../../../test/support/workbook-bed.js';

const bed = useWorkbooks();

describe('a formula naming a missing sheet', () => {
  it('is #REF! and can be replaced by another formula naming the same sheet', () => {
    const book = bed.open();
    writeCell(book, 'A1', '=Budget!A1');
    expect(valueAt(book, 'A1')).toBe('#REF!');
    writeCell(book, 'A1', '=Budget!A2');
    expect(valueAt(book, 'A1')).toBe('#REF!');
  });

  it('can be entered again as it is (F2, Enter)', () => {
    const book = bed.open();
    writeCell(book, 'A1', '=Budget!A1*2');
    writeCell(book, 'A1', '=Budget!A1*2');
    expect(valueAt(book, 'A1')).toBe('#REF!');
  });

  it('computes once the sheet is added, after being replaced while the sheet was missing', () => {
    const book = bed.open();
    writeCell(book, 'A1', '=Budget!A1');
    writeCell(book, 'A1', '=Budget!A2*3');
    book.apply([{ type: 'add-sheet', name: 'Budget' }]);
    writeCell(book, 'A2', 7, 'Budget');
    expect(valueAt(book, 'A1')).toBe(21);
  });

  it('in an array whose area was taken: clearing the taken cell spills it, and undo takes it again', () => {
    const book = bed.open();
    writeCell(book, 'B5', 1);
    writeCell(book, 'A5', '=Gone!B11+A7:F8');
    expect(valueAt(book, 'A5')).toBe('#SPILL!');
    book.apply([
      { type: 'set-cells', sheet: 'Sheet1', runs: [{ row: 4, col: 1, inputs: [null] }] },
    ]);
    expect(valueAt(book, 'A5')).toBe('#REF!');
    book.undo();
    expect(valueAt(book, 'B5')).toBe(1);
    expect(valueAt(book, 'A5')).toBe('#SPILL!');
  });
});
