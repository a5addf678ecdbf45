// REGEXTEST, REGEXEXTRACT and REGEXREPLACE (excel-regex-functions.ts): Microsoft's documented
// examples ("MS example") and the documented arguments.
import { describe, expect, it } from 'vitest';
import {
  formulaValue,
  useWorkbooks,
  valueAt,
  writeCell,
  writeRows,
} from '../../../test/support/workbook-bed.js';
import { formatRange } from '../address/index.js';
import type { WireValue, Workbook } from '../index.js';
import { dynamicArrayFormula } from '../legacy-array.js';
import { spillRange } from '../spills.js';

const bed = useWorkbooks();

/** Columns A to D of a row of Sheet1. */
const rowOf = (book: Workbook, row: number): WireValue[] =>
  ['A', 'B', 'C', 'D'].map((col) => valueAt(book, `${col}${row}`));

const spills = (book: Workbook): string[] =>
  book
    .sheet()
    .spills()
    .map((area) => formatRange(spillRange(area)));

const calc = (formula: string, rows?: readonly (readonly WireValue[])[]): WireValue =>
  formulaValue(bed, formula, rows);

describe('REGEXTEST', () => {
  it('MS examples: does the text contain a digit, a phone number pattern', () => {
    expect(calc('=REGEXTEST("alpha", "[0-9]")')).toBe(false);
    expect(calc('=REGEXTEST("abc123", "[0-9]")')).toBe(true);
    expect(calc('=REGEXTEST(A1, "^\\(?\\d{3}\\)?[ -]?\\d{3}-\\d{4}$")', [['(555) 123-4567']])).toBe(
      true,
    );
  });

  it('matches case unless case_sensitivity is 1', () => {
    expect(calc('=REGEXTEST("Apple", "^apple$")')).toBe(false);
    expect(calc('=REGEXTEST("Apple", "^apple$", 1)')).toBe(true);
    expect(calc('=REGEXTEST("WORDS", "^[A-Z]{5}$")')).toBe(true);
  });

  it('a pattern that does not compile, or a case mode other than 0 and 1, is #VALUE!', () => {
    expect(calc('=REGEXTEST("a", "(")')).toBe('#VALUE!');
    expect(calc('=REGEXTEST("a", "a", 2)')).toBe('#VALUE!');
  });

  it('numbers are matched as their text', () => {
    expect(calc('=REGEXTEST(12345, "^\\d+$")')).toBe(true);
  });
});

describe('REGEXEXTRACT', () => {
  it('MS example: the first match of a name pattern', () => {
    expect(calc('=REGEXEXTRACT("DylanWilliams","[A-Z][a-z]+")')).toBe('Dylan');
  });

  it('every match (mode 1) spills across one row and follows its text (ironcalc TEXT--REGEX A4:B4)', () => {
    const book = bed.open();
    writeCell(book, 'A1', 'Lonely Planet');
    writeCell(book, 'A3', '=REGEXEXTRACT(A1,"[A-Z][a-z]+",1)');
    expect(rowOf(book, 3)).toEqual(['Lonely', 'Planet', null, null]);
    writeCell(book, 'A1', 'Lonely Planet Guide');
    expect(rowOf(book, 3)).toEqual(['Lonely', 'Planet', 'Guide', null]);
    writeCell(book, 'A1', 'Lonely');
    expect(rowOf(book, 3)).toEqual(['Lonely', null, null, null]);
    expect(spills(book)).toEqual([]);
  });

  it('as a dynamic-array formula it spills the same, and #SPILL! when a cell is in the way', () => {
    const book = bed.open();
    writeCell(book, 'A1', 'a1b22c333');
    writeCell(book, 'A3', dynamicArrayFormula('=REGEXEXTRACT(A1,"[0-9]+",1)'));
    expect(rowOf(book, 3)).toEqual(['1', '22', '333', null]);
    writeCell(book, 'C3', 'in the way');
    expect(valueAt(book, 'A3')).toBe('#SPILL!');
    writeCell(book, 'A1', 'a1b22');
    expect(rowOf(book, 3)).toEqual(['1', '22', 'in the way', null]);
  });

  it('capture groups (mode 2) spill across one row; a group the match skipped is #N/A (formulas test.xlsx EXTRA!M3:O3)', () => {
    const book = bed.open();
    writeCell(book, 'A1', '=REGEXEXTRACT("1a2b3c","((\\d)[bc]+|(3c))",2)');
    expect(rowOf(book, 1)).toEqual(['2b', '2', '#N/A', null]);
    writeCell(book, 'A2', '=REGEXEXTRACT("id: 42","id: (\\d+)",2)');
    expect(rowOf(book, 2)).toEqual(['42', null, null, null]);
  });

  it('mode 2 without groups is #VALUE!; no match is #N/A in one cell (formulas test.xlsx EXTRA!K3, I5, I7)', () => {
    expect(calc('=REGEXEXTRACT("Sonia (378) 555-4197","[0-9()]+ [0-9-]+",2)')).toBe('#VALUE!');
    expect(calc('=REGEXEXTRACT("no digits","\\d+",1)')).toBe('#N/A');
    expect(calc('=REGEXEXTRACT("no digits","(\\d+)",2)')).toBe('#N/A');
    expect(calc('=REGEXEXTRACT("abc","b",3)')).toBe('#VALUE!');
  });

  it('case_sensitivity 1 finds every match whatever its case', () => {
    const book = bed.open();
    writeCell(book, 'A1', '=REGEXEXTRACT("Ab aB ab","ab",1,1)');
    expect(rowOf(book, 1)).toEqual(['Ab', 'aB', 'ab', null]);
  });

  it('inside another function the whole array is passed on', () => {
    expect(calc('=COUNTA(REGEXEXTRACT("x 7 y 8 z 9","\\d",1))')).toBe(3);
    expect(calc('=ROWS(REGEXEXTRACT("x 7 y 8 z 9","\\d",1))')).toBe(1);
  });

  it('over a range of texts each cell shows its first value (formulas test.xlsx EXTRA!J3:J4)', () => {
    const book = bed.open();
    writeRows(book, 'A1', [['p 1 q 2'], ['r 3']]);
    writeCell(book, 'C1', dynamicArrayFormula('=REGEXEXTRACT(A1:A2,"\\d",1)'));
    expect([valueAt(book, 'C1'), valueAt(book, 'C2'), valueAt(book, 'D1')]).toEqual([
      '1',
      '3',
      null,
    ]);
  });

  it('no match is #N/A; case_sensitivity 1 ignores case', () => {
    expect(calc('=REGEXEXTRACT("abc","\\d")')).toBe('#N/A');
    expect(calc('=REGEXEXTRACT("ABC","b",0,1)')).toBe('B');
  });
});

describe('REGEXREPLACE', () => {
  it('MS example: masks the first digits of phone numbers', () => {
    expect(calc('=REGEXREPLACE("Sonia Rees(378) 555-4195","[0-9]+-","***-")')).toBe(
      'Sonia Rees(378) ***-4195',
    );
  });

  it('replaces every match, or only the n-th (from the end when negative), with $n groups', () => {
    expect(calc('=REGEXREPLACE("a1b2c3","\\d","#")')).toBe('a#b#c#');
    expect(calc('=REGEXREPLACE("a1b2c3","\\d","#",2)')).toBe('a1b#c3');
    expect(calc('=REGEXREPLACE("a1b2c3","\\d","#",-1)')).toBe('a1b2c#');
    expect(calc('=REGEXREPLACE("a1b2c3","\\d","#",5)')).toBe('a1b2c3');
    expect(calc('=REGEXREPLACE("John Smith","(\\w+) (\\w+)","$2, $1")')).toBe('Smith, John');
    expect(calc('=REGEXREPLACE("aXbx","x","-",0,1)')).toBe('a-b-');
  });
});
