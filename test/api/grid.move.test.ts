// Black-box tests of cut and paste as a move (POST /grid/move, src/http/routes/structure.ts): the
// cells and their formats move, every formula that read them follows (on any sheet), one undo
// puts everything back, locked cells refuse, and the move replays from the journal.
import { afterEach, describe, expect, it } from 'vitest';
import { readGrid, readValues, startApp, type RunningApp } from '../support/index.js';
import { MemoryJournal } from '../support/memory-journal.js';

const servers: RunningApp[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function start(
  journal = new MemoryJournal(),
  env: Record<string, string> = {},
): Promise<RunningApp> {
  const server = await startApp({ journal, env });
  servers.push(server);
  return server;
}

/** Costs in A1:A3 with a subtotal, read by formulas on the same sheet and on Summary. */
async function withCosts(server: RunningApp): Promise<void> {
  const post = (path: string, body: Record<string, unknown>) => server.http.post(path, body);
  await post('/grid/range', { target_cell: 'A1', values: [[1200], [450], ['=A1+A2']] });
  await post('/grid/range', { target_cell: 'E1', values: [['=SUM(A1:A3)', '=A2*2', 'x', '=C1']] });
  await post('/grid/cell', { cell: 'C1', value: 'overwritten' });
  await post('/grid/format', { range: 'A2', format: { bold: true } });
  await post('/workbook/sheet', { name: 'Summary' });
  await post('/grid/cell', { sheet: 'Summary', cell: 'A1', value: '=Sheet1!A3*12' });
}

describe('POST /grid/move', () => {
  it('moves the cells and every formula that read them follows, on this sheet and others', async () => {
    const server = await start();
    await withCosts(server);
    const response = await server.http.post('/grid/move', { source: 'A1:A3', target_cell: 'C1' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      status: 'Success',
      sheet: 'Sheet1',
      source: 'A1:A3',
      target_sheet: 'Sheet1',
      target: 'C1:C3',
    });
    const grid = await readGrid(server.http);
    expect(grid['A1']).toBeUndefined();
    expect(grid['C3']).toMatchObject({ formula: '=C1+C2', value: 1650 });
    expect(grid['C2']).toMatchObject({ value: 450, format: { bold: true } });
    expect(grid['E1']).toMatchObject({ formula: '=SUM(C1:C3)', value: 3300 });
    expect(grid['F1']).toMatchObject({ formula: '=C2*2', value: 900 });
    // The cell the block landed on is gone: what read it is #REF!, as in Excel.
    expect(grid['H1']).toMatchObject({ formula: '=#REF!', value: '#REF!' });
    const summary = await readGrid(server.http, { sheet: 'Summary' });
    expect(summary['A1']).toMatchObject({ formula: '=Sheet1!C3*12', value: 19_800 });
  });

  it('to another sheet, references follow with its name and the moved formula reads the same cells', async () => {
    const server = await start();
    await withCosts(server);
    const response = await server.http.post('/grid/move', {
      source: 'A1:A2',
      target_cell: 'B2',
      target_sheet: 'summary',
    });
    expect(response.body).toMatchObject({ target_sheet: 'Summary', target: 'B2:B3' });
    const grid = await readGrid(server.http);
    expect(grid['A3']).toMatchObject({ formula: '=Summary!B2+Summary!B3', value: 1650 });
    expect(grid['E1']).toMatchObject({ formula: '=SUM(A1:A3)', value: 1650 });
    expect(grid['F1']).toMatchObject({ formula: '=Summary!B3*2', value: 900 });
    expect((await readValues(server.http, { sheet: 'Summary' }))['B3']).toBe(450);
  });

  it('one undo puts back every cell, formula, format and version; redo moves again', async () => {
    const server = await start();
    await withCosts(server);
    const before = [await readGrid(server.http), await readGrid(server.http, { sheet: 'Summary' })];
    await server.http.post('/grid/move', { source: 'A1:A3', target_cell: 'A2' });
    const after = [await readGrid(server.http), await readGrid(server.http, { sheet: 'Summary' })];
    expect(after[0]!['E1']).toMatchObject({ formula: '=SUM(A2:A4)', value: 3300 });
    expect((await server.http.post('/workbook/undo', {})).body).toMatchObject({ applied: true });
    expect([
      await readGrid(server.http),
      await readGrid(server.http, { sheet: 'Summary' }),
    ]).toEqual(before);
    expect((await server.http.post('/workbook/redo', {})).body).toMatchObject({ applied: true });
    expect([
      await readGrid(server.http),
      await readGrid(server.http, { sheet: 'Summary' }),
    ]).toEqual(after);
  });

  it('a block moved onto itself changes nothing and leaves no undo step: Ctrl+Z undoes the change before it', async () => {
    const server = await start();
    await withCosts(server);
    const before = await readGrid(server.http);
    const response = await server.http.post('/grid/move', { source: 'A1:A3', target_cell: 'A1' });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ source: 'A1:A3', target: 'A1:A3' });
    expect(await readGrid(server.http)).toEqual(before);
    expect((await server.http.post('/workbook/undo', {})).body).toMatchObject({ applied: true });
    // The last change before the move was Summary!A1's formula.
    expect(await readGrid(server.http, { sheet: 'Summary' })).toEqual({});
  });

  it('a locked cell in the source or where the block lands refuses the move (400 naming it)', async () => {
    const server = await start();
    await withCosts(server);
    await server.http.post('/grid/lock', { range: 'A2' });
    const before = await readGrid(server.http);
    const lockedSource = await server.http.post('/grid/move', {
      source: 'A1:A3',
      target_cell: 'C1',
    });
    expect(lockedSource.status).toBe(400);
    expect(lockedSource.body.detail).toContain('A2');
    const lockedTarget = await server.http.post('/grid/move', {
      source: 'E1:F1',
      target_cell: 'A2',
    });
    expect(lockedTarget.status).toBe(400);
    expect(lockedTarget.body.detail).toContain('A2');
    expect(await readGrid(server.http)).toEqual(before);
  });

  it('refuses a block that would leave the sheet and an unknown target sheet', async () => {
    const server = await start();
    await withCosts(server);
    const pastEdge = await server.http.post('/grid/move', {
      source: 'A1:A3',
      target_cell: 'A1048575',
    });
    expect(pastEdge.status).toBe(400);
    expect(pastEdge.body.detail).toContain('target_cell');
    const noSheet = await server.http.post('/grid/move', {
      source: 'A1',
      target_cell: 'B1',
      target_sheet: 'Nope',
    });
    expect(noSheet.status).toBe(404);
  });

  it('the move and its undo come back after a restart, from the journal', async () => {
    const journal = new MemoryJournal();
    let server = await start(journal);
    await withCosts(server);
    await server.http.post('/grid/move', { source: 'A1:A3', target_cell: 'C1' });
    await server.http.post('/grid/move', {
      source: 'E1:F1',
      target_cell: 'A1',
      target_sheet: 'Summary',
    });
    await server.http.post('/workbook/undo', {});
    const grids = [await readGrid(server.http), await readGrid(server.http, { sheet: 'Summary' })];
    await server.close();
    servers.splice(servers.indexOf(server), 1);

    server = await start(journal);
    expect([
      await readGrid(server.http),
      await readGrid(server.http, { sheet: 'Summary' }),
    ]).toEqual(grids);
    expect(grids[0]!['E1']).toMatchObject({ formula: '=SUM(C1:C3)', value: 3300 });
  });

  it('obeys GRIDBOOK_MAX_WRITE_CELLS as writes do: over it is 413 naming the variable, within it (even past 100,000) lands', async () => {
    let server = await start(new MemoryJournal(), { GRIDBOOK_MAX_WRITE_CELLS: '10' });
    await withCosts(server);
    const before = await readGrid(server.http);
    const refused = await server.http.post('/grid/move', { source: 'A1:A11', target_cell: 'C1' });
    expect(refused.status).toBe(413);
    expect(refused.body.detail).toBe(
      'source: holds 11 cells; one write holds at most 10 (GRIDBOOK_MAX_WRITE_CELLS). Split it into several writes.',
    );
    expect(await readGrid(server.http)).toEqual(before);
    const within = await server.http.post('/grid/move', { source: 'A1:A10', target_cell: 'B1' });
    expect(within.status).toBe(200);

    server = await start(new MemoryJournal(), { GRIDBOOK_MAX_WRITE_CELLS: '150000' });
    await withCosts(server);
    const large = await server.http.post('/grid/move', {
      source: 'A1:A150000',
      target_cell: 'B1',
    });
    expect(large.status).toBe(200);
    expect((await readGrid(server.http))['B3']).toMatchObject({ formula: '=B1+B2', value: 1650 });
  });
});
