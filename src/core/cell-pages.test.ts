import { describe, expect, it } from 'vitest';
import { MAX_COLUMNS } from './address/index.js';
import {
  PAGE_COLS,
  PAGE_ROWS,
  keyOf,
  keysInPages,
  pageBelow,
  pageOf,
  slotOf,
  takePagesForShift,
} from './cell-pages.js';

const key = (row: number, col: number): number => row * MAX_COLUMNS + col;

describe('cell pages', () => {
  it('puts a cell back where it came from: page and slot give its key again', () => {
    for (const [row, col] of [
      [0, 0],
      [63, 3],
      [64, 4],
      [100_000, 16_383],
      [1_048_575, 7],
    ] as const)
      expect(keyOf(pageOf(row, col), slotOf(row, col))).toBe(key(row, col));
  });

  it('numbers pages row band by row band: the page below holds the next 64 rows', () => {
    expect(pageBelow(pageOf(10, 5))).toBe(pageOf(10 + PAGE_ROWS, 5));
    expect(pageOf(0, PAGE_COLS)).toBe(pageOf(0, 0) + 1);
  });

  it('lists the occupied keys of a band in ascending order, skipping the pages outside it', () => {
    const pages = new Map<number, Set<number>>();
    for (const [row, col] of [
      [5, 1],
      [70, 0],
      [2, 9],
      [300, 2],
    ] as const) {
      const id = pageOf(row, col);
      pages.set(id, (pages.get(id) ?? new Set()).add(slotOf(row, col)));
    }
    const occupied = (page: Set<number>, slot: number): boolean => page.has(slot);
    expect(keysInPages(pages, 'row', 2, 70, occupied)).toEqual([key(2, 9), key(5, 1), key(70, 0)]);
    expect(keysInPages(pages, 'col', 0, 1, occupied)).toEqual([key(5, 1), key(70, 0)]);
  });

  it('takes out only the pages a row shift reaches, whole pages bottom first and the cut page apart', () => {
    const pages = new Map<number, string>([
      [pageOf(0, 0), 'top'],
      [pageOf(130, 0), 'cut'],
      [pageOf(200, 0), 'lower'],
      [pageOf(300, 0), 'lowest'],
    ]);
    const moving = takePagesForShift(pages, { axis: 'row', from: 140, delta: 64 });
    expect(moving.whole.map(([, page]) => page)).toEqual(['lowest', 'lower']);
    expect(moving.partial.map(([, page]) => page)).toEqual(['cut']);
    expect([...pages.values()]).toEqual(['top']);
    expect(moving.destination(pageOf(200, 0))).toBe(pageOf(264, 0));
    expect(moving.offset).toBe(0);
  });

  it('moves every reached page cell by cell along columns', () => {
    const pages = new Map<number, string>([
      [pageOf(0, 0), 'left'],
      [pageOf(0, 8), 'right'],
    ]);
    const moving = takePagesForShift(pages, { axis: 'col', from: 5, delta: 2 });
    expect(moving.whole).toEqual([]);
    expect(moving.partial.map(([, page]) => page)).toEqual(['right']);
  });

  it('refuses to move a whole page off the sheet', () => {
    const last = pageOf(1_048_575 - 10, 0);
    const moving = takePagesForShift(new Map([[last, 1]]), { axis: 'row', from: 0, delta: 64 });
    expect(() => moving.destination(last)).toThrow(/off the sheet/);
  });
});
