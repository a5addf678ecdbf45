// Excel's date serials at their edges (serial 0, 1900's 29 February, past 9999) and the empty
// text "" read as no number: Microsoft's documented rules and Excel's cached results in the
// conformance corpus (named by file and cell).
import { describe, expect, it } from 'vitest';
import { formulaValue, useWorkbooks } from '../../../test/support/workbook-bed.js';
import type { WireValue } from '../index.js';

const bed = useWorkbooks();

const calc = (formula: string, rows?: readonly (readonly WireValue[])[]): WireValue =>
  formulaValue(bed, formula, rows);

describe('date serials as Excel counts them', () => {
  it.each([
    ['=DATE(1900,1,1)', 1],
    ['=DATE(1900,2,29)', 60],
    ['=DATE(1900,3,1)', 61],
    ['=DATE(2024,1,10)', 45301],
    ['=DAY(1)', 1], // poi FormulaEvalTestData DAY(1)
    ['=MONTH(1)', 1],
    ['=DAY(60)', 29], // ironcalc docs--DAY.xlsx DAY(DATE(1900,2,29))
    ['=MONTH(60)', 2],
    ['=DAY(59)', 28],
    ['=WEEKDAY(1)', 1],
    ['=DATEVALUE("1/1/1900")', 1],
  ])('%s is %j', (formula, expected) => {
    expect(calc(formula)).toBe(expected);
  });

  // ironcalc docs--DAY.xlsx, docs--MONTH.xlsx; pycel date-time.xlsx B1/C1.
  it('serial 0 is 0 January 1900', () => {
    expect(calc('=DAY(0)')).toBe(0);
    expect(calc('=MONTH(0)')).toBe(1);
    expect(calc('=YEAR(0)')).toBe(1900);
    expect(calc('=EDATE(0,1)')).toBe(31);
  });

  it('DAY, MONTH and YEAR refuse serials past 31 December 9999', () => {
    expect(calc('=DAY(2958465)')).toBe(31);
    expect(calc('=DAY(2958466)')).toBe('#NUM!');
    expect(calc('=MONTH(2958466)')).toBe('#NUM!');
    expect(calc('=YEAR(2958466)')).toBe('#NUM!');
    expect(calc('=YEAR(-1)')).toBe('#NUM!');
  });
});

describe('the empty text "" is not a number', () => {
  it.each([
    ['=""+1', '#VALUE!'],
    ['=A1*2', '#VALUE!'],
    ['=MROUND(A1,3)', '#VALUE!'], // ironcalc MROUND_TRUNC_INT.xlsx MROUND(A25,B25)
    ['=SIGN(A1)', '#VALUE!'],
  ])('%s is %j when A1 holds =""', (formula, expected) => {
    expect(calc(formula, [['=""']])).toBe(expected);
  });

  it('an empty cell still counts as 0, and "" still joins as text', () => {
    expect(calc('=B1+1')).toBe(1);
    expect(calc('=A1&"x"', [['=""']])).toBe('x');
    expect(calc('=SUM(A1:A2)', [['=""'], [2]])).toBe(2);
  });
});

describe('YEARFRAC checks its basis before its dates (pycel yearfrac.xlsx YEARFRAC!K3:U16)', () => {
  it('answers #NUM! for a basis outside 0–4 whatever the dates hold', () => {
    expect(calc('=YEARFRAC(1/0,200,-1)')).toBe('#NUM!');
    expect(calc('=YEARFRAC(1,200,5)')).toBe('#NUM!');
  });

  it("answers #VALUE! for TRUE or text as the basis, and the basis's own error before a date's", () => {
    expect(calc('=YEARFRAC(1,200,TRUE)')).toBe('#VALUE!');
    expect(calc('=YEARFRAC(-1,200,"plugh")')).toBe('#VALUE!');
    expect(calc('=YEARFRAC(1/0,200,NA())')).toBe('#N/A');
  });

  it('refuses dates past 31 December 9999 with #NUM!, and keeps its answers within them', () => {
    expect(calc('=YEARFRAC(2958466,200,0)')).toBe('#NUM!');
    expect(calc('=YEARFRAC(1,2958466,0)')).toBe('#NUM!');
    expect(calc('=YEARFRAC(DATE(2012,1,1),DATE(2012,7,30),0)')).toBeCloseTo(0.58055556, 8);
    expect(calc('=YEARFRAC(DATE(2012,1,1),DATE(2012,7,30),"3")')).toBeCloseTo(0.57808219, 8);
  });
});

describe('EDATE and EOMONTH shift by whole months (ironcalc DATE_DAY_MONTH_YEAR, EOMONTH)', () => {
  it('truncate a fractional number of months toward zero', () => {
    expect(calc('=EDATE(32112,-235.5)')).toBe(24959);
    expect(calc('=EDATE(32113,-11.2)')).toBe(31779);
    expect(calc('=EDATE(32112,82.9)')).toBe(34608);
    expect(calc('=EOMONTH(44987,4.5)')).toBe(45138);
    expect(calc('=EOMONTH(44987,-4.7)')).toBe(44895);
    expect(calc('=EOMONTH(44987,-1240.333)')).toBe(7274);
  });

  it('read months given as text, a date text as its serial (formulas test.xlsx T9, W9)', () => {
    expect(calc('=EDATE(1,".55")')).toBe(1);
    expect(calc('=EOMONTH(1,".55")')).toBe(31);
    expect(calc('=EOMONTH(44987,"2")')).toBe(45077);
  });

  it('refuse TRUE and FALSE with #VALUE! (EOMONTH C11, C12; pycel date-time K12)', () => {
    expect(calc('=EOMONTH(44987,TRUE)')).toBe('#VALUE!');
    expect(calc('=EDATE(366,FALSE)')).toBe('#VALUE!');
    expect(calc('=EDATE(TRUE,0)')).toBe('#VALUE!');
    expect(calc('=EOMONTH(A1,0)', [[true]])).toBe('#VALUE!');
  });

  it('answer #NUM! before 1900 (DATE_DAY_MONTH_YEAR I15)', () => {
    expect(calc('=EDATE(61,-7)')).toBe('#NUM!');
  });
});

// ironcalc DATE_AND_TIME--DAYS_DAYS360.xlsx column D, and Microsoft's DAYS360 page.
describe("DAYS360 counts as Excel's US and European methods do", () => {
  it.each([
    // An end on February's last day stays as it is (the NASD rule would make it 360).
    ['=DAYS360(DATE(2024,2,29),DATE(2025,2,28))', 358],
    ['=DAYS360(DATE(2025,2,28),DATE(2025,3,1))', 1],
    ['=DAYS360(DATE(2024,2,28),DATE(2024,3,1))', 3],
    // A start on February's last day is the 30th before the end's 31st is looked at.
    ['=DAYS360(DATE(2024,2,29),DATE(2024,3,31))', 30],
    ['=DAYS360(DATE(2025,6,30),DATE(2025,7,31))', 30],
    ['=DAYS360(DATE(2025,7,30),DATE(2025,7,31))', 0],
    ['=DAYS360(DATE(2025,1,15),DATE(2025,1,31))', 16],
    ['=DAYS360(DATE(2024,1,31),DATE(2024,2,28))', 28],
    // Dates are read to the nearest second: 46000.999999 is 10 December.
    ['=DAYS360(45992.000001,46000.999999)', 9],
    ['=DAYS360(DATE(2025,1,10)+TIME(0,1,0),DATE(2025,1,10)+TIME(23,59,0))', 0],
    ['=DAYS360(DATE(2025,1,10),DATE(2025,1,1))', -9],
    // The European method: the 31st is the 30th, at either end.
    ['=DAYS360(DATE(2024,2,29),DATE(2024,3,31),TRUE)', 31],
    ['=DAYS360(DATE(2025,1,31),DATE(2025,3,31),TRUE)', 60],
    ['=DAYS360(-10,-5)', '#NUM!'],
  ])('%s is %j', (formula, expected) => {
    expect(calc(formula)).toBe(expected);
  });
});

// ironcalc DATE_AND_TIME--DATE.xlsx (Excel's cached #NUM! for DATE(9999,13,-1)) and Microsoft's
// DATE page: a year 0–1899 counts from 1900, past 9999 is #NUM!.
describe('DATE refuses years past 9999, after months carry', () => {
  it.each([
    ['=DATE(9999,13,-1)', '#NUM!'],
    ['=DATE(10000,1,-1)', '#NUM!'],
    ['=DATE(9999,12,31)', 2_958_465],
    ['=DATE(9999,12,32)', '#NUM!'],
    ['=DATE(9998,13,1)', 2_958_101],
    ['=DATE(100,1,1)', 36_526],
    ['=DATE(0,1,1)', 1],
    ['=DATE(2024,0,1)', 45_261],
    ['=DATE(2024,-1,1)', 45_231],
    ['=DATE(1900,1,0)', 0],
    ['=DATE(1900,0,1)', '#NUM!'],
    ['=DATE(2024.9,2.9,29.9)', 45_351],
  ])('%s is %j', (formula, expected) => {
    expect(calc(formula)).toBe(expected);
  });
});
