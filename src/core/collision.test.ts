import { describe, expect, it } from 'vitest';
import { cellKey, formatCell, parseCell, parseRange, rangeContains } from './address/index.js';
import { footprintOf, resolveCollision } from './collision.js';
import { NoFreeSpaceError } from './guardrails/index.js';

function takenIn(...ranges: string[]): (row: number, col: number) => boolean {
  const parsed = ranges.map((range) => parseRange(range));
  return (row, col) => parsed.some((range) => rangeContains(range, { row, col }));
}

function resolve(
  anchor: string,
  values: unknown[][],
  direction: 'right' | 'down',
  isTaken: (row: number, col: number) => boolean,
): string {
  return formatCell(
    resolveCollision({
      anchor: parseCell(anchor),
      footprint: footprintOf(values),
      direction,
      isTaken,
    }),
  );
}

const block2x2 = [
  [1, 2],
  [3, 4],
];

describe('[APPLY-COLLISION] resolveCollision', () => {
  it('keeps a free target', () => {
    expect(resolve('A1', block2x2, 'right', takenIn('D1:E9'))).toBe('A1');
  });

  it('shifts right to the nearest free rectangle, right beside the occupied block', () => {
    expect(resolve('A1', block2x2, 'right', takenIn('A1:B2'))).toBe('C1');
  });

  it('shifts down to the nearest free rectangle when asked', () => {
    expect(resolve('A1', block2x2, 'down', takenIn('A1:B2'))).toBe('A3');
  });

  it('finds a gap between two blocks when it is wide enough, and skips it when not', () => {
    expect(resolve('A1', block2x2, 'right', takenIn('A1:A2', 'D1:D2'))).toBe('B1');
    expect(resolve('A1', [[1, 2, 3]], 'right', takenIn('A1:A2', 'D1:D2'))).toBe('E1');
  });

  it('checks every cell of a ragged block, including rows longer than the first', () => {
    const ragged = [[1], [2, 3, 4]];
    expect(resolve('A1', ragged, 'right', takenIn('C2'))).toBe('D1');
    expect(resolve('A1', ragged, 'down', takenIn('C2'))).toBe('A2');
  });

  it('does not count cells the block leaves alone (a gap in the footprint)', () => {
    const footprint = footprintOf([[1, null, 3]], (value) => value !== null);
    const anchor = resolveCollision({
      anchor: parseCell('A1'),
      footprint,
      direction: 'right',
      isTaken: takenIn('B1'),
    });
    expect(formatCell(anchor)).toBe('A1');
  });

  it('searches past a long occupied run to the first free cell', () => {
    const taken = new Set<number>();
    for (let col = 0; col < 5000; col += 1) taken.add(cellKey(0, col));
    const anchor = resolveCollision({
      anchor: parseCell('A1'),
      footprint: footprintOf([[1]]),
      direction: 'right',
      isTaken: (row, col) => taken.has(cellKey(row, col)),
    });
    expect(formatCell(anchor)).toBe(formatCell({ row: 0, col: 5000 }));
  });

  it('gives up with NoFreeSpaceError naming the target when the sheet edge is reached', () => {
    expect(() => resolve('XFC1', block2x2, 'right', takenIn('XFC1'))).toThrow(NoFreeSpaceError);
    expect(() => resolve('XFC1', block2x2, 'right', takenIn('XFC1'))).toThrow(/XFC1/);
  });
});
