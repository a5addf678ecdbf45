// Every argument is read before any is checked against the function's domain, as Excel does:
// expected values are Excel's cached results in formulas/test.xlsx (STATISTICAL row 18 and 19).
import { describe, expect, it } from 'vitest';
import { formulaValue, useWorkbooks } from '../../../test/support/workbook-bed.js';

const bed = useWorkbooks();
const calc = (formula: string) => formulaValue(bed, formula);

describe('bounds after types', () => {
  it('a later argument that is no number comes before an earlier one out of range (U18, U19)', () => {
    expect(calc('=CONFIDENCE.NORM(0.5,-1,"TRUE")')).toBe('#VALUE!');
    expect(calc('=CONFIDENCE.T(0.5,-1,"TRUE")')).toBe('#VALUE!');
  });

  it('so does a later error value', () => {
    expect(calc('=CONFIDENCE.NORM(0.5,-1,NA())')).toBe('#N/A');
  });

  it('an argument out of range is #NUM! when the others read as numbers (S18, W18, T18)', () => {
    expect(calc('=CONFIDENCE.NORM(0.5,-1,1)')).toBe('#NUM!');
    expect(calc('=CONFIDENCE.NORM(0,1,1)')).toBe('#NUM!');
    expect(calc('=CONFIDENCE.NORM(0.7,"1",5)') as number).toBeCloseTo(0.17232055120184916, 14);
  });
});
