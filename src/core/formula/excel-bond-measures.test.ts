// PRICEMAT, YIELDMAT, DURATION and MDURATION: Microsoft's documented examples ("MS example") and
// the values Excel cached in sheetjs formula_stress_test.xlsx (Finance B36–B39).
import { describe, expect, it } from 'vitest';
import { formulaValue, useWorkbooks } from '../../../test/support/workbook-bed.js';
import type { WireValue } from '../index.js';

const bed = useWorkbooks();

const calc = (formula: string): WireValue => formulaValue(bed, formula);

describe('securities paying interest at maturity', () => {
  it('MS example: PRICEMAT (sheetjs Finance B36)', () => {
    expect(calc('=PRICEMAT(39493,39551,39397,0.061,0.061,0)')).toBeCloseTo(99.98449887555694, 11);
  });

  it('MS example: YIELDMAT (sheetjs Finance B37)', () => {
    expect(calc('=YIELDMAT(39522,39755,39394,0.0625,100.0123,0)')).toBeCloseTo(
      0.06095433369153867,
      14,
    );
  });

  it('answer #NUM! when settlement is not before maturity, or for a bad basis', () => {
    expect(calc('=PRICEMAT(39551,39493,39397,0.061,0.061,0)')).toBe('#NUM!');
    expect(calc('=YIELDMAT(39522,39755,39394,0.0625,100,5)')).toBe('#NUM!');
  });
});

describe('DURATION and MDURATION', () => {
  it('MS example: the durations of an 8 % bond at 9 % (sheetjs Finance B38, B39)', () => {
    expect(calc('=DURATION(39448,42370,0.08,0.09,2,1)')).toBeCloseTo(5.993774955545186, 12);
    expect(calc('=MDURATION(39448,42370,0.08,0.09,2,1)')).toBeCloseTo(5.735669813918839, 12);
  });

  it('answers #NUM! for a frequency other than 1, 2 or 4', () => {
    expect(calc('=DURATION(39448,42370,0.08,0.09,3,1)')).toBe('#NUM!');
  });
});
