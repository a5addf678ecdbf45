// DOLLAR, ASC and BAHTTEXT (excel-locale-text-functions.ts): Microsoft's documented examples and
// Excel's cached answers (formulas/test.xlsx TEXT!R5:Y6, poi FormulaEvalTestData EverythingTests!D420:N420).
import { describe, expect, it } from 'vitest';
import { formulaValue, useWorkbooks } from '../../../test/support/workbook-bed.js';

const bed = useWorkbooks();
const calc = (formula: string) => formulaValue(bed, formula);

describe('DOLLAR', () => {
  it.each([
    ['=DOLLAR(1234.567,2)', '$1,234.57'],
    ['=DOLLAR(1234.567,-2)', '$1,200'],
    ['=DOLLAR(-1234.567,-2)', '($1,200)'],
    ['=DOLLAR(-0.123,4)', '($0.1230)'],
    ['=DOLLAR(99.888)', '$99.89'],
    ['=DOLLAR(-1)', '($1.00)'],
    ['=DOLLAR(TRUE)', '$1.00'],
  ])('MS example %s is %j', (formula, expected) => {
    expect(calc(formula)).toBe(expected);
  });

  it('answers #VALUE! for text that is no number', () => {
    expect(calc('=DOLLAR("abc")')).toBe('#VALUE!');
  });
});

describe('ASC', () => {
  it('changes full-width letters, digits and spaces to half-width and keeps the rest', () => {
    expect(calc('=ASC("ＥＸＣＥＬ　２０２４！")')).toBe('EXCEL 2024!');
    expect(calc('=ASC("ciao")')).toBe('ciao');
    expect(calc('=ASC("日本")')).toBe('日本');
  });

  it('writes numbers and TRUE as text', () => {
    expect(calc('=ASC(65.8)')).toBe('65.8');
    expect(calc('=ASC(TRUE)')).toBe('TRUE');
  });
});

describe('BAHTTEXT', () => {
  it.each([
    ['=BAHTTEXT(1234)', 'หนึ่งพันสองร้อยสามสิบสี่บาทถ้วน'],
    ['=BAHTTEXT(0)', 'ศูนย์บาทถ้วน'],
    ['=BAHTTEXT(157)', 'หนึ่งร้อยห้าสิบเจ็ดบาทถ้วน'],
    ['=BAHTTEXT(65.8)', 'หกสิบห้าบาทแปดสิบสตางค์'],
    ['=BAHTTEXT(-1)', 'ลบหนึ่งบาทถ้วน'],
    ['=BAHTTEXT(TRUE)', 'หนึ่งบาทถ้วน'],
    ['=BAHTTEXT(21)', 'ยี่สิบเอ็ดบาทถ้วน'],
    ['=BAHTTEXT(11000000)', 'สิบเอ็ดล้านบาทถ้วน'],
    ['=BAHTTEXT(0.25)', 'ยี่สิบห้าสตางค์'],
  ])('%s is %j', (formula, expected) => {
    expect(calc(formula)).toBe(expected);
  });

  it('answers #VALUE! for text that is no number', () => {
    expect(calc('=BAHTTEXT("ciao")')).toBe('#VALUE!');
  });
});
