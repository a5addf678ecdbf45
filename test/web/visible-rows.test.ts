import { describe, expect, it } from 'vitest';
import { rowInView, visibleRowBands } from '../../web/src/grid/visible-rows.js';

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

describe('rowInView', () => {
  const hidden = new Set([2, 3, 7]);

  it('steps over hidden rows in the direction of the move', () => {
    expect(rowInView(2, 1, hidden, 100)).toBe(4);
    expect(rowInView(3, 4, hidden, 100)).toBe(1);
  });

  it('keeps a row in view, and stays put when only hidden rows lie that way', () => {
    expect(rowInView(5, 4, hidden, 100)).toBe(5);
    expect(rowInView(7, 6, hidden, 8)).toBe(6);
  });
});
