// REGEXTEST, REGEXEXTRACT and REGEXREPLACE (excel-regex-functions.ts): Microsoft's documented
// examples ("MS example") and the documented arguments.
import { describe, expect, it } from 'vitest';
import { formulaValue, useWorkbooks } from '../../../test/support/workbook-bed.js';
import type { WireValue } from '../index.js';

const bed = useWorkbooks();

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

  it('capture groups (mode 2) and every match (mode 1) show the first, the anchor of the spill', () => {
    expect(calc('=REGEXEXTRACT("id: 42","id: (\\d+)",2)')).toBe('42');
    expect(calc('=REGEXEXTRACT("x 7 y","\\d",1)')).toBe('7');
    // formulas test.xlsx EXTRA K6 and M3.
    expect(calc('=REGEXEXTRACT("abc","([ac]+)",1)')).toBe('a');
    expect(calc('=REGEXEXTRACT("1a2b3c","((\\d)[bc]+|(3c))",2)')).toBe('2b');
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
