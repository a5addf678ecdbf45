// VDB: Microsoft's documented examples and Excel's cached results for fractional periods
// (koala tests--excel--VDB.xlsx, Sheet1).
import { describe, expect, it } from 'vitest';
import { formulaValue, useWorkbooks } from '../../../test/support/workbook-bed.js';
import type { WireValue } from '../index.js';

const bed = useWorkbooks();

const calc = (formula: string): WireValue => formulaValue(bed, formula);

describe('VDB', () => {
  it.each([
    ['=VDB(2400,300,10*365,0,1)', 1.32],
    ['=VDB(2400,300,10*12,0,1)', 40.0],
    ['=VDB(2400,300,10,0,1)', 480.0],
    ['=VDB(2400,300,10*12,6,18)', 396.31],
    ['=VDB(2400,300,10*12,6,18,1.5)', 311.81],
    ['=VDB(2400,300,10,0,0.875,1.5)', 315.0],
  ])('MS example %s is %d', (formula, expected) => {
    expect(calc(formula)).toBeCloseTo(expected, 2);
  });

  it.each([
    ['=VDB(575000,5000,10,0,1,1.5)', 86250], // F7
    ['=VDB(575000,5000,10,3,5,1.5,FALSE)', 102160.546875], // K7
    ['=VDB(575000,5000,10,9,10,1.5)', 49192.265625], // F16, after the switch to straight line
    ['=VDB(1,0,14,0,0.5,1.25,FALSE)', 0.044642857142857144], // D23
    ['=VDB(1,0,14,2.5,3.5,1.25,FALSE)', 0.070747651938645364], // D26
    ['=VDB(1,0,14,11.5,12.5,1.25,FALSE)', 0.068726290454684064], // F27
    ['=VDB(1,0,14,11,12,1.25,FALSE)', 0.068667899383779485], // F28
    ['=VDB(1,0,14,13.5,14,1.25,FALSE)', 0.034363145227342032], // F23
  ])('runs fractional periods from the start’s fraction: %s', (formula, expected) => {
    expect(calc(formula)).toBeCloseTo(expected, 12);
  });

  it('no_switch keeps the declining balance', () => {
    const declining = 575000 * 0.85 ** 9 * 0.15;
    expect(calc('=VDB(575000,5000,10,9,10,1.5,TRUE)')).toBeCloseTo(declining, 6);
    expect(calc('=VDB(575000,5000,10,9,10,1.5,FALSE)')).toBeCloseTo(49192.265625, 6);
    // Never below salvage: the last period takes only what is left above it.
    expect(calc('=VDB(2400,300,10,9,10,2,TRUE)')).toBeCloseTo(2400 * 0.8 ** 9 - 300, 9);
  });

  it('answers #NUM! for periods outside the life or negative amounts', () => {
    expect(calc('=VDB(2400,300,10,6,18)')).toBe('#NUM!');
    expect(calc('=VDB(2400,300,10,5,4)')).toBe('#NUM!');
    expect(calc('=VDB(-1,0,10,0,1)')).toBe('#NUM!');
    expect(calc('=VDB(2400,300,0,0,0)')).toBe('#NUM!');
  });
});

// ironcalc FINANCIAL--DB_DDB.xlsx (rows named).
describe('DB', () => {
  it('MS example: the first year of seven months', () => {
    expect(calc('=DB(1000000,100000,6,1,7)')).toBeCloseTo(186083.33, 2);
  });

  it('truncates a fractional month and period (rows 10, 13, 39)', () => {
    expect(calc('=DB(100,10,4,3,9.2222)')).toBeCloseTo(16.5293754, 10);
    expect(calc('=DB(100,10.233,4.2312,3.2,12)')).toBeCloseTo(14.1733713, 10);
    expect(calc('=DB(12,10,4,4.5,2)')).toBeCloseTo(0.48879979875, 12);
  });

  it('depreciates the rest of the last year in period life + 1 (row 42)', () => {
    expect(calc('=DB(23,10,4,5,2)')).toBeCloseTo(1.8687313963962309, 12);
  });

  it('goes negative when salvage is above cost (rows 31, 36)', () => {
    expect(calc('=DB(1,10,4,1,2)')).toBeCloseTo(-0.12966666666666665, 14);
    expect(calc('=DB(23.89,34.78,4,3,2)')).toBeCloseTo(-2.61264699948, 12);
  });

  it('answers #NUM! for month outside 1–12, an empty month cell, or a negative cost', () => {
    expect(calc('=DB(100,10,4,3,13)')).toBe('#NUM!');
    expect(calc('=DB(100,10,4,3,A1)')).toBe('#NUM!');
    expect(calc('=DB(-3,10,4,2,2)')).toBe('#NUM!');
    expect(calc('=DB(0,10,4,1,2)')).toBe(0);
  });
});

// ironcalc FINANCIAL--DB_DDB.xlsx (rows named).
describe('DDB', () => {
  it('MS examples', () => {
    expect(calc('=DDB(2400,300,10*365,1)')).toBeCloseTo(1.32, 2);
    expect(calc('=DDB(2400,300,10*12,1,2)')).toBeCloseTo(40, 10);
    expect(calc('=DDB(2400,300,10,1,2)')).toBeCloseTo(480, 10);
    expect(calc('=DDB(2400,300,10,2,1.5)')).toBeCloseTo(306, 10);
    expect(calc('=DDB(2400,300,10,10)')).toBeCloseTo(22.12, 2);
  });

  it('takes a fractional life and period (row 13)', () => {
    expect(calc('=DDB(100,10.233,4.2312,3.2,1.5)')).toBeCloseTo(13.532735530775124, 10);
  });

  it('answers #NUM! for a period of 0 or an empty factor cell, 2 for an omitted factor (rows 14, 20, 21)', () => {
    expect(calc('=DDB(100,10,4,0,2)')).toBe('#NUM!');
    expect(calc('=DDB(100,10,4,3,A1)')).toBe('#NUM!');
    expect(calc('=DDB(100,10,4,1)')).toBe(50);
    expect(calc('=DDB(100,10,4,5)')).toBe('#NUM!');
  });
});
