// Sorting a range's rows in Excel's order (sort-builders.ts), through a real workbook.
import { describe, expect, it } from 'vitest';
import { inputAt, useWorkbooks, valueAt, writeRows } from '../../../test/support/workbook-bed.js';
import { parseRange } from '../address/index.js';
import { valueToJson, type WireValue } from '../index.js';
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
    expect(looksLikeHeader(book.sheet(), range)).toBe(true);
    expect(sorted(book, 'A1:A3', key, true)).toEqual(['Cost', 2, 5]);
  });

  it('guesses a header row of text over numbers in a column other than the sort key', () => {
    const book = bed.open();
    writeRows(book, 'A1', [
      ['Name', 'Qty'],
      ['Pear', 3],
      ['Apple', 10],
    ]);
    expect(looksLikeHeader(book.sheet(), parseRange('A1:B3'))).toBe(true);
    // Text over text in every column is data.
    expect(looksLikeHeader(book.sheet(), parseRange('A1:A3'))).toBe(false);
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

describe('sorting a mixed table (pins the result, whatever the sort does inside)', () => {
  /** A table whose keys mix numbers, text, booleans, errors, empties and ties, beside formulas. */
  function mixedTable(book: Workbook): void {
    const keys: WireValue[] = [
      3,
      'pear',
      true,
      null,
      -2,
      'Apple',
      3,
      '=1/0',
      false,
      'apple',
      0.5,
      null,
      3,
      'Pear',
      7,
      -2,
    ];
    const rows = keys.map((key, index) => {
      const r = index + 2;
      return [
        key,
        index % 3,
        `t${index}`,
        `=A${r}*2`,
        `=$B$2+B${r}`,
        `=$C${r}&C$2`,
        `=H${r}+1`,
        index * 10,
      ];
    });
    writeRows(book, 'A1', [['Key', 'Small', 'Text', 'Double', 'Abs', 'Mixed', 'Outside', 'H']]);
    writeRows(book, 'A2', rows);
    writeRows(book, 'J1', [['=SUM(A2:A17)', '=A5', '=D3']]);
    book.apply([
      { type: 'set-format', sheet: 'Sheet1', range: parseRange('B4:C5'), format: { bold: true } },
      {
        type: 'set-format',
        sheet: 'Sheet1',
        range: parseRange('A9:G9'),
        format: { fill: '#FFEE00' },
      },
      {
        type: 'set-format',
        sheet: 'Sheet1',
        range: parseRange('D2:D17'),
        format: { number_format: '0.0' },
      },
      // Locks outside the range do not stop the sort.
      {
        type: 'set-locks',
        sheet: 'Sheet1',
        cells: [
          { row: 0, col: 9 },
          { row: 20, col: 0 },
        ],
        locked: true,
      },
    ]);
  }

  /** Every cell of A1:L18 as `input → value [format]`, one line per row. */
  function picture(book: Workbook): string[] {
    const sheet = book.sheet();
    const lines: string[] = [];
    for (let row = 0; row < 18; row += 1) {
      const cells: string[] = [];
      for (let col = 0; col < 12; col += 1) {
        const input = sheet.input(row, col);
        const shown =
          input === null
            ? ''
            : typeof input !== 'object'
              ? String(input)
              : 'formula' in input
                ? input.formula
                : input.error;
        const value = valueToJson(sheet.value(row, col));
        const format = sheet.format(row, col);
        cells.push(
          `${shown}→${String(value)}${format === undefined ? '' : JSON.stringify(format)}`,
        );
      }
      lines.push(cells.join(' | '));
    }
    return lines;
  }

  it('by two keys ascending under its header: rows, formulas, formats and outside cells as Excel leaves them', () => {
    const book = bed.open();
    mixedTable(book);
    const { ops } = sortRangeOps(
      book.sheet(),
      parseRange('A1:G17'),
      [
        { col: 0, descending: false },
        { col: 1, descending: true },
      ],
      true,
    );
    book.apply(ops);
    expect(picture(book)).toMatchSnapshot();
  });

  it('by one key descending without a header: the same table', () => {
    const book = bed.open();
    mixedTable(book);
    const { ops } = sortRangeOps(
      book.sheet(),
      parseRange('A2:G17'),
      [{ col: 0, descending: true }],
      false,
    );
    book.apply(ops);
    expect(picture(book)).toMatchSnapshot();
  });

  it('an undo puts the table back exactly', () => {
    const book = bed.open();
    mixedTable(book);
    const before = picture(book);
    const { ops } = sortRangeOps(
      book.sheet(),
      parseRange('A2:G17'),
      [{ col: 2, descending: false }],
      false,
    );
    book.apply(ops);
    expect(picture(book)).not.toEqual(before);
    book.undo();
    expect(picture(book)).toEqual(before);
  });
});

describe('a sort against a rebuilt engine', () => {
  /** Every value of A1:D6 on both sheets, as a reader sees them. */
  function values(book: Workbook): WireValue[] {
    return ['Sheet1', 'Other'].flatMap((sheet) =>
      ['A', 'B', 'C', 'D'].flatMap((col) =>
        [1, 2, 3, 4, 5, 6].map((row) => valueAt(book, `${col}${row}`, sheet)),
      ),
    );
  }

  /** What a reload from the journal computes: the same document in a fresh engine. */
  function rebuilt(book: Workbook): WireValue[] {
    const fresh = bed.open({ sheetNames: ['Sheet1', 'Other'] });
    fresh.apply([{ type: 'replace-workbook', document: book.document() }]);
    return values(fresh);
  }

  it('computes what a reload computes after the sort, its undo and its redo (text that looks like dates stays text)', () => {
    const book = bed.open({ sheetNames: ['Sheet1', 'Other'] });
    writeRows(book, 'A1', [
      [5, '01/02/2026', '=ISTEXT(B1)&A1', '=SUM($A$1:A1)'],
      [3, '12', '=ISTEXT(B2)&A2', '=SUM($A$1:A2)'],
      [9, 'TRUE', '=ISTEXT(B3)&A3', '=SUM($A$1:A3)'],
      [1, "'7", '=ISTEXT(B4)&A4', '=SUM($A$1:A4)'],
      [4, '10:30', '=ISTEXT(B5)&A5', '=SUM($A$1:A5)'],
    ]);
    writeRows(
      book,
      'A1',
      [['=Sheet1!A1*10', '=MAX(Sheet1!A1:A5)', '=Sheet1!B1', '=Sheet1!C5']],
      'Other',
    );
    // Inputs that are text, as a typed text cell or an import stores them.
    book.apply([
      {
        type: 'set-cells',
        sheet: 'Sheet1',
        runs: ['01/02/2026', '12', 'TRUE', "'7", '10:30'].map((text, row) => ({
          row,
          col: 1,
          inputs: [text],
        })),
      },
    ]);
    const before = values(book);
    book.apply(
      sortRangeOps(
        book.sheet('Sheet1'),
        parseRange('A1:D5'),
        [{ col: 0, descending: false }],
        false,
      ).ops,
    );
    const after = values(book);
    expect(after.slice(0, 5)).toEqual([1, 3, 4, 5, 9]);
    expect(after.slice(6, 11)).toEqual(["'7", '12', '10:30', '01/02/2026', 'TRUE']);
    expect(after.slice(12, 17)).toEqual(['TRUE1', 'TRUE3', 'TRUE4', 'TRUE5', 'TRUE9']);
    expect(after).toEqual(rebuilt(book));
    book.undo();
    expect(values(book)).toEqual(before);
    expect(before).toEqual(rebuilt(book));
    book.redo();
    expect(values(book)).toEqual(after);
    expect(after).toEqual(rebuilt(book));
  });
});

describe('row heights in a sort', () => {
  it('stay with their positions, as in Excel: a sort moves cells, not rows', () => {
    const book = bed.open();
    writeRows(book, 'A1', [[3], [1], [2], [4]]);
    book.apply([{ type: 'set-layout', sheet: 'Sheet1', patch: { rowHeights: [[0, 40]] } }]);
    const { ops } = sortRangeOps(
      book.sheet(),
      parseRange('A1:A4'),
      [{ col: 0, descending: false }],
      false,
    );
    expect(ops.map((op) => op.type)).toEqual(['set-cells']);
    expect(sorted(book, 'A1:A4', [{ col: 0, descending: false }])).toEqual([1, 2, 3, 4]);
    expect(book.sheet().layout().rowHeights).toEqual([[0, 40]]);
  });
});

describe('the order of a large mixed sort', () => {
  /** Excel's order written out plainly, one object per row, as the reference. */
  function referenceOrder(rows: WireValue[][], keys: SortKey[]): number[] {
    const kind = (value: WireValue): number =>
      typeof value === 'number' ? 0 : typeof value === 'string' ? 1 : 2;
    const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: false });
    const compare = (x: WireValue, y: WireValue): number => {
      if (kind(x) !== kind(y)) return kind(x) - kind(y);
      if (typeof x === 'string' && typeof y === 'string') return collator.compare(x, y);
      return Number(x) - Number(y);
    };
    return rows
      .map((cells, index) => ({ cells, index }))
      .sort((a, b) => {
        for (const { col, descending } of keys) {
          const [x, y] = [a.cells[col]!, b.cells[col]!];
          if (x === null || y === null) {
            if (x !== y) return x === null ? 1 : -1;
            continue;
          }
          const by = compare(x, y);
          if (by !== 0) return descending ? -by : by;
        }
        return a.index - b.index;
      })
      .map(({ index }) => index);
  }

  it('matches the plain reference on 600 rows of numbers, text, booleans and empties by two keys', () => {
    const book = bed.open();
    let seed = 7;
    const next = (n: number): number => (seed = (seed * 1103515245 + 12345) % 2147483648) % n;
    const pick = (): WireValue => {
      const choice = next(6);
      if (choice === 0) return null;
      if (choice === 1) return next(2) === 0;
      if (choice === 2) return ['b', 'B', 'a', 'c', 'Ä'][next(5)]!;
      return next(20) - 10;
    };
    const rows = Array.from({ length: 600 }, (_, index) => [pick(), pick(), index]);
    writeRows(book, 'A1', rows);
    const keys = [
      { col: 0, descending: true },
      { col: 1, descending: false },
    ];
    const { ops } = sortRangeOps(book.sheet(), parseRange('A1:C600'), keys, false);
    book.apply(ops);
    const tags = rows.map((_, row) => valueAt(book, `C${row + 1}`));
    expect(tags).toEqual(referenceOrder(rows, keys));
  });
});
