// What a chart plots: shared reads per range and commit, and the user's own edits laid over them.
import { describe, expect, it } from 'vitest';
import {
  plottedRange,
  SharedChartReads,
  withLocalEdits,
  type ValueGrid,
} from '../../web/src/charts/chart-values.js';
import type { CachedCell } from '../../web/src/grid/cell-store.js';

function cached(value: CachedCell['value'], error: string | null = null): CachedCell {
  return { input: String(value), value, error, formula: null, version: 1, locked: false };
}

/** A /peek stand-in that counts its calls and answers when told to. */
function countingPeek() {
  const calls: string[] = [];
  const pending: {
    resolve: (rows: ValueGrid, range?: string | null) => void;
    reject: (error: Error) => void;
  }[] = [];
  const peek = (sheet: string, ref: string) => {
    calls.push(`${sheet}!${ref}`);
    return new Promise<{ rows: ValueGrid; range: string | null }>((resolve, reject) =>
      pending.push({ resolve: (rows, range = ref) => resolve({ rows, range }), reject }),
    );
  };
  return { calls, pending, peek };
}

describe('plottedRange', () => {
  it('[CHART-02] reads the chart’s own sheet unless the range names another', () => {
    expect(plottedRange('Sheet1', 'A1:B3')).toEqual({
      sheet: 'Sheet1',
      ref: 'A1:B3',
      rect: { col: 0, row: 0, width: 2, height: 3 },
    });
    expect(plottedRange('Sheet1', 'Data!C2:D4')?.sheet).toBe('Data');
  });

  it('[CHART-02] leaves out a range too large to plot and one that is not a range', () => {
    expect(plottedRange('Sheet1', 'A1:A100001')).toBeUndefined();
    expect(plottedRange('Sheet1', 'not a range')).toBeUndefined();
  });

  it('[CHART-02] reads a range spanning every row or column as whole columns or rows (the server cuts them to the used area)', () => {
    expect(plottedRange('Sheet1', 'A1:B1048576')?.ref).toBe('A:B');
    expect(plottedRange('Sheet1', 'A2:XFD3')?.ref).toBe('2:3');
    expect(plottedRange('Sheet1', 'Data!A1:XFD1048576')).toMatchObject({
      sheet: 'Data',
      ref: 'A:XFD',
    });
  });
});

describe('SharedChartReads', () => {
  const range = plottedRange('Sheet1', 'A1:B2')!;

  it('[CHART-02] charts of the same range and commit share one read, even one that asks after it answered', async () => {
    const fake = countingPeek();
    const reads = new SharedChartReads(fake.peek);
    const first = reads.read(range, 1);
    fake.pending[0]!.resolve([[1, 2]]);
    const values = { grid: [[1, 2]], rect: range.rect };
    await expect(first).resolves.toEqual(values);
    await expect(reads.read(range, 1)).resolves.toEqual(values);
    expect(fake.calls).toEqual(['Sheet1!A1:B2']);
  });

  it('[CHART-02] a whole-column read answers for the used rows the server cut it to', async () => {
    const fake = countingPeek();
    const reads = new SharedChartReads(fake.peek);
    const read = reads.read(plottedRange('Sheet1', 'B1:C1048576')!, 1);
    fake.pending[0]!.resolve([['x', 1]], 'B3:C3');
    await expect(read).resolves.toEqual({
      grid: [['x', 1]],
      rect: { col: 1, row: 2, width: 2, height: 1 },
    });
    const empty = reads.read(plottedRange('Sheet1', 'B1:C1048576')!, 2);
    fake.pending[1]!.resolve([], null);
    await expect(empty).resolves.toMatchObject({ grid: [], rect: { width: 0, height: 0 } });
  });

  it('[CHART-02] a later commit reads again', async () => {
    const fake = countingPeek();
    const reads = new SharedChartReads(fake.peek);
    void reads.read(range, 1);
    void reads.read(range, 2);
    expect(fake.calls).toHaveLength(2);
  });

  it('[CHART-02] a failed read is tried again by the next chart that asks', async () => {
    const fake = countingPeek();
    const reads = new SharedChartReads(fake.peek);
    const failed = reads.read(range, 1);
    fake.pending[0]!.reject(new Error('offline'));
    await expect(failed).rejects.toThrow('offline');
    void reads.read(range, 1);
    expect(fake.calls).toHaveLength(2);
  });
});

describe('withLocalEdits', () => {
  const range = plottedRange('Sheet1', 'B2:C3')!.rect;
  const grid: ValueGrid = [
    [1, 2],
    [3, 4],
  ];

  it('[CHART-02] shows a cached edit inside the range at once', () => {
    const cells = new Map([['2,1', cached(50)]]);
    const patched = withLocalEdits(
      grid,
      range,
      { col: 2, row: 1, width: 1, height: 1 },
      (col, row) => cells.get(`${col},${row}`),
    );
    expect(patched).toEqual([
      [1, 50],
      [3, 4],
    ]);
    expect(grid[0]![1]).toBe(2);
  });

  it('[CHART-02] a cleared cell plots as empty and an error as its sentinel', () => {
    const cells = new Map<string, CachedCell | null>([
      ['1,1', null],
      ['2,2', cached(null, '#DIV/0!')],
    ]);
    const patched = withLocalEdits(
      grid,
      range,
      { col: 1, row: 1, width: 2, height: 2 },
      (col, row) => cells.get(`${col},${row}`),
    );
    expect(patched).toEqual([
      [null, 2],
      [3, '#DIV/0!'],
    ]);
  });

  it('[CHART-02] returns the same grid for an edit outside the range, of an uncached cell, or to the same value', () => {
    expect(
      withLocalEdits(grid, range, { col: 5, row: 5, width: 1, height: 1 }, () => cached(9)),
    ).toBe(grid);
    expect(
      withLocalEdits(grid, range, { col: 1, row: 1, width: 1, height: 1 }, () => undefined),
    ).toBe(grid);
    expect(
      withLocalEdits(grid, range, { col: 1, row: 1, width: 1, height: 1 }, () => cached(1)),
    ).toBe(grid);
  });
});
