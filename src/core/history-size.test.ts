// The undo step estimate: cheap, grows with the data a step holds, and counts a shared array
// of nulls (the undo of a write into empty cells) once.
import { describe, expect, it } from 'vitest';
import { useWorkbooks } from '../../test/support/workbook-bed.js';
import { estimateStepBytes, inputBytes, SNAPSHOT_CELL_BYTES } from './history-size.js';
import type { InputRun, Op, SheetSnapshot } from './ops/op.js';
import { writeCellOps, writeRangeOps } from './ops/builders.js';
import { replaceWorkbookOps } from './ops/chart-builders.js';

const { open } = useWorkbooks();

const write = (runs: InputRun[]): Op[] => [{ type: 'set-cells', sheet: 'Sheet1', runs }];
const rows = (count: number, width: number, value: (row: number) => string | number) =>
  Array.from({ length: count }, (_, row) => ({
    row,
    col: 0,
    inputs: new Array(width).fill(value(row)),
  }));

function snapshot(cells: number, text: string): SheetSnapshot {
  return {
    name: 'Data',
    cells: Array.from({ length: cells }, (_, col) => ({
      row: 0,
      col,
      input: text,
      version: 1,
      locked: false,
    })),
  };
}

describe('estimateStepBytes', () => {
  it('grows with the number of cells and with the length of their text', () => {
    const small = estimateStepBytes(write(rows(10, 10, () => 'abc')));
    const moreCells = estimateStepBytes(write(rows(100, 10, () => 'abc')));
    const longerText = estimateStepBytes(write(rows(10, 10, () => 'abc'.repeat(100))));
    expect(moreCells).toBeGreaterThan(5 * small);
    expect(longerText - small).toBe(100 * 2 * 297);
    expect(inputBytes({ formula: '=A1+1' })).toBeGreaterThan(inputBytes('=A1+1'));
    expect(inputBytes(null)).toBe(0);
    expect(inputBytes(true)).toBe(0);
  });

  it('counts snapshots of deleted sheets and replaced workbooks per cell', () => {
    const sheet = (cells: number): Op[] => [
      { type: 'restore-sheet', snapshot: snapshot(cells, 'v'), index: 0, activate: false },
    ];
    expect(estimateStepBytes(sheet(2000)) - estimateStepBytes(sheet(1000))).toBe(
      1000 * (SNAPSHOT_CELL_BYTES + inputBytes('v')),
    );
    const book = (cells: number): Op[] => [
      {
        type: 'replace-workbook',
        document: { name: 'B', activeSheet: 'Data', sheets: [snapshot(cells, 'v')] },
      },
    ];
    expect(estimateStepBytes(book(2000)) - estimateStepBytes(book(1000))).toBe(
      1000 * (SNAPSHOT_CELL_BYTES + inputBytes('v')),
    );
  });

  it('counts an array of nulls shared by the runs of a rectangle once', () => {
    const shared = new Array(100).fill(null);
    const sharing = estimateStepBytes(
      write(Array.from({ length: 50 }, (_, row) => ({ row, col: 0, inputs: shared }))),
    );
    const distinct = estimateStepBytes(
      write(
        Array.from({ length: 50 }, (_, row) => ({
          row,
          col: 0,
          inputs: new Array(100).fill(null),
        })),
      ),
    );
    expect(distinct - sharing).toBe(49 * 100 * 8);
  });

  it('the step of a write into empty cells is small; overwriting cells costs what they held', () => {
    const book = open({ undoMaxBytes: 1024 ** 3 });
    book.apply(writeCellOps('Sheet1', { row: 0, col: 0 }, 1));
    const single = book.historyBytes;
    expect(single).toBeLessThan(300);
    book.apply(
      writeRangeOps(
        'Sheet1',
        { row: 1, col: 0 },
        Array.from({ length: 100 }, () => new Array(100).fill(7)),
      ),
    );
    const filled = book.historyBytes - single;
    book.apply(
      writeRangeOps(
        'Sheet1',
        { row: 1, col: 0 },
        Array.from({ length: 100 }, () => new Array(100).fill('x')),
      ),
    );
    const overwritten = book.historyBytes - single - filled;
    expect(overwritten).toBeGreaterThan(10_000 * (8 + 16));
    expect(filled).toBeLessThan(overwritten / 10);
  });

  it('the undo of an import counts the replaced sheets it keeps, by cells and by text', () => {
    const replacedBytes = (values: (string | number)[][]): number => {
      const book = open({ undoMaxBytes: 1024 ** 3 });
      book.apply(writeRangeOps('Sheet1', { row: 0, col: 0 }, values));
      const before = book.historyBytes;
      book.apply(
        replaceWorkbookOps({ name: 'New', activeSheet: 'S', sheets: [{ name: 'S', cells: [] }] }),
      );
      return book.historyBytes - before;
    };
    const grid = (rows: number, value: string | number) =>
      Array.from({ length: rows }, () => new Array(10).fill(value));
    const hundred = replacedBytes(grid(10, 1));
    const thousand = replacedBytes(grid(100, 1));
    expect(thousand - hundred).toBeGreaterThan(900 * 48);
    expect(replacedBytes(grid(100, 'x'.repeat(50))) - thousand).toBe(
      1000 * (inputBytes('x'.repeat(50)) - inputBytes(1)),
    );
  });
});
