import { describe, expect, it } from 'vitest';
import { cellKey, MAX_COLUMNS, MAX_ROWS } from './address/index.js';
import { CellVersions } from './cell-versions.js';

describe('CellVersions', () => {
  it('answers what was set, and undefined for cells never written', () => {
    const versions = new CellVersions();
    versions
      .set(cellKey(0, 0), 1)
      .set(cellKey(99_999, 9), 7)
      .set(cellKey(MAX_ROWS - 1, MAX_COLUMNS - 1), 2 ** 40);
    expect(versions.get(cellKey(0, 0))).toBe(1);
    expect(versions.get(cellKey(99_999, 9))).toBe(7);
    expect(versions.get(cellKey(MAX_ROWS - 1, MAX_COLUMNS - 1))).toBe(2 ** 40);
    expect(versions.get(cellKey(0, 1))).toBeUndefined();
    expect(versions.has(cellKey(0, 1))).toBe(false);
    expect(versions.size).toBe(3);
  });

  it('keeps the small versions of a page when one of its cells passes 16 bits', () => {
    const versions = new CellVersions();
    for (let row = 0; row < 64; row += 1) versions.set(cellKey(row, 0), row + 1);
    const small = versions.byteSize;
    versions
      .set(cellKey(10, 1), 65_535)
      .set(cellKey(20, 2), 65_536)
      .set(cellKey(30, 3), 2 ** 53);
    for (let row = 0; row < 64; row += 1) expect(versions.get(cellKey(row, 0))).toBe(row + 1);
    expect(versions.get(cellKey(10, 1))).toBe(65_535);
    expect(versions.get(cellKey(20, 2))).toBe(65_536);
    expect(versions.get(cellKey(30, 3))).toBe(2 ** 53);
    expect(versions.size).toBe(67);
    // The page now holds 64-bit slots, and its estimate says so.
    expect(versions.byteSize).toBeGreaterThan(small * 3);
  });

  it('keeps neighbours in the same page apart', () => {
    const versions = new CellVersions();
    for (let row = 0; row < 70; row += 1)
      for (let col = 0; col < 6; col += 1) versions.set(cellKey(row, col), row * 10 + col + 1);
    for (let row = 0; row < 70; row += 1)
      for (let col = 0; col < 6; col += 1)
        expect(versions.get(cellKey(row, col))).toBe(row * 10 + col + 1);
    expect(versions.size).toBe(420);
  });

  it('forgets a cell on delete or on set(0), counting each cell once', () => {
    const versions = new CellVersions();
    versions.set(cellKey(3, 3), 1).set(cellKey(3, 3), 2).set(cellKey(4, 4), 5);
    expect(versions.size).toBe(2);
    expect(versions.delete(cellKey(3, 3))).toBe(true);
    expect(versions.delete(cellKey(3, 3))).toBe(false);
    versions.set(cellKey(4, 4), 0);
    expect(versions.has(cellKey(4, 4))).toBe(false);
    expect(versions.size).toBe(0);
    expect([...versions.keys()]).toEqual([]);
  });

  it('lists the key of every cell with a version, whatever page it is in', () => {
    const versions = new CellVersions();
    const keys = [
      cellKey(0, 0),
      cellKey(63, 3),
      cellKey(64, 4),
      cellKey(1000, 16_000),
      cellKey(5, 1),
    ];
    for (const key of keys) versions.set(key, 1);
    versions.set(cellKey(7, 7), 1);
    versions.delete(cellKey(7, 7));
    expect([...versions.keys()].sort((a, b) => a - b)).toEqual([...keys].sort((a, b) => a - b));
    const pushed: number[] = [];
    versions.pushKeys(pushed);
    expect(pushed.sort((a, b) => a - b)).toEqual([...keys].sort((a, b) => a - b));
  });
});

describe('CellVersions.shift', () => {
  /** Random versions, one in `wideEvery` of them past 16 bits. */
  function shiftsLikeAMap(wideEvery: number): void {
    let state = 11;
    const next = () => (state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    for (let round = 0; round < 40; round += 1) {
      const versions = new CellVersions();
      const model = new Map<number, number>();
      for (let index = 0; index < 3000; index += 1) {
        const key = cellKey(
          Math.floor(next() * (index < 2000 ? 300 : 20_000)),
          Math.floor(next() * 12),
        );
        const version =
          next() * wideEvery < 1
            ? 65_536 + Math.floor(next() * 2 ** 40)
            : 1 + Math.floor(next() * 50);
        versions.set(key, version);
        model.set(key, version);
      }
      const axis = next() < 0.5 ? 'row' : 'col';
      const from = Math.floor(next() * (axis === 'row' ? 400 : 14));
      let delta = Math.floor(next() * 200) - 60;
      delta = Math.max(delta, -from);
      if (delta === 0) delta = 1;
      const index = (key: number) =>
        axis === 'row' ? Math.floor(key / MAX_COLUMNS) : key % MAX_COLUMNS;
      for (const key of [...model.keys()])
        if (
          (delta < 0 && index(key) >= from + delta && index(key) < from) ||
          (delta < 0 && index(key) < -delta && index(key) >= from)
        ) {
          versions.delete(key);
          model.delete(key);
        }
      versions.shift({ axis, from, delta });
      const expected = new Map<number, number>();
      for (const [key, version] of model)
        expected.set(
          index(key) >= from ? key + delta * (axis === 'row' ? MAX_COLUMNS : 1) : key,
          version,
        );
      const actual = new Map([...versions.keys()].map((key) => [key, versions.get(key)!]));
      expect(actual).toEqual(expected);
      expect(versions.size).toBe(expected.size);
    }
  }

  it('moves every version at or past `from` by `delta`, whole pages and cut ones, as a map would', () => {
    shiftsLikeAMap(Infinity);
  });

  it('moves versions past 16 bits with their neighbours, whatever page they land in', () => {
    shiftsLikeAMap(20);
  });
});
