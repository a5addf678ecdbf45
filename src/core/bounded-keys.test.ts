// The rectangles inputs and locks occupy, kept as cells come and go.
import { describe, expect, it } from 'vitest';
import { cellKey } from './address/index.js';
import { LockSet } from './bounded-keys.js';
import { CellInputs } from './cell-inputs.js';

const at = (row: number, col: number) => cellKey(row, col);

describe('CellInputs bounds', () => {
  it('is undefined for no inputs and grows with every write outside it', () => {
    const inputs = new CellInputs();
    expect(inputs.bounds()).toBeUndefined();
    inputs.set(at(5, 3), 1);
    expect(inputs.bounds()).toEqual({ start: { row: 5, col: 3 }, end: { row: 5, col: 3 } });
    inputs.set(at(2, 7), 'x');
    inputs.set(at(9, 0), { formula: '=1' });
    expect(inputs.bounds()).toEqual({ start: { row: 2, col: 0 }, end: { row: 9, col: 7 } });
  });

  it('shrinks when the last cell on an edge is removed, and keeps its size when an inner one is', () => {
    const inputs = new CellInputs();
    for (const [row, col] of [
      [0, 0],
      [4, 4],
      [2, 2],
      [4, 1],
    ] as const)
      inputs.set(at(row, col), 1);
    inputs.delete(at(2, 2));
    expect(inputs.bounds()).toEqual({ start: { row: 0, col: 0 }, end: { row: 4, col: 4 } });
    inputs.delete(at(4, 4));
    expect(inputs.bounds()).toEqual({ start: { row: 0, col: 0 }, end: { row: 4, col: 1 } });
    inputs.delete(at(0, 0));
    expect(inputs.bounds()).toEqual({ start: { row: 4, col: 1 }, end: { row: 4, col: 1 } });
    inputs.delete(at(4, 1));
    expect(inputs.bounds()).toBeUndefined();
  });

  it('is empty again after clear, and a missing key changes nothing', () => {
    const inputs = new CellInputs();
    inputs.set(at(3, 3), 1);
    expect(inputs.delete(at(1, 1))).toBe(false);
    expect(inputs.bounds()).toEqual({ start: { row: 3, col: 3 }, end: { row: 3, col: 3 } });
    inputs.clear();
    expect(inputs.bounds()).toBeUndefined();
    inputs.set(at(1, 2), 1);
    expect(inputs.bounds()).toEqual({ start: { row: 1, col: 2 }, end: { row: 1, col: 2 } });
  });
});

describe('LockSet bounds', () => {
  it('follows locks added and removed, like the inputs', () => {
    const locks = new LockSet();
    expect(locks.bounds()).toBeUndefined();
    locks.add(at(10, 2));
    locks.add(at(3, 8));
    expect(locks.bounds()).toEqual({ start: { row: 3, col: 2 }, end: { row: 10, col: 8 } });
    locks.delete(at(10, 2));
    expect(locks.bounds()).toEqual({ start: { row: 3, col: 8 }, end: { row: 3, col: 8 } });
    locks.clear();
    expect(locks.bounds()).toBeUndefined();
  });
});
