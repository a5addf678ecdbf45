import { describe, expect, it } from 'vitest';
import { visibleRowBands } from '../../web/src/grid/visible-rows.js';

const rect = { col: 1, row: 1, width: 2, height: 5 }; // B2:C6

describe('visibleRowBands', () => {
  it('keeps the whole rectangle when none of its rows is hidden', () => {
    expect(visibleRowBands(rect, new Set([0, 9]))).toEqual([rect]);
  });

  it('splits around hidden rows into bands of the rows left in view', () => {
    expect(visibleRowBands(rect, new Set([2, 3, 5]))).toEqual([
      { col: 1, row: 1, width: 2, height: 1 },
      { col: 1, row: 4, width: 2, height: 1 },
    ]);
  });

  it('answers no band when every row is hidden', () => {
    expect(visibleRowBands(rect, new Set([1, 2, 3, 4, 5]))).toEqual([]);
  });
});
