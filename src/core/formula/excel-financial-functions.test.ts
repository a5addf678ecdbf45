// ACCRINT and ACCRINTM (excel-financial-functions.ts): Microsoft's documented examples ("MS
// example"), the documented formula on simple cases, Excel's own results where its count departs
// from the documentation, and the documented errors.
import { describe, expect, it } from 'vitest';
import { formulaValue, useWorkbooks } from '../../../test/support/workbook-bed.js';
import type { WireValue } from '../index.js';

const bed = useWorkbooks();

const calc = (formula: string): WireValue => formulaValue(bed, formula);

describe('ACCRINT', () => {
  it('MS examples: issue 1 March 2008, first interest 31 August 2008, settlement 1 May 2008, 10 %, par 1,000, semiannual, 30/360', () => {
    expect(calc('=ACCRINT(39508,39691,39569,0.1,1000,2,0)')).toBeCloseTo(16.666666667, 8);
    expect(calc('=ACCRINT(DATE(2008,3,5),39691,39569,0.1,1000,2,0,FALSE)')).toBeCloseTo(
      15.555555556,
      8,
    );
    expect(calc('=ACCRINT(DATE(2008,4,5),39691,39569,0.1,1000,2,0,TRUE)')).toBeCloseTo(
      7.222222222,
      8,
    );
  });

  it('whole coupon periods accrue a whole coupon each; a part accrues its share of the period', () => {
    // Issued on a coupon date, settled two and a half half-years later: 2.5 coupons of 50.
    expect(calc('=ACCRINT(DATE(2020,1,1),DATE(2020,7,1),DATE(2021,4,1),0.1,1000,2,0)')).toBe(125);
    // Quarterly, one quarter: a coupon of 25.
    expect(calc('=ACCRINT(DATE(2020,1,1),DATE(2020,4,1),DATE(2020,4,1),0.1,1000,4,0)')).toBe(25);
  });

  it('actual/360 and actual/365 count the actual days against a normal period of 180 or 182.5 days', () => {
    // 1 June to 1 September 2021: 92 days.
    expect(
      calc('=ACCRINT(DATE(2021,6,1),DATE(2021,12,1),DATE(2021,9,1),0.05,1000,2,2)'),
    ).toBeCloseTo((25 * 92) / 180, 10);
    expect(
      calc('=ACCRINT(DATE(2021,6,1),DATE(2021,12,1),DATE(2021,9,1),0.05,1000,2,3)'),
    ).toBeCloseTo((25 * 92) / 182.5, 10);
    // Actual/actual: the period 1 June – 1 December 2021 has 183 days.
    expect(
      calc('=ACCRINT(DATE(2021,6,1),DATE(2021,12,1),DATE(2021,9,1),0.05,1000,2,1)'),
    ).toBeCloseTo((25 * 92) / 183, 10);
  });

  // Excel's own results (cached in workbooks Excel saved, ../shared/conformance), where its count
  // departs from a plain day count.
  it.each([
    // 30/360, first_interest at a month end: the whole period 31 Aug – 29 Feb counts one coupon.
    ['=ACCRINT(DATE(2007,3,1),DATE(2008,8,31),DATE(2008,5,1),0.1,1000,2,0)', 116.94444444444446],
    [
      '=ACCRINT(DATE(2007,3,1),DATE(2008,8,31),DATE(2008,5,1),0.1,1000,2,0,FALSE)',
      66.94444444444446,
    ],
    // Actual/actual: the days to settlement over first_interest's own period (91 days).
    ['=ACCRINT(DATE(2017,1,1),DATE(2017,12,1),DATE(2017,4,1),0.33,3000,4,1)', 241.12362637362637],
    ['=ACCRINT(DATE(2017,1,1),DATE(2017,12,1),DATE(2017,4,1),0.33,3000,4,2)', 236.5],
    ['=ACCRINT(DATE(2017,1,1),DATE(2017,12,1),DATE(2017,4,1),0.33,3000,4,3)', 240.04109589041096],
    // calc_method FALSE before first_interest: negative, the part of the period still to run.
    [
      '=ACCRINT(DATE(2017,1,1),DATE(2017,12,1),DATE(2017,4,1),0.33,3000,4,1,FALSE)',
      -253.8763736263736,
    ],
    [
      '=ACCRINT(DATE(2017,1,1),DATE(2017,12,1),DATE(2017,4,1),0.33,3000,4,2,FALSE)',
      -258.49999999999994,
    ],
    // Settled after first_interest: 30/360 from issue, whatever the schedule.
    ['=ACCRINT(DATE(2012,2,2),DATE(2012,3,30),DATE(2013,12,4),0.1,1000,1,0)', 183.88888888888889],
  ])("%s is Excel's %d", (formula, expected) => {
    expect(calc(formula)).toBeCloseTo(expected, 9);
  });

  it('calc_method FALSE past first_interest counts as Excel does: from the period before first_interest, not from first_interest', () => {
    // Microsoft's page says "from first_interest"; Excel's cached results say otherwise
    // (../shared/conformance, ironcalc/FINANCIAL--accrint_cases.xlsx rows 103 and 113).
    expect(
      calc('=ACCRINT(DATE(2021,6,1),DATE(2021,12,1),DATE(2022,3,1),0.025,5000,2,0,FALSE)'),
    ).toBeCloseTo(93.75, 10);
    expect(
      calc('=ACCRINT(DATE(2021,6,1),DATE(2021,12,1),DATE(2022,9,1),0.075,100,2,0,FALSE)'),
    ).toBeCloseTo(9.375, 10);
    expect(calc('=ACCRINT(DATE(2020,1,1),DATE(2020,7,1),DATE(2020,10,1),0.1,1000,2,0,TRUE)')).toBe(
      75,
    );
  });

  it.each([
    ['rate 0', '=ACCRINT(DATE(2008,3,1),DATE(2008,9,1),DATE(2008,5,1),0,1000,2,0)'],
    ['a negative par', '=ACCRINT(DATE(2008,3,1),DATE(2008,9,1),DATE(2008,5,1),0.1,-100,2,0)'],
    ['frequency 3', '=ACCRINT(DATE(2008,3,1),DATE(2008,9,1),DATE(2008,5,1),0.1,1000,3,0)'],
    ['basis 5', '=ACCRINT(DATE(2008,3,1),DATE(2008,9,1),DATE(2008,5,1),0.1,1000,2,5)'],
    ['issue on settlement', '=ACCRINT(DATE(2008,5,1),DATE(2008,9,1),DATE(2008,5,1),0.1,1000,2)'],
  ])('%s is #NUM!', (_, formula) => {
    expect(calc(formula)).toBe('#NUM!');
  });

  it('a date that is not a number is #VALUE!', () => {
    expect(calc('=ACCRINT("soon",39691,39569,0.1,1000,2)')).toBe('#VALUE!');
  });
});

describe('ACCRINTM', () => {
  it('MS example: issue 1 April 2008, maturity 15 June 2008, 10 %, par 1,000, actual/365', () => {
    expect(calc('=ACCRINTM(39539,39614,0.1,1000,3)')).toBeCloseTo(20.54794521, 8);
  });

  it.each([
    [0, 1000 * 0.1 * (60 / 360)],
    [1, 1000 * 0.1 * (60 / 366)],
    [2, 1000 * 0.1 * (60 / 360)],
    [3, 1000 * 0.1 * (60 / 365)],
    [4, 1000 * 0.1 * (60 / 360)],
  ])('basis %i over 15 January – 15 March 2024', (basis, expected) => {
    expect(calc(`=ACCRINTM(DATE(2024,1,15),DATE(2024,3,15),0.1,1000,${basis})`)).toBeCloseTo(
      expected,
      10,
    );
  });

  it('par defaults to 1,000; errors as documented', () => {
    expect(calc('=ACCRINTM(DATE(2024,1,1),DATE(2024,7,1),0.1)')).toBeCloseTo(50, 10);
    expect(calc('=ACCRINTM(DATE(2024,7,1),DATE(2024,1,1),0.1)')).toBe('#NUM!');
    expect(calc('=ACCRINTM(DATE(2024,1,1),DATE(2024,7,1),0)')).toBe('#NUM!');
  });
});

describe('coupon functions', () => {
  // MS examples: settlement 25 January 2011, maturity 15 November 2011, semiannual, actual/actual.
  const args = 'DATE(2011,1,25),DATE(2011,11,15),2,1';

  it.each([
    ['COUPDAYBS', 71],
    ['COUPDAYS', 181],
    ['COUPDAYSNC', 110],
    ['COUPNCD', 40678], // 15 May 2011
    ['COUPNUM', 2],
    ['COUPPCD', 40497], // 15 November 2010
  ])('MS example: %s is %d', (name, expected) => {
    expect(calc(`=${name}(${args})`)).toBe(expected);
  });

  it('30/360 counts 30-day months and 180-day half-years', () => {
    expect(calc('=COUPDAYBS(DATE(2011,1,25),DATE(2011,11,15),2,0)')).toBe(70);
    expect(calc('=COUPDAYS(DATE(2011,1,25),DATE(2011,11,15),2,0)')).toBe(180);
    expect(calc('=COUPDAYSNC(DATE(2011,1,25),DATE(2011,11,15),2,0)')).toBe(110);
    expect(calc('=COUPDAYS(DATE(2011,1,25),DATE(2011,11,15),4,3)')).toBe(91.25);
  });

  it('a maturity at a month end keeps every coupon date at a month end', () => {
    expect(calc('=COUPPCD(DATE(2011,3,15),DATE(2011,8,31),2)')).toBe(40602); // 28 February 2011
    expect(calc('=COUPNCD(DATE(2011,3,15),DATE(2011,8,31),4)')).toBe(40694); // 31 May 2011
  });

  it('settlement on a coupon date starts that period', () => {
    expect(calc('=COUPPCD(DATE(2011,5,15),DATE(2011,11,15),2)')).toBe(40678);
    expect(calc('=COUPDAYBS(DATE(2011,5,15),DATE(2011,11,15),2)')).toBe(0);
    expect(calc('=COUPNUM(DATE(2011,5,15),DATE(2011,11,15),2)')).toBe(1);
  });

  it('settlement not before maturity, a frequency other than 1, 2 or 4, or basis 5 is #NUM!', () => {
    expect(calc('=COUPNUM(DATE(2011,11,15),DATE(2011,11,15),2)')).toBe('#NUM!');
    expect(calc('=COUPNUM(DATE(2011,1,25),DATE(2011,11,15),3)')).toBe('#NUM!');
    expect(calc('=COUPNUM(DATE(2011,1,25),DATE(2011,11,15),2,5)')).toBe('#NUM!');
  });
});

describe('PRICE and YIELD', () => {
  it('MS example: PRICE of a 5.75 % bond settled 15 Feb 2008, maturing 15 Nov 2017, yielding 6.5 %, semiannual, 30/360', () => {
    expect(calc('=PRICE(DATE(2008,2,15),DATE(2017,11,15),0.0575,0.065,100,2,0)')).toBeCloseTo(
      94.63436162,
      7,
    );
  });

  it('MS example: YIELD of a 5.75 % bond settled 15 Feb 2008, maturing 15 Nov 2016, priced 95.04287, is 6.5 %', () => {
    expect(calc('=YIELD(DATE(2008,2,15),DATE(2016,11,15),0.0575,95.04287,100,2,0)')).toBeCloseTo(
      0.065,
      7,
    );
  });

  it('under actual/360 and actual/365 take the days to the next coupon as the period less the days accrued (ironcalc FINANCIAL--PRICE_YIELD.xlsx H4, H10, H11, H29)', () => {
    const bond = 'DATE(2020,3,1),DATE(2030,3,1)';
    expect(calc(`=PRICE(${bond},0.04,0.05,155,1,2)`)).toBeCloseTo(126.04349401555694, 9);
    expect(calc(`=PRICE(${bond},0.04,0.05,155,2,2)`)).toBeCloseTo(125.77032071441235, 9);
    expect(calc(`=PRICE(${bond},0.06,0.07,23,2,3)`)).toBeCloseTo(54.196225247785335, 9);
    expect(calc('=PRICE(DATE(2025,4,1),DATE(2028,3,13),0.22,0.12,15,1,2)')).toBeCloseTo(
      62.736929069290866,
      9,
    );
  });

  it('YIELD inverts PRICE, including within the last coupon period (the closed form)', () => {
    const price = calc('=PRICE(DATE(2020,3,1),DATE(2020,6,30),0.04,0.05,100,2,1)') as number;
    expect(calc(`=YIELD(DATE(2020,3,1),DATE(2020,6,30),0.04,${price},100,2,1)`)).toBeCloseTo(
      0.05,
      9,
    );
  });

  it('answers #NUM! as documented: settlement on or after maturity, a negative rate, frequency 3', () => {
    expect(calc('=PRICE(DATE(2018,1,1),DATE(2017,1,1),0.05,0.05,100,2)')).toBe('#NUM!');
    expect(calc('=PRICE(DATE(2016,1,1),DATE(2017,1,1),-0.05,0.05,100,2)')).toBe('#NUM!');
    expect(calc('=YIELD(DATE(2016,1,1),DATE(2017,1,1),0.05,99,100,3)')).toBe('#NUM!');
  });
});
