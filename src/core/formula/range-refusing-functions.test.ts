// Analysis ToolPak functions answer #VALUE! for a reference to several cells where they take one
// value, also inside an array formula (formulas/test.xlsx: DATE & TIME!AH9
// `{=EDATE(E9:I9,C9:G9)}`, ENGINEERING!AH20 `{=DELTA(D20:G20)}` and MATH & TRIG!AH45
// `{=MROUND(C45:G45,2)}` are #VALUE!; ENGINEERING!AO3 `{=BESSELI(O3,M3:N3)}`, O3 holding
// #NULL!, is #NULL!). Arguments that take a range (XIRR's values and dates) still do.
import { describe, expect, it } from 'vitest';
import {
  holdCell,
  useWorkbooks,
  valueAt,
  writeCell,
  writeRows,
} from '../../../test/support/workbook-bed.js';

const bed = useWorkbooks();

describe('functions that take one value refuse a multi-cell range', () => {
  it('answers #VALUE! in a plain formula and in a legacy array formula', () => {
    const book = bed.open();
    writeRows(book, 'A1', [[45000], [45031]]);
    // The plain formula as a file holds it (typed, it is an array formula: #VALUE! per cell).
    holdCell(book, 'C1', '=EDATE(A1:A2,1)');
    writeCell(book, 'C2', '=LEGACY.ARRAY(MROUND(A1:A2,2),2,1)');
    writeCell(book, 'C4', '=LEGACY.ARRAY(DELTA(A1:A2),1,1)');
    expect(valueAt(book, 'C1')).toBe('#VALUE!');
    expect(valueAt(book, 'C2')).toBe('#VALUE!');
    expect(valueAt(book, 'C3')).toBe('#VALUE!');
    expect(valueAt(book, 'C4')).toBe('#VALUE!');
  });

  it('lets an error in an earlier argument come first, and one cell is still one value', () => {
    const book = bed.open();
    writeRows(book, 'A1', [[1, 2]]);
    writeCell(book, 'A2', '=1/0');
    writeCell(book, 'C1', '=BESSELI(A2,A1:B1)');
    writeCell(book, 'C2', '=EDATE(A1:A1,1)');
    expect(valueAt(book, 'C1')).toBe('#DIV/0!');
    expect(valueAt(book, 'C2')).toBe(32);
  });

  it('keeps the ranges XIRR takes', () => {
    const book = bed.open();
    // Microsoft's XIRR example: 0.373362535.
    writeRows(book, 'A1', [
      [-10000, 39448],
      [2750, 39508],
      [4250, 39751],
      [3250, 39859],
      [2750, 39904],
    ]);
    writeCell(book, 'D1', '=XIRR(A1:A5,B1:B5,0.1)');
    writeCell(book, 'D2', '=XIRR(A1:A5,B1:B5,A1:A2)');
    expect(valueAt(book, 'D1')).toBeCloseTo(0.373362535, 8);
    expect(valueAt(book, 'D2')).toBe('#VALUE!');
  });
});
