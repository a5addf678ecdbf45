// ODDFPRICE, ODDFYIELD, ODDLPRICE and ODDLYIELD against the values Excel cached in ironcalc
// FINANCIAL--PRICE_YIELD.xlsx (sheets ODDFPRICE_ODDFYIELD, ODDLPRICE_ODDLYIELD; rows named) and
// sheetjs formula_stress_test.xlsx (Finance B44, B46).
import { describe, expect, it } from 'vitest';
import { useWorkbooks, valueAt, writeCell } from '../../../test/support/workbook-bed.js';
import type { WireValue } from '../index.js';

const bed = useWorkbooks();

function valueOf(formula: string): WireValue {
  const book = bed.open();
  writeCell(book, 'A1', formula);
  return valueAt(book, 'A1');
}

function close(formula: string, expected: number): void {
  const value = valueOf(formula);
  expect(typeof value).toBe('number');
  expect(Math.abs((value as number) - expected)).toBeLessThan(1e-9 * Math.abs(expected));
}

// Settlement 2020-03-01, maturity 2030-03-01, issue 2020-01-15, first coupon 2021-03-01: a long
// first period (two quasi-coupon periods annually, three semiannually).
const LONG_FIRST = '43891,47543,43845,44256';

describe('ODDFPRICE', () => {
  it('prices a long first period in every basis (rows 2–5, 8–11; ODDFPRICE_SHORT J2, J9)', () => {
    close(`=ODDFPRICE(${LONG_FIRST},0.075,0.05,120,1,1)`, 131.53771558659531);
    close(`=ODDFPRICE(${LONG_FIRST},0.08,0.06,120,1,3)`, 125.83100063105158);
    close(`=ODDFPRICE(${LONG_FIRST},0.075,0.03,120,1,4)`, 153.2398784420665);
    close(`=ODDFPRICE(${LONG_FIRST},0.075,0.05,120,2,1)`, 131.55696869340122);
    close(`=ODDFPRICE(${LONG_FIRST},0.075,0.05,120,1,0)`, 131.53696747314225);
    close(`=ODDFPRICE(${LONG_FIRST},0.075,0.05,120,2)`, 131.55646124427685);
  });

  it('counts a whole quasi-coupon period as 1 under actual/360 (rows 3, 9)', () => {
    close(`=ODDFPRICE(${LONG_FIRST},0.075,0.067,120,1,2)`, 115.98854775223758);
    close(`=ODDFPRICE(${LONG_FIRST},0.075,0.067,120,2,2)`, 115.84574814124899);
  });

  it('accrues from issue when settlement is inside a quasi-coupon period (rows 43, 50)', () => {
    close('=ODDFPRICE(43907,47543,43845,44256,0.075,0.05,120,1,1)', 131.4925935940993);
    close('=ODDFPRICE(43907,47543,43845,44256,0.075,0.067,120,2.3,2)', 115.85503392508934);
  });

  it('prices a short first period (sheetjs Finance B44)', () => {
    close('=ODDFPRICE(39763,44256,39736,39873,0.0785,0.0625,100,2,1)', 113.59771747407883);
  });

  it('answers #NUM! for a bad basis, frequency or date order, #VALUE! for text', () => {
    expect(valueOf(`=ODDFPRICE(${LONG_FIRST},0.075,0.06,120,1,5)`)).toBe('#NUM!');
    expect(valueOf(`=ODDFPRICE(${LONG_FIRST},0.075,0.06,120,3,1)`)).toBe('#NUM!');
    expect(valueOf('=ODDFPRICE(44256,47543,43845,43891,0.075,0.06,120,1,1)')).toBe('#NUM!');
    expect(valueOf('=ODDFPRICE(43845,47543,43891,44256,0.075,0.06,120,1,1)')).toBe('#NUM!');
    expect(valueOf(`=ODDFPRICE(${LONG_FIRST},-0.01,0.06,120,1,1)`)).toBe('#NUM!');
    expect(valueOf(`=ODDFPRICE(${LONG_FIRST},0.075,"x",120,1,1)`)).toBe('#VALUE!');
  });
});

describe('ODDFYIELD', () => {
  it('finds the yield ODDFPRICE was given (rows 2, 9, 31, 39)', () => {
    close(`=ODDFYIELD(${LONG_FIRST},0.075,131.53771558659531,120,1,1)`, 0.05);
    close(`=ODDFYIELD(${LONG_FIRST},0.075,115.84574814124899,120,2,2)`, 0.067);
    close(`=ODDFYIELD(${LONG_FIRST},0.075,88.838002693283059,50,2,1)`, 0.05);
    close(`=ODDFYIELD(${LONG_FIRST},0.075,210.01220465125897,300,1,2)`, 0.067);
  });

  it('finds the yield of a short first period (sheetjs Finance B45)', () => {
    close('=ODDFYIELD(39763,44256,39736,39873,0.0575,84.5,100,2,0)', 0.077245541597298878);
  });

  it('answers #NUM! for a price of 0 or below', () => {
    expect(valueOf(`=ODDFYIELD(${LONG_FIRST},0.075,0,120,1,1)`)).toBe('#NUM!');
  });
});

describe('ODDLPRICE and ODDLYIELD', () => {
  const LONG_LAST = '43891,47543,43845';

  it('price a long last period (rows 2, 5, 8, 11; sheetjs Finance B46)', () => {
    close(`=ODDLPRICE(${LONG_LAST},0.075,0.06,120,2,1)`, 121.51937811334447);
    close(`=ODDLPRICE(${LONG_LAST},0.075,0.02,120,2,4)`, 162.34027777777777);
    close(`=ODDLPRICE(${LONG_LAST},0.075,0.06,120,1,1)`, 121.52128858401393);
    close('=ODDLPRICE(39763,44256,39736,0.0785,0.0625,100,2,0)', 110.88286909824446);
  });

  it('count actual days in a quasi-coupon period under bases 2 and 3 (rows 3, 4, 9, 10)', () => {
    close(`=ODDLPRICE(${LONG_LAST},0.075,0.0589,120,2,2)`, 122.36705839417525);
    close(`=ODDLPRICE(${LONG_LAST},0.08,0.0711,120,2,3)`, 116.47102012136368);
    close(`=ODDLPRICE(${LONG_LAST},0.075,0.0589,120,1,2)`, 122.36892856859281);
    close(`=ODDLPRICE(${LONG_LAST},0.08,0.0711,120,1,3)`, 116.47338382128387);
  });

  it('ODDLYIELD inverts ODDLPRICE (rows 3, 10; sheetjs Finance B47)', () => {
    close(`=ODDLYIELD(${LONG_LAST},0.075,122.36705839417525,120,2,2)`, 0.0589);
    close(`=ODDLYIELD(${LONG_LAST},0.08,116.47338382128387,120,1,3)`, 0.0711);
    close('=ODDLYIELD(39763,44256,39736,0.0575,84.5,100,2,0)', 0.082548086314953334);
  });

  it('answer #NUM! for a bad basis or settlement not after last_interest (row 6)', () => {
    expect(valueOf('=ODDLPRICE(43891,51210,43845,0.075,0.06,120,2,5)')).toBe('#NUM!');
    expect(valueOf('=ODDLYIELD(43891,51210,43845,0.075,120,120,2,5)')).toBe('#NUM!');
    expect(valueOf('=ODDLPRICE(43845,47543,43891,0.075,0.06,120,2,1)')).toBe('#NUM!');
  });
});
