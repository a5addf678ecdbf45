// The paged input store: every kind of input comes back as written, through the switch from a
// sparse page to a dense one, deletes and overwrites of one kind by another.
import { describe, expect, it } from 'vitest';
import { cellKey } from './address/index.js';
import { CellInputs } from './cell-inputs.js';
import type { CellInput } from './value-typing.js';

const at = (row: number, col: number) => cellKey(row, col);

function contents(inputs: CellInputs): [number, CellInput][] {
  return [...inputs].sort((a, b) => a[0] - b[0]);
}

describe('CellInputs', () => {
  it('keeps numbers, text, booleans and formulas in a page before and after it turns dense', () => {
    const inputs = new CellInputs();
    const expected = new Map<number, CellInput>();
    // One page is 64 rows × 4 columns; 200 cells of every kind pass the dense threshold.
    for (let index = 0; index < 200; index += 1) {
      const key = at(index % 64, Math.floor(index / 64));
      const input: CellInput =
        index % 4 === 0
          ? 'text ' + index
          : index % 4 === 1
            ? index * 1.5
            : index % 4 === 2
              ? index % 8 === 2
              : { formula: `=A${index}` };
      inputs.set(key, input);
      expected.set(key, input);
      expect(inputs.get(key)).toEqual(input);
    }
    expect(inputs.size).toBe(200);
    expect(contents(inputs)).toEqual([...expected].sort((a, b) => a[0] - b[0]));
  });

  it('overwrites a number with text and back, and forgets deleted cells, dropping an emptied page', () => {
    const inputs = new CellInputs();
    for (let row = 0; row < 64; row += 1) inputs.set(at(row, 0), row);
    inputs.set(at(5, 0), 'five');
    expect(inputs.get(at(5, 0))).toBe('five');
    inputs.set(at(5, 0), -0);
    expect(Object.is(inputs.get(at(5, 0)), -0)).toBe(true);
    expect(inputs.size).toBe(64);
    expect(inputs.delete(at(7, 0))).toBe(true);
    expect(inputs.delete(at(7, 0))).toBe(false);
    expect(inputs.has(at(7, 0))).toBe(false);
    expect(inputs.get(at(7, 0))).toBeUndefined();
    expect(inputs.size).toBe(63);
    for (let row = 0; row < 64; row += 1) inputs.delete(at(row, 0));
    expect(inputs.size).toBe(0);
    expect([...inputs]).toEqual([]);
    expect(inputs.bounds()).toBeUndefined();
  });

  it('gives every key back at its address far down and right (past a boxed-number key) and in forEach', () => {
    const inputs = new CellInputs();
    const keys = [at(0, 0), at(1_048_575, 16_383), at(70_000, 9), at(63, 3), at(64, 4)];
    keys.forEach((key, index) => inputs.set(key, index + 1));
    const seen: [number, CellInput][] = [];
    inputs.forEach((input, key) => seen.push([key, input]));
    expect(seen.sort((a, b) => a[0] - b[0])).toEqual(
      keys.map((key, index) => [key, index + 1] as [number, CellInput]).sort((a, b) => a[0] - b[0]),
    );
    expect([...inputs.keys()].sort((a, b) => a - b)).toEqual([...keys].sort((a, b) => a - b));
    expect(inputs.bounds()).toEqual({
      start: { row: 0, col: 0 },
      end: { row: 1_048_575, col: 16_383 },
    });
  });
});
