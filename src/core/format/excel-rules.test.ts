// Excel's documented number-format behaviour where numfmt differs, through formatNumber (the
// one function display, TEXT() and export use). Each test pins one rule of excel-rules.ts or
// fraction-format.ts.
import { describe, expect, it } from 'vitest';
import { formatNumber } from './number-format.js';

/** 2:03:04 as a fraction of a day. */
const TWO_HOURS_THREE_MINUTES = (2 * 3600 + 3 * 60 + 4) / 86_400;

describe('Excel number-format rules around the engine', () => {
  it('shows a negative elapsed time as a minus sign and the elapsed time of its size', () => {
    expect(formatNumber('[h]:mm:ss', -TWO_HOURS_THREE_MINUTES)).toBe('-2:03:04');
    expect(formatNumber('[mm]:ss', -TWO_HOURS_THREE_MINUTES)).toBe('-123:04');
    expect(formatNumber('[h]:mm:ss', TWO_HOURS_THREE_MINUTES)).toBe('2:03:04');
  });

  it('counts a plain hour or second code in the elapsed unit when the code has [h] or [s]', () => {
    expect(formatNumber('[h]" hours ("h")"', 3.125)).toBe('75 hours (75)');
    expect(formatNumber('[s]" s, "ss', TWO_HOURS_THREE_MINUTES)).toBe('7384 s, 7384');
  });

  it('multiplies by 100 for every percent sign', () => {
    expect(formatNumber('0%%', 0.5)).toBe('5000%%');
    expect(formatNumber('0.0%', 0.5)).toBe('50.0%');
  });
});

describe('commas before the decimal point', () => {
  it('divide by 1,000 each, as trailing ones do (poi NumberFormatTests.xlsx A92:A97)', () => {
    expect(formatNumber('#,.#,', 1234567)).toBe('1.2');
    expect(formatNumber('#,.#,', -1234567)).toBe('-1.2');
    expect(formatNumber('0.#,', 1234567)).toBe('1234.6');
    expect(formatNumber('0,', 1234567)).toBe('1235');
    expect(formatNumber('#,##0.00', 1234567)).toBe('1,234,567.00');
  });
});

describe('fractions as Excel shows them', () => {
  it('shows a mixed fraction, a blank whole part before a proper fraction, and spaces for no fraction', () => {
    expect(formatNumber('# ?/?', 1.5)).toBe('1 1/2');
    expect(formatNumber('# ?/?', 0.5)).toBe(' 1/2');
    expect(formatNumber('# ?/?', 2)).toBe('2    ');
    expect(formatNumber('# ?/?', 0)).toBe('0    ');
    expect(formatNumber('# ?/?', -1.25)).toBe('-1 1/4');
  });

  it('picks the closest fraction whose denominator has as many digits as the code allows', () => {
    expect(formatNumber('# ??/??', Math.PI)).toBe('3  1/7 ');
    expect(formatNumber('# ???/???', Math.PI)).toBe('3  16/113');
    expect(formatNumber('# ?/8', 1.375)).toBe('1 3/8');
  });

  it('writes an improper fraction when the code has no whole part', () => {
    expect(formatNumber('?/?', 3.75)).toBe('15/4');
    expect(formatNumber('?/?', 0)).toBe('0/1');
  });

  it('keeps literals before the number and between the whole part and the fraction', () => {
    expect(formatNumber('"|"#_#/#"|"', 3.75)).toBe('|15 /4|');
    expect(formatNumber('#\\:#/#', 23.75)).toBe('23:3/4');
    expect(formatNumber('#\\:#/#', 0.75)).toBe('3/4');
    expect(formatNumber('0\\:#/#', 0.75)).toBe('0:3/4');
  });

  it('shows 0/1 for a whole number when the numerator has a 0 placeholder', () => {
    expect(formatNumber('# 0/#', 2)).toBe('2 0/1');
  });

  it('pads a denominator with zeros on the left for 0 and spaces on the right for ?', () => {
    expect(formatNumber('# ?/000', 1.25)).toBe('1 1/004');
    expect(formatNumber('# ??/??', 1.5)).toBe('1  1/2 ');
  });

  it('uses the negative section without a minus sign when the code has one', () => {
    expect(formatNumber('# ?/?;(# ?/?)', -1.5)).toBe('(1 1/2)');
  });

  it('leaves dates alone', () => {
    expect(formatNumber('m/d/yyyy', 46053)).toBe('1/31/2026');
  });
});
