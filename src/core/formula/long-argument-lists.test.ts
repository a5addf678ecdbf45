import { describe, expect, it } from 'vitest';
import { useWorkbooks, valueAt, writeCell } from '../../../test/support/workbook-bed.js';
import { MAX_SPREAD_VALUES } from './long-argument-lists.js';

const bed = useWorkbooks();

describe('a function given a range cell by cell', () => {
  it('answers #VALUE! past the bound instead of failing the write with a stack overflow', () => {
    const book = bed.open();
    writeCell(book, 'A1', 2);
    writeCell(book, 'A2', 1);
    writeCell(book, 'A200000', 1);
    expect(200_000).toBeGreaterThan(MAX_SPREAD_VALUES);
    writeCell(book, 'B1', '=MULTINOMIAL(A1:A200000)');
    expect(valueAt(book, 'B1')).toBe('#VALUE!');
  });

  it('computes as before within the bound', () => {
    const book = bed.open();
    writeCell(book, 'A1', 2);
    writeCell(book, 'A2', 1);
    writeCell(book, 'B1', '=MULTINOMIAL(A1:A2)');
    writeCell(book, 'B2', '=MULTINOMIAL(A1:A40000)');
    expect(valueAt(book, 'B1')).toBe(3);
    expect(valueAt(book, 'B2')).toBe(3);
  });
});
