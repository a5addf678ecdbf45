import { describe, expect, it } from 'vitest';
import { useWorkbooks, valueAt, writeCell } from '../../../test/support/workbook-bed.js';

const { open } = useWorkbooks();

function text(formula: string): unknown {
  const book = open();
  writeCell(book, 'A1', formula);
  return valueAt(book, 'A1');
}

describe('TEXT', () => {
  it('formats numbers with Excel codes as Excel does', () => {
    expect(text('=TEXT(0.25,"0%")')).toBe('25%');
    expect(text('=TEXT(1234.5,"#,##0.00")')).toBe('1,234.50');
    expect(text('=TEXT(-1234.5,"$#,##0.00;($#,##0.00)")')).toBe('($1,234.50)');
    expect(text('=TEXT(46053,"yyyy-mm-dd")')).toBe('2026-01-31');
    expect(text('=TEXT(46053,"dddd, mmmm d")')).toBe('Saturday, January 31');
    expect(text('=TEXT(0.6041666667,"h:mm AM/PM")')).toBe('2:30 PM');
    expect(text('=TEXT(1234567,"0.00E+00")')).toBe('1.23E+06');
  });

  it('formats text that reads as a number as that number, and other text through the text section', () => {
    expect(text('=TEXT("1234.5","0.0")')).toBe('1234.5');
    expect(text('=TEXT("abc","0.0")')).toBe('abc');
    expect(text('=TEXT("abc","0;0;0;""<""@"">""")')).toBe('<abc>');
  });

  it("shows a/p as Excel's one-letter half of the day, and refuses dates outside 1900-9999", () => {
    expect(text('=TEXT(0.6079513889,"hh:mm:ss a/p")')).toBe('02:35:27 p');
    expect(text('=TEXT(-1,"yyyy-mm-dd")')).toBe('#VALUE!');
    expect(text('=TEXT(2958466,"d/m/yyyy")')).toBe('#VALUE!');
    expect(text('=TEXT(-1/24,"[h]:mm")')).toBe('-1:00');
  });

  it('answers #VALUE! for a code that is no number format', () => {
    expect(text('=TEXT(1,"0.0.0""")')).toBe('#VALUE!');
  });
});
