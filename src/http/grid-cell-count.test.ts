import { describe, expect, it } from 'vitest';
import { countGridCells, GridCellCounter } from './grid-cell-count.js';

describe('counting the cells of a range write in its raw JSON', () => {
  it('counts the items of arrays inside arrays, whatever they hold', () => {
    const body = {
      target_cell: 'A1',
      values: [[1, 'a,b', null], [], [true, '[x]', '"q"', { no: [1, 2] }], [[7, 8]]],
      sheet: 'S',
    };
    expect(countGridCells(JSON.stringify(body))).toBe(3 + 0 + 4 + 1);
    expect(countGridCells(JSON.stringify(body, null, 2))).toBe(8);
  });

  it('does not count top-level arrays, objects or text that looks like arrays', () => {
    expect(countGridCells('{"values":[1,2,3],"x":"[[1,2]]"}')).toBe(0);
    expect(countGridCells('{"values":[["a\\"],[b", 2]]}')).toBe(2);
  });

  it('counts a body read in pieces as it counts the whole, wherever the pieces are cut', () => {
    const text = JSON.stringify({
      values: [['é,"[', 'x\\"y', 1], [[2, 3], { a: ['[', ']'] }, 'ü'], []],
      sheet: '[[',
    });
    const whole = countGridCells(text);
    expect(whole).toBe(6);
    const bytes = Buffer.from(text, 'utf8');
    for (let size = 1; size <= 7; size += 1) {
      const counter = new GridCellCounter();
      for (let from = 0; from < bytes.length; from += size)
        counter.read(bytes.subarray(from, from + size));
      expect(counter.cells, `pieces of ${size} bytes`).toBe(whole);
    }
  });
});
