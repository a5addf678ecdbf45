// TAKE, DROP, EXPAND, CHOOSECOLS, CHOOSEROWS, TOCOL, TOROW, WRAPROWS, WRAPCOLS, MUNIT and MINVERSE.
// Expected values: Microsoft's function pages ("MS example") or the values Excel cached in the
// conformance corpus (file and cell in the test's name or comment).
import { describe, expect, it } from 'vitest';
import { useWorkbooks, valueAt, writeCell, writeRows } from '../../../test/support/workbook-bed.js';
import type { WireValue } from '../index.js';

const bed = useWorkbooks();
const NINE = '{1,2,3;4,5,6;7,8,9}';

/** The values the formula in H1 spills over `width` × `height` cells (A1:F6 hold `rows`). */
function spill(
  formula: string,
  width: number,
  height: number,
  rows: WireValue[][] = [],
): WireValue[][] {
  const book = bed.open();
  if (rows.length > 0) writeRows(book, 'A1', rows);
  writeCell(book, 'H1', formula);
  return Array.from({ length: height }, (_, row) =>
    Array.from({ length: width }, (_, col) =>
      valueAt(book, `${String.fromCharCode(72 + col)}${row + 1}`),
    ),
  );
}

/** One formula's value in H1, with B1 holding `b1`. */
function valueOf(formula: string, b1: WireValue = null): WireValue {
  const book = bed.open();
  if (b1 !== null) writeCell(book, 'B1', b1);
  writeCell(book, 'H1', formula);
  return valueAt(book, 'H1');
}

describe('TAKE and DROP', () => {
  it('MS example: the first two rows, the last two columns', () => {
    expect(spill(`=TAKE(${NINE},2)`, 3, 3)).toEqual([
      [1, 2, 3],
      [4, 5, 6],
      [null, null, null],
    ]);
    expect(spill(`=TAKE(${NINE},,-2)`, 2, 3)).toEqual([
      [2, 3],
      [5, 6],
      [8, 9],
    ]);
  });

  it('MS example: DROP the first two rows, the last two columns', () => {
    expect(spill(`=DROP(${NINE},2)`, 3, 1)).toEqual([[7, 8, 9]]);
    expect(spill(`=DROP(${NINE},,-2)`, 1, 3)).toEqual([[1], [4], [7]]);
  });

  it('counts are truncated; nothing left is #VALUE! (ironcalc DROP_TAKE D2, E2, L2)', () => {
    expect(spill(`=DROP(${NINE},1.9,2.2)`, 1, 2)).toEqual([[6], [9]]);
    expect(valueOf(`=DROP(${NINE},3)`)).toBe('#VALUE!');
    expect(valueOf(`=TAKE(${NINE},0)`)).toBe('#VALUE!');
  });

  it('a count read from a cell keeps one cell, and passes the whole array on (formulas/test LOOKUP!R123)', () => {
    expect(valueOf(`=TAKE(${NINE},B1)`, -2)).toBe(4);
    expect(valueOf(`=SUM(TAKE(${NINE},B1))`, -2)).toBe(39);
    expect(valueOf(`=TAKE(${NINE},B1)`, '1.1')).toBe(1);
  });

  it('an array of counts answers the first value at each (formulas/test LOOKUP!AE16)', () => {
    expect(valueOf(`=DROP(${NINE},"1.1",{1;2;1})`)).toBe(5);
  });
});

describe('EXPAND', () => {
  it('MS example: grown with #N/A, or with pad_with', () => {
    expect(spill('=EXPAND({1,2;3,4},3,3)', 3, 3)).toEqual([
      [1, 2, '#N/A'],
      [3, 4, '#N/A'],
      ['#N/A', '#N/A', '#N/A'],
    ]);
    expect(spill('=EXPAND({1,2;3,4},3,3,"-")', 3, 1)).toEqual([[1, 2, '-']]);
  });

  it('fewer rows than the array is #VALUE! (formulas/test LOOKUP!W20)', () => {
    expect(valueOf('=EXPAND({1,2;3,4},1)')).toBe('#VALUE!');
  });
});

describe('CHOOSECOLS and CHOOSEROWS', () => {
  it('MS example: columns and rows by index, negative from the end', () => {
    expect(spill(`=CHOOSECOLS(${NINE},1,-1)`, 2, 3)).toEqual([
      [1, 3],
      [4, 6],
      [7, 9],
    ]);
    expect(spill(`=CHOOSEROWS(${NINE},{3,1})`, 3, 2)).toEqual([
      [7, 8, 9],
      [1, 2, 3],
    ]);
  });

  it('an index outside the array, or 0, is #VALUE!; text dates count (formulas/test LOOKUP!F6, G6, I6)', () => {
    expect(valueOf(`=CHOOSECOLS(${NINE},4)`)).toBe('#VALUE!');
    expect(valueOf(`=CHOOSECOLS(${NINE},B1)`, 0)).toBe('#VALUE!');
    expect(valueOf(`=CHOOSEROWS(${NINE},B1)`, '01/01/1900')).toBe(1);
  });

  it('indices in a row or a column are read; a grid of them is #VALUE! (formulas/test LOOKUP!AH6, AH9)', () => {
    const indices: WireValue[][] = [
      [3, 1],
      [2, 1],
    ];
    expect(spill(`=CHOOSECOLS(${NINE},A1:B1)`, 1, 1, indices)).toEqual([[3]]);
    expect(spill(`=CHOOSEROWS(${NINE},A1:A2)`, 1, 1, indices)).toEqual([[7]]);
    expect(spill(`=CHOOSECOLS(${NINE},A1:B2)`, 1, 1, indices)).toEqual([['#VALUE!']]);
    expect(spill(`=CHOOSEROWS(${NINE},A1:B2)`, 1, 1, indices)).toEqual([['#VALUE!']]);
  });
});

describe('TOCOL, TOROW, WRAPROWS and WRAPCOLS', () => {
  it('MS example: one column by rows or by columns, blanks and errors ignored on request', () => {
    expect(
      spill('=TOCOL(A1:B2)', 1, 4, [
        [1, 2],
        [3, 4],
      ]),
    ).toEqual([[1], [2], [3], [4]]);
    expect(
      spill('=TOROW(A1:B2,,TRUE)', 4, 1, [
        [1, 2],
        [3, 4],
      ]),
    ).toEqual([[1, 3, 2, 4]]);
    // Which cells are left depends on the values: the size is not known at parse time, so the
    // formula keeps its own cell (the first value); nested, the whole array is passed on.
    expect(valueOf('=TOROW({1,"";#N/A,4},3)')).toBe(1);
    expect(valueOf('=COUNT(TOCOL({1,2;#N/A,4},2))')).toBe(3);
  });

  it('MS example: wrapped in rows or columns, the last padded', () => {
    expect(spill('=WRAPROWS({"A","B","C","D","E"},2)', 2, 3)).toEqual([
      ['A', 'B'],
      ['C', 'D'],
      ['E', '#N/A'],
    ]);
    expect(spill('=WRAPCOLS({"A","B","C","D","E"},2,"x")', 3, 2)).toEqual([
      ['A', 'C', 'E'],
      ['B', 'D', 'x'],
    ]);
  });

  it('wrap_count below 1 is #NUM!; a table is #VALUE! (formulas/test LOOKUP!O156)', () => {
    expect(valueOf('=WRAPROWS({1,2,3},0)')).toBe('#NUM!');
    expect(valueOf('=WRAPROWS({1,2;3,4},2)')).toBe('#VALUE!');
  });
});

describe('MUNIT and MINVERSE', () => {
  it('MS example: the identity matrix; below 1 is #VALUE! (ironcalc MUNIT G26, G29)', () => {
    expect(spill('=MUNIT(3)', 3, 3)).toEqual([
      [1, 0, 0],
      [0, 1, 0],
      [0, 0, 1],
    ]);
    expect(valueOf('=MUNIT(0.2)')).toBe('#VALUE!');
    expect(valueOf('=MUNIT(1.7)')).toBe(1);
  });

  it('an array of dimensions answers one value each (formulas/test CORE!P31)', () => {
    expect(valueOf('=SUM(MUNIT({1,2;3,4;7,8}))')).toBe(6);
  });

  it('MS example: the inverse of a matrix', () => {
    const inverse = spill('=MINVERSE({4,-1;2,0})', 2, 2);
    expect(inverse[0]![0]).toBeCloseTo(0);
    expect(inverse[0]![1]).toBeCloseTo(0.5);
    expect(inverse[1]![0]).toBeCloseTo(-1);
    expect(inverse[1]![1]).toBeCloseTo(2);
  });

  it('singular is #NUM!, not square or not numbers #VALUE! (formulas/test MATH & TRIG!V42, W42)', () => {
    expect(valueOf('=SUM(MINVERSE({1,1;1,1}))')).toBe('#NUM!');
    expect(valueOf('=MINVERSE({1,3,8,5;1,3,6,1})')).toBe('#VALUE!');
    expect(valueOf('=MINVERSE({1,"a";2,3})')).toBe('#VALUE!');
  });

  it('formulas/test CORE!P27: the first value of a 3 × 3 inverse', () => {
    expect(valueOf('=MINVERSE({1,2,3;2,5,6;7,8,9})')).toBeCloseTo(0.25);
  });
});

describe('TEXTSPLIT', () => {
  it('MS example: columns at one delimiter, rows at another, short rows padded', () => {
    expect(spill('=TEXTSPLIT("1,2,3;4,5",",",";")', 3, 2)).toEqual([
      ['1', '2', '3'],
      ['4', '5', '#N/A'],
    ]);
    expect(spill('=TEXTSPLIT("Dakota Cruz"," ")', 2, 1)).toEqual([['Dakota', 'Cruz']]);
  });

  it('several delimiters, empty pieces dropped on request, matched without case (ironcalc TEXTSPLIT B10, B7)', () => {
    expect(spill('=TEXTSPLIT("1,2.3-4",{",",".","-"})', 4, 1)).toEqual([['1', '2', '3', '4']]);
    expect(spill('=TEXTSPLIT("1,,2",",",,TRUE)', 2, 1)).toEqual([['1', '2']]);
    expect(spill('=TEXTSPLIT("aXbxc","x",,,1)', 3, 1)).toEqual([['a', 'b', 'c']]);
  });

  it('no delimiter, or an empty one, is #VALUE! (ironcalc TEXTSPLIT B26, H26, L26)', () => {
    expect(valueOf('=TEXTSPLIT("a,b",)')).toBe('#VALUE!');
    expect(valueOf('=TEXTSPLIT("a,b","")')).toBe('#VALUE!');
    expect(valueOf('=TEXTSPLIT("a,b",,)')).toBe('#VALUE!');
  });

  it('text read from a cell keeps one cell: the first piece (ironcalc TEXTSPLIT B1)', () => {
    expect(valueOf('=TEXTSPLIT(B1,",")', 'Orange,Apple')).toBe('Orange');
  });
});

describe('RANDARRAY', () => {
  const numbers = (rows: WireValue[][]): number[] =>
    rows.flat().map((value) => {
      expect(typeof value).toBe('number');
      return value as number;
    });

  it('spills rows × columns numbers in [0, 1) and nothing past them', () => {
    const cells = spill('=RANDARRAY(3,2)', 3, 4);
    expect(cells[3]).toEqual([null, null, null]);
    expect(cells.slice(0, 3).map((row) => row[2])).toEqual([null, null, null]);
    for (const value of numbers(cells.slice(0, 3).map((row) => row.slice(0, 2)))) {
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThan(1);
    }
  });

  it('defaults: one number without arguments, one row when rows is omitted; counts are truncated', () => {
    expect(typeof valueOf('=RANDARRAY()')).toBe('number');
    expect(spill('=RANDARRAY(,3)', 3, 2)[1]).toEqual([null, null, null]);
    expect(numbers([spill('=RANDARRAY(,3)', 3, 1)[0]!])).toHaveLength(3);
    const truncated = spill('=RANDARRAY(2.9,1)', 1, 3);
    expect(truncated[2]).toEqual([null]);
    expect(numbers(truncated.slice(0, 2))).toHaveLength(2);
  });

  it('decimals lie in [min, max); whole numbers cover min to max inclusive', () => {
    for (const value of numbers(spill('=RANDARRAY(20,10,5,7)', 10, 20))) {
      expect(value).toBeGreaterThanOrEqual(5);
      expect(value).toBeLessThan(7);
    }
    const whole = numbers(spill('=RANDARRAY(20,10,-2,3,TRUE)', 10, 20));
    expect(whole.every(Number.isInteger)).toBe(true);
    // 200 draws of 6 values: each one turns up (a miss has odds below 1e-14).
    expect([...new Set(whole)].sort((a, b) => a - b)).toEqual([-2, -1, 0, 1, 2, 3]);
    expect(valueOf('=SUM(RANDARRAY(4,1,3,3))')).toBe(12);
  });

  it('errors: min above max, counts below 1, fractional bounds for whole numbers, text counts', () => {
    expect(valueOf('=RANDARRAY(2,2,5,1)')).toBe('#VALUE!');
    expect(valueOf('=RANDARRAY(0)')).toBe('#VALUE!');
    expect(valueOf('=RANDARRAY(2,-1)')).toBe('#VALUE!');
    expect(valueOf('=RANDARRAY(1,1,0.5,3,TRUE)')).toBe('#VALUE!');
    expect(valueOf('=RANDARRAY("x")')).toBe('#VALUE!');
    expect(valueOf('=RANDARRAY(1000,1000)')).toBe('#VALUE!');
  });

  it('a size read from a cell follows the cell; only the values are random', () => {
    const book = bed.open();
    writeCell(book, 'A1', 2);
    writeCell(book, 'C1', '=RANDARRAY(A1,2)');
    const column = (): WireValue[] => ['C1', 'C2', 'C3', 'C4', 'C5'].map((a1) => valueAt(book, a1));
    expect(column().map((value) => typeof value)).toEqual([
      'number',
      'number',
      'object',
      'object',
      'object',
    ]);
    expect(typeof valueAt(book, 'D2')).toBe('number');
    writeCell(book, 'A1', 4);
    expect(column().map((value) => value === null)).toEqual([false, false, false, false, true]);
    writeCell(book, 'A1', 1);
    expect(column().map((value) => value === null)).toEqual([false, true, true, true, true]);
    writeCell(book, 'B9', 'unrelated');
    expect(column().map((value) => value === null)).toEqual([false, true, true, true, true]);
  });

  it('is volatile: an unrelated write draws new numbers', () => {
    const book = bed.open();
    writeCell(book, 'H1', '=RANDARRAY(3,3)');
    const cells = (): WireValue[] =>
      ['H1', 'I1', 'J1', 'H2', 'I2', 'J2', 'H3', 'I3', 'J3'].map((a1) => valueAt(book, a1));
    const before = cells();
    writeCell(book, 'A9', 1);
    const after = cells();
    expect(after.every((value) => typeof value === 'number')).toBe(true);
    expect(after).not.toEqual(before);
  });

  it('the catalogue lists it with its optional parameters', () => {
    const fn = bed
      .open()
      .functionCatalogue()
      .find((entry) => entry.name === 'RANDARRAY');
    expect(fn).toMatchObject({
      signature: 'RANDARRAY([rows], [columns], [min], [max], [whole_number])',
      category: 'Math and trigonometry',
    });
  });
});
