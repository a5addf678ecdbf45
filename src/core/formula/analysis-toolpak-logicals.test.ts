// The Analysis ToolPak's engineering functions answer #VALUE! for TRUE or FALSE where a number goes.
import { describe, expect, it } from 'vitest';
import { formulaValue, useWorkbooks } from '../../../test/support/workbook-bed.js';
import type { WireValue } from '../index.js';

const bed = useWorkbooks();

/** `formula` with TRUE in A1, 1.5 in B1 and #DIV/0! in C1. */
const calc = (formula: string): WireValue => formulaValue(bed, formula, [[true, 1.5, '=1/0']]);

describe('TRUE or FALSE given to an Analysis ToolPak function', () => {
  it.each([
    '=BESSELI(A1,1)',
    '=BESSELJ(B1,A1)',
    '=BESSELK(A1,1)',
    '=BESSELY(A1,1)',
    '=ERF(A1)',
    '=ERF(B1,A1)',
    '=ERFC(A1)',
    '=ERF.PRECISE(A1)',
    '=ERFC.PRECISE(A1)',
    '=GESTEP(A1)',
    '=DELTA(A1,1)',
    '=MULTINOMIAL(A1,2)', // ironcalc MATH_AND_TRIGONOMETRY--MULTINOMIAL.xlsx F20
    '=MULTINOMIAL({TRUE,1,2})', // ibid. H20
    '=MULTINOMIAL(TRUE,1,2)', // ibid. H22
    '=MULTINOMIAL(A1:B1)', // ibid. B27, TRUE inside a range
    '=SERIESSUM(A1,1,1,{1,2})', // ironcalc MATH_AND_TRIGONOMETRY--SERIESSUM.xlsx G7
    '=SERIESSUM(TRUE,1,1,{1,2})', // ibid. F7
    '=DOLLARFR(A1,2)', // ironcalc TEXT--DOLLARs.xlsx C11
    '=DOLLARDE(A1,2)', // ibid. D11
    '=DOLLARFR(2,A1)', // ibid. C12
    '=DOLLARDE(2,TRUE)', // ibid. D12
    '=QUOTIENT(A1,A1)', // ironcalc MATH_AND_TRIGONOMETRY--MOD_QUOTIENT.xlsx DATEVALUE!D39
    '=SQRTPI(A1)', // formulas/test.xlsx MATH & TRIG!Y70
    '=WEEKNUM(A1,1)', // formulas/test.xlsx DATE & TIME!Y23
    '=YEARFRAC(A1,345,1)', // ibid. Y27
  ])('%s is #VALUE!', (formula) => {
    expect(calc(formula)).toBe('#VALUE!');
  });

  it('an error before the logical value is the answer', () => {
    expect(calc('=BESSELI(C1,A1)')).toBe('#DIV/0!');
    expect(calc('=DELTA(C1,A1)')).toBe('#DIV/0!');
  });

  it('numbers, and text that reads as one, still work', () => {
    expect(calc('=DELTA(B1,"1.5")')).toBe(1);
    expect(calc('=GESTEP(B1,2)')).toBe(0);
    expect(calc('=ERF(0)')).toBe(0);
    expect(calc('=ROUND(BESSELJ(B1,1),6)')).toBe(0.557937);
    expect(calc('=QUOTIENT(7,2)')).toBe(3);
    expect(calc('=MOD(A1,A1)')).toBe(0); // ironcalc MOD_QUOTIENT.xlsx DATEVALUE!C39
    expect(calc('=WEEKNUM(45658,1)')).toBe(1);
  });

  it("the other functions of HyperFormula's statistical plugin are unaffected", () => {
    expect(calc('=ROUND(NORM.INV(0.5,B1,1),6)')).toBe(1.5);
    expect(calc('=ROUND(EXPONDIST(1,1,TRUE),6)')).toBe(0.632121);
  });
});
