// FREQUENCY and MODE.MULT: Microsoft's pages, and where they are silent the values Excel cached in
// the conformance corpus (formulas/test.xlsx STATISTICAL row 43 and 69, EXTRA!H50:K56).
import { describe, expect, it } from 'vitest';
import { formulaValue, useWorkbooks } from '../../../test/support/workbook-bed.js';
import { frequencies, modes } from './excel-statistical-arrays.js';

const bed = useWorkbooks();
const calc = (formula: string, rows?: (number | string | boolean | null)[][]) =>
  formulaValue(bed, formula, rows);

describe('FREQUENCY', () => {
  it('counts the data at or below each bin and above the lower bins, then those above all', () => {
    expect(frequencies([1, 2, 3, 2, 1, 3, 2, 1, 6, 5, 4.9, 0], [1, 3, 5])).toEqual([4, 5, 2, 1]);
  });

  it('takes the bins in sorted order and gives a repeated bin’s count to the first written', () => {
    expect(frequencies([1, 2, 3, 2, 1, 3, 2, 1, 6, 5, 4.9, 0], [1, 3, 5, 3])).toEqual([
      4, 5, 2, 0, 1,
    ]);
    expect(frequencies([79, 85, 78, 85, 50, 81, 95, 88, 97], [70, 89, 79])).toEqual([1, 4, 2, 2]);
  });

  it('answers a column: INDEX reads each count, a plain cell shows the first', () => {
    const rows = [[1], [2], [3], [0], [-1]];
    expect(calc('=FREQUENCY(A1:A5,{1,3;5,3})', rows)).toBe(3);
    expect(calc('=INDEX(FREQUENCY(A1:A5,{1,3;5,3}),2)', rows)).toBe(2);
    expect(calc('=ROWS(FREQUENCY(A1:A5,{1,3;5,3}))', rows)).toBe(5);
  });

  it('skips text, booleans and blank data, but a blank bin counts as 0', () => {
    const rows = [
      [3, null],
      [0, null],
      [-1, null],
      [null, null],
      ['x', null],
      [true, null],
    ];
    expect(calc('=FREQUENCY(A1:A6,{1,3})', rows)).toBe(2);
    expect(calc('=INDEX(FREQUENCY(A1:A6,{1,3}),3)', rows)).toBe(0);
    expect(calc('=FREQUENCY(A1:A6,B1)', rows)).toBe(2);
    expect(calc('=ROWS(FREQUENCY(A1:A6,B1:B2))', rows)).toBe(3);
  });

  it('answers the first error among the data', () => {
    expect(calc('=FREQUENCY(A1:A3,{1})', [[1], ['=1/0'], ['=NA()']])).toBe('#DIV/0!');
  });
});

describe('MODE.MULT', () => {
  it('lists the numbers appearing most often, in the order they first appear', () => {
    expect(modes([0.1, 0.3, 0.3, -0.1, -0.1])).toEqual([0.3, -0.1]);
    expect(modes([-0.1, 0.1, 0.3, 0.3, -0.1])).toEqual([-0.1, 0.3]);
    expect(modes([1, 2, 3])).toEqual([]);
  });

  it('answers a column, #N/A when no number repeats', () => {
    expect(calc('=MODE.MULT({1,2,3,4,1,2,3,4})')).toBe(1);
    expect(calc('=INDEX(MODE.MULT({1,2,3,4,1,2,3,4}),4)')).toBe(4);
    expect(calc('=MODE.MULT({1,2,3,4})')).toBe('#N/A');
  });

  it('skips text and booleans, answers an error met and #VALUE! for an omitted argument', () => {
    const rows = [[2, 'x', true, 2]];
    expect(calc('=MODE.MULT(A1:D1,"")', rows)).toBe(2);
    expect(calc('=MODE.MULT(B1,C1)', rows)).toBe('#N/A');
    expect(calc('=MODE.MULT(A1:D1,1/0)', rows)).toBe('#DIV/0!');
    expect(calc('=MODE.MULT(A1:D1,)', rows)).toBe('#VALUE!');
  });
});
