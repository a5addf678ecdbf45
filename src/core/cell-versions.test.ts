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
