// IPMT, PPMT and MIRR: Microsoft's documented examples ("MS example") and Excel's cached results
// in the conformance corpus (ironcalc FINANCIAL--IPMT_PPMT.xlsx and FINANCIAL--MIRR.xlsx).
import { describe, expect, it } from 'vitest';
import { useWorkbooks, valueAt, writeCell } from '../../../test/support/workbook-bed.js';
import type { WireValue } from '../index.js';

const bed = useWorkbooks();

function calc(formula: string): WireValue {
  const book = bed.open();
  writeCell(book, 'A1', formula);
  return valueAt(book, 'A1');
}

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
  ])('%s is #NUM! (per outside 1 … nper)', (formula) => {
    expect(calc(formula)).toBe('#NUM!');
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
