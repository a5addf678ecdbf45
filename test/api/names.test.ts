// Black-box tests of defined names over HTTP (src/http/routes/names.ts): listed by
// GET /workbook/names, set and deleted through the commit path (one undo step each), used by
// formulas in their scope, refused with 400 when the engine cannot take them, moved by inserted
// rows, and back after a restart that replays the journal.
import { afterEach, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from '../support/index.js';
import { MemoryJournal } from '../support/memory-journal.js';

const servers: RunningApp[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function start(journal?: MemoryJournal): Promise<RunningApp> {
  const server = await startApp(journal === undefined ? {} : { journal });
  servers.push(server);
  return server;
}

async function withSales(server: RunningApp): Promise<void> {
  const { http } = server;
  expect((await http.post('/workbook/sheet', { name: 'Data' })).status).toBe(200);
  await http.post('/grid/range', { sheet: 'Data', target_cell: 'A1', values: [[10], [20], [30]] });
  await http.post('/grid/cell', { sheet: 'Sheet1', cell: 'A1', value: '=SUM(Sales)*Rate' });
}

const peek = async (server: RunningApp, range: string, sheet = 'Sheet1') =>
  (await server.http.get('/peek', { sheet, range })).body.rows;

describe('defined names over HTTP', () => {
  it('a name set, listed, used by formulas, undone and deleted', async () => {
    const server = await start();
    await withSales(server);
    expect((await server.http.get('/workbook/names')).body).toEqual({ names: [] });
    const set = await server.http.post('/workbook/names', {
      name: 'Sales',
      refers_to: '=Data!$A$1:$A$3',
    });
    expect(set.status).toBe(200);
    await server.http.post('/workbook/names', { name: 'Rate', refers_to: '=2' });
    await server.http.post('/workbook/names', { name: 'Rate', sheet: 'data', refers_to: '=3' });
    expect((await server.http.get('/workbook/names')).body).toEqual({
      names: [
        { name: 'Rate', sheet: null, refers_to: '=2' },
        { name: 'Sales', sheet: null, refers_to: '=Data!$A$1:$A$3' },
        { name: 'Rate', sheet: 'Data', refers_to: '=3' },
      ],
    });
    expect(await peek(server, 'A1')).toEqual([[120]]);

    expect((await server.http.post('/workbook/undo')).body.applied).toBe(true);
    expect((await server.http.get('/workbook/names')).body.names).toHaveLength(2);
    const deleted = await server.http.post('/workbook/names/delete', { name: 'rate' });
    expect(deleted.body.names).toEqual([
      { name: 'Sales', sheet: null, refers_to: '=Data!$A$1:$A$3' },
    ]);
    expect(await peek(server, 'A1')).toEqual([['#NAME?']]);
  });

  it('a name over a deleted sheet, after a structure change, is undone and redone like any other', async () => {
    const { http } = await start();
    const ok = async (path: string, body: Record<string, unknown>) =>
      expect((await http.post(path, body)).status).toBe(200);
    const rate = async () =>
      (await http.post('/eval', { formulas: [{ cell: 'A1', formula: '=ROWS(Rate)' }] })).body
        .results[0];
    await ok('/workbook/sheet', { name: 'Q1' });
    await ok('/workbook/names', { name: 'Rate', refers_to: '=Q1!$A$1:$B$3' });
    // A sheet named like a cell is quoted: the definition is now written ='Q1'!$A$1:$B$3.
    await ok('/workbook/sheet/rename', { old_name: 'Q1', new_name: 'Q1' });
    await ok('/workbook/sheet', { name: 'Other' });
    await ok('/workbook/sheet/delete', { name: 'Q1' });
    // The engine moves every definition with this change, one naming the deleted sheet too.
    await ok('/grid/columns/delete', { sheet: 'Other', at: 'E', count: 2 });
    expect(await rate()).toMatchObject({ error: '#REF!' });
    await ok('/workbook/undo', {});
    await ok('/workbook/undo', {});
    // The sheet is back: the name reads it again.
    expect(await rate()).toEqual({ cell: 'A1', result: 3, error: null });
    await ok('/workbook/undo', {});
    await ok('/workbook/undo', {});
    await ok('/workbook/undo', {});
    // The name is gone from the engine too.
    expect(await rate()).toMatchObject({ error: '#NAME?' });
    for (let step = 0; step < 5; step += 1) await ok('/workbook/redo', {});
    expect((await http.get('/workbook/names')).body.names).toEqual([
      { name: 'Rate', sheet: null, refers_to: "='Q1'!$A$1:$B$3" },
    ]);
    expect(await rate()).toMatchObject({ error: '#REF!' });
  });

  it('answers 400 for a name that reads as a cell, a relative reference and a missing name; 404 for a missing sheet', async () => {
    const server = await start();
    await withSales(server);
    const cell = await server.http.post('/workbook/names', { name: 'B2', refers_to: '=1' });
    expect(cell.status).toBe(400);
    const relative = await server.http.post('/workbook/names', {
      name: 'Sales',
      refers_to: '=Data!A1:A3',
    });
    expect(relative.status).toBe(400);
    expect(JSON.stringify(relative.body)).toMatch(/Sales/);
    expect((await server.http.post('/workbook/names/delete', { name: 'Nope' })).status).toBe(400);
    const noSheet = await server.http.post('/workbook/names', {
      name: 'X',
      sheet: 'Nope',
      refers_to: '=1',
    });
    expect(noSheet.status).toBe(404);
    expect((await server.http.get('/workbook/names')).body).toEqual({ names: [] });
  });

  it('refuses with 400 naming refers_to a definition that does not parse or that the engine refuses, and keeps no such name', async () => {
    const server = await start();
    await withSales(server);
    for (const refersTo of ['=SUM(', '=Data!A1:A3', '=1+']) {
      const refused = await server.http.post('/workbook/names', {
        name: 'Bad',
        refers_to: refersTo,
      });
      expect(refused.status).toBe(400);
      expect(refused.body.detail).toMatch(/^refers_to: /);
    }
    expect((await server.http.get('/workbook/names')).body).toEqual({ names: [] });
  });

  it('a name whose upper case equals another\'s ("MASS" after "Maß") is a second name, not a silent replacement, and stays one through export, import and restart', async () => {
    const journal = new MemoryJournal();
    let server = await start(journal);
    await server.http.post('/workbook/names', { name: 'Maß', refers_to: '=1' });
    await server.http.post('/grid/cell', { cell: 'A1', value: '=Maß' });
    expect(
      (await server.http.post('/workbook/names', { name: 'MASS', refers_to: '=2' })).status,
    ).toBe(200);
    await server.http.post('/grid/cell', { cell: 'A2', value: '=MASS' });
    expect(await peek(server, 'A1:A2')).toEqual([[1], [2]]);
    const names = (await server.http.get('/workbook/names')).body;
    expect(names.names.map((entry: { name: string }) => entry.name).sort()).toEqual([
      'MASS',
      'Maß',
    ]);

    const exported = await server.http.get('/system/export');
    expect((await server.http.postRaw('/system/import', exported.text)).status).toBe(200);
    expect(await peek(server, 'A1:A2')).toEqual([[1], [2]]);
    await server.close();
    servers.splice(servers.indexOf(server), 1);

    server = await start(journal);
    expect((await server.http.get('/workbook/names')).body).toEqual(names);
    expect(await peek(server, 'A1:A2')).toEqual([[1], [2]]);
  });

  it('a row inserted inside the named range grows it, and the names come back after a restart', async () => {
    const journal = new MemoryJournal();
    let server = await start(journal);
    await withSales(server);
    await server.http.post('/workbook/names', { name: 'Sales', refers_to: '=Data!$A$1:$A$3' });
    await server.http.post('/workbook/names', { name: 'Rate', refers_to: '=1' });
    expect((await server.http.post('/grid/rows/insert', { sheet: 'Data', at: 2 })).status).toBe(
      200,
    );
    await server.http.post('/grid/cell', { sheet: 'Data', cell: 'A2', value: 100 });
    expect(await peek(server, 'A1')).toEqual([[160]]);
    const names = (await server.http.get('/workbook/names')).body;
    expect(names.names).toContainEqual({
      name: 'Sales',
      sheet: null,
      refers_to: '=Data!$A$1:$A$4',
    });
    await server.close();
    servers.splice(servers.indexOf(server), 1);

    server = await start(journal);
    expect((await server.http.get('/workbook/names')).body).toEqual(names);
    expect(await peek(server, 'A1')).toEqual([[160]]);
  });
});
