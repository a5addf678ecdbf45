// Custom functions in array formulas (array-lifting.ts): a range where the function reads one
// value is taken cell by cell, as Excel evaluates {=FIXED(C18:Q18)} (formulas/test.xlsx TEXT AG18).
import { describe, expect, it } from 'vitest';
import {
  formulaValue,
  holdCell,
  useWorkbooks,
  valueAt,
  writeCell,
  writeRows,
} from '../../../test/support/workbook-bed.js';

const bed = useWorkbooks();

describe('an engine function over a range in an array formula', () => {
  it('shows #NUM! where an element is not a finite number (formulas/test.xlsx MATH & TRIG!AH5, AH38)', () => {
    const book = bed.open();
    writeRows(book, 'A1', [[0, 1, 2.3]]);
    writeCell(book, 'A3', '=LEGACY.ARRAY(ACOSH(A1:C1),1,3)');
    writeCell(book, 'A4', '=LEGACY.ARRAY(LN(A1:B1),1,2)');
    expect(['A3', 'B3', 'A4', 'B4'].map((cell) => valueAt(book, cell))).toEqual([
      '#NUM!',
      0,
      '#NUM!',
      0,
    ]);
  });
});

describe('a custom function over a range in an array formula', () => {
  it('is applied to each cell; a one-cell array formula shows the first', () => {
    const row = [[1.234, 2.5, 'x']];
    expect(formulaValue(bed, '=LEGACY.ARRAY(FIXED(A1:C1),1,1)', row)).toBe('1.23');
    expect(formulaValue(bed, '=LEGACY.ARRAY(SUM(LEN(FIXED(A1:B1))),1,1)', row)).toBe(8);
  });

  it('pairs two ranges cell by cell, each cell with its own error, #N/A past a shorter one', () => {
    const book = bed.open();
    writeRows(book, 'A1', [[1.234, 2.5, 3, 'x']]);
    writeCell(book, 'A3', '=LEGACY.ARRAY(FIXED(A1:C1,{0,1}),1,4)');
    expect(['A3', 'B3', 'C3', 'D3'].map((cell) => valueAt(book, cell))).toEqual([
      '1',
      '2.5',
      '#N/A',
      '#N/A',
    ]);
    writeCell(book, 'A4', '=LEGACY.ARRAY(FIXED(A1:D1,1),1,4)');
    expect([valueAt(book, 'C4'), valueAt(book, 'D4')]).toEqual(['3.0', '#VALUE!']);
  });

  it('is #VALUE! for an Analysis ToolPak function (formulas/test.xlsx INFORMATION AH15)', () => {
    expect(formulaValue(bed, '=LEGACY.ARRAY(ISODD(A1:C1),1,1)', [[1, 2, 3]])).toBe('#VALUE!');
    expect(formulaValue(bed, '=LEGACY.ARRAY(INT(A1:C1),1,1)', [[1.5, 2, 3]])).toBe(1);
  });

  it('is #VALUE! in an ordinary formula whose row and column miss the range', () => {
    // Held as a file saved before dynamic arrays holds it (typed, it spills one text per cell).
    const book = bed.open();
    writeRows(book, 'A1', [[1, 2, 3]]);
    holdCell(book, 'E5', '=FIXED(A1:C1)');
    expect(valueAt(book, 'E5')).toBe('#VALUE!');
  });
});
