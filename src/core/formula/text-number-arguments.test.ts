// Text given to the functions computed outside HyperFormula reads as a number the way the engine
// reads it in arithmetic: a date as its serial, day first when month first is impossible, a
// percentage, a time. Excel's cached results in the conformance corpus are named by file and cell.
import { describe, expect, it } from 'vitest';
import { formulaValue, useWorkbooks } from '../../../test/support/workbook-bed.js';

const bed = useWorkbooks();

describe('text read as a number by the functions Gridbook computes itself', () => {
  it.each([
    ['=INT("2024-01-10")', 45301], // ironcalc MROUND_TRUNC_INT.xlsx INT!B27
    ['=LCM(7,"2024-01-10")', 317107], // ironcalc GCD_LCM.xlsx D31
    ['=GCD({4,"2024-01-10",12})', 1], // ibid. L31
    ['=ISEVEN("1/1/1900")', false], // formulas/test.xlsx INFORMATION!X9
    ['=ISODD("1/1/1900")', true], // ibid. X15
    ['=NORMSDIST("29/02/1900")', 1], // ibid. COMPATIBILITY!X27 (serial 60)
    ['=INT("50%")', 0],
    ['=INT("36:00")', 1],
  ])('%s is %j', (formula, expected) => {
    expect(formulaValue(bed, formula)).toBe(expected);
  });

  it('still refuses text that is no number, and a date with spaces around it', () => {
    expect(formulaValue(bed, '=INT("abc")')).toBe('#VALUE!');
    expect(formulaValue(bed, '=INT(" 2024-01-10 ")')).toBe('#VALUE!');
    expect(formulaValue(bed, '=INT("")')).toBe('#VALUE!');
  });
});
