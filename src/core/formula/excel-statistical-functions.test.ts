// CHISQ.TEST/CHITEST and FORECAST's pairs, as Excel answers them: Microsoft's documented example
// ("MS example") and Excel's cached results in the conformance corpus (file and cell named).
import { describe, expect, it } from 'vitest';
import { formulaValue, useWorkbooks } from '../../../test/support/workbook-bed.js';
import type { WireValue } from '../index.js';

const bed = useWorkbooks();

const calc = (formula: string, rows?: readonly (readonly WireValue[])[]): WireValue =>
  formulaValue(bed, formula, rows);

// formulas/test.xlsx STATISTICAL row 17: C16:D17 is 10, 0.1 / 10, 3.2; E14:E17 0.7 four times.
const ROW_17: WireValue[][] = [
  [10, 0.1, 0.7],
  [10, 3.2, 0.7],
  [null, null, 0.7],
  [null, null, 0.7],
];

describe('CHISQ.TEST', () => {
  it('MS example: 0.0003082', () => {
    const observed = '{58,35;11,25;10,23}';
    const expected = '{45.35,47.65;17.56,18.44;16.09,16.91}';
    expect(calc(`=CHISQ.TEST(${observed},${expected})`) as number).toBeCloseTo(0.0003082, 7);
    expect(calc(`=CHITEST(${observed},${expected})`) as number).toBeCloseTo(0.0003082, 7);
  });

  it('pairs arrays of one size in reading order, taking the freedom from actual_range (R17)', () => {
    const answer = calc('=CHISQ.TEST(A1:B2,C1:C4)', ROW_17) as number;
    expect(answer / 9.66041305483331e-58).toBeCloseTo(1, 9);
  });

  it('leaves out pairs that are not two numbers, keeping the freedom of the shape (T17, V17)', () => {
    expect(calc('=CHISQ.TEST(A1:B1,C1:D1)', [[0.7, 2, 4, null]]) as number).toBeCloseTo(
      0.09894293606729619,
      14,
    );
    expect(calc('=CHISQ.TEST(A1:C1,B1:D1)', [[4, null, 'x', true]])).toBe('#DIV/0!');
  });

  it('is #N/A for sizes that differ and for one cell (S17, U17)', () => {
    expect(calc('=CHISQ.TEST(A1:B1,A1:C1)', [[3.2, 0.7, 2]])).toBe('#N/A');
    expect(calc('=CHISQ.TEST(A1,B1)', [[3.2, 2]])).toBe('#N/A');
  });

  it("answers actual_range's error before expected_range's, passing over #NULL! (Y17, AD17)", () => {
    expect(calc('=CHISQ.TEST(A1:B1,C1:D1)', [[true, '=1+"a"', '=NA()', '=1/0']])).toBe('#VALUE!');
    expect(calc('=CHISQ.TEST(A1:B1,C1:D1)', [['#NULL!', '=SQRT(-1)', '=1/0', 4]])).toBe('#NUM!');
  });

  it('an expected 0 is #DIV/0!', () => {
    expect(calc('=CHISQ.TEST({1,2},{0,2})')).toBe('#DIV/0!');
  });
});

describe('FORECAST and FORECAST.LINEAR', () => {
  // formulas/test.xlsx STATISTICAL Y42: H41:H42 are empty.
  it('no pair of numbers is #DIV/0!', () => {
    expect(calc('=FORECAST.LINEAR(60,A1:A2,A1:A2)', [[null], [null]])).toBe('#DIV/0!');
    expect(
      calc('=FORECAST(60,A1:A2,B1:B2)', [
        ['a', 1],
        [2, null],
      ]),
    ).toBe('#DIV/0!');
  });
});
