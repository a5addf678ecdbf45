import { describe, expect, it } from 'vitest';
import { useWorkbooks, writeCell, writeRows } from '../../../test/support/workbook-bed.js';
import { parseRange } from '../address/index.js';
import { sortRangeOps, type Op } from '../ops/index.js';
import type { Workbook } from '../workbook.js';
import { SheetFormats } from './sheet-formats.js';
import type { FormatPatch } from './cell-format.js';

const { open } = useWorkbooks();

function formatOp(range: string, format: FormatPatch, sheet = 'Sheet1'): Op {
  return { type: 'set-format', sheet, range: parseRange(range), format };
}

function formatAt(book: Workbook, a1: string, sheet = 'Sheet1') {
  const { start } = parseRange(a1);
  return book.sheet(sheet).format(start.row, start.col);
}

function displayAt(book: Workbook, a1: string, sheet = 'Sheet1') {
  const { start } = parseRange(a1);
  return book.sheet(sheet).display(start.row, start.col);
}

describe('cell formats', () => {
  it('shows a value through its number format and never changes the value', () => {
    const book = open();
    writeRows(book, 'A1', [[1234.5, 0.25, 46053]]);
    book.apply([formatOp('A1', { number_format: '"$"#,##0.00', bold: true })]);
    book.apply([
      formatOp('B1', { number_format: '0%' }),
      formatOp('C1', { number_format: 'yyyy-mm-dd' }),
    ]);
    expect(displayAt(book, 'A1')).toBe('$1,234.50');
    expect(displayAt(book, 'B1')).toBe('25%');
    expect(displayAt(book, 'C1')).toBe('2026-01-31');
    expect(book.sheet('Sheet1').value(0, 0)).toBe(1234.5);
    expect(formatAt(book, 'A1')).toEqual({ number_format: '"$"#,##0.00', bold: true });
  });

  it('changes only the fields a patch sends, and null clears one', () => {
    const book = open();
    book.apply([formatOp('A1:B2', { bold: true, color: '#ff0000' })]);
    book.apply([formatOp('B2:C3', { italic: true, color: null })]);
    expect(formatAt(book, 'A1')).toEqual({ bold: true, color: '#FF0000' });
    expect(formatAt(book, 'B2')).toEqual({ bold: true, italic: true });
    expect(formatAt(book, 'C3')).toEqual({ italic: true });
    expect(formatAt(book, 'D4')).toBeUndefined();
  });

  it('undoes and redoes a format as one step', () => {
    const book = open();
    book.apply([formatOp('A1:C3', { bold: true })]);
    book.apply([formatOp('B2', { fill: '#00FF00', bold: null })]);
    book.undo();
    expect(formatAt(book, 'B2')).toEqual({ bold: true });
    book.undo();
    expect(formatAt(book, 'B2')).toBeUndefined();
    expect(book.sheet('Sheet1').hasFormats).toBe(false);
    book.redo();
    book.redo();
    expect(formatAt(book, 'B2')).toEqual({ fill: '#00FF00' });
    expect(formatAt(book, 'C3')).toEqual({ bold: true });
  });

  it('refuses a bad format before anything changes', () => {
    const book = open();
    expect(() => book.apply([formatOp('A1', { color: 'red' } as never)])).toThrow(/format.color/);
    expect(() => book.apply([formatOp('A1', { number_format: '0.0.0"' })])).toThrow(
      /number_format/,
    );
    expect(() => book.apply([formatOp('A1', { size: 3 } as never)])).toThrow(/format.size/);
    expect(book.sheet('Sheet1').hasFormats).toBe(false);
  });

  it('formats a whole column as one run', () => {
    const book = open();
    book.apply([formatOp('A1:AX100000', { number_format: '0.00' })]);
    const rects = book.sheet('Sheet1').formatRects();
    expect(rects).toEqual([
      { top: 0, left: 0, bottom: 99_999, right: 49, format: { number_format: '0.00' } },
    ]);
  });

  it('keeps formats in the document, and a document without formats loads', () => {
    const book = open();
    writeCell(book, 'A1', 5);
    book.apply([
      formatOp('A1:A3', { number_format: '0.0' }),
      formatOp('B1', { wrap: true, align: 'center' }),
    ]);
    const document = book.document();
    const copy = open();
    copy.apply([{ type: 'replace-workbook', document }]);
    expect(displayAt(copy, 'A1')).toBe('5.0');
    expect(formatAt(copy, 'B1')).toEqual({ align: 'center', wrap: true });
    const plain = open();
    plain.apply([
      {
        type: 'replace-workbook',
        document: {
          ...document,
          sheets: document.sheets.map(({ formats: _formats, ...sheet }) => sheet),
        },
      },
    ]);
    expect(plain.sheet('Sheet1').hasFormats).toBe(false);
  });

  it('moves formats with rows and columns inserted or deleted', () => {
    const book = open();
    book.apply([formatOp('B2:B4', { bold: true }), formatOp('D1', { italic: true })]);
    book.apply([
      {
        type: 'change-structure',
        change: { kind: 'insert', sheet: 'Sheet1', axis: 'row', at: 0, count: 2 },
      },
    ]);
    expect(formatAt(book, 'B4')).toEqual({ bold: true });
    expect(formatAt(book, 'B6')).toEqual({ bold: true });
    expect(formatAt(book, 'B2')).toBeUndefined();
    expect(formatAt(book, 'D3')).toEqual({ italic: true });
    book.apply([
      {
        type: 'change-structure',
        change: { kind: 'delete', sheet: 'Sheet1', axis: 'col', at: 0, count: 1 },
      },
    ]);
    expect(formatAt(book, 'A4')).toEqual({ bold: true });
    expect(formatAt(book, 'C3')).toEqual({ italic: true });
    book.undo();
    book.undo();
    expect(formatAt(book, 'B2')).toEqual({ bold: true });
  });
});

describe('SheetFormats', () => {
  it('merges neighbouring runs and splits runs a patch cuts', () => {
    const formats = new SheetFormats();
    formats.patch(0, 0, 9, 0, { bold: true });
    formats.patch(3, 0, 4, 0, { italic: true });
    expect(formats.segments(0, 0, 9).map((run) => [run.start, run.end])).toEqual([
      [0, 2],
      [3, 4],
      [5, 9],
    ]);
    formats.patch(3, 0, 4, 0, { italic: null });
    expect(formats.segments(0, 0, 9)).toHaveLength(1);
  });
});

describe('formats and sort', () => {
  it('move with their rows when a range is sorted, the header row staying', () => {
    const book = open();
    writeRows(book, 'A1', [
      ['Name', 'Score'],
      ['b', 2],
      ['a', 1],
      ['c', 3],
    ]);
    book.apply([
      formatOp('A1:B1', { bold: true }),
      formatOp('B2', { fill: '#FF0000' }),
      formatOp('A4', { italic: true }),
    ]);
    const view = book.sheet('Sheet1');
    const { ops } = sortRangeOps(view, parseRange('A1:B4'), [{ col: 1, descending: false }], true);
    book.apply(ops);
    expect(formatAt(book, 'A1')).toEqual({ bold: true });
    expect(formatAt(book, 'B3')).toEqual({ fill: '#FF0000' });
    expect(formatAt(book, 'B2')).toBeUndefined();
    expect(formatAt(book, 'A4')).toEqual({ italic: true });
    book.undo();
    expect(formatAt(book, 'B2')).toEqual({ fill: '#FF0000' });
  });
});
