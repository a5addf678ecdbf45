import { describe, expect, it } from 'vitest';
import { useWorkbooks, writeCell } from '../../test/support/workbook-bed.js';
import { parseCell } from '../core/index.js';
import { cellJson, writtenCellJson } from './wire-shapes.js';

const { open } = useWorkbooks();

describe('the answer to a single-cell write', () => {
  it('says what the full cell read says of value and version: numbers, text, errors, spilled and empty cells', () => {
    const book = open();
    writeCell(book, 'A1', 5);
    writeCell(book, 'A2', 'text');
    writeCell(book, 'A3', '=1/0');
    writeCell(book, 'B1', '=SEQUENCE(3)');
    writeCell(book, 'A4', '');
    const sheet = book.sheet();
    for (const a1 of ['A1', 'A2', 'A3', 'B1', 'B2', 'A4', 'C9']) {
      const address = parseCell(a1);
      const full = cellJson(sheet, address);
      expect(writtenCellJson(sheet, address)).toEqual({
        status: 'Success',
        cell: a1,
        sheet: 'Sheet1',
        value: full.value,
        version: full.version,
      });
    }
    expect(writtenCellJson(sheet, parseCell('A3')).value).toBe('#DIV/0!');
    expect(writtenCellJson(sheet, parseCell('B2')).value).toBe(2);
    expect(writtenCellJson(sheet, parseCell('C9')).value).toBeNull();
  });
});

describe('a cell holding a typed error', () => {
  it('shows the error as its input and value, with no formula', () => {
    const book = open();
    writeCell(book, 'A1', '#n/a');
    expect(cellJson(book.sheet(), parseCell('A1'))).toMatchObject({
      input: '#N/A',
      value: '#N/A',
      error: '#N/A',
      formula: null,
    });
  });
});
