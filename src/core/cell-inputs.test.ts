// The paged input store: every kind of input comes back as written, through the switch from a
// sparse page to a dense one, deletes and overwrites of one kind by another.
import { describe, expect, it } from 'vitest';
import { cellKey, MAX_COLUMNS } from './address/index.js';
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

describe('CellInputs.shift', () => {
  /** A deterministic pseudo-random sequence, so a failure repeats. */
  function random(seed: number): () => number {
    let state = seed;
    return () => {
      state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
      return state / 2 ** 31;
    };
  }

  it('moves every cell at or past `from` by `delta` along rows or columns, dense pages and sparse, as a map of cells would', () => {
    const next = random(7);
    for (let round = 0; round < 40; round += 1) {
      const inputs = new CellInputs();
      const model = new Map<number, CellInput>();
      const put = (row: number, col: number, input: CellInput) => {
        inputs.set(cellKey(row, col), input);
        model.set(cellKey(row, col), input);
      };
      // A dense block (numbers with some text and formulas) and scattered cells.
      for (let row = 0; row < 200; row += 1)
        for (let col = 0; col < 9; col += 1)
          if (next() < 0.8) put(row, col, next() < 0.9 ? row * 100 + col : `t${row}`);
      for (let index = 0; index < 30; index += 1)
        put(Math.floor(next() * 5000), Math.floor(next() * 300), { formula: `=A${index + 1}` });
      const axis = next() < 0.5 ? 'row' : 'col';
      const from = Math.floor(next() * (axis === 'row' ? 300 : 20));
      let delta = Math.floor(next() * 150) - 40;
      delta = Math.max(delta, -from);
      if (delta === 0) delta = 1;
      // As the caller does: clear what the shift would collide with.
      const index = (key: number) =>
        axis === 'row' ? Math.floor(key / MAX_COLUMNS) : key % MAX_COLUMNS;
      for (const key of [...model.keys()])
        if (delta < 0 && index(key) >= from + delta && index(key) < from) {
          inputs.delete(key);
          model.delete(key);
        }
      inputs.shift({ axis, from, delta });
      const expected = new Map<number, CellInput>();
      for (const [key, input] of model)
        expected.set(
          index(key) >= from ? key + delta * (axis === 'row' ? MAX_COLUMNS : 1) : key,
          input,
        );
      expect(new Map(inputs.entries())).toEqual(expected);
      expect(inputs.size).toBe(expected.size);
      const keys = [...expected.keys()];
      const rows = keys.map((key) => Math.floor(key / MAX_COLUMNS));
      const cols = keys.map((key) => key % MAX_COLUMNS);
      expect(inputs.bounds()).toEqual({
        start: { row: Math.min(...rows), col: Math.min(...cols) },
        end: { row: Math.max(...rows), col: Math.max(...cols) },
      });
    }
  });

  it.each([
    ['dense pages (band walk)', 1],
    ['scattered cells (sorted)', 97],
  ])('walks every cell row-major with its row and column: %s', (_, step) => {
    const inputs = new CellInputs();
    const expected: [number, number, CellInput][] = [];
    // Written column-major and out of order, so page order is not row order.
    for (let col = 9; col >= 0; col -= 1)
      for (let row = 299 * step; row >= 0; row -= step) {
        const input: CellInput = (row + col) % 3 === 0 ? `t${row}` : row * 100 + col;
        inputs.set(at(row, col * step), input);
        expected.push([row, col * step, input]);
      }
    inputs.set(at(1_048_575, 16_383), true);
    expected.push([1_048_575, 16_383, true]);
    expected.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    const seen: [number, number, CellInput][] = [];
    inputs.forEachRowMajor((input, row, col) => seen.push([row, col, input]));
    expect(seen).toEqual(expected);
  });

  it('writeRun writes and clears a run as set and delete would, answering what each cell held, sparse pages and dense', () => {
    for (const dense of [false, true]) {
      const inputs = new CellInputs();
      const model = new Map<number, CellInput>();
      // Some cells already there: a number, a text and a formula across two pages of row 3.
      for (const [col, input] of [
        [2, 7],
        [5, 'old'],
        [9, { formula: '=1' }],
      ] as const) {
        inputs.set(at(3, col), input);
        model.set(at(3, col), input);
      }
      // Rows 0–69 from column 1, 11 wide: every third cell a clear, the rest numbers and text.
      for (let row = 0; row < 70; row += 1) {
        const run = Array.from({ length: 11 }, (_, offset): CellInput | null =>
          (row + offset) % 3 === 0 ? null : offset % 2 === 0 ? row * 100 + offset : `t${offset}`,
        );
        const expectedPrevious = run.map((_, offset) => model.get(at(row, 1 + offset)) ?? null);
        const previous = inputs.writeRun(row, 1, run, dense);
        expect(previous ?? run.map(() => null)).toEqual(expectedPrevious);
        run.forEach((input, offset) => {
          if (input === null) model.delete(at(row, 1 + offset));
          else model.set(at(row, 1 + offset), input);
        });
      }
      expect(contents(inputs)).toEqual([...model].sort((a, b) => a[0] - b[0]));
      expect(inputs.size).toBe(model.size);
      expect(inputs.bounds()).toEqual({ start: { row: 0, col: 1 }, end: { row: 69, col: 11 } });
    }
  });
});

describe('CellInputs.rowBands', () => {
  it('lists every key row-major, one band of 64 rows at a time, across sparse and dense pages', () => {
    const inputs = new CellInputs();
    const cells: [number, number][] = [
      [200, 3],
      [0, 16_383],
      [63, 0],
      [64, 1],
      [1_048_575, 0],
      [5, 2],
    ];
    // A dense page: the whole first 64 × 4 block.
    for (let row = 0; row < 64; row += 1)
      for (let col = 0; col < 4; col += 1) cells.push([row, col]);
    for (const [row, col] of cells) inputs.set(cellKey(row, col), row + col);
    const bands = [...inputs.rowBands()];
    const expected = [...new Set(cells.map(([row, col]) => cellKey(row, col)))].sort(
      (a, b) => a - b,
    );
    expect(bands.flatMap((band) => [...band])).toEqual(expected);
    // Rows 0–63, 64–127, 192–255 and the last band: each band's rows only.
    expect(bands).toHaveLength(4);
    for (const band of bands) {
      const first = Math.floor(Math.floor(band[0]! / 16_384) / 64);
      for (const key of band) expect(Math.floor(Math.floor(key / 16_384) / 64)).toBe(first);
    }
  });
});
