// FILTER, UNIQUE, SORT, SORTBY, ANCHORARRAY, SINGLE and TRIMRANGE. Expected values come from Microsoft's function
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
      // A spilled empty cell reads 0, as Excel spills it.
      [0, 2],
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

describe('FILTER', () => {
  it('keeps the rows of a 2-D array whose include is TRUE or a non-zero number (MS)', () => {
    expect(
      spilled(
        [
          ['a', 1, true],
          ['b', 2, false],
          ['c', 3, 5],
        ],
        '=FILTER(A1:B3,C1:C3)',
        2,
        3,
      ),
    ).toEqual([
      ['a', 1],
      ['c', 3],
      [null, null],
    ]);
  });

  it('keeps columns for a row include; one value includes a one-row array (EXTRA!K16, N17, N19)', () => {
    expect(formulaValue(bed, '=FILTER({"a",2.1,"b",4.1;"a",2.1,"b",4.1},{FALSE,-2.1,0,4.1})')).toBe(
      2.1,
    );
    expect(formulaValue(bed, '=FILTER({"a",2.1,"b",4.1},TRUE)')).toBe('a');
    expect(formulaValue(bed, '=FILTER({"a";2.1;"b";4.1},TRUE)')).toBe('a');
  });

  it.each([
    // Nothing kept (Excel's #CALC!, saved as #VALUE!): ironcalc FILTER_ERRORS.xlsx E1.
    ['=FILTER({1;2},{FALSE;FALSE})', '#VALUE!'],
    // Text in include (EXTRA!M15), an include of the wrong shape (EXTRA!L19, O19).
    ['=FILTER({1,2},{1,"f"})', '#VALUE!'],
    ['=FILTER({"a",2.1,"b",4.1},{FALSE;-2.1;4;4})', '#VALUE!'],
    ['=FILTER({"a",2.1;"b",4.1},TRUE)', '#VALUE!'],
    // An error in include is the answer (LOOKUP!AA22).
    ['=FILTER({1,2},{#N/A,#DIV/0!})', '#N/A'],
    // if_empty when nothing is kept (EXTRA!K20).
    ['=FILTER({1,2},{FALSE,FALSE},"none")', 'none'],
  ])('%s is %s', (formula, expected) => {
    expect(formulaValue(bed, formula)).toBe(expected);
  });
});

describe('UNIQUE', () => {
  it('keeps the first of equal rows, text without regard to case, errors as values', () => {
    expect(spilled([], '=UNIQUE({"a";"A";#N/A;"b";#N/A})', 1, 3)).toEqual([['a'], ['#N/A'], ['b']]);
  });

  it('compares columns with by_col and keeps those met once with exactly_once (MS)', () => {
    expect(spilled([], '=UNIQUE({1,2,1,3},TRUE)', 3, 1)).toEqual([[1, 2, 3]]);
    expect(spilled([], '=UNIQUE({1;2;1;3},FALSE,TRUE)', 1, 2)).toEqual([[2], [3]]);
    expect(formulaValue(bed, '=UNIQUE({1;1},FALSE,TRUE)')).toBe('#VALUE!');
  });
});

describe('MMULT', () => {
  it('multiplies rows by columns, dates as numbers (MS; ironcalc MMULT.xlsx E50)', () => {
    expect(spilled([], '=MMULT({1,3;7,2},{2,0;0,2})', 2, 2)).toEqual([
      [2, 6],
      [14, 4],
    ]);
    expect(formulaValue(bed, '=MMULT({1,2},DATE(1900,1,3)*{1;1})')).toBe(9);
  });

  it.each([
    // The first error of the first array (ironcalc MMULT.xlsx E66, E68).
    ['=MMULT({1,#DIV/0!;3,#DIV/0!},{5,6;#DIV/0!,8})', '#DIV/0!'],
    ['=MMULT({#N/A,#N/A;#VALUE!,1},{5,#NAME?;1,2})', '#N/A'],
    ['=MMULT({1,"2"},{1;2})', '#VALUE!'],
    ['=MMULT({1,2},{1,2})', '#VALUE!'],
    // Past the largest number (E30).
    ['=MMULT({1E+200,1E+200},{1E+200;1E+200})', '#NUM!'],
  ])('%s is %s', (formula, expected) => {
    expect(formulaValue(bed, formula)).toBe(expected);
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

  it('holds the whole array of a formula sized when it computes (INDEX(r,0,1) shows its first value)', () => {
    const book = bed.open();
    writeRows(book, 'A1', [[1], [2], [3]]);
    writeCell(book, 'C1', '=INDEX(A1:A3,0,1)');
    writeCell(book, 'D1', '=SUM(ANCHORARRAY(C1))');
    expect(valueAt(book, 'C1')).toBe(1);
    expect(valueAt(book, 'D1')).toBe(6);
    writeCell(book, 'C1', '=INDEX(A1:A3,2,1)');
    expect(valueAt(book, 'D1')).toBe('#REF!');
  });

  it('reads the whole range of a formula answering one (ironcalc spill_operator.xlsx F2)', () => {
    const book = bed.open();
    writeRows(book, 'A1', [[12], [24], [36]]);
    writeCell(book, 'B1', '=A1:A3');
    writeCell(book, 'C1', '=SUM(ANCHORARRAY(B1))');
    expect(valueAt(book, 'C1')).toBe(72);
  });

  it('arithmetic on the array leaves the spilling formula’s values alone (formulas/test.xlsx CORE!AC4)', () => {
    const book = bed.open();
    writeRows(book, 'B4', [[5], [7]]);
    writeCell(book, 'C4', '=DYNAMIC.ARRAY(B4:B5+1)');
    writeCell(book, 'D4', '=DYNAMIC.ARRAY(ANCHORARRAY(C4)+3)');
    expect(['C4', 'C5', 'D4'].map((a) => valueAt(book, a))).toEqual([6, 8, 9]);
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

  it('shows its first value as a whole formula (LOOKUP!U135: a range in another row)', () => {
    const book = bed.open();
    writeRows(book, 'A1', TRIM_DATA);
    writeCell(book, 'H9', '=TRIMRANGE(D1:E5,1,2)');
    expect(valueAt(book, 'H9')).toBe(4);
  });

  it('stays a reference inside other functions (ironcalc LOOKUP_AND_REFERENCE--TRIMRANGE.xlsx)', () => {
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
