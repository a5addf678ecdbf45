// INT, ACOT, GCD and LCM as Excel answers them: Microsoft's documented examples ("MS example")
// and Excel's cached results in the conformance corpus (named by file and cell).
import { describe, expect, it } from 'vitest';
import { formulaValue, useWorkbooks } from '../../../test/support/workbook-bed.js';
import type { WireValue } from '../index.js';

const bed = useWorkbooks();

const calc = (formula: string, rows?: readonly (readonly WireValue[])[]): WireValue =>
  formulaValue(bed, formula, rows);

describe('INT', () => {
  it.each([
    ['=INT(8.9)', 8], // MS example
    ['=INT(-8.9)', -9], // MS example
    ['=INT(-7.9)', -8], // ironcalc MROUND_TRUNC_INT.xlsx Sheet2 B5
    ['=INT(-8.00001)', -9], // ibid. B10
    ['=INT(-TIME(2,30,0))', -1], // ibid. B30
    ['=INT("")', '#VALUE!'], // ibid. B23
  ])('%s is %j', (formula, expected) => {
    expect(calc(formula)).toBe(expected);
  });
});

describe('ACOT', () => {
  it('answers between 0 and π, for negative numbers too', () => {
    expect(calc('=ACOT(2)')).toBeCloseTo(0.4636, 4); // MS example
    expect(calc('=ACOT(-1)')).toBeCloseTo(2.356194490192345, 14); // ironcalc TRIGONOMETRIC A3
    expect(calc('=ACOT(-0.1)')).toBeCloseTo(1.5707963267948966 + Math.atan(0.1), 14);
    expect(calc('=ACOT(0)')).toBeCloseTo(Math.PI / 2, 14);
    expect(calc('=ACOT("x")')).toBe('#VALUE!');
  });
});

describe('GCD and LCM', () => {
  it('MS examples', () => {
    expect(calc('=GCD(5,2)')).toBe(1);
    expect(calc('=GCD(24,36)')).toBe(12);
    expect(calc('=GCD(7,1)')).toBe(1);
    expect(calc('=GCD(5,0)')).toBe(5);
    expect(calc('=LCM(5,2)')).toBe(10);
    expect(calc('=LCM(24,36)')).toBe(72);
  });

  it('truncate, and refuse negatives and numbers from 2^53 with #NUM!', () => {
    expect(calc('=LCM(7.5,4.5,7.7)')).toBe(28);
    expect(calc('=GCD(4.8,8.4,12)')).toBe(4);
    expect(calc('=LCM(-7.5,5)')).toBe('#NUM!');
    expect(calc('=GCD(1E+100,1E+50)')).toBe('#NUM!');
    expect(calc('=LCM(123456789,1000)')).toBe(123456789000);
    expect(calc('=LCM(0,5)')).toBe(0);
  });

  // ironcalc MATH_AND_TRIGONOMETRY--GCD_LCM.xlsx: D3 (empty C3), D13, D35, I13, I35.
  it('leave out an empty cell given alone, but count one inside a range as 0', () => {
    expect(calc('=LCM(A1,B1,C1)', [[10, 3, null]])).toBe(30);
    expect(calc('=LCM(A1,B1)', [[null, null]])).toBe('#VALUE!');
    expect(calc('=LCM(A1:B1)', [[null, 5]])).toBe(0);
    expect(calc('=GCD(A1:B1)', [[null, 5]])).toBe(5);
  });

  // ibid. rows 24, 27, 29, 36, 44, K24 and K27.
  it('read numeric text as numbers; other text, "" and TRUE/FALSE are #VALUE!', () => {
    expect(calc('=LCM(A1,B1)', [['8', 2]])).toBe(8);
    expect(calc('=LCM({4,"8",12})')).toBe(24);
    expect(calc('=LCM(A1:B1)', [[' 10 ', 3]])).toBe(30);
    expect(calc('=LCM({4,"eight",12})')).toBe('#VALUE!');
    expect(calc('=GCD(A1,B1)', [['@', 5]])).toBe('#VALUE!');
    expect(calc('=LCM(A1:B1)', [['=""', 5]])).toBe('#VALUE!');
    expect(calc('=GCD(TRUE,2)')).toBe('#VALUE!');
    expect(calc('=LCM(A1:B1)', [[true, 2]])).toBe('#VALUE!');
  });

  // ibid. D34 and E34 (C34 empty), D35 and E35 (A35 empty).
  it('are #N/A with an argument written as nothing, unlike an empty cell', () => {
    expect(calc('=LCM(,B1,C1)', [[null, 5, null]])).toBe('#N/A');
    expect(calc('=GCD(,B1,C1)', [[null, 5, null]])).toBe('#N/A');
    expect(calc('=GCD(5,)')).toBe('#N/A');
    expect(calc('=LCM(A1,B1,C1)', [[null, 5, null]])).toBe(5);
  });

  it('answer with the first error among the numbers', () => {
    expect(calc('=LCM(A1:B1)', [['=1/0', 5]])).toBe('#DIV/0!');
    expect(calc('=GCD(NA(),5)')).toBe('#N/A');
  });
});

// formulas test.xlsx, MATH & TRIG row 34 (G34 is -0.4, I34 "ciao").
describe('GCD and LCM check the range after the types', () => {
  it('a negative fraction is #NUM!, unless a value of the wrong type comes with it', () => {
    expect(calc('=GCD(-0.4)')).toBe('#NUM!');
    expect(calc('=LCM(A1:B1,C1)', [[0, 5.7, -0.4]])).toBe('#NUM!');
    expect(calc('=GCD(A1:B1)', [[-0.4, 'ciao']])).toBe('#VALUE!');
  });
});

describe('PRODUCT of no numbers is 0, as in Excel (ironcalc MATH_AND_TRIGONOMETRY--PRODUCT.xlsx G23, G24)', () => {
  it('is 0 over text, empty cells or references to them, and still 1 for PRODUCT(1)', () => {
    const rows = [['one'], ['two'], [null]];
    expect(calc('=PRODUCT(A1:A3)', rows)).toBe(0);
    expect(calc('=PRODUCT(A1,A2,A3)', rows)).toBe(0);
    expect(calc('=PRODUCT(A1:A3)*5+1', rows)).toBe(1);
    expect(calc('=PRODUCT(1)')).toBe(1);
    expect(calc('=PRODUCT(A1:A3,1)', rows)).toBe(1);
    expect(calc('=PRODUCT(TRUE)')).toBe(1);
    expect(calc('=PRODUCT(2,3)')).toBe(6);
  });
});

describe('NORMSDIST takes one argument, as Excel 2007 did', () => {
  it('is the standard normal cumulative distribution (Microsoft example: NORMSDIST(1.333333) = 0.908788726)', () => {
    expect(calc('=NORMSDIST(1.333333)')).toBeCloseTo(0.908788726, 9);
    expect(calc('=NORMSDIST(0)')).toBe(0.5);
    expect(calc('=NORMSDIST(1)')).toBeCloseTo(0.841344746068543, 14);
    expect(calc('=NORMSDIST(-0.1)')).toBeCloseTo(0.460172162722971, 14);
    expect(calc('=NORMSDIST("x")')).toBe('#VALUE!');
  });
});
