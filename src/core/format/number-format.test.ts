import { describe, expect, it } from 'vitest';
import { formatNumber } from './number-format.js';

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
