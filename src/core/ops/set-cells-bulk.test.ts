// Bulk set-cells: rectangles reach the engine as one call, the undo of a write into empty
// cells clears them again, and a cell named twice in one op still reverts to what it held.
import { describe, expect, it } from 'vitest';
import { useWorkbooks } from '../../../test/support/workbook-bed.js';
import { valueToJson } from '../formula/index.js';
import { writeRangeOps } from './builders.js';
import type { Op } from './op.js';

const { open } = useWorkbooks();

function grid(
  rows: number,
  cols: number,
  value: (row: number, col: number) => number | string,
): (number | string)[][] {
  return Array.from({ length: rows }, (_, row) =>
    Array.from({ length: cols }, (_, col) => value(row, col)),
  );
}

describe('set-cells over whole rectangles', () => {
  it('a 200 × 5 range write stores and computes every cell, and undo clears them all', () => {
    const workbook = open();
    workbook.apply(
      writeRangeOps(
        'Sheet1',
        { row: 0, col: 0 },
        grid(200, 5, (row, col) => row * 5 + col + 1),
      ),
    );
    workbook.apply(writeRangeOps('Sheet1', { row: 0, col: 5 }, [['=SUM(A1:E200)']]));
    const sheet = workbook.sheet();
    expect(sheet.value(199, 4)).toBe(1000);
    expect(sheet.value(0, 5)).toBe(500500);
    expect(sheet.version(199, 4)).toBe(1);
    workbook.undo();
    workbook.undo();
    expect(sheet.cellCount).toBe(0);
    expect(sheet.value(199, 4)).toBeNull();
    // Versions never go back: the undo was a commit too.
    expect(sheet.version(199, 4)).toBe(2);
  });

  it('a formula the parser cannot handle inside a rectangle becomes a parse error; its neighbours still compute', () => {
    const workbook = open();
    const tooDeep = `=${'-'.repeat(6000)}1`;
    workbook.apply(
      writeRangeOps('Sheet1', { row: 0, col: 0 }, [
        [1, 2],
        [tooDeep, '=A1+B1'],
        [3, '=A3*2'],
      ]),
    );
    const sheet = workbook.sheet();
    expect(sheet.value(1, 1)).toBe(3);
    expect(sheet.value(2, 1)).toBe(6);
    expect(valueToJson(sheet.value(1, 0))).toBe('#PARSE_ERROR!');
  });

  it('a cell named twice in one op undoes to what it held before the op', () => {
    const workbook = open();
    workbook.apply(writeRangeOps('Sheet1', { row: 0, col: 0 }, [['before']]));
    const twice: Op = {
      type: 'set-cells',
      sheet: 'Sheet1',
      runs: [
        { row: 0, col: 0, inputs: ['first'] },
        { row: 0, col: 0, inputs: ['second'] },
      ],
    };
    workbook.apply([twice]);
    const sheet = workbook.sheet();
    expect(sheet.input(0, 0)).toBe('second');
    expect(sheet.version(0, 0)).toBe(2);
    workbook.undo();
    expect(sheet.input(0, 0)).toBe('before');
    expect(sheet.value(0, 0)).toBe('before');
  });
});

/** Prepares `ops` (Workbook.prepareWrite) to the end, as hosting does across turns. */
function prepare(workbook: ReturnType<typeof open>, ops: readonly Op[]): void {
  const preparing = workbook.prepareWrite(ops);
  let steps = 0;
  while (!preparing.step(() => true) && steps < 1_000) steps += 1;
}

describe('set-cells prepared ahead (prepareWrite)', () => {
  it('over values a formula reads: the formula follows, changes list each cell once, and undo puts the old values back', () => {
    const workbook = open();
    workbook.apply(
      writeRangeOps(
        'Sheet1',
        { row: 0, col: 0 },
        grid(100, 3, () => 1),
      ),
    );
    workbook.apply(writeRangeOps('Sheet1', { row: 0, col: 4 }, [['=SUM(A1:C100)']]));
    // Half over the old values, half into empty rows below them.
    const ops = writeRangeOps(
      'Sheet1',
      { row: 50, col: 0 },
      grid(100, 3, () => 2),
    );
    prepare(workbook, ops);
    const commit = workbook.apply(ops);
    const sheet = workbook.sheet();
    expect(sheet.value(0, 4)).toBe(50 * 3 + 50 * 3 * 2);
    expect(sheet.value(149, 2)).toBe(2);
    expect(sheet.version(50, 0)).toBe(2);
    expect(sheet.version(149, 0)).toBe(1);
    const [changed] = commit.changes.cells;
    expect(changed!.cells).toHaveLength(301);
    expect(changed!.cells).toContainEqual({ row: 0, col: 4, value: 450 });
    workbook.undo();
    expect(sheet.value(0, 4)).toBe(300);
    expect(sheet.value(50, 0)).toBe(1);
    expect(sheet.input(149, 0)).toBeNull();
  });

  it('with a formula written meanwhile into its rectangle: the write still puts every value there', () => {
    const workbook = open();
    const ops = writeRangeOps(
      'Sheet1',
      { row: 0, col: 0 },
      grid(50, 4, (row, col) => row * 4 + col),
    );
    prepare(workbook, ops);
    workbook.apply(writeRangeOps('Sheet1', { row: 10, col: 1 }, [['=1+1']]));
    workbook.apply(ops);
    const sheet = workbook.sheet();
    expect(sheet.input(10, 1)).toBe(41);
    expect(sheet.value(10, 1)).toBe(41);
    expect(sheet.value(49, 3)).toBe(199);
    workbook.undo();
    expect(sheet.input(10, 1)).toEqual({ formula: '=1+1' });
    expect(sheet.value(10, 1)).toBe(2);
    expect(sheet.input(49, 3)).toBeNull();
  });

  it('with a text too long in it is refused at its commit, nothing written', () => {
    const workbook = open();
    const ops = writeRangeOps('Sheet1', { row: 0, col: 0 }, [
      [1, 2],
      ['x'.repeat(40_000), 3],
    ]);
    prepare(workbook, ops);
    expect(() => workbook.apply(ops)).toThrow(/32767|characters/);
    expect(workbook.sheet().cellCount).toBe(0);
    expect(workbook.sheet().version(0, 0)).toBe(0);
  });
});
