// The normal and lognormal distributions in their tails, where Excel keeps about 15 digits:
// Microsoft's documented examples ("MS example") and Excel's cached results in the conformance
// corpus (ironcalc STATISTICAL--NORM_DIST.xlsx, STATISTICAL--LOGNORM.xlsx).
import { describe, expect, it } from 'vitest';
import { formulaValue, useWorkbooks } from '../../../test/support/workbook-bed.js';
import type { WireValue } from '../index.js';

const bed = useWorkbooks();
const calc = (formula: string): WireValue => formulaValue(bed, formula);

describe('the normal distribution in its tails', () => {
  it('keeps the cumulative probability far below the mean instead of flushing it to 0', () => {
    expect(calc('=NORM.S.DIST(-10,TRUE)')).toBeCloseTo(7.61985302416047e-24, 35);
    expect(calc('=NORM.DIST(0,40,1.5,TRUE)') as number).toBeGreaterThan(0);
  });

  it('inverts those probabilities back (NORM_DIST.xlsx D19, F58; LOGNORM.xlsx F17, F18)', () => {
    expect(calc('=NORM.S.INV(NORM.S.DIST(-10,TRUE))')).toBeCloseTo(-10, 12);
    expect(calc('=NORM.INV(NORM.DIST(0,40,1.5,TRUE),40,1.5)')).toBeCloseTo(0, 9);
    expect(calc('=LOGNORM.INV(LOGNORM.DIST(0.00001,0,1,TRUE),0,1)')).toBeCloseTo(0.00001, 18);
    expect(calc('=LOGNORM.INV(LOGNORM.DIST(1E-10,0,1,TRUE),0,1)')).toBeCloseTo(1e-10, 22);
  });

  it('keeps the documented values near the mean (MS examples) and the old names follow', () => {
    expect(calc('=NORM.DIST(42,40,1.5,TRUE)')).toBeCloseTo(0.908788780274132, 14);
    expect(calc('=NORM.DIST(42,40,1.5,FALSE)')).toBeCloseTo(0.109340049783996, 14);
    expect(calc('=NORM.INV(0.908789,40,1.5)')).toBeCloseTo(42.000002, 6);
    expect(calc('=NORM.S.INV(0.908789)')).toBeCloseTo(1.3333347, 6);
    expect(calc('=LOGNORM.DIST(4,3.5,1.2,TRUE)')).toBeCloseTo(0.0390836, 7);
    expect(calc('=LOGNORM.DIST(4,3.5,1.2,FALSE)')).toBeCloseTo(0.0176176, 7);
    expect(calc('=LOGNORM.INV(0.039084,3.5,1.2)')).toBeCloseTo(4.0000252, 7);
    expect(calc('=NORMSINV(0.975)')).toBeCloseTo(1.959963984540054, 13);
    expect(calc('=LOGINV(0.039084,3.5,1.2)')).toBeCloseTo(4.0000252, 7);
  });

  it('still refuses probabilities outside (0, 1) and a deviation of 0', () => {
    expect(calc('=NORM.S.INV(0)')).toBe('#NUM!');
    expect(calc('=NORM.INV(1,40,1.5)')).toBe('#NUM!');
    expect(calc('=NORM.DIST(1,0,0,TRUE)')).toBe('#NUM!');
  });
});
