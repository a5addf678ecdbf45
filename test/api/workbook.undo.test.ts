// Black-box tests of POST /workbook/undo and /workbook/redo (src/http/routes/workbook.ts).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { api, readGrid, readValues, startApp, type RunningApp } from '../support/index.js';

let server: RunningApp;
beforeEach(async () => {
  server = await startApp();
});
afterEach(() => server.close());

const undo = () => server.http.post('/workbook/undo');
const redo = () => server.http.post('/workbook/redo');
const inputs = async (sheet?: string) =>
  Object.fromEntries(
    Object.entries(await readGrid(server.http, sheet === undefined ? {} : { sheet })).map(
      ([cell, data]) => [cell, data.input],
    ),
  );

describe('undo and redo over HTTP', () => {
  it('[UNDO-1] [UNDO-2] write a range, undo, redo: the grid is exactly as before and after each step', async () => {
    await server.http.post('/grid/range', {
      target_cell: 'A1',
      values: [
        ['keep', 1],
        [null, '=B1*2'],
      ],
    });
    const before = await inputs();
    await server.http.post('/grid/range', {
      target_cell: 'A1',
      values: [['new', 5, 'wider'], ['fill', null], [], ['=SUM(B1:B2)']],
    });
    const after = await inputs();
    expect(after).toEqual({ A1: 'new', B1: '5', C1: 'wider', A2: 'fill', A4: '=SUM(B1:B2)' });

    const undone = await undo();
    expect(undone.status).toBe(200);
    expect(undone.body).toMatchObject({
      status: 'Success',
      applied: true,
      can_undo: true,
      can_redo: true,
    });
    expect(await inputs()).toEqual(before);
    expect(await readValues(server.http)).toEqual({ A1: 'keep', B1: 1, B2: 2 });

    const redone = await redo();
    expect(redone.body).toMatchObject({ status: 'Success', applied: true, can_redo: false });
    expect(await inputs()).toEqual(after);
    expect((await readValues(server.http))['A4']).toBe(5);
  });

  it('[UNDO-3] versions bump on undo and on redo, as for any commit', async () => {
    await server.http.post('/grid/cell', { cell: 'A1', value: 'one' });
    await server.http.post('/grid/cell', { cell: 'A1', value: 'two' });
    await undo();
    expect((await readGrid(server.http))['A1']).toMatchObject({ input: 'one', version: 3 });
    await redo();
    expect((await readGrid(server.http))['A1']).toMatchObject({ input: 'two', version: 4 });
    const stale = await server.http.post('/grid/cell', {
      cell: 'A1',
      value: 'x',
      expected_versions: { A1: 2 },
    });
    expect(stale.status).toBe(409);
  });

  it('undo with expected_versions answers 409 and undoes nothing when another client changed the cell since', async () => {
    const mine = await server.http.post('/grid/cell', { cell: 'A1', value: 'mine' });
    const myVersion = (mine.body as { version: number }).version;
    await server.http.post('/grid/cell', { cell: 'A1', value: 'theirs' });
    const refused = await server.http.post('/workbook/undo', {
      sheet: 'Sheet1',
      expected_versions: { A1: myVersion },
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ cell: 'A1', expected: myVersion });
    expect(await inputs()).toEqual({ A1: 'theirs' });
    // Versions that still match undo as before; no body keeps the old behaviour.
    const current = (await readGrid(server.http))['A1']!.version;
    expect(
      (await server.http.post('/workbook/undo', { expected_versions: { A1: current } })).body,
    ).toMatchObject({ applied: true });
    expect(await inputs()).toEqual({ A1: 'mine' });
    expect((await undo()).body).toMatchObject({ applied: true });
    expect(await inputs()).toEqual({});
  });

  it("undo with expected_versions answers 409 when the step on top is another client's write elsewhere", async () => {
    const mine = await server.http.post('/grid/cell', { cell: 'A1', value: 'mine' });
    const myVersion = (mine.body as { version: number }).version;
    await server.http.post('/grid/cell', { cell: 'B5', value: 'theirs' });
    const refused = await server.http.post('/workbook/undo', {
      expected_versions: { A1: myVersion },
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ detail: expect.stringContaining('writes B5') });
    expect(await inputs()).toEqual({ A1: 'mine', B5: 'theirs' });
    await server.http.post('/workbook/rename', { name: 'Renamed' });
    expect(
      (await server.http.post('/workbook/undo', { expected_versions: { A1: myVersion } })).status,
    ).toBe(409);
    expect((await server.http.get('/api/workbook')).body).toMatchObject({
      workbook_name: 'Renamed',
    });
  });

  it('[UNDO-4] nothing to undo or redo answers 200 with applied false and changes nothing', async () => {
    const response = await undo();
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ applied: false, can_undo: false, can_redo: false });
    expect((await redo()).body).toMatchObject({ applied: false });
    expect(await readGrid(server.http)).toEqual({});
  });

  it('[UNDO-4] a new change clears the redo stack', async () => {
    await server.http.post('/grid/cell', { cell: 'A1', value: 1 });
    await undo();
    await server.http.post('/grid/cell', { cell: 'B1', value: 2 });
    expect((await redo()).body.applied).toBe(false);
    expect(await readValues(server.http)).toEqual({ B1: 2 });
  });

  it('[UNDO-4] the depth is bounded by GRIDBOOK_UNDO_DEPTH', async () => {
    await server.close();
    server = await startApp({ env: { GRIDBOOK_UNDO_DEPTH: '2' } });
    for (const value of [1, 2, 3]) await server.http.post('/grid/cell', { cell: 'A1', value });
    await undo();
    await undo();
    expect((await undo()).body.applied).toBe(false);
    expect(await readValues(server.http)).toEqual({ A1: 1 });
  });

  it('[UNDO-4] a step larger than GRIDBOOK_UNDO_MAX_BYTES leaves nothing to undo: the change stays and can_undo is false', async () => {
    await server.close();
    server = await startApp({ env: { GRIDBOOK_UNDO_MAX_BYTES: '100000' } });
    const text = Array.from({ length: 100 }, () => new Array(50).fill('some text'));
    await server.http.post('/grid/cell', { cell: 'A1', value: 'first' });
    await server.http.post('/grid/range', { target_cell: 'A2', values: text });
    expect((await server.http.get('/api/workbook')).body).toMatchObject({ can_undo: true });
    // Clearing 5,000 cells of text records their inputs for undo: about 250 kB by the estimate.
    const cleared = await server.http.post('/system/clear', {});
    expect(cleared.status).toBe(200);
    expect((await server.http.get('/api/workbook')).body).toMatchObject({
      can_undo: false,
      can_redo: false,
    });
    const response = await undo();
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ applied: false, can_undo: false, can_redo: false });
    expect(await readGrid(server.http)).toEqual({});
    // The history records again from there.
    await server.http.post('/grid/cell', { cell: 'B1', value: 2 });
    expect((await undo()).body).toMatchObject({ applied: true, can_undo: false });
  });

  it('[UNDO-1] sheet changes, locks and workbook renames are undone too', async () => {
    await server.http.post('/workbook/sheet', { name: 'Data' });
    await server.http.post('/workbook/rename', { name: 'Budget' });
    await server.http.post('/grid/lock', { range: 'A1' });
    await undo();
    expect((await server.http.post('/grid/cell', { cell: 'A1', value: 1 })).status).toBe(200);
    await undo();
    await undo();
    expect((await server.http.get('/api/workbook')).body).toMatchObject({
      workbook_name: 'Untitled workbook',
    });
    await undo();
    expect((await server.http.get('/api/workbook')).body.sheets).toEqual(['Sheet1']);
  });

  it('[UNDO-5] undoing a sheet deletion restores its cells, versions, locks, position, and formulas elsewhere', async () => {
    await server.http.post('/workbook/sheet', { name: 'Data' });
    await server.http.post('/workbook/sheet', { name: 'Notes' });
    await server.http.post('/grid/cell', { cell: 'A1', value: 5, sheet: 'Data' });
    await server.http.post('/grid/cell', { cell: 'A1', value: 6, sheet: 'Data' });
    await server.http.post('/grid/lock', { range: 'A1', sheet: 'Data' });
    await server.http.post('/grid/cell', { cell: 'A1', value: '=Data!A1*10' });
    const dataBefore = await readGrid(server.http, { sheet: 'Data' });
    await server.http.post('/workbook/sheet/delete', { name: 'Data' });
    expect(await readValues(server.http)).toEqual({ A1: '#REF!' });

    await undo();
    expect((await server.http.get('/api/workbook')).body.sheets).toEqual([
      'Sheet1',
      'Data',
      'Notes',
    ]);
    expect(await readGrid(server.http, { sheet: 'Data' })).toEqual(dataBefore);
    expect(await readValues(server.http)).toEqual({ A1: 60 });
  });
});

describe('undo limited to the calling client (X-Gridbook-Client, expected_origin)', () => {
  const client = (id: string) => api(server.url, { 'x-gridbook-client': id });

  it('[UNDO-04] a client undoes its own last step; once another client has changed anything, its undo is refused and nothing changes', async () => {
    const mine = client('tab-1');
    const theirs = client('tab-2');
    await mine.post('/grid/range', { target_cell: 'A1', values: [[1, 2]] });
    const own = await mine.post('/workbook/undo', { expected_origin: 'tab-1' });
    expect(own.body).toMatchObject({ applied: true });
    await mine.post('/workbook/redo');

    await theirs.post('/workbook/sheet', {});
    const refused = await mine.post('/workbook/undo', { expected_origin: 'tab-1' });
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toMatch(/another client or tool/);
    expect(await readValues(server.http)).toEqual({ A1: 1, B1: 2 });
    expect((await server.http.get('/api/workbook')).body.sheets).toEqual(['Sheet1', 'Sheet2']);

    const theirUndo = await theirs.post('/workbook/undo', { expected_origin: 'tab-2' });
    expect(theirUndo.body).toMatchObject({ applied: true });
    expect((await mine.post('/workbook/undo', { expected_origin: 'tab-1' })).body).toMatchObject({
      applied: true,
    });
    expect(await readValues(server.http)).toEqual({});
  });

  it("[UNDO-04] a step written without a client id is nobody's: a guarded undo refuses it, an unguarded one takes it back", async () => {
    await server.http.post('/grid/cell', { cell: 'A1', value: 'script' });
    expect(
      (await client('tab-1').post('/workbook/undo', { expected_origin: 'tab-1' })).status,
    ).toBe(409);
    expect((await undo()).body).toMatchObject({ applied: true });
  });

  it('[UNDO-04] a malformed client id is refused with a reason naming it', async () => {
    const bad = await api(server.url, { 'x-gridbook-client': 'two words' }).post('/grid/cell', {
      cell: 'A1',
      value: 1,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toMatch(/X-Gridbook-Client/);
    expect(await readValues(server.http)).toEqual({});
    const badBody = await server.http.post('/workbook/undo', { expected_origin: 'two words' });
    expect(badBody.status).toBe(422);
    expect(JSON.stringify(badBody.body.detail)).toMatch(/expected_origin/);
  });
});
