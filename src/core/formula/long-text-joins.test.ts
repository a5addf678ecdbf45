import { describe, expect, it } from 'vitest';
import { useWorkbooks, valueAt, writeCell } from '../../../test/support/workbook-bed.js';

const bed = useWorkbooks();

describe('TEXTJOIN', () => {
  it('joins a range of 200,000 cells (it overflowed the stack past about 120,000)', () => {
    const book = bed.open();
    writeCell(book, 'A1', 'first');
    writeCell(book, 'A100000', 'middle');
    writeCell(book, 'A200000', 'last');
    writeCell(book, 'B1', '=TEXTJOIN(", ",TRUE,A1:A200000)');
    expect(valueAt(book, 'B1')).toBe('first, middle, last');
  });

  it('keeps empty texts unless told to ignore them, and takes delimiters from a range in turn', () => {
    const book = bed.open();
    writeCell(book, 'A1', 'a');
    writeCell(book, 'A3', 'c');
    writeCell(book, 'C1', '-');
    writeCell(book, 'C2', '+');
    writeCell(book, 'B1', '=TEXTJOIN(",",FALSE,A1:A3)');
    writeCell(book, 'B2', '=TEXTJOIN(C1:C2,TRUE,A1:A3,"d",5)');
    expect(valueAt(book, 'B1')).toBe('a,,c');
    expect(valueAt(book, 'B2')).toBe('a-c+d-5');
  });

  it('is #VALUE! once the joined text is longer than a cell holds', () => {
    const book = bed.open();
    writeCell(book, 'A1', 'x'.repeat(20_000));
    writeCell(book, 'A2', 'y'.repeat(20_000));
    writeCell(book, 'B1', '=TEXTJOIN("",TRUE,A1:A2)');
    expect(valueAt(book, 'B1')).toBe('#VALUE!');
  });
});
