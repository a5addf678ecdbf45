import { describe, expect, it } from 'vitest';
import { denseContents } from './dense-contents.js';

const asText = (input: unknown): string => String(input);

describe('denseContents', () => {
  it('lays runs out at their rows and columns, leaving holes empty', () => {
    const rows = denseContents(
      [
        { row: 2, col: 1, inputs: [1, 2] },
        { row: 0, col: 0, inputs: [3] },
        { row: 2, col: 4, inputs: [4] },
      ],
      asText,
    );
    expect(rows).toHaveLength(3);
    expect(rows[0]).toEqual(['3']);
    expect(rows[1]).toEqual([]);
    expect(rows[2]![1]).toBe('1');
    expect(rows[2]![2]).toBe('2');
    expect(rows[2]![4]).toBe('4');
    expect(rows[2]![3]).toBeUndefined();
  });

  it('gives one cell at XFD1048576 every row before it as the one shared empty row', () => {
    const rows = denseContents([{ row: 1_048_575, col: 16_383, inputs: [1] }], asText);
    expect(rows).toHaveLength(1_048_576);
    expect(rows[1_048_575]![16_383]).toBe('1');
    expect(rows[0]).toHaveLength(0);
    expect(rows[0]).toBe(rows[1_048_574]);
    expect(Object.isFrozen(rows[0])).toBe(true);
  });

  it('is empty for no runs', () => {
    expect(denseContents([], asText)).toEqual([]);
  });
});
