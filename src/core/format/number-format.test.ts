import { describe, expect, it } from 'vitest';
import { formatNumber, parseTypedNumber } from './number-format.js';

describe('the display cache of formatNumber', () => {
  it('keeps each locale apart: a number shown in en-US is shown anew in de-DE', () => {
    expect(formatNumber('#,##0.00', 1234.5, 'en-US')).toBe('1,234.50');
    expect(formatNumber('#,##0.00', 1234.5, 'de-DE')).toBe('1.234,50');
    expect(formatNumber('#,##0.00', 1234.5, 'en-US')).toBe('1,234.50');
  });

  it('keeps each code apart and gives the same text for the same number again', () => {
    expect(formatNumber('0.0', 0.25)).toBe('0.3');
    expect(formatNumber('0%', 0.25)).toBe('25%');
    expect(formatNumber('0.0', 0.25)).toBe('0.3');
  });

  it('formats text and booleans through the engine, not the number cache', () => {
    expect(formatNumber('0.00;-0.00;0;"<"@">"', 'x')).toBe('<x>');
  });
});

describe('typed dates in the locale', () => {
  it("reads a typed short date in the locale's order and gives it the locale's short date format", () => {
    // 1 December 2026 is serial 46357.
    expect(parseTypedNumber('12/1/2026', 'en-US')).toEqual({
      value: 46357,
      numberFormat: 'm/d/yyyy',
    });
    expect(parseTypedNumber('01/12/2026', 'en-GB')).toEqual({
      value: 46357,
      numberFormat: 'dd/mm/yyyy',
    });
    expect(formatNumber('dd/mm/yyyy', 46357, 'en-GB')).toBe('01/12/2026');
    expect(parseTypedNumber('1.12.2026', 'de-DE')).toEqual({
      value: 46357,
      numberFormat: 'dd.mm.yyyy',
    });
    expect(parseTypedNumber('01/12/2026 14:30', 'en-GB')?.numberFormat).toBe('dd/mm/yyyy hh:mm');
    // ISO dates keep their own format in every locale.
    expect(parseTypedNumber('2026-12-01', 'en-GB')).toEqual({
      value: 46357,
      numberFormat: 'yyyy-mm-dd',
    });
  });
});

describe('typed numbers in the locale', () => {
  it('reads a number written with the locale’s decimal comma as that number, with no format', () => {
    expect(parseTypedNumber('1,5', 'de-DE')).toEqual({ value: 1.5 });
    expect(parseTypedNumber('-0,25', 'fr-FR')).toEqual({ value: -0.25 });
    expect(parseTypedNumber('1.234,5', 'de-DE')).toEqual({
      value: 1234.5,
      numberFormat: '#,##0.00',
    });
  });

  it('keeps text that only looks like a number in another locale, and a lost symbol, as text', () => {
    expect(parseTypedNumber('1,5', 'en-US')).toBeUndefined();
    expect(parseTypedNumber('1,2,3', 'de-DE')).toBeUndefined();
    expect(parseTypedNumber('€5', 'en-US')).toBeUndefined();
  });
});
