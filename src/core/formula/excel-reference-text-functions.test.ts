// ADDRESS and SEARCH in place of HyperFormula's, and SEARCHB. Expected values come from Microsoft's
// page of each function ("MS example") and, where Excel's cached results are the only word, from
// the conformance corpus (file and row named).
import { describe, expect, it } from 'vitest';
import { useWorkbooks, valueAt, writeCell } from '../../../test/support/workbook-bed.js';
import type { WireValue } from '../index.js';

const bed = useWorkbooks();

function calc(formula: string): WireValue {
  const book = bed.open();
  writeCell(book, 'Z1', formula);
  return valueAt(book, 'Z1');
}

describe('ADDRESS', () => {
  it.each([
    ['=ADDRESS(2,3)', '$C$2'],
    ['=ADDRESS(2,3,2)', 'C$2'],
    ['=ADDRESS(2,3,2,FALSE)', 'R2C[3]'],
    ['=ADDRESS(2,3,1,FALSE,"[Book1]Sheet1")', "'[Book1]Sheet1'!R2C3"],
    ['=ADDRESS(2,3,1,FALSE,"EXCEL SHEET")', "'EXCEL SHEET'!R2C3"],
  ])('MS example %s is %j', (formula, expected) => {
    expect(calc(formula)).toBe(expected);
  });

  it('styles 3 and 4 make the row relative, and a plain sheet name stays unquoted', () => {
    expect(calc('=ADDRESS(2,3,3)')).toBe('$C2');
    expect(calc('=ADDRESS(2,3,4)')).toBe('C2');
    expect(calc('=ADDRESS(2,3,4,FALSE)')).toBe('R[2]C[3]');
    expect(calc('=ADDRESS(1,28,1,TRUE,"Sheet2")')).toBe('Sheet2!$AB$1');
  });

  it('an empty sheet_text or a1 cell, and a workbook before the sheet in A1 style', () => {
    const book = bed.open();
    writeCell(book, 'A1', "'*b?u*");
    writeCell(book, 'C1', '=ADDRESS(1.1,3,4,4.1,B1)'); // formulas/test.xlsx LOOKUP!S3
    writeCell(book, 'D1', '=ADDRESS(3,4,4.1,B1,A1)'); // LOOKUP!T3
    expect(valueAt(book, 'C1')).toBe('!C1');
    expect(valueAt(book, 'D1')).toBe("'*b?u*'!R[3]C[4]");
    // poi/FormulaEvalTestData_Copy.xlsx EverythingTests!F128.
    expect(calc('=ADDRESS(2,3,3,TRUE,"[Book1]Sheet1")')).toBe('[Book1]Sheet1!$C2');
  });

  // ironcalc/LOOKUP_AND_REFERENCE--ADDRESS.xlsx rows 22-27, 33, 38, 40.
  it('truncates row and column, and answers #VALUE! outside the sheet or for an unknown abs_num', () => {
    expect(calc('=ADDRESS(23.4,34.7,2)')).toBe('AH$23');
    expect(calc('=ADDRESS(23.4,34.7,2,0)')).toBe('R23C[34]');
    expect(calc('=ADDRESS(0,1)')).toBe('#VALUE!');
    expect(calc('=ADDRESS(1,16385)')).toBe('#VALUE!');
    expect(calc('=ADDRESS(1048577,1,1,0)')).toBe('#VALUE!');
    expect(calc('=ADDRESS(2,3,5)')).toBe('#VALUE!');
    expect(calc('=ADDRESS(1,1,1,1,"A Wird One$")')).toBe("'A Wird One$'!$A$1");
  });

  it('quotes a sheet name that reads as a cell and doubles its quotes', () => {
    expect(calc('=ADDRESS(1,1,1,TRUE,"AB12")')).toBe("'AB12'!$A$1");
    expect(calc('=ADDRESS(1,1,1,TRUE,"Bob\'s")')).toBe("'Bob''s'!$A$1");
  });
});

describe('SEARCH and SEARCHB', () => {
  it.each([
    ['=SEARCH("e","Statements",6)', 7],
    ['=SEARCH("margin","Profit Margin")', 8],
    ['=SEARCHB("e","Statements",6)', 7],
    ['=SEARCH("p?o*t","Profit Margin")', 1],
    ['=SEARCH("x","Statements")', '#VALUE!'],
  ])('MS example or documented case %s is %j', (formula, expected) => {
    expect(calc(formula)).toBe(expected);
  });

  // ironcalc/TEXT--FIND_SEARCH.xlsx rows 24-31.
  it.each([
    ['=SEARCH("La?","Late?")', 1],
    ['=SEARCH("Lat???","Late")', '#VALUE!'],
    ['=SEARCH("~*","Ho*la")', 3],
    ['=SEARCH("~~","Hi ~Bang!")', 4],
    ['=SEARCH("~","Hi ~Bang!")', 1],
    ['=SEARCH("~","Hello")', 1],
    ['=SEARCH("~d","My dear")', 4],
  ])(
    'a tilde escapes the next character and a lone trailing one matches nothing: %s is %j',
    (formula, expected) => {
      expect(calc(formula)).toBe(expected);
    },
  );

  it('start_num outside 1 to the length of within_text is #VALUE!', () => {
    expect(calc('=SEARCH("a","banana",0)')).toBe('#VALUE!');
    expect(calc('=SEARCH("a","banana",7)')).toBe('#VALUE!');
    expect(calc('=SEARCH("","banana",3)')).toBe(3);
  });

  it('an empty cell given for start_num is 0, so #VALUE! (formulas test.xlsx TEXT!W39, W40)', () => {
    const book = bed.open();
    writeCell(book, 'Z1', '=SEARCH("BASE","database",Y1)');
    writeCell(book, 'Z2', '=SEARCHB("BASE","database",Y1)');
    expect(valueAt(book, 'Z1')).toBe('#VALUE!');
    expect(valueAt(book, 'Z2')).toBe('#VALUE!');
    expect(calc('=SEARCH("BASE","database")')).toBe(5);
  });
});

describe('FIND and FINDB', () => {
  it.each([
    ['=FIND("ana","ana",2)', '#VALUE!'], // ironcalc TEXT--FIND_SEARCH.xlsx D5
    ['=FIND("hey","Ahey",3)', '#VALUE!'], // ibid. D16
    ['=FIND("ia","ciao",3)', '#VALUE!'], // formulas test.xlsx TEXT!T16
    ['=FINDB("ia","ciao",3)', '#VALUE!'], // ibid. T17
    ['=FIND("ia","ciao",2)', 2],
    ['=FIND("M","Miriam McGovern",3)', 8], // MS example
  ])('%s is %j: nothing found at or after start_num', (formula, expected) => {
    expect(calc(formula)).toBe(expected);
  });
});
