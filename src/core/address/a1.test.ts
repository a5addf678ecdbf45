import { describe, expect, it } from 'vitest';
import { InvalidAddressError } from '../errors.js';
import {
  columnToLetters,
  formatCell,
  formatRange,
  lettersToColumn,
  MAX_COLUMNS,
  MAX_ROWS,
  parseCell,
  parseRange,
  quoteSheetName,
  rangeSize,
  spanWithinUsedArea,
  tryParseCell,
  tryParseRange,
  tryParseSpan,
} from './a1.js';

describe('column letters', () => {
  it.each([
    [0, 'A'],
    [25, 'Z'],
    [26, 'AA'],
    [51, 'AZ'],
    [52, 'BA'],
    [701, 'ZZ'],
    [702, 'AAA'],
    [MAX_COLUMNS - 1, 'XFD'],
  ])('[ADDR-1] column %i is %s and back', (col, letters) => {
    expect(columnToLetters(col)).toBe(letters);
    expect(lettersToColumn(letters)).toBe(col);
  });

  it('[ADDR-1] every column up to XFD round-trips through its letters', () => {
    for (let col = 0; col < MAX_COLUMNS; col += 1) {
      expect(lettersToColumn(columnToLetters(col))).toBe(col);
    }
  });

  it('[ADDR-1] lowercase letters name the same column', () => {
    expect(lettersToColumn('xfd')).toBe(MAX_COLUMNS - 1);
  });
});

describe('parsing cells', () => {
  it('[ADDR-1] reads A1 as row 0, column 0 and formats it back', () => {
    expect(parseCell('A1')).toEqual({ row: 0, col: 0 });
    expect(formatCell({ row: 0, col: 0 })).toBe('A1');
  });

  it('[ADDR-1] normalises case and absolute markers: b7 and $B$7 are B7', () => {
    expect(formatCell(parseCell('b7'))).toBe('B7');
    expect(formatCell(parseCell('$B$7'))).toBe('B7');
    expect(formatCell(parseCell('xfd1048576'))).toBe('XFD1048576');
  });

  it("[ADDR-1] accepts Excel's last cell XFD1048576", () => {
    expect(parseCell('XFD1048576')).toEqual({ row: MAX_ROWS - 1, col: MAX_COLUMNS - 1 });
  });

  it.each([
    'A0',
    '1A',
    'ZZZZZZZ1',
    'XFE1',
    'A1048577',
    '',
    ' ',
    'A',
    '1',
    'A1B',
    'A-1',
    'A1.5',
    'Sheet1!',
    'A 1',
    'é1',
  ])('[ADDR-3] rejects %j', (text) => {
    expect(tryParseCell(text)).toBeUndefined();
    expect(() => parseCell(text)).toThrow(InvalidAddressError);
  });

  it('[ADDR-3] the error names the field and the text, and says what a valid address looks like', () => {
    const error = (() => {
      try {
        parseCell('ZZZZZZZ1', 'target_cell');
      } catch (caught) {
        return caught as InvalidAddressError;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(InvalidAddressError);
    expect(error!.message).toContain('target_cell');
    expect(error!.message).toContain('ZZZZZZZ1');
    expect(error!.message).toMatch(/A\.\.XFD/);
  });
});

describe('parsing ranges', () => {
  it('[ADDR-2] reads A1:C9 with its size', () => {
    const range = parseRange('A1:C9');
    expect(range).toEqual({ sheet: undefined, start: { row: 0, col: 0 }, end: { row: 8, col: 2 } });
    expect(rangeSize(range)).toEqual({ rows: 9, cols: 3, cells: 27 });
    expect(formatRange(range)).toBe('A1:C9');
  });

  it('[ADDR-2] normalises reversed corners and case: c9:a1 is A1:C9', () => {
    expect(formatRange(parseRange('c9:a1'))).toBe('A1:C9');
  });

  it('[ADDR-2] a single cell is a one-cell range formatted without a colon', () => {
    const range = parseRange('B2');
    expect(rangeSize(range).cells).toBe(1);
    expect(formatRange(range)).toBe('B2');
  });

  it('[ADDR-2] reads a sheet-qualified range', () => {
    expect(parseRange('Sheet2!A1:B2')).toEqual({
      sheet: 'Sheet2',
      start: { row: 0, col: 0 },
      end: { row: 1, col: 1 },
    });
  });

  it("[ADDR-2] reads quoted sheet names with spaces and doubled apostrophes: 'Q3 ''plan'''!A1", () => {
    expect(parseRange("'Q3 ''plan'''!A1")?.sheet).toBe("Q3 'plan'");
    expect(parseRange("'My Sheet'!B2:C3")).toEqual({
      sheet: 'My Sheet',
      start: { row: 1, col: 1 },
      end: { row: 2, col: 2 },
    });
  });

  it.each([
    'A1:B2:C3',
    'A1:',
    ':A1',
    'Sheet1!',
    "'unterminated!A1",
    "''!A1",
    'My Sheet!A1',
    'A0:B2',
    'A1:XFE1',
    '!A1',
  ])('[ADDR-3] rejects the range %j', (text) => {
    expect(tryParseRange(text)).toBeUndefined();
    expect(() => parseRange(text)).toThrow(InvalidAddressError);
  });

  it('[ADDR-3] rejects values that are not strings without throwing anything else', () => {
    expect(tryParseRange(42 as unknown as string)).toBeUndefined();
    expect(() => parseCell(null as unknown as string)).toThrow(InvalidAddressError);
  });
});

describe('whole columns and rows cut to the used area', () => {
  const used = parseRange('B3:D9');
  const cut = (text: string) => {
    const range = spanWithinUsedArea(tryParseSpan(text)!, used);
    return range === undefined ? undefined : formatRange(range);
  };

  it('whole columns keep the used rows, whole rows the used columns', () => {
    expect(cut('A:C')).toBe('A3:C9');
    expect(cut('2:4')).toBe('B2:D4');
  });

  it('a span of every column and row (A:XFD, 1:1048576) is the used area itself', () => {
    expect(cut('A:XFD')).toBe('B3:D9');
    expect(cut(`1:${MAX_ROWS}`)).toBe('B3:D9');
  });

  it('a rectangle is kept as written, even one as large as the sheet', () => {
    expect(cut('A1:B2')).toBe('A1:B2');
    expect(cut('A1:XFD1048576')).toBe('A1:XFD1048576');
  });

  it('nothing is read from an empty sheet', () => {
    expect(spanWithinUsedArea(tryParseSpan('A:B')!, undefined)).toBeUndefined();
  });
});

describe('quoting sheet names for formulas', () => {
  it.each([
    ['Sheet1', 'Sheet1'],
    ['Data_2024', 'Data_2024'],
    ['a.b', "'a.b'"],
    ['My Sheet', "'My Sheet'"],
    ["Bob's", "'Bob''s'"],
    ['A1', "'A1'"],
    ['2024', "'2024'"],
  ])('[ADDR-2] %j is written as %s', (name, quoted) => {
    expect(quoteSheetName(name)).toBe(quoted);
    expect(tryParseRange(`${quoted}!A1`)?.sheet).toBe(name);
  });
});
