// Issue 12's acceptance: every acknowledged change survives a restart of the real server, after
// a graceful stop and after kill -9, exactly (values, formulas, versions, locks, charts, sheets),
// with no File → Load and without touching the named checkpoint.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { api, type Api } from '../support/api.js';
import { readGrid } from '../support/grid.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';

const started: ServerProcess[] = [];
const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((server) => server.stop('SIGKILL')));
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

async function start(dataDir: string): Promise<{ server: ServerProcess; http: Api }> {
  const server = await startServerProcess(dataDir);
  started.push(server);
  return { server, http: api(server.url, { 'X-Gridbook-Client': 'restart-test' }) };
}

async function ok(response: Promise<{ status: number; text: string }>): Promise<void> {
  const { status, text } = await response;
  expect(status, text).toBe(200);
}

/** Everything a user would notice: sheets, the active one, and each sheet's cells (input, value, version, lock) and charts. */
async function stateOf(http: Api): Promise<unknown> {
  const workbook = (await http.get('/api/workbook')).body;
  const sheets: Record<string, unknown> = {};
  for (const sheet of workbook.sheets as string[]) {
    sheets[sheet] = {
      grid: (await http.get('/grid', { sheet })).body,
      charts: (await http.get('/system/charts', { sheet })).body,
    };
  }
  return {
    name: workbook.workbook_name,
    active: workbook.active_sheet,
    order: workbook.sheets,
    sheets,
  };
}

async function buildBudget(http: Api): Promise<void> {
  await ok(
    http.post('/grid/range', {
      target_cell: 'A1',
      values: [
        ['Item', 'Cost'],
        ['Rent', 1200],
        ['Food', 400],
        ['Total', '=SUM(B2:B3)'],
      ],
    }),
  );
  await ok(http.post('/grid/cell', { cell: 'B3', value: '450' }));
  await ok(http.post('/workbook/sheet', { name: 'Summary' }));
  await ok(http.post('/grid/cell', { sheet: 'Summary', cell: 'A1', value: '=Sheet1!B4*12' }));
  await ok(http.post('/workbook/sheet/rename', { old_name: 'Sheet1', new_name: 'Budget' }));
  await ok(http.post('/grid/lock', { sheet: 'Budget', range: 'A1:B1' }));
  // Issue 20: frozen panes, sizes and a filter are commits too.
  await ok(http.post('/grid/freeze', { sheet: 'Budget', rows: 1 }));
  await ok(http.post('/grid/columns/width', { sheet: 'Budget', columns: 'A', width: 140 }));
  await ok(http.post('/grid/rows/height', { sheet: 'Budget', rows: 4, height: 32 }));
  await ok(
    http.post('/grid/filter', {
      sheet: 'Budget',
      range: 'A1:B3',
      columns: [{ column: 'B', conditions: [{ op: 'gt', value: 500 }] }],
    }),
  );
  await ok(
    http.post('/system/charts', {
      sheet: 'Budget',
      data_range: 'A1:B3',
      chart_type: 'bar',
      title: 'Costs',
    }),
  );
  await ok(http.post('/workbook/rename', { name: 'Household' }));
  await ok(http.post('/grid/cell', { sheet: 'Budget', cell: 'C9', value: 'scratch' }));
  await ok(http.post('/workbook/undo'));
  await ok(http.post('/workbook/sheet/activate', { name: 'Summary' }));
}

describe('[ISSUE-12] restart from the journal', () => {
  it('a graceful stop and then kill -9 both bring the workbook back exactly, with no save and no load', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'gridbook-restart-'));
    dirs.push(dataDir);
    let { server, http } = await start(dataDir);
    await buildBudget(http);
    const built = await stateOf(http);
    expect((await http.get('/grid/layout', { sheet: 'Budget' })).body).toMatchObject({
      layout: { frozen_rows: 1, column_widths: { A: 140 }, row_heights: { '4': 32 } },
      hidden_rows: [[3, 3]],
    });
    expect((await http.get('/peek', { sheet: 'Summary', range: 'A1' })).body.rows).toEqual([
      [19_800],
    ]);

    await server.stop('SIGTERM');
    ({ server, http } = await start(dataDir));
    expect(await stateOf(http)).toEqual(built);

    // Acknowledged, then killed at once: nothing in between may be lost.
    await ok(http.post('/grid/cell', { sheet: 'Budget', cell: 'B2', value: '1300' }));
    await ok(http.post('/grid/unlock', { sheet: 'Budget', range: 'A1' }));
    // Structure changes replay too: the total moves to C5 and still sums the costs.
    await ok(http.post('/grid/rows/insert', { sheet: 'Budget', at: 3 }));
    await ok(http.post('/grid/columns/insert', { sheet: 'Budget', at: 'A' }));
    const edited = await stateOf(http);
    await server.stop('SIGKILL');
    ({ server, http } = await start(dataDir));
    expect(await stateOf(http)).toEqual(edited);
    expect((await http.get('/peek', { sheet: 'Summary', range: 'A1' })).body.rows).toEqual([
      [21_000],
    ]);
    // The named checkpoint is the user's: nothing wrote it.
    expect(await readdir(dataDir)).not.toContain('system_state.gridbook');
  }, 120_000);
});

describe('a move (cut and paste) through the file journal', () => {
  it('a move, and a move undone, each come back exactly after kill -9 and a restart', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'gridbook-restart-move-'));
    dirs.push(dataDir);
    let { server, http } = await start(dataDir);
    await ok(http.post('/grid/range', { target_cell: 'A1', values: [[1200], [450], ['=A1+A2']] }));
    await ok(
      http.post('/grid/range', { target_cell: 'E1', values: [['=SUM(A1:A3)', 'x', '=B3']] }),
    );
    await ok(http.post('/grid/format', { range: 'A2', format: { bold: true } }));
    await ok(http.post('/workbook/sheet', { name: 'Summary' }));
    await ok(http.post('/grid/cell', { sheet: 'Summary', cell: 'A1', value: '=Sheet1!A3*12' }));
    await ok(
      http.post('/system/charts', { sheet: 'Sheet1', data_range: 'A1:A2', anchor_cell: 'A3' }),
    );
    await ok(http.post('/grid/move', { source: 'A1:A3', target_cell: 'B2' }));
    const moved = await stateOf(http);
    await server.stop('SIGKILL');
    ({ server, http } = await start(dataDir));
    expect(await stateOf(http)).toEqual(moved);
    const grid = await readGrid(http);
    expect(grid['B4']).toMatchObject({ formula: '=B2+B3', value: 1650 });
    expect(grid['E1']).toMatchObject({ formula: '=SUM(B2:B4)', value: 3300 });
    expect(grid['G1']).toMatchObject({ formula: '=#REF!' });
    expect((await http.get('/peek', { sheet: 'Summary', range: 'A1' })).body.rows).toEqual([
      [19_800],
    ]);

    // The undo history is not journaled (a restarted server has nothing to undo): the undo's own
    // commit, of a move made in this run, is what must come back.
    await ok(http.post('/grid/move', { source: 'B2:B4', target_cell: 'A1' }));
    expect(await stateOf(http)).not.toEqual(moved);
    await ok(http.post('/workbook/undo'));
    expect(await stateOf(http)).toEqual(moved);
    await server.stop('SIGKILL');
    ({ server, http } = await start(dataDir));
    expect(await stateOf(http)).toEqual(moved);
  }, 120_000);
});

describe('[FIRST-HOUR] what the server prints', () => {
  it('one plain line says where to open it and where the data lives; requests are not logged at info', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'gridbook-start-line-'));
    dirs.push(dataDir);
    const { server, http } = await start(dataDir);
    await ok(http.post('/grid/cell', { cell: 'A1', value: '1' }));
    await http.get('/healthz');
    const output = server.output();
    expect(output).toContain(
      `Gridbook is running at ${server.url} (OSS mode; workbook data in ${dataDir})`,
    );
    expect(output).not.toContain('incoming request');
    expect(output).not.toContain('request completed');
  });
});

describe('one server per data directory', () => {
  it('a second server on the same data directory refuses to start and changes nothing; after kill -9 of the first, the next one starts', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'gridbook-one-writer-'));
    dirs.push(dataDir);
    let { server, http } = await start(dataDir);
    await ok(http.post('/grid/cell', { cell: 'A1', value: 'first' }));
    // Two servers appending to one journal would both acknowledge their own commit 2, 3 …, and
    // the next start would find the journal unreadable.
    const second = await startServerProcess(dataDir).then(
      (running) => {
        started.push(running);
        return 'it started';
      },
      (error: unknown) => String(error),
    );
    expect(second).toMatch(/exited \(1\)[\s\S]*in use by another Gridbook process/);
    await ok(http.post('/grid/cell', { cell: 'A2', value: 'still served' }));
    // The lock a killed server leaves behind is taken over.
    await server.stop('SIGKILL');
    ({ server, http } = await start(dataDir));
    expect((await http.get('/peek', { range: 'A1:A2' })).body.rows).toEqual([
      ['first'],
      ['still served'],
    ]);
  }, 120_000);
});
