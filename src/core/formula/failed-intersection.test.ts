// A range where a built-in reads one value of any kind, in a formula without array entry, whose
// implicit intersection finds no cell: the function is handed #VALUE! as a value, as in Excel
// (poi FormulaEvalTestData_Copy.xlsx EverythingTests G780, K772, P796, K792). Held as the file
// holds them: typed, they are dynamic-array formulas and spill (typed-formulas.ts).
import { describe, expect, it } from 'vitest';
import { holdCell, useWorkbooks, valueAt, writeRows } from '../../../test/support/workbook-bed.js';

const bed = useWorkbooks();

describe('a range with no cell in the formula’s row or column, given to ISERROR, ISBLANK …', () => {
  it('is the #VALUE! the functions then judge', () => {
    const book = bed.open();
    writeRows(book, 'A1', [
      [1, 'x'],
      [2, 'y'],
    ]);
    holdCell(book, 'E7', '=ISERROR(A1:A2)');
    holdCell(book, 'F7', '=ISBLANK(A1:B2)');
    holdCell(book, 'G7', '=ISNUMBER(A1:A2)');
    holdCell(book, 'H7', '=ISNONTEXT(B1:B2)');
    holdCell(book, 'J7', '=ERROR.TYPE(A1:A2)');
    holdCell(book, 'K7', '=ISERROR(E7)');
    expect(valueAt(book, 'E7')).toBe(true);
    expect(valueAt(book, 'F7')).toBe(false);
    expect(valueAt(book, 'G7')).toBe(false);
    expect(valueAt(book, 'H7')).toBe(true);
    expect(valueAt(book, 'J7')).toBe(3);
    expect(valueAt(book, 'K7')).toBe(false);
  });

  it('still reads the cell the intersection finds', () => {
    const book = bed.open();
    writeRows(book, 'A1', [
      [1, 'x'],
      [2, 'y'],
    ]);
    holdCell(book, 'E2', '=ISNUMBER(A1:A2)');
    holdCell(book, 'F2', '=ISTEXT(B1:B2)');
    expect(valueAt(book, 'E2')).toBe(true);
    expect(valueAt(book, 'F2')).toBe(true);
  });
});
