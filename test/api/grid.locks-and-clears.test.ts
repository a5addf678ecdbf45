// Black-box tests of GET /grid, the lock endpoints and the clears (src/http/routes/grid.ts).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readGrid, readValues, startApp, type RunningApp } from '../support/index.js';

let server: RunningApp;
beforeEach(async () => {
  server = await startApp();
  await server.http.post('/workbook/sheet', { name: 'Data' });
  await server.http.post('/grid/range', {
    target_cell: 'A1',
    values: [
      [1, 2, '=A1+B1'],
      ['x', '=1/0'],
    ],
  });
  await server.http.post('/grid/range', { target_cell: 'A1', values: [[100]], sheet: 'Data' });
});
afterEach(() => server.close());

/** The formatted rectangles GET /grid reports over `range` (empty cells included). */
async function formatsOf(range: string): Promise<unknown[]> {
  const response = await server.http.get('/grid', { range });
  return (response.body as { formats?: unknown[] }).formats ?? [];
}

describe('GET /grid', () => {
  it('[GRID-1] lists each cell with input, computed value, error, formula, version and lock', async () => {
    const response = await server.http.get('/grid');
    expect(response.status).toBe(200);
    expect(response.body.sheet).toBe('Sheet1');
    expect(response.body.occupied_bounds).toEqual({ first: 'A1', last: 'C2' });
    const grid = await readGrid(server.http);
    expect(grid['C1']).toEqual({
      cell: 'C1',
      input: '=A1+B1',
      value: 3,
      error: null,
      formula: '=A1+B1',
      version: 1,
      locked: false,
      display: '3',
    });
    expect(grid['B2']).toEqual({
      cell: 'B2',
      input: '=1/0',
      value: '#DIV/0!',
      error: '#DIV/0!',
      formula: '=1/0',
      version: 1,
      locked: false,
      display: '#DIV/0!',
    });
    expect(grid['A2']).toMatchObject({ input: 'x', value: 'x', formula: null });
  });

  it('[GRID-1] range narrows the listing; a sheet-qualified range or sheet picks the sheet', async () => {
    expect(Object.keys(await readGrid(server.http, { range: 'b1:c2' }))).toEqual([
      'B1',
      'C1',
      'B2',
    ]);
    expect(await readValues(server.http, { range: 'Data!A1:B2' })).toEqual({ A1: 100 });
    expect(await readValues(server.http, { sheet: 'data' })).toEqual({ A1: 100 });
  });

  it('[GRID-1] listed_bounds also covers locked empty cells, and follows cells cleared on its edge', async () => {
    expect((await server.http.get('/grid')).body.listed_bounds).toEqual({
      first: 'A1',
      last: 'C2',
    });
    await server.http.post('/grid/lock', { range: 'E9:E9' });
    const locked = await server.http.get('/grid', { range: 'A1:B2' });
    expect(locked.body.occupied_bounds).toEqual({ first: 'A1', last: 'C2' });
    expect(locked.body.listed_bounds).toEqual({ first: 'A1', last: 'E9' });
    await server.http.post('/grid/unlock', { range: 'E9:E9' });
    await server.http.post('/grid/cell', { cell: 'C1', value: '' });
    const shrunk = await server.http.get('/grid');
    expect(shrunk.body.occupied_bounds).toEqual({ first: 'A1', last: 'B2' });
    expect(shrunk.body.listed_bounds).toEqual({ first: 'A1', last: 'B2' });
    expect((await server.http.get('/grid', { sheet: 'Data' })).body.listed_bounds).toEqual({
      first: 'A1',
      last: 'A1',
    });
  });

  it('[ADDR-3] [SHEET-7] a bad range is a 400 and an unknown sheet a 404', async () => {
    expect((await server.http.get('/grid', { range: 'A0:B2' })).status).toBe(400);
    expect((await server.http.get('/grid', { sheet: 'Ghost' })).status).toBe(404);
  });
});

describe('locks', () => {
  it('[LOCK-1] /grid/lock locks every cell of the range, keeps values and versions, and says how many', async () => {
    const before = await readGrid(server.http);
    const response = await server.http.post('/grid/lock', { range: 'a1:b2' });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      status: 'Success',
      sheet: 'Sheet1',
      range: 'A1:B2',
      cells: 4,
      locked: true,
    });
    const after = await readGrid(server.http);
    for (const cell of ['A1', 'B1', 'A2', 'B2'])
      expect(after[cell]).toEqual({ ...before[cell], locked: true });
    expect(after['C1']!.locked).toBe(false);
  });

  it('[LOCK-1] /grid/unlock makes the cells writable again', async () => {
    await server.http.post('/grid/lock', { range: 'A1' });
    expect((await server.http.post('/grid/cell', { cell: 'A1', value: 5 })).status).toBe(400);
    const unlocked = await server.http.post('/grid/unlock', { range: 'A1' });
    expect(unlocked.body).toMatchObject({ status: 'Success', locked: false });
    expect((await server.http.post('/grid/cell', { cell: 'A1', value: 5 })).status).toBe(200);
    expect((await readValues(server.http))['C1']).toBe(7);
  });

  it('[LOCK-1] locks follow the sheet parameter or the sheet named in the range', async () => {
    await server.http.post('/grid/lock', { range: 'A1', sheet: 'Data' });
    await server.http.post('/grid/lock', { range: "'Data'!B1" });
    expect(
      (await server.http.post('/grid/cell', { cell: 'A1', value: 0, sheet: 'Data' })).status,
    ).toBe(400);
    expect(
      (await server.http.post('/grid/cell', { cell: 'B1', value: 0, sheet: 'Data' })).status,
    ).toBe(400);
    expect((await server.http.post('/grid/cell', { cell: 'A1', value: 0 })).status).toBe(200);
  });

  it('[LOCK-1] /system/unlock-all unlocks every cell of every sheet', async () => {
    await server.http.post('/grid/lock', { range: 'A1:B1' });
    await server.http.post('/grid/lock', { range: 'A1', sheet: 'Data' });
    const response = await server.http.post('/system/unlock-all');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'Success', unlocked: 3 });
    expect(Object.values(await readGrid(server.http)).some((cell) => cell.locked)).toBe(false);
    expect(
      (await server.http.post('/grid/cell', { cell: 'A1', value: 0, sheet: 'Data' })).status,
    ).toBe(200);
  });

  it('[PEEK-5] [ADDR-3] [SHEET-7] a huge range is a 413, a bad one a 400, an unknown sheet a 404', async () => {
    const huge = await server.http.post('/grid/lock', { range: 'A1:XFD1048576' });
    expect(huge.status).toBe(413);
    expect(huge.body.detail).toMatch(/^range: /);
    expect((await server.http.post('/grid/lock', { range: '1A' })).status).toBe(400);
    expect((await server.http.post('/grid/unlock', { range: 'A1', sheet: 'Ghost' })).status).toBe(
      404,
    );
    expect(Object.values(await readGrid(server.http)).some((cell) => cell.locked)).toBe(false);
  });
});

describe('clears', () => {
  it('[GRID-2] /grid/clear clears the unlocked cells of a range, skips locked ones and recomputes dependents', async () => {
    await server.http.post('/grid/lock', { range: 'B1' });
    const response = await server.http.post('/grid/clear', { range: 'A1:B2' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      status: 'Success',
      sheet: 'Sheet1',
      cleared: 3,
      skipped_locked: 1,
    });
    const grid = await readGrid(server.http);
    expect(Object.keys(grid)).toEqual(['B1', 'C1']);
    expect(grid['C1']!.value).toBe(2);
  });

  it('[GRID-2] [FIRST-HOUR] /grid/clear with visible_only leaves the rows a filter hides alone, in one commit; without a filter it clears them all', async () => {
    await server.http.post('/grid/range', {
      target_cell: 'A1',
      values: [
        ['Region', 'Sales'],
        ['north', 10],
        ['south', 20],
        ['north', 30],
        ['south', 40],
      ],
    });
    await server.http.post('/grid/filter', {
      range: 'A1:B5',
      columns: [{ column: 'A', values: ['north'] }],
    });
    const cleared = await server.http.post('/grid/clear', { range: 'B2:B5', visible_only: true });
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({ cleared: 2, skipped_locked: 0 });
    expect(await readValues(server.http, { range: 'B1:B5' })).toEqual({
      B1: 'Sales',
      B3: 20,
      B5: 40,
    });
    // One commit: one undo brings both back.
    await server.http.post('/workbook/undo');
    expect(await readValues(server.http, { range: 'B2:B5' })).toEqual({
      B2: 10,
      B3: 20,
      B4: 30,
      B5: 40,
    });

    // Without the flag, or once the filter is gone, the whole range is cleared.
    await server.http.post('/grid/clear', { range: 'B2:B3' });
    expect(await readValues(server.http, { range: 'B2:B3' })).toEqual({});
    await server.http.post('/grid/filter/clear');
    await server.http.post('/grid/clear', { range: 'B4:B5', visible_only: true });
    expect(await readValues(server.http, { range: 'B2:B5' })).toEqual({});

    const bad = await server.http.post('/grid/clear', { range: 'B2', visible_only: 'yes' });
    expect(bad.status).toBe(422);
    expect(bad.body.detail).toMatch(/visible_only/);
  });

  it('[GRID-2] /system/clear clears the unlocked cells of one sheet and keeps locked ones and other sheets', async () => {
    await server.http.post('/grid/lock', { range: 'A2' });
    const response = await server.http.post('/system/clear');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'Success', sheet: 'Sheet1' });
    expect(await readGrid(server.http)).toEqual({
      A2: {
        cell: 'A2',
        input: 'x',
        value: 'x',
        error: null,
        formula: null,
        version: 1,
        locked: true,
        display: 'x',
      },
    });
    expect(await readValues(server.http, { sheet: 'Data' })).toEqual({ A1: 100 });
  });

  it('[GRID-2] /system/clear?sheet= clears that sheet; an unknown one is a 404', async () => {
    const response = await server.http.post('/system/clear', undefined, { sheet: 'Data' });
    expect(response.body).toEqual({ status: 'Success', sheet: 'Data' });
    expect(await readValues(server.http, { sheet: 'Data' })).toEqual({});
    expect(Object.keys(await readGrid(server.http))).toHaveLength(5);
    expect((await server.http.post('/system/clear', undefined, { sheet: 'Ghost' })).status).toBe(
      404,
    );
  });

  it("[GRID-2] [FIRST-HOUR] /system/clear takes the unlocked cells' formats with their values (Excel's Clear All); locked cells keep theirs; one undo brings both back", async () => {
    // Typed input gives its formats; a fill and bold sit on empty cells too.
    await server.http.post('/grid/range', {
      target_cell: 'A4',
      values: [['15%', '$1,200', '1/31/2026']],
    });
    await server.http.post('/grid/format', { range: 'A6:B7', format: { fill: '#ffcc00' } });
    await server.http.post('/grid/format', { range: 'A2:C2', format: { bold: true } });
    await server.http.post('/grid/lock', { range: 'A2' });
    const before = await formatsOf('A1:Z50');
    expect(before).toEqual(
      expect.arrayContaining([
        { range: 'A4', format: { number_format: '0%' } },
        { range: 'A6:B7', format: { fill: '#FFCC00' } },
      ]),
    );
    const cellsBefore = await readGrid(server.http);

    expect((await server.http.post('/system/clear')).status).toBe(200);
    expect(Object.keys(await readGrid(server.http))).toEqual(['A2']);
    expect(await formatsOf('A1:Z50')).toEqual([{ range: 'A2', format: { bold: true } }]);
    // Typing into a cleared cell shows what was typed, not the old percentage.
    await server.http.post('/grid/cell', { cell: 'A4', value: '20' });
    expect((await readGrid(server.http))['A4']).toMatchObject({ value: 20, display: '20' });
    expect((await readGrid(server.http))['A4']).not.toHaveProperty('format');

    // Undo the typing, then the clear: one step brings the values and every format back.
    await server.http.post('/workbook/undo');
    expect((await server.http.post('/workbook/undo')).status).toBe(200);
    expect(await formatsOf('A1:Z50')).toEqual(before);
    // As they were, but for the versions the clear and its undo moved on.
    const withoutVersions = (grid: Record<string, object>) =>
      Object.values(grid).map(({ version: _version, ...cell }: { version?: number }) => cell);
    expect(withoutVersions(await readGrid(server.http))).toEqual(withoutVersions(cellsBefore));
    // Redo clears them again, formats included.
    await server.http.post('/workbook/redo');
    expect(await formatsOf('A1:Z50')).toEqual([{ range: 'A2', format: { bold: true } }]);
  });

  it('[GRID-2] [FIRST-HOUR] /system/clear takes the filter with the data it filtered (no row stays hidden); widths and frozen panes stay; one undo brings it back', async () => {
    const layoutOf = async () => (await server.http.get('/grid/layout')).body;
    await server.http.post('/grid/range', {
      target_cell: 'A5',
      values: [
        ['Region', 'Sales'],
        ['north', 10],
        ['south', 20],
        ['north', 30],
      ],
    });
    await server.http.post('/grid/filter', {
      range: 'A5:B8',
      columns: [{ column: 'A', values: ['north'] }],
    });
    await server.http.post('/grid/columns/width', { columns: 'B', width: 150 });
    await server.http.post('/grid/freeze', { rows: 1 });
    expect((await layoutOf()).hidden_rows).toEqual([[7, 7]]);

    expect((await server.http.post('/system/clear')).status).toBe(200);
    expect(await layoutOf()).toMatchObject({
      layout: { filter: null, frozen_rows: 1, column_widths: { B: 150 } },
      hidden_rows: [],
    });
    // What is typed into the emptied rows shows: no leftover criteria hide it.
    await server.http.post('/grid/range', { target_cell: 'A6', values: [['west'], ['east']] });
    expect((await layoutOf()).hidden_rows).toEqual([]);

    await server.http.post('/workbook/undo');
    expect((await server.http.post('/workbook/undo')).status).toBe(200);
    expect(await layoutOf()).toMatchObject({
      layout: { filter: { range: 'A5:B8', columns: [{ column: 'A', values: ['north'] }] } },
      hidden_rows: [[7, 7]],
    });
  });

  it('[GRID-2] [FIRST-HOUR] /system/clear keeps a filter only over cells it leaves as they are (all locked); a locked header alone does not keep it', async () => {
    const layoutOf = async () => (await server.http.get('/grid/layout')).body;
    await server.http.post('/grid/range', {
      target_cell: 'A5',
      values: [['Region'], ['north'], ['south']],
    });
    const filter = { range: 'A5:A7', columns: [{ column: 'A', values: ['north'] }] };
    await server.http.post('/grid/lock', { range: 'A5' });
    await server.http.post('/grid/filter', filter);
    await server.http.post('/system/clear');
    expect(await readValues(server.http, { range: 'A1:C7' })).toEqual({ A5: 'Region' });
    expect(await layoutOf()).toMatchObject({ layout: { filter: null }, hidden_rows: [] });

    await server.http.post('/workbook/undo');
    await server.http.post('/grid/lock', { range: 'A5:A7' });
    await server.http.post('/system/clear');
    expect(await readValues(server.http, { range: 'A1:C7' })).toEqual({
      A5: 'Region',
      A6: 'north',
      A7: 'south',
    });
    expect(await layoutOf()).toMatchObject({
      layout: { filter: { range: 'A5:A7' } },
      hidden_rows: [[7, 7]],
    });
  });

  it('[VER-1] clearing bumps the versions of the cleared cells', async () => {
    await server.http.post('/system/clear');
    await server.http.post('/grid/cell', { cell: 'A1', value: 'again' });
    expect((await readGrid(server.http))['A1']!.version).toBe(3);
  });
});
