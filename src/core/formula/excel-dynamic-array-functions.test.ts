// SORT, SORTBY, ANCHORARRAY, SINGLE and TRIMRANGE. Expected values come from Microsoft's function
// pages ("MS") and, where Excel's cached results are the only word, from the conformance corpus
// (file and cell named; formulas/test.xlsx's LOOKUP sheet rows 117–140 unless said otherwise).
import { describe, expect, it } from 'vitest';
import {
  formulaValue,
  useWorkbooks,
  valueAt,
  writeCell,
  writeRows,
} from '../../../test/support/workbook-bed.js';
import type { WireValue } from '../index.js';

const bed = useWorkbooks();

/** The values a formula spills over `width` × `height` cells from ZZ1 … here from J1. */
function spilled(
  rows: readonly (readonly WireValue[])[],
  formula: string,
  width: number,
  height: number,
): WireValue[][] {
  const book = bed.open();
  writeRows(book, 'A1', rows);
  writeCell(book, 'J1', formula);
  const cols = 'JKLMNOP';
  return Array.from({ length: height }, (_, r) =>
    Array.from({ length: width }, (_, c) => valueAt(book, `${cols[c]}${r + 1}`)),
  );
}

// formulas/test.xlsx C120:G122, at A1:E3 here.
const SORTBY_DATA: WireValue[][] = [
  [1, 3, 2, 2, 1],
  [2, 2, null, 0, null],
  [3, 1, null, 0, null],
];

describe('SORTBY', () => {
  it('sorts rows by a column, empty keys last (R120)', () => {
    expect(spilled(SORTBY_DATA, '=SORTBY(A1:B3,C1:C3,1)', 2, 3)).toEqual([
      [1, 3],
      [2, 2],
      [3, 1],
    ]);
  });

  it('breaks ties with the next by_array (T120)', () => {
    expect(spilled(SORTBY_DATA, '=SORTBY(A1:B3,C1:C3,1,B1:B3,1)', 2, 3)).toEqual([
      [1, 3],
      [3, 1],
      [2, 2],
    ]);
  });

  it('sorts columns by rows as wide as the array (W120)', () => {
    expect(spilled(SORTBY_DATA, '=SORTBY(B1:C3,D1:E1,1,A1:B1,1)', 2, 2)).toEqual([
      [2, 3],
      // A spilled empty cell reads as empty here (Excel caches 0).
      [null, 2],
    ]);
  });

  it('sorts descending with -1 and keeps ties in order (Y121)', () => {
    expect(spilled([], '=SORTBY({1,2,3;4,5,6},{3,2,2},1,{5,1,4},-1)', 3, 2)).toEqual([
      [3, 2, 1],
      [6, 5, 4],
    ]);
    expect(formulaValue(bed, '=SORTBY({"b";"a";"c"},{2;1;3},-1)')).toBe('c');
  });

  it.each([
    // A row and a column by_array together (V120), a 2-D by_array (Y120).
    ['=SORTBY(A1:B3,C1:D1,1,B1:B3,1)'],
    ['=SORTBY(B1:C3,A1:B3,1)'],
    // A by_array of another length, a sort_order other than 1 or -1 (MS).
    ['=SORTBY(A1:B3,C1:C2)'],
    ['=SORTBY(A1:B3,C1:C3,2)'],
  ])('%s is #VALUE!', (formula) => {
    expect(formulaValue(bed, formula, SORTBY_DATA)).toBe('#VALUE!');
  });

  it('orders numbers before text, logical values and errors (MS: SORT)', () => {
    expect(spilled([], '=SORTBY({"b",TRUE,1,#N/A,"A"},{"b",TRUE,1,#N/A,"A"})', 5, 1)[0]).toEqual([
      1,
      'A',
      'b',
      true,
      '#N/A',
    ]);
  });
});

describe('SORT', () => {
  it('sorts a row of values holding errors instead of answering the error (AG120, U119)', () => {
    expect(formulaValue(bed, '=SORT({#VALUE!,3,1,"b",TRUE},1,1,TRUE)')).toBe(1);
    expect(formulaValue(bed, '=SORT({3,#N/A,2},1,1)')).toBe(3);
  });

  it('sorts by several indexes, each with its order (MS)', () => {
    expect(spilled([], '=SORT({1,"x";2,"y";1,"z"},{1,2},{1,-1})', 2, 3)).toEqual([
      [1, 'z'],
      [1, 'x'],
      [2, 'y'],
    ]);
  });

  it.each([
    ['=SORT({1,2},-1,1)'],
    ['=SORT({1;2},2)'],
    ['=SORT({2,1,2,1},1,{1;-1})'],
    ['=SORT({1;2},1,0)'],
  ])('%s is #VALUE! (T117, AR121)', (formula) => {
    expect(formulaValue(bed, formula)).toBe('#VALUE!');
  });
});

describe('ANCHORARRAY', () => {
  it('is the whole array a formula spills from its anchor (ironcalc dynamic_arrays.xlsx)', () => {
    const book = bed.open();
    writeCell(book, 'A1', '=SEQUENCE(4)');
    writeCell(book, 'C1', '=SUM(ANCHORARRAY(A1))');
    writeCell(book, 'D1', '=ROWS(ANCHORARRAY(A1))');
    expect(valueAt(book, 'C1')).toBe(10);
    expect(valueAt(book, 'D1')).toBe(4);
    writeCell(book, 'A1', '=SEQUENCE(5)');
    expect(valueAt(book, 'C1')).toBe(15);
  });

  it('is #REF! for a cell that anchors no spill (ironcalc spill_operator.xlsx E2, E4)', () => {
    const book = bed.open();
    writeCell(book, 'A1', 5);
    writeCell(book, 'B1', '=SEQUENCE(3)');
    writeCell(book, 'C1', '=SUM(ANCHORARRAY(A1))');
    writeCell(book, 'D1', '=SUM(ANCHORARRAY(B2))');
    expect(valueAt(book, 'C1')).toBe('#REF!');
    expect(valueAt(book, 'D1')).toBe('#REF!');
  });
});

describe('SINGLE', () => {
  it("is a range's cell in the formula's row (ironcalc INFORMATION--N.xlsx B20)", () => {
    const book = bed.open();
    writeRows(book, 'D1', [[1], [2], [3], [4]]);
    writeCell(book, 'B3', '=N(SINGLE(D1:D4))');
    expect(valueAt(book, 'B3')).toBe(3);
  });

  it("is an array's first value and a single value itself", () => {
    expect(formulaValue(bed, '=SINGLE({7,8;9,10})')).toBe(7);
    expect(formulaValue(bed, '=SINGLE(4)')).toBe(4);
  });
});

// formulas/test.xlsx C135:H139, at A1:F5 here.
const TRIM_DATA: WireValue[][] = [
  [null, 0, null, null, null, null],
  [null, 1, null, 4, null, 5],
  [null, null, 3, 4, null, 5],
  [null, 2, null, null, 5, null],
  [null, null, null, null, null, null],
];

describe('TRIMRANGE', () => {
  it('drops empty outer rows and columns (R135, X135)', () => {
    expect(formulaValue(bed, '=TRIMRANGE(A1:B5,3,3)', TRIM_DATA)).toBe(0);
    expect(formulaValue(bed, '=INDEX(TRIMRANGE(A1:B5,3,3),4,1)', TRIM_DATA)).toBe(2);
    expect(formulaValue(bed, '=COLUMNS(TRIMRANGE(A1:B5,3,3))', TRIM_DATA)).toBe(1);
    expect(formulaValue(bed, '=ROWS(TRIMRANGE(E1:F5,"3",2))', TRIM_DATA)).toBe(3);
    expect(formulaValue(bed, '=COLUMNS(TRIMRANGE(E1:F5,"3",2))', TRIM_DATA)).toBe(2);
    expect(formulaValue(bed, '=ROWS(TRIMRANGE(E1:F5,0,2))', TRIM_DATA)).toBe(5);
  });

  it('stays a reference (ironcalc LOOKUP_AND_REFERENCE--TRIMRANGE.xlsx)', () => {
    expect(formulaValue(bed, '=ROWS(TRIMRANGE(A1:F5))', TRIM_DATA)).toBe(4);
    expect(formulaValue(bed, '=SUM(TRIMRANGE(D1:F5))', TRIM_DATA)).toBe(23);
  });

  it.each([
    ['=TRIMRANGE(D1:E5,"3.3",2)', '#VALUE!'],
    ['=TRIMRANGE(E1:F5,2.3,2)', '#VALUE!'],
    ['=TRIMRANGE(E1:F5,{1,1},2)', '#VALUE!'],
    ['=TRIMRANGE(E1:F5,4)', '#VALUE!'],
    // Nothing in the range (Z136).
    ['=TRIMRANGE(H1:I5,3,3)', '#REF!'],
  ])('%s is %s', (formula, expected) => {
    expect(formulaValue(bed, formula, TRIM_DATA)).toBe(expected);
  });
});
