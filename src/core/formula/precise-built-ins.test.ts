// GAMMA, BESSELI, COMBINA, FACTDOUBLE, the discrete distributions, BINOM.INV, Z.TEST and T.TEST
// in place of HyperFormula's: Microsoft's documented examples ("MS example") and values Excel
// cached in the conformance corpus (the workbook and cell are named in each test).
import { describe, expect, it } from 'vitest';
import {
  formulaValue,
  holdCell,
  useWorkbooks,
  valueAt,
  writeRows,
} from '../../../test/support/workbook-bed.js';
import { gamma, incompleteGamma } from './precise-built-ins.js';

const bed = useWorkbooks();
const calc = (formula: string) => formulaValue(bed, formula);

/** Agreement as the conformance scorer counts it: within 1e-9, absolute or relative. */
function expectExcel(actual: unknown, expected: number): void {
  expect(typeof actual).toBe('number');
  const gap = Math.abs((actual as number) - expected);
  expect(Math.min(gap, gap / Math.abs(expected))).toBeLessThanOrEqual(1e-9);
}

/** A documented example, given to as many decimals as Microsoft prints. */
function expectDocumented(actual: unknown, expected: number, decimals: number): void {
  expect(typeof actual).toBe('number');
  expect(actual as number).toBeCloseTo(expected, decimals);
}

describe('numerics', () => {
  it('has Γ to about 15 digits, exact on whole numbers', () => {
    expect(gamma(5)).toBe(24);
    expect(Math.abs(gamma(0.5) - Math.sqrt(Math.PI))).toBeLessThan(1e-15);
    expect(Math.abs(gamma(-0.5) + 2 * Math.sqrt(Math.PI))).toBeLessThan(1e-14);
  });

  it('has the incomplete gamma function by its series and by its continued fraction', () => {
    // Q(a, x) for a whole a is P(N < a) for N Poisson of mean x: e^(−x) Σ_{k<a} x^k / k!.
    const series = 5 * Math.exp(-2); // a = 3, x = 2 (x < a + 1: the series)
    expect(Math.abs(incompleteGamma(3, 2).upper / series - 1)).toBeLessThan(1e-14);
    const fraction = 6 * Math.exp(-5); // a = 2, x = 5 (x ≥ a + 1: the continued fraction)
    expect(Math.abs(incompleteGamma(2, 5).upper / fraction - 1)).toBeLessThan(1e-14);
  });
});

describe('GAMMA', () => {
  it('is exact to Excel’s digits at halves and negative numbers (ironcalc STATISTICAL--GAMMA)', () => {
    expectExcel(calc('=GAMMA(2.5)'), 1.329340388179137);
    expectExcel(calc('=GAMMA(-3.75)'), 0.26786612886141664);
    expectExcel(calc('=GAMMA(-1.5)'), 2.3632718012073544);
  });

  it('is #NUM! at 0 and negative whole numbers, and past 171 (at once for 1e10)', () => {
    expect(calc('=GAMMA(0)')).toBe('#NUM!');
    expect(calc('=GAMMA(-2)')).toBe('#NUM!');
    expect(calc('=GAMMA(172)')).toBe('#NUM!');
    expect(calc('=GAMMA(10000000000)')).toBe('#NUM!');
  });
});

describe('GAMMA.DIST and GAMMA.INV', () => {
  it('MS examples', () => {
    expectDocumented(calc('=GAMMA.DIST(10.00001131,9,2,FALSE)'), 0.032639, 6);
    expectDocumented(calc('=GAMMA.DIST(10.00001131,9,2,TRUE)'), 0.068094, 6);
    expectDocumented(calc('=GAMMA.INV(0.068094,9,2)'), 10.0000112, 7);
  });

  it('GAMMA.INV keeps a tiny probability’s digits (ironcalc STATISTICAL--GAMMA.xlsx F21)', () => {
    expectExcel(calc('=GAMMA.INV(2.75570712092338E-51,9,1000000)'), 9.999999999999998);
    expectExcel(calc('=GAMMA.INV(GAMMA.DIST(3,2,3,TRUE),2,3)'), 3);
    expectExcel(calc('=GAMMA.INV(0.99,2,3)'), 19.915056203981403);
  });
});

describe('BESSELI', () => {
  it('MS example: BESSELI(1.5, 1)', () => {
    expectDocumented(calc('=BESSELI(1.5,1)'), 0.981666428, 9);
  });

  it('of a negative x is (−1)ⁿ Iₙ(|x|) (ironcalc ENGINEERING--BESSEL B19:F20)', () => {
    expectExcel(calc('=BESSELI(-10,0)'), 2815.7166648041534);
    expectExcel(calc('=BESSELI(-10,1)'), -2670.988320559247);
    expectExcel(calc('=BESSELI(-32,7)'), -2576524402069.303);
    expectExcel(calc('=BESSELI(-32,10)'), 1158284935385.1838);
  });

  it('answers Excel’s approximation, not the exact series (BESSELI!B3)', () => {
    expectExcel(calc('=BESSELI(0.2,0)'), 1.0100250221205638);
  });

  it('refuses TRUE and a negative order', () => {
    expect(calc('=BESSELI(TRUE,1)')).toBe('#VALUE!');
    expect(calc('=BESSELI(1,-1)')).toBe('#NUM!');
  });
});

describe('COMBINA and FACTDOUBLE', () => {
  it('MS example: COMBINA(4,3) and COMBINA(10,3)', () => {
    expect(calc('=COMBINA(4,3)')).toBe(20);
    expect(calc('=COMBINA(10,3)')).toBe(220);
  });

  it('COMBINA: nothing to choose from is #NUM!, large results do not overflow early', () => {
    expect(calc('=COMBINA(0,5)')).toBe('#NUM!');
    expect(calc('=COMBINA(0,0)')).toBe(1);
    expectExcel(calc('=COMBINA(1000,200)'), 1.6676833067813678e233);
  });

  it('FACTDOUBLE: −1 is 1, below it #NUM!, TRUE #VALUE! (formulas/test.xlsx MATH & TRIG row 31)', () => {
    expect(calc('=FACTDOUBLE(7)')).toBe(105);
    expect(calc('=FACTDOUBLE(-1)')).toBe(1);
    expect(calc('=FACTDOUBLE(-1.1)')).toBe('#NUM!');
    expect(calc('=FACTDOUBLE(TRUE)')).toBe('#VALUE!');
  });
});

describe('discrete distributions', () => {
  it('MS examples: NEGBINOM.DIST, POISSON.DIST, HYPGEOM.DIST, BINOM.INV', () => {
    expectDocumented(calc('=NEGBINOM.DIST(10,5,0.25,TRUE)'), 0.3135141, 7);
    expectDocumented(calc('=NEGBINOM.DIST(10,5,0.25,FALSE)'), 0.0550487, 7);
    expectExcel(calc('=POISSON.DIST(2,5,TRUE)'), 0.12465201948308113);
    expectDocumented(calc('=HYPGEOM.DIST(1,4,8,20,TRUE)'), 0.4654, 4);
    expectDocumented(calc('=HYPGEOM.DIST(1,4,8,20,FALSE)'), 0.3633, 4);
    expect(calc('=BINOM.INV(6,0.5,0.75)')).toBe(4);
  });

  it('old names take the probability-mass form (sheetjs formula_stress_test)', () => {
    expectDocumented(calc('=NEGBINOMDIST(10,5,0.25)'), 0.0550487, 7);
    expectExcel(calc('=HYPGEOMDIST(2,3,4,8)'), 3 / 7);
    expectExcel(calc('=POISSON(2,5,FALSE)'), 0.08422433748856833);
    expect(calc('=CRITBINOM(6,0.5,0.75)')).toBe(4);
  });

  it('do not overflow on large counts (ironcalc STATISTICAL--POISSON, --BINOM)', () => {
    expectExcel(calc('=POISSON.DIST(1000000,1000000,TRUE)'), 0.5002659614862837);
    expectExcel(calc('=POISSON.DIST(46040,46071,TRUE)'), 0.4438020698095389);
    expect(calc('=NEGBINOM.DIST(9999,10000,0.999,TRUE)')).toBe(1);
    expect(calc('=NEGBINOM.DIST(3000,3000,0.0001,TRUE)')).toBe(0);
  });

  it('report an error value before checking the domain (NEGBINOM.DIST!E69, BINOM.INV!D38)', () => {
    expect(calc('=NEGBINOM.DIST(3,2,3,1/0)')).toBe('#DIV/0!');
    expect(calc('=BINOM.INV(2,3,1/0)')).toBe('#DIV/0!');
  });

  it('follow Excel’s bounds: p of 0 or 1, x just below 0, an empty population', () => {
    expect(calc('=NEGBINOM.DIST(2,10,0,TRUE)')).toBe('#NUM!');
    expect(calc('=NEGBINOM.DIST(2,10,1,TRUE)')).toBe('#NUM!');
    expect(calc('=BINOM.INV(10,1,0.8)')).toBe('#NUM!');
    expect(calc('=POISSON.DIST(-0.000001,5,TRUE)')).toBe('#NUM!');
    expect(calc('=HYPGEOM.DIST(0,0,0,0,FALSE)')).toBe(1);
    expect(calc('=HYPGEOM.DIST(0,2,3,3,TRUE)')).toBe(0);
  });
});

describe('BINOM.DIST.RANGE', () => {
  it('MS examples', () => {
    expectDocumented(calc('=BINOM.DIST.RANGE(60,0.75,48)'), 0.084, 3);
    expectDocumented(calc('=BINOM.DIST.RANGE(60,0.75,45,50)'), 0.524, 3);
  });

  it('out-of-range arguments are #NUM!', () => {
    expect(calc('=BINOM.DIST.RANGE(10,1.5,2)')).toBe('#NUM!');
    expect(calc('=BINOM.DIST.RANGE(10,0.5,11)')).toBe('#NUM!');
    expect(calc('=BINOM.DIST.RANGE(10,0.5,5,4)')).toBe('#NUM!');
  });

  it('reads a whole column given for one value in the formula’s row (STATISTICAL--BINOM E44)', () => {
    const book = bed.open();
    writeRows(book, 'A3', [[10, 0.5, null, null, null, null, 2]]);
    // Held as the file holds it: typed, G:G would be an array and the formula would spill.
    holdCell(book, 'E3', '=BINOM.DIST.RANGE(A3,B3,G:G)');
    expectExcel(valueAt(book, 'E3'), 45 / 1024);
  });
});

describe('Z.TEST and T.TEST', () => {
  it('MS examples', () => {
    expectDocumented(calc('=Z.TEST({3,6,7,8,6,5,4,2,1,9},4)'), 0.090574, 6);
    expectDocumented(calc('=T.TEST({3,4,5,8,9,1,2,4,5},{6,19,3,2,14,4,5,17,1},2,1)'), 0.196016, 6);
  });

  it('Z.TEST: sigma 0 is #NUM!, one number #DIV/0! (formulas/test.xlsx U121, V121)', () => {
    expect(calc('=Z.TEST({3.2,0.7},2,0)')).toBe('#NUM!');
    expect(calc('=Z.TEST({4},0,2)')).toBe('#DIV/0!');
  });

  it('paired T.TEST leaves out pairs that are not two numbers (ironcalc STATISTICAL--T_TEST)', () => {
    const formula = '=T.TEST({1;2;3;4;-3;TRUE;"hello"},{2;-3.3;0;TRUE;"no";2;2},1,1)';
    expectExcel(calc(formula), 0.15855028798217946);
  });

  it('paired T.TEST: arrays of different sizes are #N/A, one pair #DIV/0!', () => {
    expect(calc('=T.TEST({3.2,0.7},{0.7,2,4},1,1)')).toBe('#N/A');
    expect(calc('=T.TEST({0.7,2},{4,"x"},1,1)')).toBe('#DIV/0!');
  });

  it('T.TEST to Excel’s digits, tails and type truncated (STATISTICAL!AH107, T_TEST!F8)', () => {
    expectExcel(calc('=T.TEST({3.2,0.7},{0.7,2},1,1)'), 0.4026357312570952);
    expectExcel(
      calc('=T.TEST({1;2;3;4;-3;TRUE;"hello"},{2;-3.3;0;TRUE;"no";2;2},2.2,3.3)'),
      0.6039040157469742,
    );
  });
});
