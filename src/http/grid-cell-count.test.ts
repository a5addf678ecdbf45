import { describe, expect, it } from 'vitest';
import { countGridCells } from './grid-cell-count.js';

describe('counting the cells of a range write in its raw JSON', () => {
  it('counts the items of arrays inside arrays, whatever they hold', () => {
    const body = {
      target_cell: 'A1',
      values: [[1, 'a,b', null], [], [true, '[x]', '"q"', { no: [1, 2] }], [[7, 8]]],
      sheet: 'S',
    };
    expect(countGridCells(JSON.stringify(body), 100)).toBe(3 + 0 + 4 + 1);
    expect(countGridCells(JSON.stringify(body, null, 2), 100)).toBe(8);
  });

  it('does not count top-level arrays, objects or text that looks like arrays', () => {
    expect(countGridCells('{"values":[1,2,3],"x":"[[1,2]]"}', 100)).toBe(0);
    expect(countGridCells('{"values":[["a\\"],[b", 2]]}', 100)).toBe(2);
  });

  it('stops counting once the limit is passed', () => {
    const text = `{"values":[${Array.from({ length: 1000 }, () => '[1,2]').join(',')}]}`;
    expect(countGridCells(text, 10)).toBe(11);
    expect(countGridCells(text, 5000)).toBe(2000);
  });
});
