// A range where a custom function reads one value, in a formula without array entry
// (range-argument-intersection.ts): the cell in the formula's row or column, as Excel's implicit
// intersection reads it (ironcalc MATH_AND_TRIGONOMETRY--ROUND.xlsx M4, U4).
// Held as the file holds them: typed, they are dynamic-array formulas and spill (typed-formulas.ts).
import { describe, expect, it } from 'vitest';
import { holdCell, useWorkbooks, valueAt, writeRows } from '../../../test/support/workbook-bed.js';

const bed = useWorkbooks();

describe('a range given where a custom function reads one value', () => {
  it('reads the cell of a column range in the formula’s row', () => {
    const book = bed.open();
    writeRows(book, 'A1', [[1], [2], [1.745], [4]]);
    holdCell(book, 'B3', '=ROUNDUP(A1:A4, 2)');
    holdCell(book, 'C2', '=ROUNDUP(1.745, A1:A4)');
    expect(valueAt(book, 'B3')).toBe(1.75);
    expect(valueAt(book, 'C2')).toBe(1.75);
  });

  it('reads the cell of a row range in the formula’s column', () => {
    const book = bed.open();
    writeRows(book, 'A1', [[1.11, 2.91, 3.5]]);
    holdCell(book, 'B5', '=ROUNDUP(A1:C1, 0)');
    expect(valueAt(book, 'B5')).toBe(3);
  });

  it('is #VALUE! when the range has no cell in the formula’s row or column', () => {
    const book = bed.open();
    writeRows(book, 'A1', [[1.2], [2.2]]);
    holdCell(book, 'B7', '=ROUNDUP(A1:A2, 0)');
    holdCell(book, 'D1', '=ROUNDUP(A1:B2, 0)');
    expect(valueAt(book, 'B7')).toBe('#VALUE!');
    expect(valueAt(book, 'D1')).toBe('#VALUE!');
  });
});
