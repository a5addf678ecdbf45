// Thousands separators between digit placeholders with literal text among them, as Excel's cached
// TEXT() results show them (formulas/test.xlsx EXTRA!A13:A24, pycel text.xlsx TextNumbers).
import { describe, expect, it } from 'vitest';
import { formatNumber } from './number-format.js';

describe('grouping around literals between integer digits', () => {
  it("keeps the separators, placed by the digits' places (formulas/test.xlsx EXTRA!A13:A15)", () => {
    expect(formatNumber('0,## ##, ##', 1234567890)).toBe('1,234,56 7,8 90');
    expect(formatNumber('+0,## ## ##', 1234567890)).toBe('+1,234,56 7,8 90');
    expect(formatNumber('0,## ## ,##', 1234567890)).toBe('1,234,56 7,8 ,90');
  });

  it('with decimals and letters as literals (EXTRA!A24, pycel TextNumbers!C2, C35, C37)', () => {
    expect(formatNumber('0cc###,00', 1234578.555)).toBe('1,2cc34,579');
    expect(formatNumber('#,#"ZZ"#.0"YY"00', 1234567.89)).toBe('1,234,56ZZ7.8YY90');
    expect(formatNumber('#,0x#.00.0', 890123.456789)).toBe('890,12x3.45.7');
    expect(formatNumber('#x,0,#.00.0', 890123.456789)).toBe('890,1x,23.45.7');
  });

  it('unfilled 0 placeholders show zeros in their places (EXTRA!A22, A23)', () => {
    expect(formatNumber('#,##000000070###### .  # ,0.00.0,00', 1234578.555)).toBe(
      '00,000,0071,234,578 .  5 ,5.50.000',
    );
    expect(formatNumber('#,##00000,  ,00 , 0########    .  # ,0.00.0,00', 1234578.555)).toBe(
      '0,000,0  ,00, , 01,234,578    .  5 ,5.50.000',
    );
  });

  it('a negative number in one section shows its minus sign', () => {
    expect(formatNumber('0,## ##', -1234567)).toBe('-1,234,5 67');
  });

  it('leaves codes without literals between digits to the engine', () => {
    expect(formatNumber('#,##0.00', 1234567.891)).toBe('1,234,567.89');
    expect(formatNumber('0,x#.00.0', 890123.456789)).toBe('89012x3.45.7');
  });
});
