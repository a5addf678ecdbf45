// SUBTOTAL's function numbers and nested subtotals as Excel answers them: Microsoft's SUBTOTAL
// page and Excel's cached results in the conformance corpus (named by file and cell).
import { describe, expect, it } from 'vitest';
import {
  formulaValue,
  useWorkbooks,
  valueAt,
  writeRows,
} from '../../../test/support/workbook-bed.js';
import type { WireValue } from '../index.js';

const bed = useWorkbooks();

const DATA: readonly (readonly WireValue[])[] = [[120], [10], [150], [23]];

const calc = (formula: string, rows: readonly (readonly WireValue[])[] = DATA): WireValue =>
  formulaValue(bed, formula, rows);

describe('SUBTOTAL function numbers', () => {
  it.each([
    ['=SUBTOTAL(9,A1:A4)', 303], // MS example
    ['=SUBTOTAL(1,A1:A4)', 75.75], // MS example
    ['=SUBTOTAL(2,A1:A4)', 4],
    ['=SUBTOTAL(4,A1:A4)', 150],
    ['=SUBTOTAL(5,A1:A4)', 10],
    ['=SUBTOTAL(6,A1:A2)', 1200],
    ['=SUBTOTAL(109,A1:A4)', 303],
    ['=SUBTOTAL(104,A1:A4)', 150],
  ])('%s is %j', (formula, expected) => {
    expect(calc(formula)).toBe(expected);
  });

  it('truncates function_num, as Excel does (101.2 is AVERAGE)', () => {
    expect(calc('=SUBTOTAL(101.2,A1:A4)')).toBe(75.75);
    expect(calc('=SUBTOTAL(9.9,A1:A4)')).toBe(303);
  });

  it('refuses function numbers outside 1–11 and 101–111', () => {
    expect(calc('=SUBTOTAL(0,A1:A4)')).toBe('#VALUE!');
    expect(calc('=SUBTOTAL(12,A1:A4)')).toBe('#VALUE!');
    expect(calc('=SUBTOTAL(100,A1:A4)')).toBe('#VALUE!');
    expect(calc('=SUBTOTAL(112,A1:A4)')).toBe('#VALUE!');
  });

  it('computes the sample and population deviations and variances', () => {
    const rows = [[2], [4], [4], [4], [5], [5], [7], [9]];
    expect(calc('=SUBTOTAL(8,A1:A8)', rows)).toBe(2);
    expect(calc('=SUBTOTAL(11,A1:A8)', rows)).toBe(4);
    expect(calc('=SUBTOTAL(10,A1:A8)', rows)).toBeCloseTo(32 / 7, 12);
    expect(calc('=SUBTOTAL(7,A1:A8)', rows)).toBeCloseTo(Math.sqrt(32 / 7), 12);
    expect(calc('=SUBTOTAL(10,A1)', rows)).toBe('#DIV/0!');
  });

  it('counts text and booleans only for COUNTA, and an error only there and in COUNT', () => {
    const rows = [[1], ['x'], [true], ['=1/0'], [2]];
    expect(calc('=SUBTOTAL(3,A1:A5)', rows)).toBe(5);
    expect(calc('=SUBTOTAL(2,A1:A5)', rows)).toBe(2);
    expect(calc('=SUBTOTAL(9,A1:A5)', rows)).toBe('#DIV/0!');
    expect(calc('=SUBTOTAL(9,A1:A3)', rows)).toBe(1);
  });
});

describe('SUBTOTAL over nested subtotals', () => {
  it('leaves out cells that are subtotals themselves (poi 59736.xlsx A3)', () => {
    expect(calc('=SUBTOTAL(9,A1,A2)', [[1], ['=SUBTOTAL(9,A1)']])).toBe(1);
  });

  it('leaves out a group subtotal inside the range it totals, for every function', () => {
    const book = bed.open();
    writeRows(book, 'A1', [
      [10],
      [20],
      ['=SUBTOTAL(9,A1:A2)'],
      [5],
      ['=SUBTOTAL(9,A4)*1'],
      ['=AGGREGATE(9,0,A1:A2)'],
      ['=SUBTOTAL(9,A1:A6)'],
      ['=SUBTOTAL(2,A1:A6)'],
    ]);
    expect(valueAt(book, 'A3')).toBe(30);
    expect(valueAt(book, 'A7')).toBe(35);
    expect(valueAt(book, 'A8')).toBe(3);
  });
});

describe('SUBTOTAL over hidden rows', () => {
  const hide = (rows: number[]) => [
    { type: 'set-layout' as const, sheet: 'Sheet1', patch: { hiddenRows: rows } },
  ];
  const filterOver = (lastRow: number, below: number) => [
    {
      type: 'set-layout' as const,
      sheet: 'Sheet1',
      patch: {
        filter: {
          range: { start: { row: 0, col: 0 }, end: { row: lastRow, col: 0 } },
          columns: [{ col: 0, conditions: [{ op: 'lt' as const, value: below }] }],
        },
      },
    },
  ];

  function book() {
    const workbook = bed.open();
    writeRows(workbook, 'A1', [['Units'], [1], [2], [4], [8]]);
    writeRows(workbook, 'C1', [
      ['=SUBTOTAL(9,A2:A5)'],
      ['=SUBTOTAL(109,A2:A5)'],
      ['=SUBTOTAL(103,A1:A5)'],
      ['=C2*10'],
    ]);
    return workbook;
  }

  it('101–111 leave out rows hidden by hand, 1–11 count them (MS SUBTOTAL page)', () => {
    const workbook = book();
    const commit = workbook.apply(hide([2]));
    expect([valueAt(workbook, 'C1'), valueAt(workbook, 'C2'), valueAt(workbook, 'C3')]).toEqual([
      15, 13, 4,
    ]);
    // Dependents follow, and the commit reports the SUBTOTAL that changed.
    expect(valueAt(workbook, 'C4')).toBe(130);
    expect(JSON.stringify(commit.changes.cells)).toContain('"value":13');
    workbook.undo();
    expect(valueAt(workbook, 'C2')).toBe(15);
  });

  it('every function number leaves out the rows a filter hides, as computed values decide', () => {
    const workbook = book();
    workbook.apply(filterOver(4, 5));
    expect([valueAt(workbook, 'C1'), valueAt(workbook, 'C2')]).toEqual([7, 7]);
    // A value changed under the filter hides its row at the same commit.
    writeRows(workbook, 'A2', [[9]]);
    expect([valueAt(workbook, 'C1'), valueAt(workbook, 'C2')]).toEqual([6, 6]);
  });

  it('rows inserted above hidden rows move them, and SUBTOTAL still leaves the same cells out', () => {
    const workbook = book();
    workbook.apply(hide([4]));
    expect(valueAt(workbook, 'C2')).toBe(7);
    workbook.apply([
      {
        type: 'change-structure',
        change: { sheet: 'Sheet1', axis: 'row', kind: 'insert', at: 0, count: 1 },
      },
    ]);
    expect(workbook.sheet().layout().hiddenRows).toEqual([5]);
    expect(valueAt(workbook, 'C3')).toBe(7);
  });
});
