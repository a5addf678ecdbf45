// Built-ins replaced to answer as Excel does (excel-corrections.ts): Microsoft's documented
// examples ("MS example") and the cases HyperFormula got wrong.
import { describe, expect, it } from 'vitest';
import {
  formulaValue,
  useWorkbooks,
  valueAt,
  writeCell,
} from '../../../test/support/workbook-bed.js';
import type { WireValue } from '../index.js';

const bed = useWorkbooks();

const calc = (formula: string): WireValue => formulaValue(bed, formula);

describe('ROUND, ROUNDUP and ROUNDDOWN', () => {
  it.each([
    ['=ROUND(2.15,1)', 2.2],
    ['=ROUND(2.149,1)', 2.1],
    ['=ROUND(-1.475,2)', -1.48],
    ['=ROUND(21.5,-1)', 20],
    ['=ROUND(626.3,-3)', 1000],
    ['=ROUND(1.98,-1)', 0],
    ['=ROUND(-50.55,-2)', -100],
    ['=ROUNDUP(3.2,0)', 4],
    ['=ROUNDUP(76.9,0)', 77],
    ['=ROUNDUP(3.14159,3)', 3.142],
    ['=ROUNDUP(-3.14159,1)', -3.2],
    ['=ROUNDUP(31415.92654,-2)', 31500],
    ['=ROUNDDOWN(3.2,0)', 3],
    ['=ROUNDDOWN(76.9,0)', 76],
    ['=ROUNDDOWN(3.14159,3)', 3.141],
    ['=ROUNDDOWN(-3.14159,1)', -3.1],
    ['=ROUNDDOWN(31415.92654,-2)', 31400],
  ])('MS example %s is %d', (formula, expected) => {
    expect(calc(formula)).toBe(expected);
  });

  it('num_digits is truncated to an integer', () => {
    expect(calc('=ROUND(7.123,0.5)')).toBe(7);
    expect(calc('=ROUND(7.163,1.9)')).toBe(7.2);
    expect(calc('=ROUNDUP(7.123,-0.5)')).toBe(8);
  });

  it('TRUNC truncates num_digits and reads the 15 significant digits Excel keeps', () => {
    expect(calc('=TRUNC(8.9)')).toBe(8); // MS example
    expect(calc('=TRUNC(-8.9)')).toBe(-8); // MS example
    expect(calc('=TRUNC(10.2,0.5)')).toBe(10); // ironcalc MROUND_TRUNC_INT.xlsx TRUNC!C13
    expect(calc('=TRUNC(1.23456789,0.0001)')).toBe(1); // ibid. C16
    expect(calc('=TRUNC(0.234,1.9)')).toBe(0.2); // formulas test.xlsx MATH & TRIG!V82
    expect(calc('=TRUNC(1,PI())')).toBe(1); // ironcalc C62
    expect(calc('=TRUNC(123456789,1000)')).toBe(123456789); // ibid. C17
    expect(calc('=TRUNC(1E+100,1E+50)')).toBe(1e100); // ibid. C48
    expect(calc('=TRUNC(-0.7999999999999998,1)')).toBe(-0.8); // formulas test.xlsx EXTRA!C24
    expect(calc('=TRUNC(0.29,2)')).toBe(0.29);
    expect(calc('=TRUNC(1234.567,-2)')).toBe(1200);
  });

  it('works on the 15 significant digits Excel keeps', () => {
    expect(calc('=ROUNDUP(0.1+0.2,1)')).toBe(0.3);
    expect(calc('=ROUND(1.005,2)')).toBe(1.01);
    expect(calc('=ROUNDDOWN(2.3*3,1)')).toBe(6.9);
  });

  it('text that is not a number is #VALUE!', () => {
    expect(calc('=ROUND("x",1)')).toBe('#VALUE!');
  });
});

describe('ISODD and ISEVEN', () => {
  it.each([
    ['=ISODD(-1)', true],
    ['=ISODD(2.5)', false],
    ['=ISODD(5)', true],
    ['=ISODD(-2.9)', false],
    ['=ISEVEN(-1)', false],
    ['=ISEVEN(2.5)', true],
    ['=ISEVEN(5)', false],
    ['=ISEVEN(0)', true],
    ['=ISEVEN(B9)', true],
  ])('%s is %s', (formula, expected) => {
    expect(calc(formula)).toBe(expected);
  });

  it('TRUE, FALSE and text that is not a number are #VALUE!', () => {
    expect(calc('=ISODD(TRUE)')).toBe('#VALUE!');
    expect(calc('=ISEVEN("a")')).toBe('#VALUE!');
  });
});

describe('DATEDIF', () => {
  it.each([
    ['=DATEDIF(DATE(2001,1,1),DATE(2003,1,1),"Y")', 2],
    ['=DATEDIF(DATE(2001,6,1),DATE(2002,8,15),"D")', 440],
    ['=DATEDIF(DATE(2001,6,1),DATE(2002,8,15),"YD")', 75],
    ['=DATEDIF(DATE(2001,6,1),DATE(2002,8,15),"MD")', 14],
    ['=DATEDIF(DATE(2001,6,1),DATE(2002,8,15),"YM")', 2],
    ['=DATEDIF(DATE(2001,6,1),DATE(2002,8,15),"M")', 14],
  ])('MS example %s is %d', (formula, expected) => {
    expect(calc(formula)).toBe(expected);
  });

  it('takes its unit in any case', () => {
    expect(calc('=DATEDIF(DATE(2020,1,1),DATE(2021,3,1),"m")')).toBe(14);
    expect(calc('=DATEDIF(DATE(2020,1,1),DATE(2021,3,1),"ym")')).toBe(2);
    expect(calc('=DATEDIF(DATE(2020,1,10),DATE(2020,3,5),"md")')).toBe(24);
  });

  it('counts a month only once its day is reached', () => {
    expect(calc('=DATEDIF(DATE(2020,1,31),DATE(2020,2,29),"M")')).toBe(0);
    expect(calc('=DATEDIF(DATE(2020,2,29),DATE(2021,2,28),"Y")')).toBe(0);
  });

  it('a start after the end, or an unknown unit, is #NUM!', () => {
    expect(calc('=DATEDIF(DATE(2021,1,1),DATE(2020,1,1),"D")')).toBe('#NUM!');
    expect(calc('=DATEDIF(DATE(2020,1,1),DATE(2021,1,1),"W")')).toBe('#NUM!');
  });
});

describe('text read as a date', () => {
  it('month first, as Excel in en-US reads it, and ISO dates', () => {
    expect(calc('=DATEVALUE("1/15/2024")')).toBe(45306);
    expect(calc('=VALUE("2024-01-15")')).toBe(45306);
    expect(calc('="1/15/2024"+0')).toBe(45306);
    expect(calc('=DATEVALUE("2/1/2024")')).toBe(45323); // 1 February: month first when both fit
  });

  it('day first only when month first is impossible (the first number is over 12)', () => {
    expect(calc('=DATEVALUE("15/01/2024")')).toBe(45306);
    expect(calc('=DATEVALUE("15/01/24")')).toBe(45306);
    expect(calc('="29/02/1900"+0')).toBe(60); // formulas/test.xlsx STATISTICAL!I13, day-first Excel
    expect(calc('=DATEVALUE("15/13/2024")')).toBe('#VALUE!');
    expect(calc('=DATEVALUE("2/30/2024")')).toBe('#VALUE!');
  });

  it('a date with spaces around it is no date, a number with spaces around it is one', () => {
    expect(calc('=EXP(" 2024-01-10 ")')).toBe('#VALUE!');
    expect(calc('="2024-01-10"+0')).toBe(45301);
    expect(calc('=" 10 "+0')).toBe(10);
  });
});

describe('text with a currency sign read as a number', () => {
  it('reads the dollar and the euro, before or after the number', () => {
    expect(calc('="$100"+0')).toBe(100);
    expect(calc('="€100"+0')).toBe(100);
    expect(calc('=VALUE("100€")')).toBe(100);
    expect(calc('=EXP(" €100 ")')).toBeCloseTo(2.6881171418161356e43, -30);
    expect(calc('="£100"+0')).toBe('#VALUE!');
  });
});

describe('XLOOKUP with arguments written empty', () => {
  it('answers #N/A for a value not found when if_not_found is empty (it is left out)', () => {
    expect(calc('=XLOOKUP(9,{1;2;3},{10;20;30},,0)')).toBe('#N/A');
    expect(calc('=XLOOKUP(2,{1;2;3},{10;20;30},,,)')).toBe(20);
  });

  it('MS example: if_not_found given is the answer when nothing matches', () => {
    expect(calc('=XLOOKUP(9,{1;2;3},{10;20;30},"ID not found")')).toBe('ID not found');
  });
});

describe('criteria that are empty cells', () => {
  it('count as 0 in COUNTIF, COUNTIFS, SUMIF and AVERAGEIF, as Microsoft documents', () => {
    const book = bed.open();
    writeCell(book, 'A1', 0);
    writeCell(book, 'A2', 5);
    writeCell(book, 'A3', 0);
    writeCell(book, 'B1', 7);
    writeCell(book, 'B2', 1);
    writeCell(book, 'B3', 2);
    writeCell(book, 'D1', '=COUNTIF(A1:A3,C1)');
    writeCell(book, 'D2', '=COUNTIFS(A1:A3,C1)');
    writeCell(book, 'D3', '=SUMIF(A1:A3,C1,B1:B3)');
    writeCell(book, 'D4', '=AVERAGEIF(A1:A3,C1,B1:B3)');
    expect(valueAt(book, 'D1')).toBe(2);
    expect(valueAt(book, 'D2')).toBe(2);
    expect(valueAt(book, 'D3')).toBe(9);
    expect(valueAt(book, 'D4')).toBe(4.5);
  });
});

describe('AND, OR and XOR', () => {
  it.each([
    // MS examples.
    ['=AND(TRUE,TRUE)', true],
    ['=AND(TRUE,FALSE)', false],
    ['=AND(2+2=4,2+3=5)', true],
    ['=OR(1+1=1,2+2=5)', false],
    ['=OR(TRUE,FALSE)', true],
    ['=XOR(3>0,2<9)', false],
    ['=XOR(3>12,4>6)', false],
    ['=XOR(3>0,4>6)', true],
  ])('%s is %s', (formula, expected) => {
    expect(calc(formula)).toBe(expected);
  });

  it('skip text and empty cells in ranges, and answer #VALUE! when no logical value is left', () => {
    const book = bed.open();
    writeCell(book, 'A1', 'text');
    writeCell(book, 'B1', true);
    writeCell(book, 'D1', '=AND(A1:C1)');
    writeCell(book, 'D2', '=OR(A1,C1)');
    writeCell(book, 'D3', '=XOR(A1:C1,1)');
    writeCell(book, 'D4', '=AND(C1:C3)');
    expect(valueAt(book, 'D1')).toBe(true);
    expect(valueAt(book, 'D2')).toBe('#VALUE!');
    expect(valueAt(book, 'D3')).toBe(false);
    expect(valueAt(book, 'D4')).toBe('#VALUE!');
  });

  it('answer the first error among the arguments', () => {
    expect(calc('=AND(TRUE,"x",1/0)')).toBe('#DIV/0!');
  });
});

describe('ARABIC', () => {
  it.each([
    // Microsoft's ARABIC examples.
    ['=ARABIC("LVII")', 57],
    ['=ARABIC("mcmxii")', 1912],
    ['=ARABIC("  -MMXI ")', -2011],
    ['=ARABIC("")', 0],
    // formulas test.xlsx MATH & TRIG T9, V9: a digit smaller than any to its right counts negative.
    ['=ARABIC("IIIIIIV")', -1],
    ['=ARABIC("IILmIIC")', 1046],
    ['=ARABIC("IL")', 49],
    ['=ARABIC("Vh")', '#VALUE!'],
    ['=ARABIC("-")', '#VALUE!'],
  ])('%s is %j', (formula, expected) => {
    expect(formulaValue(bed, formula)).toBe(expected);
  });
});
