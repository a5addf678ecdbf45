// Sorting a range's rows in Excel's order (sort-builders.ts), through a real workbook.
import { describe, expect, it } from 'vitest';
import { inputAt, useWorkbooks, valueAt, writeRows } from '../../../test/support/workbook-bed.js';
import { parseRange } from '../address/index.js';
import { looksLikeHeader, sortRangeOps, type SortKey } from './sort-builders.js';
import type { Workbook } from '../workbook.js';

const bed = useWorkbooks();

function sorted(book: Workbook, range: string, keys: SortKey[], header = false): unknown[] {
  const parsed = parseRange(range);
  const { ops } = sortRangeOps(book.sheet(), parsed, keys, header);
  book.apply(ops);
  const column: unknown[] = [];
  for (let row = parsed.start.row; row <= parsed.end.row; row += 1)
    column.push(valueAt(book, `A${row + 1}`));
  return column;
}

describe("sorting a range's rows", () => {
  it('orders numbers, then text ignoring case, then booleans, then errors; empty cells last', () => {
    const book = bed.open();
    writeRows(book, 'A1', [['b'], [true], [3], ['=1/0'], [null], ['A'], [-1], [false]]);
    expect(sorted(book, 'A1:A8', [{ col: 0, descending: false }])).toEqual([
      -1,
      3,
      'A',
      'b',
      false,
      true,
      '#DIV/0!',
      null,
    ]);
  });

  it('descending reverses the order but keeps empty cells last', () => {
    const book = bed.open();
    writeRows(book, 'A1', [[1], [null], [3], ['x']]);
    expect(sorted(book, 'A1:A4', [{ col: 0, descending: true }])).toEqual(['x', 3, 1, null]);
  });

  it('is stable and uses later keys for ties; formulas move with their row like a copy', () => {
    const book = bed.open();
    writeRows(book, 'A1', [
      ['b', 2, '=B1*10'],
      ['a', 2, '=B2*10'],
      ['b', 1, '=B3*10'],
    ]);
    expect(
      sorted(book, 'A1:C3', [
        { col: 1, descending: false },
        { col: 0, descending: false },
      ]),
    ).toEqual(['b', 'a', 'b']);
    expect(inputAt(book, 'C1')).toEqual({ formula: '=B1*10' });
    expect(valueAt(book, 'C1')).toBe(10);
    expect(inputAt(book, 'C2')).toEqual({ formula: '=B2*10' });
    expect(valueAt(book, 'C3')).toBe(20);
  });

  it('keeps a header row in place and guesses one above a column of numbers', () => {
    const book = bed.open();
    writeRows(book, 'A1', [['Cost'], [5], [2]]);
    const range = parseRange('A1:A3');
    const key = [{ col: 0, descending: false }];
    expect(looksLikeHeader(book.sheet(), range, key)).toBe(true);
    expect(sorted(book, 'A1:A3', key, true)).toEqual(['Cost', 2, 5]);
  });

  it('refuses a range holding a locked cell, and a key outside the range', () => {
    const book = bed.open();
    writeRows(book, 'A1', [[2], [1]]);
    book.apply([{ type: 'set-locks', sheet: 'Sheet1', cells: [{ row: 1, col: 0 }], locked: true }]);
    expect(() =>
      sortRangeOps(book.sheet(), parseRange('A1:A2'), [{ col: 0, descending: false }], false),
    ).toThrow(/A2/);
    expect(() =>
      sortRangeOps(book.sheet(), parseRange('A1:A2'), [{ col: 3, descending: false }], false),
    ).toThrow(/D/);
  });

  it('sorts a range away from A1 under its header, empty keys last, leaving cells outside it and unchanged columns alone', () => {
    const book = bed.open();
    writeRows(book, 'B2', [
      ['left', 'Name', 'Qty', 'Double'],
      [10, 'w', null, '=D3*2'],
      [20, 'x', 3, '=D4*2'],
      [30, 'y', 1, '=D5*2'],
      [40, 'z', 2, '=D6*2'],
    ]);
    const { ops, rows } = sortRangeOps(
      book.sheet(),
      parseRange('C2:E6'),
      [{ col: 3, descending: true }],
      true,
    );
    expect(rows).toBe(4);
    // The formula column reads the same on every row after the move, so only C:D is written.
    const written = ops.flatMap((op) =>
      op.type === 'set-cells' ? op.runs.map((run) => [run.col, run.inputs.length]) : [],
    );
    expect(new Set(written.map(String))).toEqual(new Set(['2,2']));
    book.apply(ops);
    const column = (letter: string) =>
      [2, 3, 4, 5, 6].map((row) => valueAt(book, `${letter}${row}`));
    expect(column('C')).toEqual(['Name', 'x', 'z', 'y', 'w']);
    expect(column('D')).toEqual(['Qty', 3, 2, 1, null]);
    expect(column('E')).toEqual(['Double', 6, 4, 2, 0]);
    expect(column('B')).toEqual(['left', 10, 20, 30, 40]);
  });
});
