import { describe, expect, it } from 'vitest';
import { useWorkbooks, writeRows } from '../../test/support/workbook-bed.js';
import { parseRange } from './address/index.js';
import { TooLargeError } from './errors.js';
import { formatDelimited, MAX_PEEK_CELLS, peekRows } from './peek-format.js';
import type { WireValue } from './value-typing.js';

const { open } = useWorkbooks();

/** The sheet of a new workbook holding `values` from A1. */
function sheetWith(values: WireValue[][]) {
  const book = open();
  writeRows(book, 'A1', values);
  return book.sheet();
}

describe('peek rows', () => {
  it('[PEEK-1] values mode gives computed values, null for empty cells, sentinels for errors', () => {
    const sheet = sheetWith([
      [10, '=A1*2', null],
      ['text', "'007", '=1/0'],
    ]);
    expect(peekRows(sheet, parseRange('A1:C2'), 'values')).toEqual([
      [10, 20, null],
      ['text', '007', '#DIV/0!'],
    ]);
  });

  it('[PEEK-4] formulas mode gives inputs as typed: formula text, and an apostrophe before text that looks typed', () => {
    const sheet = sheetWith([
      [10, '=A1*2', true],
      ["'007", 'plain', null],
    ]);
    expect(peekRows(sheet, parseRange('A1:C2'), 'formulas')).toEqual([
      ['10', '=A1*2', 'TRUE'],
      ["'007", 'plain', null],
    ]);
  });

  it('[PEEK-5] a range over the cell limit is refused before anything is read', () => {
    const sheet = sheetWith([[1]]);
    expect(() => peekRows(sheet, parseRange('A1:XFD1048576'), 'values')).toThrow(TooLargeError);
    expect(() =>
      peekRows(
        sheet,
        { start: { row: 0, col: 0 }, end: { row: MAX_PEEK_CELLS, col: 0 } },
        'values',
      ),
    ).toThrow(/250000/);
    expect(
      peekRows(
        sheet,
        { start: { row: 0, col: 0 }, end: { row: MAX_PEEK_CELLS - 1, col: 0 } },
        'values',
      ),
    ).toHaveLength(MAX_PEEK_CELLS);
  });
});

describe('CSV and TSV text', () => {
  it('[PEEK-2] joins rows with \\n (no trailing newline) and leaves empty cells empty', () => {
    expect(
      formatDelimited(
        [
          [1, 2],
          [null, 'x'],
        ],
        ',',
      ),
    ).toBe('1,2\n,x');
  });

  it('[PEEK-2] quotes fields holding the separator, a quote or a line break, doubling quotes (RFC 4180)', () => {
    expect(formatDelimited([['Smith, John', 'say "hi"', 'two\nlines', 'a\rb', 'ok']], ',')).toBe(
      '"Smith, John","say ""hi""","two\nlines","a\rb",ok',
    );
  });

  it('[PEEK-2] TSV quotes tabs but not commas', () => {
    expect(formatDelimited([['a\tb', 'c,d']], '\t')).toBe('"a\tb"\tc,d');
  });

  it('[PEEK-2] booleans print as TRUE/FALSE and numbers as JavaScript prints them', () => {
    expect(formatDelimited([[true, false, 0.5, -3, 1e21]], ',')).toBe('TRUE,FALSE,0.5,-3,1e+21');
  });
});
