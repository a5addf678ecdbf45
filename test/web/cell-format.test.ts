// How numbers are shown in their cells (docs/ui-rules.md GRID-02): the General format fitted to the column.
import { describe, expect, it } from 'vitest';
import { setFormatLocale } from '../../src/core/format/number-format.js';
import {
  displayOf,
  fitNumber,
  formatNumber,
  numberCharsThatFit,
} from '../../web/src/grid/cell-format.js';

describe('fitNumber', () => {
  it('[GRID-02] shows a number whole when it fits', () => {
    expect(fitNumber(0.6923076923, 12)).toBe('0.6923076923');
    expect(fitNumber(-1234.5, 7)).toBe('-1234.5');
  });

  it('[GRID-02] drops decimals first, rounding the last one kept', () => {
    expect(fitNumber(0.6923076923, 6)).toBe('0.6923');
    expect(fitNumber(2 / 3, 4)).toBe('0.67');
    expect(fitNumber(99.99, 3)).toBe('100');
  });

  it('[GRID-02] switches to scientific notation when the whole part does not fit or the number would round to 0', () => {
    expect(fitNumber(123_456_789_012, 9)).toBe('1.235e+11');
    expect(fitNumber(-0.0000012345, 8)).toBe('-1.23e-6');
  });

  it('[GRID-02] shows #### when not even one significant digit fits', () => {
    expect(fitNumber(123_456, 3)).toBe('###');
  });

  it('[GRID-02] fits numbers only: text, booleans and error sentinels keep their text', () => {
    const cell = { input: '', formula: null, version: 1, locked: false, error: null };
    expect(displayOf({ ...cell, value: 'a long label that spills' }, 3).text).toBe(
      'a long label that spills',
    );
    expect(displayOf({ ...cell, value: true }, 3).text).toBe('TRUE');
    expect(displayOf({ ...cell, value: null, error: '#DIV/0!' }, 3).text).toBe('#DIV/0!');
  });
});

describe('numberCharsThatFit', () => {
  it('[GRID-02] counts the digits that fit inside the padding, at least one', () => {
    expect(numberCharsThatFit(100, 8, 6)).toBe(11);
    expect(numberCharsThatFit(10, 8, 6)).toBe(1);
  });
});

describe('General numbers in the workbook locale', () => {
  it('show the locale’s decimal mark, in full and when fitted to a narrow column', () => {
    setFormatLocale('de-DE');
    try {
      expect(formatNumber(1.5)).toBe('1,5');
      expect(fitNumber(2 / 3, 6)).toBe('0,6667');
      expect(formatNumber(1200)).toBe('1200');
    } finally {
      setFormatLocale('en-US');
    }
    expect(formatNumber(1.5)).toBe('1.5');
  });
});
