// DISC, INTRATE, RECEIVED, PRICEDISC and YIELDDISC: Microsoft's documented examples ("MS example"),
// and the values Excel cached in ironcalc/FINANCIAL--DISC.xlsx (cells named in the test).
import { describe, expect, it } from 'vitest';
import { useWorkbooks, valueAt, writeCell } from '../../../test/support/workbook-bed.js';
import type { WireValue } from '../index.js';

const bed = useWorkbooks();

function valueOf(formula: string): WireValue {
  const book = bed.open();
  writeCell(book, 'A1', formula);
  return valueAt(book, 'A1');
}

describe('discounted securities', () => {
  it('MS example: DISC of a security bought at 97.975 (actual/actual)', () => {
    expect(valueOf('=DISC(DATE(2018,1,25),DATE(2018,6,15),97.975,100,1)')).toBeCloseTo(
      0.052420213,
      8,
    );
  });

  it('DISC over a leap year and each basis (ironcalc FINANCIAL--DISC F2, F3, F4, F5)', () => {
    const disc = (basis: number) => valueOf(`=DISC(39472,39614,97.975,100,${basis})`);
    expect(disc(0)).toBeCloseTo(0.05207142857142884, 12);
    expect(disc(1)).toBeCloseTo(0.05219366197183125, 12);
    expect(disc(2)).toBeCloseTo(0.051338028169014345, 12);
    expect(disc(3)).toBeCloseTo(0.05205105633802843, 12);
  });

  it('a basis outside 0–4, or settlement not before maturity, is #NUM! (ironcalc F7, F8)', () => {
    expect(valueOf('=DISC(39472,39614,97.975,100,5)')).toBe('#NUM!');
    expect(valueOf('=DISC(39472,39614,97.975,100,-1)')).toBe('#NUM!');
    expect(valueOf('=DISC(39614,39472,97.975,100)')).toBe('#NUM!');
  });

  it('MS example: INTRATE and RECEIVED of a fully invested security (actual/360)', () => {
    expect(valueOf('=INTRATE(DATE(2008,2,15),DATE(2008,5,15),1000000,1014420,2)')).toBeCloseTo(
      0.05768,
      5,
    );
    expect(valueOf('=RECEIVED(DATE(2008,2,15),DATE(2008,5,15),1000000,5.75%,2)')).toBeCloseTo(
      1014584.654,
      2,
    );
  });

  it('MS example: PRICEDISC and YIELDDISC (actual/360)', () => {
    expect(valueOf('=PRICEDISC(DATE(2008,2,16),DATE(2008,3,1),5.25%,100,2)')).toBeCloseTo(
      99.79583333,
      7,
    );
    expect(valueOf('=YIELDDISC(DATE(2008,2,16),DATE(2008,3,1),99.795,100,2)')).toBeCloseTo(
      0.052823,
      6,
    );
  });
});
