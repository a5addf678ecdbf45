import { describe, expect, it } from 'vitest';
import { useWorkbooks, valueAt, writeCell } from '../../../test/support/workbook-bed.js';

const { open } = useWorkbooks();

function text(formula: string): unknown {
  const book = open();
  writeCell(book, 'A1', formula);
  return valueAt(book, 'A1');
}

describe('TEXT of a date or time written as text (pycel text.xlsx TextDates)', () => {
  it('reads a date and time with decimal seconds as the engine does (C2:C4)', () => {
    expect(text('=TEXT("2007-02-03 19:08:07.0123","[h]")')).toBe('938803');
    expect(text('=TEXT("2007-02-03 19:08:07.0123","[s]")')).toBe('3379691287');
  });

  it('lets the last field of a time run to 9,999 (C30, C32, C34, C36, C38)', () => {
    expect(text('=TEXT("0:59:99","#.#####")')).toBe('.04212');
    expect(text('=TEXT("23:99","#.#####")')).toBe('1.02708');
    expect(text('=TEXT("23:9999","#.#####")')).toBe('7.90208');
    expect(text('=TEXT("23:59:9999","#.#####")')).toBe('1.11503');
  });

  it('reads two fields with decimal seconds as minutes and seconds (C40, C42, C43)', () => {
    expect(text('=TEXT("59:9999.0","#.#####")')).toBe('.1567');
    expect(text('=TEXT("23:59.012345","#.#######")')).toBe('.0166552');
    expect(text('=TEXT("59:9999.012345","0.########")')).toBe('0.15670153');
  });

  it('keeps the text where a field overflows that may not (C31, C33, C37, C39, C44, C46)', () => {
    for (const kept of ['60:99', '24:99', '0:0:10000', '23:60:9999', '60:9999.012345', '23:59.:0'])
      expect(text(`=TEXT("${kept}","#.#####")`)).toBe(kept);
  });
});

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

  it('with an empty format shows a number’s minus sign alone and text as it is (pycel text.xlsx TextNumbers!C13:C16)', () => {
    expect(text('=TEXT(-1,"")')).toBe('-');
    expect(text('=TEXT(1,"")')).toBe('');
    expect(text('=TEXT("Plugh","")')).toBe('Plugh');
  });

  it('refuses @ beside digit placeholders or before the last of four sections (pycel text.xlsx TextNumbers!C3, TextDates!C9)', () => {
    expect(text('=TEXT(0,"#,#""ZZ""#.0""YY""00@")')).toBe('#VALUE!');
    expect(text('=TEXT("X",";-  ##.0;""ZERO""@;""X""")')).toBe('#VALUE!');
    expect(text('=TEXT(-1,"w;x;z@")')).toBe('x');
    expect(text('=TEXT(-1,"w;x@")')).toBe('-w');
    expect(text('=TEXT(1,"""@""0")')).toBe('@1');
  });

  it('answers #VALUE! for a code that is no number format', () => {
    expect(text('=TEXT(1,"0.0.0""")')).toBe('#VALUE!');
  });
});
