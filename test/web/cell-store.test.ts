// The UI's block cache: reads only what the viewport needs, in bounded numbers, and re-reads
// after writes (docs/ui-rules.md PERF-06, PERF-07).
import { describe, expect, it } from 'vitest';
import { BLOCK_ROWS, CellStore, blockRange } from '../../web/src/grid/cell-store.js';
import type { GridResponse } from '../../web/src/api/types.js';

interface PendingRead {
  sheet: string;
  range: string;
  signal: AbortSignal;
  resolve: (response: GridResponse) => void;
  reject: (error: unknown) => void;
}

function fakeServer() {
  const reads: PendingRead[] = [];
  // Like fetch, an aborted read rejects at once.
  const read = (sheet: string, range: string, signal: AbortSignal) =>
    new Promise<GridResponse>((resolve, reject) => {
      signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      reads.push({ sheet, range, signal, resolve, reject });
    });
  return { reads, read };
}

const cellJson = (cell: string, value: number) => ({
  cell,
  input: String(value),
  value,
  error: null,
  formula: null,
  version: 1,
  locked: false,
});
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('CellStore', () => {
  it('reads the blocks around the viewport and serves their cells', async () => {
    const server = fakeServer();
    const changes: string[] = [];
    const store = new CellStore({
      read: server.read,
      onChange: (sheet, rect) => changes.push(`${sheet}@${rect.row}`),
    });
    store.want('Sheet1', { col: 0, row: 0, width: 10, height: 30 }, 0);
    expect(server.reads.map((read) => read.range)).toEqual(['A1:Z100']);
    expect(store.cell('Sheet1', 1, 1)).toBeUndefined();
    server.reads[0]!.resolve({
      sheet: 'Sheet1',
      occupied_bounds: { first: 'B2', last: 'B2' },
      cells: [cellJson('B2', 7)],
    });
    await settle();
    expect(store.cell('Sheet1', 1, 1)?.value).toBe(7);
    expect(store.cell('Sheet1', 2, 2)).toBeNull();
    expect(store.bounds('Sheet1')).toEqual({ lastRow: 1, lastCol: 1 });
    expect(changes).toEqual(['Sheet1@0']);
  });

  it('holds reads of a sheet while it is renamed, then reads under the new name', async () => {
    const server = fakeServer();
    const store = new CellStore({ read: server.read });
    store.want('Sheet2', { col: 0, row: 0, width: 10, height: 30 }, 0);
    expect(server.reads.map((read) => read.sheet)).toEqual(['Sheet2']);
    store.hold('Sheet2');
    expect(server.reads[0]!.signal.aborted).toBe(true);
    store.want('Sheet2', { col: 0, row: 0, width: 10, height: 30 }, 0);
    await settle();
    expect(server.reads.filter((read) => !read.signal.aborted)).toEqual([]);
    store.rename('Sheet2', 'Data');
    await settle();
    expect(server.reads.filter((read) => !read.signal.aborted).map((read) => read.sheet)).toEqual([
      'Data',
    ]);
  });

  it('reads a held sheet again when the rename failed', async () => {
    const server = fakeServer();
    const store = new CellStore({ read: server.read });
    store.want('Sheet2', { col: 0, row: 0, width: 10, height: 30 }, 0);
    store.hold('Sheet2');
    store.release('Sheet2');
    await settle();
    expect(server.reads.filter((read) => !read.signal.aborted).map((read) => read.sheet)).toEqual([
      'Sheet2',
    ]);
  });

  it('never reads a forgotten sheet again when the cache is invalidated (an undo removed it)', async () => {
    const server = fakeServer();
    const store = new CellStore({ read: server.read });
    store.want('Inputs', { col: 0, row: 0, width: 10, height: 30 }, 0);
    server.reads[0]!.resolve({ sheet: 'Inputs', occupied_bounds: null, cells: [] });
    await settle();
    store.forget('Inputs');
    store.invalidate();
    await settle();
    expect(server.reads.map((read) => read.sheet)).toEqual(['Inputs']);
    store.want('Sheet1', { col: 0, row: 0, width: 10, height: 30 }, 0);
    expect(server.reads.map((read) => read.sheet)).toEqual(['Inputs', 'Sheet1']);
  });

  it('names block ranges by letters and rows', () => {
    expect(blockRange(999, 1)).toBe(`AA${999 * BLOCK_ROWS + 1}:AZ${1000 * BLOCK_ROWS}`);
  });

  it('keeps at most maxInFlight reads running and aborts reads scrolled past', async () => {
    const server = fakeServer();
    const store = new CellStore({ read: server.read, maxInFlight: 2 });
    store.want('Sheet1', { col: 0, row: 0, width: 60, height: 150 }, 0); // 2 row blocks × 3 column blocks
    expect(server.reads).toHaveLength(2);
    store.want('Sheet1', { col: 0, row: 50_000, width: 10, height: 30 }, 0);
    expect(server.reads.slice(0, 2).every((read) => read.signal.aborted)).toBe(true);
    await settle();
    const live = server.reads.filter((read) => !read.signal.aborted);
    expect(live.map((read) => read.range)).toEqual(['A50001:Z50100']);
  });

  it('after invalidate keeps showing old values and reads the visible blocks again', async () => {
    const server = fakeServer();
    const store = new CellStore({ read: server.read });
    store.want('Sheet1', { col: 0, row: 0, width: 5, height: 5 }, 0);
    server.reads[0]!.resolve({
      sheet: 'Sheet1',
      occupied_bounds: null,
      cells: [cellJson('A1', 1)],
    });
    await settle();
    store.invalidate('Sheet1');
    expect(store.cell('Sheet1', 0, 0)?.value).toBe(1);
    expect(server.reads).toHaveLength(2);
    server.reads[1]!.resolve({
      sheet: 'Sheet1',
      occupied_bounds: null,
      cells: [cellJson('A1', 2)],
    });
    await settle();
    expect(store.cell('Sheet1', 0, 0)?.value).toBe(2);
    expect(server.reads).toHaveLength(2);
  });

  it('does not hammer a failing server: a failed block rests before the next read', async () => {
    const server = fakeServer();
    let now = 0;
    const errors: unknown[] = [];
    const store = new CellStore({
      read: server.read,
      now: () => now,
      onError: (error) => errors.push(error),
    });
    store.want('Sheet1', { col: 0, row: 0, width: 5, height: 5 }, 0);
    server.reads[0]!.reject(new Error('down'));
    await settle();
    expect(errors).toHaveLength(1);
    store.want('Sheet1', { col: 0, row: 0, width: 5, height: 5 }, 0);
    expect(server.reads).toHaveLength(1);
    now = 2500;
    store.want('Sheet1', { col: 0, row: 0, width: 5, height: 5 }, 0);
    expect(server.reads).toHaveLength(2);
  });

  it('evicts the least recently wanted blocks beyond its budget', async () => {
    const server = fakeServer();
    const store = new CellStore({ read: server.read, maxBlocks: 2, maxInFlight: 10 });
    for (let block = 0; block < 4; block += 1) {
      store.want('Sheet1', { col: 0, row: block * BLOCK_ROWS, width: 5, height: 5 }, 0);
      server.reads.at(-1)!.resolve({ sheet: 'Sheet1', occupied_bounds: null, cells: [] });
      await settle();
    }
    expect(store.cell('Sheet1', 0, 0)).toBeUndefined();
    expect(store.cell('Sheet1', 0, 3 * BLOCK_ROWS)).toBeNull();
  });

  it('[PERF-01] while the view leaps across the sheet frame after frame, reads wait until it rests', async () => {
    const server = fakeServer();
    const store = new CellStore({ read: server.read, maxInFlight: 4 });
    store.want('Sheet1', { col: 0, row: 0, width: 5, height: 40 }, 0);
    expect(server.reads.map((read) => read.range)).toEqual(['A1:Z100']);
    // A scrollbar drag: every frame lands thousands of rows further down. The first leap reads
    // at once (it may be a jump); the following ones send nothing, and earlier reads are cancelled.
    const live = () =>
      server.reads.filter((read) => !read.signal.aborted).map((read) => read.range);
    for (let frame = 1; frame <= 5; frame += 1)
      store.want('Sheet1', { col: 0, row: frame * 5000, width: 5, height: 40 }, 0);
    expect(server.reads.map((read) => read.range)).toEqual(['A1:Z100', 'A5001:Z5100']);
    expect(live()).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(live()).toEqual(['A25001:Z25100']);
  });

  it('patch shows a local change at once in a loaded block', async () => {
    const server = fakeServer();
    const store = new CellStore({ read: server.read });
    store.want('Sheet1', { col: 0, row: 0, width: 5, height: 5 }, 0);
    server.reads[0]!.resolve({ sheet: 'Sheet1', occupied_bounds: null, cells: [] });
    await settle();
    store.patch('Sheet1', 0, 0, {
      input: 'hello',
      value: 'hello',
      error: null,
      formula: null,
      version: 0,
      locked: false,
    });
    expect(store.cell('Sheet1', 0, 0)?.value).toBe('hello');
  });

  it('[CLIP-02] many patches in one task reach listeners once, as the rectangle around them', async () => {
    const server = fakeServer();
    const changes: string[] = [];
    const store = new CellStore({
      read: server.read,
      onChange: (sheet, rect) =>
        changes.push(`${sheet} ${rect.col},${rect.row} ${rect.width}×${rect.height}`),
    });
    store.want('Sheet1', { col: 0, row: 0, width: 5, height: 5 }, 0);
    server.reads[0]!.resolve({ sheet: 'Sheet1', occupied_bounds: null, cells: [] });
    await settle();
    changes.length = 0;
    for (let row = 2; row < 50; row += 1)
      for (let col = 1; col < 10; col += 1)
        store.patch('Sheet1', col, row, {
          input: '1',
          value: 1,
          error: null,
          formula: null,
          version: 0,
          locked: false,
        });
    expect(store.cell('Sheet1', 9, 49)?.value).toBe(1);
    expect(changes).toEqual([]);
    await settle();
    expect(changes).toEqual(['Sheet1 1,2 9×48']);
  });
});

describe('CellStore.seed', () => {
  it('a block read before the grid asked for it is used, and the queued read for it is dropped', async () => {
    const server = fakeServer();
    const store = new CellStore({ read: server.read });
    store.want('Sheet1', { col: 0, row: 0, width: 5, height: 5 }, 0);
    expect(server.reads).toHaveLength(1);
    store.seed('Sheet1', 0, 0, {
      sheet: 'Sheet1',
      occupied_bounds: { first: 'A1', last: 'A1' },
      cells: [cellJson('A1', 42)],
    });
    expect(server.reads[0]!.signal.aborted).toBe(true);
    await settle();
    expect(store.cell('Sheet1', 0, 0)?.value).toBe(42);
    expect(server.reads.filter((read) => !read.signal.aborted)).toHaveLength(0);
  });

  it('[FIRST-HOUR] keeps the formats of empty cells a seeded block lists', () => {
    const store = new CellStore({ read: fakeServer().read });
    store.seed('Sheet1', 0, 0, {
      sheet: 'Sheet1',
      occupied_bounds: { first: 'A1', last: 'A1' },
      cells: [cellJson('A1', 42)],
      formats: [{ range: 'C3:D4', format: { fill: '#FF0000' } }],
    });
    expect(store.formatAt('Sheet1', 3, 3)).toEqual({ fill: '#FF0000' });
    expect(store.formatAt('Sheet1', 4, 4)).toBeUndefined();
  });

  it('[PERF-02] reads the visible blocks before the margin around them', () => {
    const server = fakeServer();
    const store = new CellStore({ read: server.read, maxInFlight: 2 });
    // Rows 250–289 are visible (block row 2); the margin reaches block rows 1 and 3, and 3 is
    // nearer.
    store.want('Sheet1', { col: 0, row: 250, width: 10, height: 40 }, 100);
    expect(server.reads.map((read) => read.range)).toEqual(['A201:Z300', 'A301:Z400']);
  });

  it('[PERF-02] knows blocks outside the listed bounds are empty without reading them, until a write', async () => {
    const server = fakeServer();
    const store = new CellStore({ read: server.read, maxInFlight: 10 });
    store.want('Sheet1', { col: 0, row: 0, width: 10, height: 30 }, 0);
    server.reads[0]!.resolve({
      sheet: 'Sheet1',
      occupied_bounds: { first: 'A1', last: 'A1' },
      listed_bounds: { first: 'A1', last: 'C150' },
      cells: [cellJson('A1', 1)],
    });
    await settle();
    store.want('Sheet1', { col: 20, row: 120, width: 10, height: 200 }, 0);
    // A101:Z200 overlaps the lock at C150; AA101:AZ200 and everything below row 200 do not.
    expect(server.reads.slice(1).map((read) => read.range)).toEqual(['A101:Z200']);
    expect(store.cell('Sheet1', 30, 250)).toBeNull();
    store.invalidate('Sheet1');
    // Stale bounds prove nothing: every block is read again.
    expect(
      server.reads
        .slice(2)
        .map((read) => read.range)
        .sort(),
    ).toEqual(['A101:Z200', 'A201:Z300', 'A301:Z400', 'AA101:AZ200', 'AA201:AZ300', 'AA301:AZ400']);
  });
});
