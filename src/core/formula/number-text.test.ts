// Numbers turned into text inside formulas read as Excel writes them (number-text.ts): 15
// significant digits, E notation from 1E+15 and past 19 decimal places.
import { describe, expect, it } from 'vitest';
import { useWorkbooks, valueAt, writeCell, writeRows } from '../../../test/support/workbook-bed.js';
import { excelNumberText } from './number-text.js';

const bed = useWorkbooks();

/** The value of `formula` in a sheet whose A1:C1 hold 1/3, 0.1+0.2 and 1E+20 as computed numbers. */
function valueOf(formula: string): unknown {
  const book = bed.open();
  writeRows(book, 'A1', [['=1/3', '=0.1+0.2', '=10^20']]);
  writeCell(book, 'E5', formula);
  return valueAt(book, 'E5');
}

describe('excelNumberText', () => {
  it('keeps 15 significant digits, dropping trailing zeros', () => {
    expect(excelNumberText(1 / 3)).toBe('0.333333333333333');
    expect(excelNumberText(0.1 + 0.2)).toBe('0.3');
    expect(excelNumberText(-2 / 3)).toBe('-0.666666666666667');
    expect(excelNumberText(1.2345)).toBe('1.2345');
    expect(excelNumberText(123456.789)).toBe('123456.789');
    expect(excelNumberText(-0)).toBe('0');
  });

  it('writes whole numbers plainly up to 15 digits and in E notation from 1E+15', () => {
    expect(excelNumberText(999999999999999)).toBe('999999999999999');
    expect(excelNumberText(1e15)).toBe('1E+15');
    expect(excelNumberText(2 ** 53)).toBe('9.00719925474099E+15');
    expect(excelNumberText(1e20)).toBe('1E+20');
    expect(excelNumberText(-123456789012345678)).toBe('-1.23456789012346E+17');
    expect(excelNumberText(1.5e300)).toBe('1.5E+300');
  });

  it('writes small numbers plainly up to 19 decimal places, in E notation with two exponent digits beyond', () => {
    expect(excelNumberText(7.123456e-9)).toBe('0.000000007123456');
    expect(excelNumberText(1e-18)).toBe('0.000000000000000001');
    expect(excelNumberText(6.92442674613868e-5)).toBe('0.0000692442674613868');
    expect(excelNumberText(1.28233995888454e-6)).toBe('1.28233995888454E-06');
    expect(excelNumberText(1e-20)).toBe('1E-20');
    expect(excelNumberText(-1.2e-45)).toBe('-1.2E-45');
  });
});

describe('a number turned into text inside a formula', () => {
  it('joins with & as Excel writes it', () => {
    expect(valueOf('=1/3&""')).toBe('0.333333333333333');
    expect(valueOf('=0.1+0.2&""')).toBe('0.3');
    expect(valueOf('=A1&"|"&B1&"|"&C1')).toBe('0.333333333333333|0.3|1E+20');
    expect(valueOf('=10^15&""')).toBe('1E+15');
  });

  it('joins with & element by element over arrays', () => {
    expect(valueOf('=INDEX({1,2}/3&"",1,2)')).toBe('0.666666666666667');
  });

  it('is read by text functions as Excel’s text, from a value or a cell', () => {
    expect(valueOf('=LEN(1/3)')).toBe(17);
    expect(valueOf('=LEN(A1)')).toBe(17);
    expect(valueOf('=LEN(A1:A1)')).toBe(17);
    expect(valueOf('=LEFT(B1,5)')).toBe('0.3');
    expect(valueOf('=MID(A1,10,20)')).toBe('33333333');
    expect(valueOf('=RIGHT(2/3,1)')).toBe('7');
    expect(valueOf('=FIND("E",C1)')).toBe(2);
    expect(valueOf('=UPPER(C1)')).toBe('1E+20');
    expect(valueOf('=EXACT(A1,"0.333333333333333")')).toBe(true);
    expect(valueOf('=REPT(B1,2)')).toBe('0.30.3');
  });

  it('is read by our own text functions as Excel’s text, large and small numbers included', () => {
    expect(valueOf('=CONCAT(A1:C1)')).toBe('0.3333333333333330.31E+20');
    expect(valueOf('=CONCAT(10^-7)')).toBe('0.0000001');
    expect(valueOf('=SUBSTITUTE(10^15,"0","")')).toBe('1E+15');
    expect(valueOf('=VALUETOTEXT(C1)')).toBe('1E+20');
    expect(valueOf('=TEXTAFTER(2^53,".")')).toBe('00719925474099E+15');
  });

  it('is joined by CONCATENATE and TEXTJOIN as Excel’s text', () => {
    expect(valueOf('=CONCATENATE(B1,C1)')).toBe('0.31E+20');
    expect(valueOf('=TEXTJOIN("-",TRUE,A1:C1)')).toBe('0.333333333333333-0.3-1E+20');
    expect(valueOf('=TEXTJOIN(B1,TRUE,"a","b")')).toBe('a0.3b');
  });

  it('reads back with VALUE as the number of its 15 digits', () => {
    expect(valueOf('=VALUE(A1&"")*3')).toBe(0.999999999999999);
    expect(valueOf('=VALUE(B1&"")=0.3')).toBe(true);
  });

  it('splits with TEXTSPLIT as Excel’s text', () => {
    expect(valueOf('=INDEX(TEXTSPLIT(C1,"+"),1,1)')).toBe('1E');
  });
});
