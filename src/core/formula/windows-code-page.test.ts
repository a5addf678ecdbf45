// CHAR and CODE read the Windows code page 1252, as Excel for Windows does.
import { describe, expect, it } from 'vitest';
import { formulaValue, useWorkbooks } from '../../../test/support/workbook-bed.js';
import type { WireValue } from '../index.js';
import { byteOfChar, charOfByte } from './windows-code-page.js';

const bed = useWorkbooks();

const calc = (formula: string): WireValue => formulaValue(bed, formula);

describe('CHAR', () => {
  it.each([
    ['=CHAR(65)', 'A'],
    ['=CHAR(33)', '!'],
    ['=CHAR(128)', '€'],
    ['=CHAR(150)', '–'],
    ['=CHAR(153)', '™'],
    ['=CHAR(159)', 'Ÿ'],
    ['=CHAR(129)', '\u0081'],
    ['=CHAR(233)', 'é'],
    ['=CHAR(255.9)', 'ÿ'],
  ])('%s is %j', (formula, expected) => {
    expect(calc(formula)).toBe(expected);
  });

  it.each(['=CHAR(0)', '=CHAR(256)', '=CHAR(0.5)', '=CHAR("x")'])('%s is #VALUE!', (formula) => {
    expect(calc(formula)).toBe('#VALUE!');
  });
});

describe('CODE', () => {
  it.each([
    ['=CODE("A")', 65],
    ['=CODE("Alphabet")', 65],
    ['=CODE("€")', 128],
    ['=CODE("™")', 153],
    ['=CODE("é")', 233],
    ['=CODE(CHAR(146))', 146],
    ['=CODE("Ω")', 63],
    ['=CODE(TRUE)', 84],
  ])('%s is %j', (formula, expected) => {
    expect(calc(formula)).toBe(expected);
  });

  it('every code from 1 to 255 comes back from CHAR unchanged', () => {
    for (let byte = 1; byte <= 255; byte += 1) expect(byteOfChar(charOfByte(byte))).toBe(byte);
  });

  it('an empty text is #VALUE!', () => {
    expect(calc('=CODE("")')).toBe('#VALUE!');
  });
});
