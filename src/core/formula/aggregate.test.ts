// AGGREGATE as Microsoft's AGGREGATE page documents it: its worked example (A1:B11 below), the 19
// functions, the 8 options, both forms, and hidden rows as SUBTOTAL reads them (subtotal.ts).
import { describe, expect, it } from 'vitest';
import {
  formulaValue,
  useWorkbooks,
  valueAt,
  writeRows,
} from '../../../test/support/workbook-bed.js';
import type { WireValue } from '../index.js';
import { aggregateOptions, percentileExc, percentileInc } from './aggregate.js';

const bed = useWorkbooks();

/** Microsoft's example data: A1:A11 with two errors, B1:B11 numbers. */
const EXAMPLE: readonly (readonly WireValue[])[] = [
  ['=1/0', 82],
  [72, 65],
  [30, 95],
  ['=SQRT(-1)', 63],
  [31, 53],
  [96, 71],
  [32, 55],
  [81, 83],
  [33, 100],
  [53, 91],
  [34, 89],
];

const calc = (formula: string, rows: readonly (readonly WireValue[])[] = EXAMPLE): WireValue =>
  formulaValue(bed, formula, rows);

describe("AGGREGATE: Microsoft's worked example", () => {
  it.each([
    ['=AGGREGATE(4, 6, A1:A11)', 96],
    ['=AGGREGATE(14, 6, A1:A11, 3)', 72],
    ['=AGGREGATE(15, 6, A1:A11)', '#VALUE!'],
    ['=AGGREGATE(12, 6, A1:A11, B1:B11)', 68],
    ['=MAX(A1:A2)', '#DIV/0!'],
  ])('%s is %j', (formula, expected) => {
    expect(calc(formula)).toBe(expected);
  });

  it('answers the first error when errors are not ignored (options 0, 1, 4, 5)', () => {
    for (const option of [0, 1, 4, 5])
      expect(calc(`=AGGREGATE(4,${option},A1:A11)`)).toBe('#DIV/0!');
    expect(calc('=AGGREGATE(9,4,A2:A11)')).toBe('#NUM!');
  });
});

describe('AGGREGATE functions 1–13 (reference form)', () => {
  // 3, 2.5, 1, 6, -2 in A1:A5.
  const DATA: readonly (readonly WireValue[])[] = [[3], [2.5], [1], [6], [-2]];
  it.each([
    ['=AGGREGATE(1,4,A1:A5)', 2.1],
    ['=AGGREGATE(2,4,A1:A5)', 5],
    ['=AGGREGATE(3,4,A1:A5)', 5],
    ['=AGGREGATE(4,4,A1:A5)', 6],
    ['=AGGREGATE(5,4,A1:A5)', -2],
    ['=AGGREGATE(6,4,A1:A5)', -90],
    ['=AGGREGATE(9,4,A1,A2,A3,A4,A5)', 10.5],
    ['=AGGREGATE(11,4,A1:A5)', 6.84],
    ['=AGGREGATE(12,4,A1:A5)', 2.5],
  ])('%s is %j', (formula, expected) => {
    expect(calc(formula, DATA)).toBeCloseTo(expected as number, 12);
  });

  it('computes the sample deviation and variance (7, 10) over n − 1', () => {
    expect(calc('=AGGREGATE(10,4,A1:A5)', DATA)).toBeCloseTo(8.55, 12);
    expect(calc('=AGGREGATE(7,4,A1:A5)', DATA)).toBeCloseTo(Math.sqrt(8.55), 12);
    expect(calc('=AGGREGATE(8,4,A1:A5)', DATA)).toBeCloseTo(Math.sqrt(6.84), 12);
  });

  it('MODE.SNGL (13) answers the first most frequent number, #N/A when none repeats', () => {
    expect(calc('=AGGREGATE(13,4,A1:A6)', [[3], [5], [5], [3], [1], [3]])).toBe(3);
    expect(calc('=AGGREGATE(13,4,A1:A5)', DATA)).toBe('#N/A');
  });

  it('skips text and TRUE/FALSE of references except for COUNTA, and counts typed values as numbers', () => {
    const rows = [[1], ['x'], [true], [2]];
    expect(calc('=AGGREGATE(9,4,A1:A4)', rows)).toBe(3);
    expect(calc('=AGGREGATE(2,4,A1:A4)', rows)).toBe(2);
    expect(calc('=AGGREGATE(3,4,A1:A4)', rows)).toBe(4);
    expect(calc('=AGGREGATE(9,4,10,30,50,5)')).toBe(95);
    expect(calc('=AGGREGATE(9,4,"2",TRUE,A1)', rows)).toBe(4);
  });

  it('refuses an argument computed as an array, as Excel answers AGGREGATE(9,6,Price*Units)', () => {
    expect(calc('=AGGREGATE(9,6,B1:B3*2)')).toBe('#VALUE!');
    expect(calc('=AGGREGATE(9,6,{1,2,3})')).toBe('#VALUE!');
  });

  it('truncates function_num and options, and refuses them outside 1–19 and 0–7', () => {
    expect(calc('=AGGREGATE(9.9,6.5,A1:A3)')).toBe(102);
    expect(calc('=AGGREGATE(0,6,A1:A3)')).toBe('#VALUE!');
    expect(calc('=AGGREGATE(20,6,A1:A3)')).toBe('#VALUE!');
    expect(calc('=AGGREGATE(9,8,A1:A3)')).toBe('#VALUE!');
    expect(calc('=AGGREGATE(9,-1,A1:A3)')).toBe('#VALUE!');
    expect(calc('=AGGREGATE("x",6,A1:A3)')).toBe('#VALUE!');
    expect(calc('=AGGREGATE(9,1/0,A1:A3)')).toBe('#DIV/0!');
  });

  it('reads options left out as 0', () => {
    expect(calc('=AGGREGATE(9,,B1:B2)')).toBe(147);
  });

  it('COUNT never counts an error, COUNTA counts it unless errors are ignored', () => {
    expect(calc('=AGGREGATE(2,4,A1:A4)')).toBe(2);
    expect(calc('=AGGREGATE(3,4,A1:A4)')).toBe(4);
    expect(calc('=AGGREGATE(3,6,A1:A4)')).toBe(2);
  });

  it('is #DIV/0! for an average of no numbers, 0 for a sum of none', () => {
    expect(calc('=AGGREGATE(1,6,A1)')).toBe('#DIV/0!');
    expect(calc('=AGGREGATE(9,6,A1)')).toBe(0);
    expect(calc('=AGGREGATE(12,6,A1)')).toBe('#NUM!');
  });
});

describe('AGGREGATE functions 14–19 (array form)', () => {
  const DATA: readonly (readonly WireValue[])[] = [[3], [2.5], ['=1/0'], [6], [-2]];
  it.each([
    ['=AGGREGATE(14,6,A1:A5,1)', 6],
    ['=AGGREGATE(14,6,A1:A5,2)', 3],
    ['=AGGREGATE(15,6,A1:A5,1)', -2],
    ['=AGGREGATE(16,6,A1:A5,0)', -2],
    ['=AGGREGATE(16,6,A1:A5,0.5)', 2.75],
    ['=AGGREGATE(17,6,A1:A5,1)', 1.375],
    ['=AGGREGATE(18,6,A1:A5,0.5)', 2.75],
    ['=AGGREGATE(19,6,A1:A5,1)', -0.875],
  ])('%s is %j', (formula, expected) => {
    expect(calc(formula, DATA)).toBeCloseTo(expected, 12);
  });

  it("answers the array's error unless errors are ignored, and #NUM! for k out of range", () => {
    expect(calc('=AGGREGATE(14,4,A1:A5,1)', DATA)).toBe('#DIV/0!');
    expect(calc('=AGGREGATE(14,6,A1:A5,5)', DATA)).toBe('#NUM!');
    expect(calc('=AGGREGATE(16,6,A1:A5,1.5)', DATA)).toBe('#NUM!');
    expect(calc('=AGGREGATE(18,6,A1:A5,0.1)', DATA)).toBe('#NUM!');
    expect(calc('=AGGREGATE(19,6,A1:A5,4)', DATA)).toBe('#NUM!');
    expect(calc('=AGGREGATE(14,6,A1:A5,1/0)', DATA)).toBe('#DIV/0!');
  });

  it('takes an array computed in the formula, leaving out its errors with option 6', () => {
    const rows = [
      ['a', 10],
      ['b', 40],
      ['a', 30],
      ['b', 20],
    ];
    expect(calc('=AGGREGATE(14,6,B1:B4/(A1:A4="a"),1)', rows)).toBe(30);
    expect(calc('=AGGREGATE(15,6,B1:B4/(A1:A4="b"),1)', rows)).toBe(20);
    expect(calc('=AGGREGATE(14,4,B1:B4/(A1:A4="b"),1)', rows)).toBe('#DIV/0!');
  });

  it('is #VALUE! without k', () => {
    expect(calc('=AGGREGATE(14,6,A1:A5)', DATA)).toBe('#VALUE!');
    expect(calc('=AGGREGATE(19,6,A1:A5)', DATA)).toBe('#VALUE!');
  });

  it('answers one value per k for an array of k (its first shown in one cell)', () => {
    expect(calc('=INDEX(AGGREGATE(14,6,A1:A5,{1,2,3}),3)', DATA)).toBe(2.5);
    expect(calc('=SUM(AGGREGATE(15,6,A1:A5,{1,2}))', DATA)).toBe(0.5);
  });
});

describe('AGGREGATE over nested subtotals and hidden rows', () => {
  it('leaves out SUBTOTAL and AGGREGATE cells with options 0–3, counts them with 4–7', () => {
    const book = bed.open();
    writeRows(book, 'A1', [
      [3],
      [2.5],
      [1],
      [6],
      [-2],
      ['=AGGREGATE(19,6,A1:A5,1)'],
      ['=SUBTOTAL(9,A1:A2)'],
    ]);
    writeRows(book, 'C1', [
      ['=AGGREGATE(2,0,A1:A7)'],
      ['=AGGREGATE(2,4,A1:A7)'],
      ['=AGGREGATE(9,3,A1:A7)'],
      ['=SUBTOTAL(9,A1:A7)'],
    ]);
    expect(valueAt(book, 'C1')).toBe(5);
    expect(valueAt(book, 'C2')).toBe(7);
    expect(valueAt(book, 'C3')).toBe(10.5);
    // SUBTOTAL leaves AGGREGATE's cells out as well.
    expect(valueAt(book, 'C4')).toBe(10.5);
  });

  const hide = (rows: number[]) => [
    { type: 'set-layout' as const, sheet: 'Sheet1', patch: { hiddenRows: rows } },
  ];
  const filterBelow = (lastRow: number, below: number) => [
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
      ['=AGGREGATE(9,5,A2:A5)'],
      ['=AGGREGATE(9,4,A2:A5)'],
      ['=AGGREGATE(14,7,A2:A5,1)'],
      ['=AGGREGATE(14,7,A2:A5*1,1)'],
      ['=C1*10'],
    ]);
    return workbook;
  }

  it('options 1, 3, 5 and 7 leave out rows hidden by hand, the others count them', () => {
    const workbook = book();
    workbook.apply(hide([2, 4]));
    expect(valueAt(workbook, 'C1')).toBe(5);
    expect(valueAt(workbook, 'C2')).toBe(15);
    expect(valueAt(workbook, 'C3')).toBe(4);
    // A computed array has no rows to hide (Microsoft: AGGREGATE(14,3,A1:A100*(A1:A100>0),1)).
    expect(valueAt(workbook, 'C4')).toBe(8);
    expect(valueAt(workbook, 'C5')).toBe(50);
    workbook.undo();
    expect(valueAt(workbook, 'C1')).toBe(15);
  });

  it('leaves out the rows a filter hides only where options say to ignore hidden rows', () => {
    const workbook = book();
    workbook.apply(filterBelow(4, 3));
    expect(valueAt(workbook, 'C1')).toBe(3);
    expect(valueAt(workbook, 'C2')).toBe(15);
    expect(valueAt(workbook, 'C3')).toBe(2);
  });
});

describe('AGGREGATE helpers', () => {
  it("reads options as Microsoft's table does", () => {
    expect(aggregateOptions(0)).toEqual({ hidden: false, errors: false, nested: true });
    expect(aggregateOptions(3)).toEqual({ hidden: true, errors: true, nested: true });
    expect(aggregateOptions(5)).toEqual({ hidden: true, errors: false, nested: false });
    expect(aggregateOptions(6)).toEqual({ hidden: false, errors: true, nested: false });
    expect(aggregateOptions(8)).toBeUndefined();
  });

  it('interpolates percentiles inclusively and exclusively', () => {
    expect(percentileInc([1, 2, 3, 4], 0.5)).toBe(2.5);
    expect(percentileInc([1, 2, 3, 4], 1)).toBe(4);
    expect(percentileExc([1, 2, 3, 4], 0.4)).toBe(2);
    expect(percentileExc([1, 2, 3, 4], 0.1)).toMatchObject({ type: 'NUM' });
  });
});
