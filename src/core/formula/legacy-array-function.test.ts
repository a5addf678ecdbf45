// Legacy (Ctrl+Shift+Enter) array formulas, as the xlsx import holds them
// (`=LEGACY.ARRAY(formula, rows, cols)`, core/legacy-array.ts). Expected values follow Microsoft's
// "Guidelines and examples of array formulas" (a result smaller than the selected range leaves
// #N/A, a single row or column repeats) and formulas/test.xlsx, sheet MATH & TRIG, row 3
// (`{=ABS(C3:Q3)}` over AH3:AW3: fifteen values, then #N/A in AW3).
import { describe, expect, it } from 'vitest';
import {
  inputAt,
  useWorkbooks,
  valueAt,
  writeCell,
  writeRows,
} from '../../../test/support/workbook-bed.js';
import { inputToText, isFormula } from '../index.js';

const bed = useWorkbooks();

function bookWithRow(): ReturnType<typeof bed.open> {
  const book = bed.open();
  writeRows(book, 'A1', [[-1, 2, -3]]);
  return book;
}

describe('legacy array formulas', () => {
  it('apply a scalar function to each cell of a range and fill exactly the range, #N/A past the result', () => {
    const book = bookWithRow();
    writeCell(book, 'A3', '=LEGACY.ARRAY(ABS(A1:C1),1,4)');
    expect(['A3', 'B3', 'C3', 'D3', 'E3'].map((a) => valueAt(book, a))).toEqual([
      1,
      2,
      3,
      '#N/A',
      null,
    ]);
  });

  it('repeat a single row down the range and cut a result larger than the range', () => {
    const book = bookWithRow();
    writeCell(book, 'A5', '=LEGACY.ARRAY(A1:C1*2,2,2)');
    expect(['A5', 'B5', 'C5', 'A6', 'B6'].map((a) => valueAt(book, a))).toEqual([
      -2,
      4,
      null,
      -2,
      4,
    ]);
  });

  it('in one cell, evaluate the formula as an array and keep its first value', () => {
    const book = bookWithRow();
    writeCell(book, 'A8', '=LEGACY.ARRAY(SUM(ABS(A1:C1)),1,1)');
    writeCell(book, 'A9', '=LEGACY.ARRAY(ABS(A1:C1),1,1)');
    expect(valueAt(book, 'A8')).toBe(6);
    expect(valueAt(book, 'A9')).toBe(1);
    expect(valueAt(book, 'B9')).toBe(null);
  });

  it('never spill into occupied cells: the range is theirs alone', () => {
    const book = bookWithRow();
    writeCell(book, 'B12', 'note');
    writeCell(book, 'A12', '=LEGACY.ARRAY(ABS(A1:C1),1,1)');
    expect(valueAt(book, 'A12')).toBe(1);
  });

  it('show people the formula as written, without the wrapper', () => {
    const book = bookWithRow();
    writeCell(book, 'A3', '=LEGACY.ARRAY(ABS(A1:C1),1,4)');
    const input = inputAt(book, 'A3');
    expect(isFormula(input) && input.formula).toBe('=LEGACY.ARRAY(ABS(A1:C1),1,4)');
    expect(inputToText(input!)).toBe('=ABS(A1:C1)');
  });
});

// Dynamic-array formulas of a file (`cm`), held as `=DYNAMIC.ARRAY(formula)`: Excel 365 evaluates
// them as arrays and spills (ironcalc LOGICAL--IF_ARRAY.xlsx C1, MATH_AND_TRIGONOMETRY--SUMIF_array
// G26: SUM(SUMIF(A6:A15,E13:E15,C6:C15)) sums one SUMIF per criterion).
describe('dynamic array formulas', () => {
  it('evaluate ranges element by element and spill the result', () => {
    const book = bookWithRow();
    writeCell(book, 'A3', '=DYNAMIC.ARRAY(IF(A1:C1>0,A1:C1,-A1:C1*10))');
    expect(['A3', 'B3', 'C3'].map((a) => valueAt(book, a))).toEqual([10, 2, 30]);
  });

  it('apply a scalar argument to each value of an array inside a function', () => {
    const book = bookWithRow();
    writeRows(book, 'A2', [[1, 2, 1]]);
    writeCell(book, 'A4', '=DYNAMIC.ARRAY(SUM(SUMIF(A2:C2,{1,2},A1:C1)))');
    expect(valueAt(book, 'A4')).toBe(-2);
  });

  it('keep one cell for a whole row, which has no size to reserve (xlcalculator/reader.xlsm A1)', () => {
    const book = bookWithRow();
    writeCell(book, 'A5', '=DYNAMIC.ARRAY(1:1)');
    expect(['A5', 'B5'].map((a) => valueAt(book, a))).toEqual([-1, null]);
  });

  it('show a reference sized only at run time by its first value, and people the inner formula', () => {
    const book = bookWithRow();
    writeCell(book, 'A6', '=DYNAMIC.ARRAY(OFFSET(A1,0,A1+2,1,2))');
    expect(valueAt(book, 'A6')).toBe(2);
    expect(inputToText(inputAt(book, 'A6')!)).toBe('=OFFSET(A1,0,A1+2,1,2)');
  });
});
