// MROUND (analysis-toolpak-rounding.ts): expected values are Excel's cached results in
// ironcalc/MATH_AND_TRIGONOMETRY--MROUND_TRUNC_INT.xlsx (sheet MROUND) or Microsoft's examples.
import { describe, expect, it } from 'vitest';
import { formulaValue, useWorkbooks } from '../../../test/support/workbook-bed.js';

const bed = useWorkbooks();

describe('MROUND', () => {
  it('MS examples: rounds to the nearest multiple, half away from zero', () => {
    expect(formulaValue(bed, '=MROUND(10,3)')).toBe(9);
    expect(formulaValue(bed, '=MROUND(-10,-3)')).toBe(-9);
    expect(formulaValue(bed, '=MROUND(1.3,0.2)')).toBe(1.4);
    expect(formulaValue(bed, '=MROUND(5,-2)')).toBe('#NUM!');
    expect(formulaValue(bed, '=MROUND(2.5,1)')).toBe(3);
  });
  it('reads TRUE and FALSE as no number (C51–C56)', () => {
    expect(formulaValue(bed, '=MROUND(A1,B1)', [[true, 2]])).toBe('#VALUE!');
    expect(formulaValue(bed, '=MROUND(A1,B1)', [[2, false]])).toBe('#VALUE!');
  });
  it('is #N/A for an argument left out, 0 for an empty cell (C34–C36)', () => {
    expect(formulaValue(bed, '=MROUND(,5)')).toBe('#N/A');
    expect(formulaValue(bed, '=MROUND(A1, )', [[7]])).toBe('#N/A');
    expect(formulaValue(bed, '=MROUND(A1,B1)', [[null, 5]])).toBe(0);
  });
  it('reads text that is a number and answers errors in order', () => {
    expect(formulaValue(bed, '=MROUND("10",3)')).toBe(9);
    expect(formulaValue(bed, '=MROUND(1/0,NA())')).toBe('#DIV/0!');
  });
});
