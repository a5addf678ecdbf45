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
