// IPMT, PPMT and MIRR: Microsoft's documented examples ("MS example") and Excel's cached results
// in the conformance corpus (ironcalc FINANCIAL--IPMT_PPMT.xlsx and FINANCIAL--MIRR.xlsx).
import { describe, expect, it } from 'vitest';
import { formulaValue, useWorkbooks } from '../../../test/support/workbook-bed.js';
import type { WireValue } from '../index.js';

const bed = useWorkbooks();

const calc = (formula: string): WireValue => formulaValue(bed, formula);

describe('IPMT and PPMT', () => {
  it.each([
    ['=IPMT(0.1/12,1,3*12,8000)', -66.67],
    ['=IPMT(0.1,3,3,8000)', -292.45],
    ['=PPMT(0.1/12,1,2*12,2000)', -75.62],
    ['=PPMT(0.08,10,10,200000)', -27598.05],
  ])('MS example %s is %d', (formula, expected) => {
    expect(calc(formula)).toBeCloseTo(expected, 2);
  });

  it('split each payment into interest and principal, payments in advance too', () => {
    const pmt = calc('=PMT(0.1,36,8000,0,1)') as number;
    const interest = calc('=IPMT(0.1,2,36,8000,0,1)') as number;
    expect(calc('=PPMT(0.1,2,36,8000,0,1)')).toBeCloseTo(pmt - interest, 9);
    expect(calc('=IPMT(0.1,1,36,8000,0,1)')).toBe(0);
    expect(calc('=IPMT(0,2,4,8000)')).toBe(0);
    expect(calc('=PPMT(0,2,4,8000)')).toBe(-2000);
  });

  // Rows 9, 10, 11 and 18: per -3, 0, 3 of 2, and 4 of 3.
  it.each([
    '=IPMT(0.1,-3,36,8000,0,1)',
    '=IPMT(0.1,0,36,8000)',
    '=IPMT(0.1,3,2,8000,0,1)',
    '=PPMT(0.1,4,3,8000,10,1)',
  ])('%s is #NUM! (per below 1 or from nper + 1 on)', (formula) => {
    expect(calc(formula)).toBe('#NUM!');
  });

  it('take a fractional per past nper but below nper + 1 (row 17: per 3.9 of 3)', () => {
    expect(calc('=IPMT(0.1,3.9,3,8000,10,1)')).toBeCloseTo(-26.866364667656377, 9);
    expect(calc('=IPMT(0.1,3.9,3,8000)')).toBeCloseTo(-30.51485756246893, 9);
    expect(calc('=PPMT(0.1,3.9,3,8000,10,1)')).toBeCloseTo(-2900.351432640776, 9);
    expect(calc('=PPMT(0.1,3.9,3,8000)')).toBeCloseTo(-3186.4035714405527, 9);
  });
});

describe('MIRR', () => {
  it.each([
    ['=MIRR({-120000,39000,30000,21000,37000,46000},0.1,0.12)', 0.126094],
    ['=MIRR({-120000,39000,30000,21000},0.1,0.12)', -0.048045],
    ['=MIRR({-120000,39000,30000,21000,37000,46000},0.1,0.14)', 0.134759],
  ])('MS example %s is %d', (formula, expected) => {
    expect(calc(formula)).toBeCloseTo(expected, 6);
  });

  it('discounts only outflows with the finance rate (F5: a rate of -1)', () => {
    expect(calc('=MIRR({-5,2,4},-1,0.2)')).toBeCloseTo(0.13137084989847603, 14);
    expect(calc('=MIRR({-5,5,-3},0.1,0.2)')).toBeCloseTo(-0.10433826432554272, 14);
  });

  it('answers -1 without inflows (F18) and #DIV/0! without outflows', () => {
    expect(calc('=MIRR({-6,-1,-2},0.1,0.2)')).toBe(-1);
    expect(calc('=MIRR({6,1,2},0.1,0.2)')).toBe('#DIV/0!');
  });
});

// ironcalc FINANCIAL--TBILLs.xlsx, column D (and Microsoft's TBILLEQ example).
describe('TBILLEQ', () => {
  it.each([
    ['=TBILLEQ(DATE(2008,3,31),DATE(2008,6,1),0.0914)', 0.094151494], // MS example
    ['=TBILLEQ(20000,20182,0.5)', 0.67843866171003719], // D2: 182 days, Microsoft's formula
    ['=TBILLEQ(2040,2223,0.8)', 1.364497682211261], // D24: 183 days, compounded
    ['=TBILLEQ(2040,2400,0.8)', 2.5066048253748145], // D4
    ['=TBILLEQ(45332,45650,1)', 4.457435931990497], // D30
    ['=TBILLEQ(14640,15005,0.5)', 0.84827597966524815], // D5: 365 days
    ['=TBILLEQ(14640,15006,0.5)', 0.85229613124917014], // D6: 366 days in a leap year
  ])('%s is %d', (formula, expected) => {
    expect(calc(formula)).toBeCloseTo(expected, 9);
  });

  it.each([
    ['=TBILLEQ(1000,1366,0.5)', '#NUM!'], // D8: more than a year
    ['=TBILLEQ(10000,20000,0.5)', '#NUM!'], // D13
    ['=TBILLEQ(45366,45731,0)', '#NUM!'],
    ['=TBILLEQ(TRUE,45731,0.5)', '#VALUE!'], // D12
    ['=TBILLEQ(45366,45731,TRUE)', '#VALUE!'], // D17
  ])('%s is %s', (formula, expected) => {
    expect(calc(formula)).toBe(expected);
  });
});

// ironcalc FINANCIAL--TBILLs.xlsx, column N (rows named).
describe('TBILLPRICE', () => {
  it.each([
    ['=TBILLPRICE(DATE(2008,3,31),DATE(2008,6,1),0.09)', 98.45], // MS example
    ['=TBILLPRICE(20000,20182,0.5)', 74.722222222222229], // N2
    ['=TBILLPRICE(14640,15006,0.5)', 49.166666666666671], // N6: 366 days in a leap year
    ['=TBILLPRICE("45366","45731","0.5")', 49.305555555555557], // N16
    ['=TBILLPRICE(45332,45650,1)', 11.66666666666667], // N30
  ])('%s is %d', (formula, expected) => {
    expect(calc(formula)).toBeCloseTo(expected, 9);
  });

  it.each([
    ['=TBILLPRICE(1000,1366,0.5)', '#NUM!'], // N8: more than a year
    ['=TBILLPRICE(45332,45650,-0.2)', '#NUM!'], // N27
    ['=TBILLPRICE(45332,45650,1.19)', '#NUM!'], // N31: no price left
    ['=TBILLPRICE(TRUE,45731,0.5)', '#VALUE!'], // N12
    ['=TBILLPRICE(45366,45731,TRUE)', '#VALUE!'], // N17
    ['=TBILLPRICE(NA(),45731,0.5)', '#N/A'], // N18
  ])('%s is %s', (formula, expected) => {
    expect(calc(formula)).toBe(expected);
  });
});

// ironcalc FINANCIAL--CUMPRINC_CUMIPMT.xlsx (rows named).
describe('CUMIPMT and CUMPRINC', () => {
  it('take a fractional start_period up and end_period down (rows 6, 10, 12)', () => {
    expect(calc('=CUMIPMT(0.01,36,8000,1.2,8.53,1)')).toBeCloseTo(-501.92756475693704, 9);
    expect(calc('=CUMPRINC(0.01,36,8000,1.2,8.53,1)')).toBeCloseTo(-1339.6579298169904, 9);
    expect(calc('=CUMIPMT(0.1,36,8000,1.5,10,1)')).toBeCloseTo(-6401.0968046696526, 9);
    expect(calc('=CUMPRINC(0.1,30,8000,1.9,10,1)')).toBeCloseTo(-660.42409021440051, 9);
  });

  it('answer #NUM! past nper, for start after end, a rate of 0 or a type not 0 or 1', () => {
    expect(calc('=CUMIPMT(0.1,2,8000,1,10,1)')).toBe('#NUM!');
    expect(calc('=CUMPRINC(0.3,12,8000,5.1,5,1)')).toBe('#NUM!');
    expect(calc('=CUMIPMT(0,9,300,3,10,1)')).toBe('#NUM!');
    expect(calc('=CUMPRINC(0.01,36,8000,3,10,0.7)')).toBe('#NUM!');
  });

  it('refuse TRUE and FALSE with #VALUE! but read numeric text (rows 26–28)', () => {
    expect(calc('=CUMIPMT(0.01,36,8000,TRUE,10,0)')).toBe('#VALUE!');
    expect(calc('=CUMPRINC(0.0083,36,8000,3,10,TRUE)')).toBe('#VALUE!');
    expect(calc('=CUMIPMT(7,36,8000,3,"10","1")')).toBeCloseTo(-56000, 9);
  });
});

// ironcalc FINANCIAL--NOMINAL_EFFECT.xlsx (rows named).
describe('EFFECT and NOMINAL', () => {
  it('truncate npery (row 8)', () => {
    expect(calc('=EFFECT(0.5,4.5)')).toBe(0.601806640625);
    expect(calc('=NOMINAL(0.5,4.5)')).toBeCloseTo(0.42672767880128681, 14);
  });

  it('answer #NUM! for a rate of 0 or below, or npery below 1 (rows 5, 6, 12)', () => {
    expect(calc('=EFFECT(0,10)')).toBe('#NUM!');
    expect(calc('=NOMINAL(-2,2)')).toBe('#NUM!');
    expect(calc('=NOMINAL(2,0.99)')).toBe('#NUM!');
  });

  it('refuse TRUE and FALSE with #VALUE! (rows 20, 21)', () => {
    expect(calc('=EFFECT(10,TRUE)')).toBe('#VALUE!');
    expect(calc('=NOMINAL(FALSE,2.9)')).toBe('#VALUE!');
  });
});

// ironcalc FINANCIAL--XNPV.xlsx (rows named) and formulas test.xlsx FINANCIAL row 56.
describe('XNPV', () => {
  const flows = [
    [-20, 8, 8, 8, 8, 8],
    [44958, 44986, 45017, 45078, 45108, 45139],
  ];

  it('discounts by whole days from the first date (rows 2, 12)', () => {
    expect(
      formulaValue(bed, '=XNPV(0.1,A1:F1,A2:F2)', [
        [-20, 5, 5, 5, 5, 5],
        [44958, 44986, 45017, 45078, 45108, 45139],
      ]),
    ).toBeCloseTo(4.3100134159702428, 12);
    expect(
      formulaValue(bed, '=XNPV(0.2,A1:F1,A2:F2)', [
        [-20, 9, 9, 9, 9, 9],
        [23, 23.67, 123.69, 400.992, 500, 500],
      ]),
    ).toBeCloseTo(19.200525492837638, 12);
  });

  it('answers #NUM! for a rate of 0 or below (rows 13, 14; S56, U56)', () => {
    expect(formulaValue(bed, '=XNPV(-0.3,A1:F1,A2:F2)', flows)).toBe('#NUM!');
    expect(formulaValue(bed, '=XNPV(0,A1:F1,A2:F2)', flows)).toBe('#NUM!');
  });

  it('answers #NUM! for text, TRUE or an empty cell among the values (rows 7–9)', () => {
    expect(
      formulaValue(bed, '=XNPV(0.1,A1:F1,A2:F2)', [['x', ...flows[0]!.slice(1)], flows[1]!]),
    ).toBe('#NUM!');
    expect(formulaValue(bed, '=XNPV(0.1,A1:F1,A2:F2)', [[-20, true, 8, 8, 8, 8], flows[1]!])).toBe(
      '#NUM!',
    );
    expect(formulaValue(bed, '=XNPV(0.1,A1:F1,A2:F2)', [[-20, null, 8, 8, 8, 8], flows[1]!])).toBe(
      '#NUM!',
    );
  });

  it('answers an error among the values, and #VALUE! for a rate of TRUE (row 10; Z56)', () => {
    expect(formulaValue(bed, '=XNPV(0.1,{-20,1,1},{1,2,#DIV/0!})')).toBe('#DIV/0!');
    expect(formulaValue(bed, '=XNPV(TRUE,A1:F1,A2:F2)', flows)).toBe('#VALUE!');
  });
});

describe('IRR', () => {
  it.each([
    // MS example: -70,000 then 12,000 … 18,000 over four and five years.
    ['=IRR({-70000,12000,15000,18000,21000})', -0.021244848273410923],
    ['=IRR({-70000,12000,15000,18000,21000,26000})', 0.08663094803653171],
    ['=IRR({-70000,12000,15000},-0.1)', -0.44350694133493618],
    // formulas test.xlsx FINANCIAL R27, V27; ironcalc FINANCIAL--IRR.xlsx General L2, L6.
    ['=IRR({-7,2,-1,4,-3;7,2,-1,4,4})', 0.19086464188385688],
    ['=IRR({-0.1,2,0,4,5},5)', 19.105109618637595],
    ['=IRR({-20,5,5,5,5,5})', 0.079308261160397242],
    ['=IRR({20,-5,-20,-5,-10,5})', 0.30348071959875655],
  ])('%s is %d', (formula, expected) => {
    expect(calc(formula)).toBeCloseTo(expected, 11);
  });

  it('answers #VALUE! for an error among the values, whatever its kind', () => {
    expect(calc('=IRR({-7,2,-1,4,-3;7,2,-1,4,#N/A})')).toBe('#VALUE!');
    expect(calc('=IRR({-7,2,-1,4,-3;7,2,-1,4,#DIV/0!})')).toBe('#VALUE!');
  });

  it('passes on an error in the guess, and refuses a guess of -1 or below', () => {
    expect(calc('=IRR({-7,2,-1,4},NA())')).toBe('#N/A');
    expect(calc('=IRR({-20,5,5,5},-1)')).toBe('#VALUE!');
  });

  it('is #NUM! without both an inflow and an outflow', () => {
    expect(calc('=IRR({20,5,5,5,5,5})')).toBe('#NUM!');
    expect(calc('=IRR({7,2,-1,4,-3;7,2,-1,4,4},3)')).toBe('#NUM!');
  });

  it('leaves text, logical values and empty cells of a range out', () => {
    const rows: WireValue[][] = [[-70, 12, 'x', true, null, 15]];
    expect(formulaValue(bed, '=IRR(A1:F1)', rows)).toBeCloseTo(-0.44350694133432755, 12);
  });
});

// formulas test.xlsx FINANCIAL rows 54–55 and ironcalc FINANCIAL--XIRR.xlsx (cells named).
describe('XIRR', () => {
  const flows = '{-10000,2750,4250,3250,2750}';
  const dates = '{39448,39508,39751,39859,39904}';

  it('MS example: 0.373362535', () => {
    expect(calc(`=XIRR(${flows},${dates},0.1)`)).toBeCloseTo(0.373362535, 8);
    expect(calc(`=XIRR(${flows},${dates})`)).toBeCloseTo(0.373362535, 8);
  });

  it('refuses TRUE or FALSE as the guess (Y54)', () => {
    expect(calc(`=XIRR(${flows},${dates},TRUE)`)).toBe('#VALUE!');
  });

  it('answers the first error of the guess, then the dates, then the values (U54, V54)', () => {
    expect(calc('=XIRR({-10,#N/A,1,2,7},{3,#REF!,7,4,9})')).toBe('#REF!');
    expect(calc('=XIRR({-10,#N/A,1,2,7},{3,#VALUE!,7,4,9},#REF!)')).toBe('#REF!');
    expect(calc('=XIRR({-10,#N/A,1,2,7},{3,5,7,8,9})')).toBe('#N/A');
  });

  // Excel's answers are bisection midpoints 1e-9 to 2e-8 from the exact root, so these compare to
  // 14 places: Newton's root (1.18591620798…, 0.59931975575…) fails them.
  const monthly = '{44958,44986,45017,45078,45108,45139}';
  const later = '{45292,45323,45353,45386,45782,46179}';

  it('bisects [x, 2x] from doubling the guess when the root lies above it (R2)', () => {
    expect(calc(`=XIRR({-20,5,5,5,5,5},${monthly})`)).toBeCloseTo(1.1859161972999572, 14);
    expect(calc('=XIRR({-10000,3000,4200,6800},{41275,41306,41334,41365})')).toBeCloseTo(
      5.315237760543824,
      13,
    );
  });

  it('bisects [x/2, x] from halving the guess, so guesses 1 and 4 agree (R54, V55)', () => {
    const schedule = '{-10,1,5,0.0001,4.5},{1,99,55,4,9}';
    expect(calc(`=XIRR(${schedule},1)`)).toBeCloseTo(0.5993197485804558, 14);
    expect(calc(`=XIRR(${schedule},4)`)).toBeCloseTo(0.5993197485804558, 14);
    expect(calc(`=XIRR(${schedule})`)).toBeCloseTo(0.5993197500705721, 14);
  });

  it('bisects [-1, -guess] for a root below 0, halving on near -1 until the value is small (R14, R17)', () => {
    expect(calc(`=XIRR({-100,23,30,10,20,5},${monthly})`)).toBeCloseTo(-0.4135234050452709, 14);
    expect(calc(`=XIRR({40,-5,-5,-5,-5,-5},${later})`)).toBeCloseTo(-0.3589630894362927, 14);
    expect(calc(`=XIRR({-400,1,1,1,1,1},${later})`)).toBeCloseTo(-0.9121843662112951, 14);
    expect(calc(`=XIRR({-400,100,10,5,6,5},${monthly})`)).toBeCloseTo(-0.9977533546974883, 14);
  });

  it('is #NUM! when the search finds no bracket: a negative guess below the root, a root at -1 in doubles (S55, R3)', () => {
    expect(calc('=XIRR({-10,1,5,0.0001,4.5},{1,99,55,4,9},-0.1)')).toBe('#NUM!');
    expect(calc('=XIRR({-1000,230,200,125,200,10},{1,2,3,4,5,6})')).toBe('#NUM!');
  });

  it('leaves out a pair of empty cells and reads text that is a number (AD54, AE54)', () => {
    const rows = [
      [-10, 1, 5, 0.0001, 4.5, null, '="1"'],
      [1, 99, 55, 4, 9, null, 32015],
    ];
    expect(formulaValue(bed, '=XIRR(A1:F1,A2:F2)', rows)).toBeCloseTo(0.5993197500705721, 14);
    expect(formulaValue(bed, '=XIRR(A1:G1,A2:G2)', rows)).toBeCloseTo(0.5993197500705721, 14);
    expect(formulaValue(bed, '=XIRR(A1:E1,A2:F2)', rows)).toBe('#NUM!');
  });

  it('is #VALUE! for text among the values, #NUM! for a date before the first (R8, R11)', () => {
    expect(calc('=XIRR({-70,12,"x"},{44958,44986,45017})')).toBe('#VALUE!');
    expect(calc('=XIRR({-20,8,8},{-100,1,2})')).toBe('#NUM!');
    expect(calc('=XIRR({20,1,2},{44958,44986,45017})')).toBe('#NUM!');
  });
});
