// LENB, LEFTB, RIGHTB, MIDB, FINDB and REPLACEB (byte-text-functions.ts) answer as LEN, LEFT,
// RIGHT, MID, FIND and REPLACE outside double-byte languages (Microsoft's examples use those).
import { describe, expect, it } from 'vitest';
import { formulaValue, useWorkbooks } from '../../../test/support/workbook-bed.js';

const bed = useWorkbooks();

describe('byte-counting text functions in a single-byte language', () => {
  it.each([
    ['=LENB("Phoenix, AZ")', 11],
    ['=LEFTB("Sale Price",4)', 'Sale'],
    ['=LEFTB("Sweden")', 'S'],
    ['=RIGHTB("Sale Price",5)', 'Price'],
    ['=MIDB("Fluid Flow",7,20)', 'Flow'],
    ['=FINDB("M","Miriam McGovern")', 1],
    ['=FINDB("M","Miriam McGovern",3)', 8],
    ['=REPLACEB("abcdefghijk",6,5,"*")', 'abcde*k'],
    ['=LENB("日本")', 2],
  ])('%s is %j', (formula, expected) => {
    expect(formulaValue(bed, formula)).toBe(expected);
  });

  it('keeps the built-ins’ argument rules: errors pass through, a bad count is #VALUE!', () => {
    expect(formulaValue(bed, '=LENB(A1)', [['=1/0']])).toBe('#DIV/0!');
    expect(formulaValue(bed, '=LEFTB("abc",-1)')).toBe('#VALUE!');
    expect(formulaValue(bed, '=FINDB("z","abc")')).toBe('#VALUE!');
  });

  it('lists them in the function catalogue', () => {
    const names = new Set(bed.open().functionNames());
    for (const name of ['LENB', 'LEFTB', 'RIGHTB', 'MIDB', 'FINDB', 'REPLACEB'])
      expect(names.has(name)).toBe(true);
  });
});
