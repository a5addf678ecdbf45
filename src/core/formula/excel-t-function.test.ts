// T of a multi-cell reference is T of its top-left cell (excel-t-function.ts), as Excel cached it
// in formulas/test.xlsx TEXT!AG42:AO42 and poi FormulaEvalTestData_Copy.xlsx M1352:O1352.
import { describe, expect, it } from 'vitest';
import { useWorkbooks, valueAt, writeCell, writeRows } from '../../../test/support/workbook-bed.js';

const bed = useWorkbooks();

function tAt(a1: string, formula: string): unknown {
  const book = bed.open();
  writeRows(book, 'A1', [
    [0, 'text', true],
    [null, '#N/A', 'more'],
  ]);
  writeCell(book, 'C2', '=NA()');
  writeCell(book, a1, formula);
  return valueAt(book, a1);
}

describe('T of a multi-cell reference', () => {
  it('is the top-left cell when that holds text, not the cell in the formula’s column', () => {
    expect(tAt('E5', '=T(B1:C1)')).toBe('text');
    expect(tAt('C5', '=T(B1:C1)')).toBe('text');
  });

  it('is "" for a number or an empty top-left cell', () => {
    expect(tAt('B5', '=T(A1:C1)')).toBe('');
    expect(tAt('E5', '=T(A2:C2)')).toBe('');
  });

  it('keeps the top-left cell’s error', () => {
    expect(tAt('E5', '=T(C2:C3)')).toBe('#N/A');
  });

  it('leaves a single cell and an array as they were', () => {
    expect(tAt('E5', '=T(B1)')).toBe('text');
    expect(tAt('E5', '=T({"a",1})')).toBe('a');
  });
});
