// ERROR.TYPE (excel-information-functions.ts) and TYPE (dynamic-references.ts): Microsoft's documented examples ("MS
// example") and the documented numbers.
import { describe, expect, it } from 'vitest';
import { formulaValue, useWorkbooks } from '../../../test/support/workbook-bed.js';
import type { WireValue } from '../index.js';

const bed = useWorkbooks();

const calc = (formula: string, rows?: readonly (readonly WireValue[])[]): WireValue =>
  formulaValue(bed, formula, rows);

describe('ERROR.TYPE', () => {
  it.each([
    ['=ERROR.TYPE(1/0)', 2],
    ['=ERROR.TYPE(1+"a")', 3],
    ['=ERROR.TYPE(NOSUCHFUNCTION())', 5],
    ['=ERROR.TYPE(SQRT(-1))', 6],
    ['=ERROR.TYPE(NA())', 7],
    ['=ERROR.TYPE(#NULL!)', 1],
  ])('%s is %d', (formula, expected) => {
    expect(calc(formula)).toBe(expected);
  });

  it('MS example: a cell holding #N/A is 7; a value that is no error is #N/A', () => {
    expect(calc('=ERROR.TYPE(A1)', [['=NA()']])).toBe(7);
    expect(calc('=ERROR.TYPE(A1)', [[5]])).toBe('#N/A');
    expect(
      calc('=IF(ERROR.TYPE(A1)<3,CHOOSE(ERROR.TYPE(A1),"null","div0"),"other")', [['=1/0']]),
    ).toBe('div0');
  });
});

describe('#NULL!', () => {
  it('is an error literal that formulas read and pass on, and ISERR sees', () => {
    expect(calc('=#NULL!')).toBe('#NULL!');
    expect(calc('=A1+1', [['=#NULL!']])).toBe('#NULL!');
    expect(calc('=ISERR(A1)', [['=#NULL!']])).toBe(true);
    expect(calc('=ISNA(A1)', [['=#NULL!']])).toBe(false);
    expect(calc('=IFERROR(#NULL!,"caught")')).toBe('caught');
  });
});

describe('TYPE', () => {
  it.each([
    ['=TYPE(A1)', 2],
    ['=TYPE("MR. "&A1)', 2],
    ['=TYPE(2+A1)', 16],
    ['=TYPE(12)', 1],
    ['=TYPE(TRUE)', 4],
    ['=TYPE(B5)', 1],
  ])('MS example %s is %d', (formula, expected) => {
    expect(calc(formula, [['Smith']])).toBe(expected);
  });

  // sheetjs/ErrorTypes.xlsx RawErrors!G14; formulas/test.xlsx INFORMATION!AG24.
  it.each([
    ['=TYPE({1,2,3})', 64],
    ['=TYPE({1,2;3,4})', 64],
    ['=TYPE(A1:C1)', 64],
    ['=TYPE(A1:A1)', 2],
    ['=TYPE(INDIRECT("A1:B1"))', 64],
  ])('an array or a range of several cells: %s is %d', (formula, expected) => {
    expect(calc(formula, [['Smith', 1, true]])).toBe(expected);
  });
});

describe("Excel 365's errors", () => {
  it.each([
    ['#GETTING_DATA', 8],
    ['#SPILL!', 9],
    ['#CONNECT!', 10],
    ['#BLOCKED!', 11],
    ['#UNKNOWN!', 12],
    ['#FIELD!', 13],
    ['#CALC!', 14],
  ])('ERROR.TYPE(%s) is %d, as a literal and typed into a cell', (literal, number) => {
    expect(calc(`=ERROR.TYPE(${literal})`)).toBe(number);
    expect(calc('=ERROR.TYPE(A1)', [[literal]])).toBe(number);
  });

  it('pass through formulas as themselves and are no #N/A', () => {
    expect(calc('=A1+1', [['#CALC!']])).toBe('#CALC!');
    expect(calc('=#GETTING_DATA')).toBe('#GETTING_DATA');
    expect(calc('=ISERR(A1)', [['#FIELD!']])).toBe(true);
    expect(calc('=ISNA(A1)', [['#FIELD!']])).toBe(false);
    expect(calc('=IFNA(A1,"caught")', [['#CALC!']])).toBe('#CALC!');
    expect(calc('=IFERROR(A1,"caught")', [['#CALC!']])).toBe('caught');
  });

  it('keeps #GETTING_DATA inside text as text', () => {
    expect(calc('="#GETTING_DATA"')).toBe('#GETTING_DATA');
  });
});

describe('a typed error value', () => {
  it('is a constant, not a formula: ISFORMULA is FALSE, ISERROR TRUE, its value the error', () => {
    expect(calc('=ISFORMULA(A1)', [['#N/A']])).toBe(false);
    expect(calc('=ISFORMULA(A1)', [['=#N/A']])).toBe(true);
    expect(calc('=ISNA(A1)', [['#n/a']])).toBe(true);
    expect(calc('=A1', [['#DIV/0!']])).toBe('#DIV/0!');
    expect(calc('=ISFORMULA(A1)', [['#NULL!']])).toBe(false);
    expect(calc('=ERROR.TYPE(A1)', [['#NULL!']])).toBe(1);
  });
});
