// T, F and beta distributions to Excel's precision: values Excel cached in the conformance corpus
// (formulas/test.xlsx STATISTICAL rows 102–106, ironcalc CONFIDENCE) and closed forms.
import { describe, expect, it } from 'vitest';
import { formulaValue, useWorkbooks } from '../../../test/support/workbook-bed.js';
import {
  betaInverse,
  incompleteBeta,
  logGamma,
  studentCdf,
  studentInverse,
} from './excel-distributions.js';

const bed = useWorkbooks();
const calc = (formula: string) => formulaValue(bed, formula);

/** Agreement as the conformance scorer counts it: within 1e-9, absolute or relative. */
function expectExcel(actual: unknown, expected: number): void {
  expect(typeof actual).toBe('number');
  const gap = Math.abs((actual as number) - expected);
  expect(Math.min(gap, gap / Math.abs(expected))).toBeLessThanOrEqual(1e-12);
}

describe('distribution numerics', () => {
  it('has ln Γ and the incomplete beta function to about 15 digits', () => {
    expect(Math.abs(logGamma(0.5) - 0.5 * Math.log(Math.PI))).toBeLessThan(1e-14);
    expect(Math.abs(logGamma(10) - Math.log(362880))).toBeLessThan(1e-13);
    const x = 0.1;
    const arcsine = (2 / Math.PI) * Math.asin(Math.sqrt(x));
    expect(Math.abs(incompleteBeta(x, 0.5, 0.5).lower - arcsine)).toBeLessThan(1e-15);
  });

  it('has Student’s t and its inverse (df 1 is the Cauchy distribution)', () => {
    expect(Math.abs(studentCdf(3, 1) - (0.5 + Math.atan(3) / Math.PI))).toBeLessThan(1e-15);
    expect(Math.abs(studentInverse(0.75, 1) - 1)).toBeLessThan(1e-14);
    expect(Math.abs(betaInverse(incompleteBeta(0.3, 8, 10).lower, 8, 10) - 0.3)).toBeLessThan(
      1e-14,
    );
  });
});

describe('the replaced functions', () => {
  it('agree with Excel’s cached values', () => {
    expectExcel(calc('=T.INV(0.01,100)'), -2.3642173662384813);
    expectExcel(calc('=T.INV.2T(0.1,9)'), 1.8331129326562374);
    expectExcel(calc('=TINV(0.01,100)'), 2.6258905214380182);
    expectExcel(calc('=T.DIST(5,10,FALSE)'), 3.960010564637988e-4);
    expectExcel(calc('=T.DIST.2T(5,10)'), 5.3733360275645225e-4);
    expectExcel(calc('=T.DIST.RT(4,7)'), 2.5949566746484073e-3);
    expectExcel(calc('=CONFIDENCE.T(0.05,1,50)'), 0.2841968554957298);
  });

  it('keep HyperFormula’s argument rules', () => {
    expect(calc('=T.INV(10,0.4)')).toBe('#NUM!');
    expect(calc('=T.DIST.RT(3,-1)')).toBe('#NUM!');
    expect(calc('=CONFIDENCE.T(0.05,1,1)')).toBe('#DIV/0!');
    expectExcel(calc('=T.DIST(0.7,"1",5)'), 0.69440011221421472);
  });

  it('compute F and beta from the same incomplete beta function', () => {
    expectExcel(calc('=F.DIST.RT(15.2068649,6,4)') as number, 0.009999999952464551);
    expectExcel(calc('=F.INV.RT(0.01,6,4)') as number, 15.206864861157535);
    expectExcel(calc('=BETA.INV(BETA.DIST(2,8,10,TRUE,1,3),8,10,1,3)') as number, 2);
  });

  it('BETA.INV keeps a tiny probability’s digits and refuses a probability of 1 (ironcalc STATISTICAL--BETADIST_BETAINV.xlsx H30, H8, H69)', () => {
    expectExcel(calc('=BETA.INV(2.3817091316181E-30,100,1,0.1,1)') as number, 0.555);
    expectExcel(calc('=BETA.INV(1E-30,2,3)') as number, 4.082482904638626e-16);
    expect(calc('=BETA.INV(1,2,2.5,0.234,1.2)')).toBe('#NUM!');
    expect(calc('=BETA.INV(1,1,2,0,1)')).toBe('#NUM!');
  });
});

describe("Excel 2007's BETADIST and LOGNORMDIST", () => {
  it('take no cumulative flag: three arguments are the cumulative distribution', () => {
    // sheetjs formula_stress_test.xlsx Statistical!B4 and B38.
    expectExcel(calc('=BETADIST(0.5,2,2)'), 0.5);
    expectExcel(calc('=LOGNORMDIST(1,2,5)'), 0.34457825838967576);
    // MS examples.
    expect(calc('=BETADIST(2,8,10,1,3)') as number).toBeCloseTo(0.6854706, 7);
    expect(calc('=LOGNORMDIST(4,3.5,1.2)') as number).toBeCloseTo(0.0390836, 7);
  });
  it('are #NUM! outside their domains', () => {
    expect(calc('=BETADIST(4,8,10,1,3)')).toBe('#NUM!');
    expect(calc('=BETADIST(2,8,10,3,3)')).toBe('#NUM!');
    expect(calc('=BETADIST(0.5,0,2)')).toBe('#NUM!');
    expect(calc('=LOGNORMDIST(0,2,5)')).toBe('#NUM!');
    expect(calc('=LOGNORMDIST(1,2,0)')).toBe('#NUM!');
  });
});
