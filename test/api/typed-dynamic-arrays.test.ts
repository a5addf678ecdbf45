// A formula typed through the API is an Excel 365 formula: evaluated as an array and spilled
// (core/typed-formulas.ts). Every reader shows it as typed, never the DYNAMIC.ARRAY it is held
// in; the xlsx export writes it as a dynamic-array formula that imports back the same, and the
// journal replays it after a restart.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import JSZip from 'jszip';
import { afterEach, describe, expect, it } from 'vitest';
import { readGrid, startApp, startDurableApp, type RunningApp } from '../support/index.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function app(): Promise<RunningApp> {
  const server = await startApp();
  cleanups.push(() => server.close());
  return server;
}

async function durable(dataDir: string): Promise<RunningApp> {
  const running = await startDurableApp(dataDir);
  cleanups.push(() => running.close());
  return running;
}

/** A1:B3 = (1, 10), (2, 20), (3, 30) and D1 = `=A1:A3*2`, typed. */
async function typeArithmetic(server: RunningApp): Promise<void> {
  const range = await server.http.post('/grid/range', {
    target_cell: 'A1',
    values: [
      [1, 10],
      [2, 20],
      [3, 30],
    ],
  });
  expect(range.status, range.text).toBe(200);
  const cell = await server.http.post('/grid/cell', { cell: 'D1', value: '=A1:A3*2' });
  expect(cell.status, cell.text).toBe(200);
}

async function expectSpill(server: RunningApp, label: string): Promise<void> {
  const grid = await readGrid(server.http);
  expect(grid['D1'], label).toMatchObject({
    value: 2,
    input: '=A1:A3*2',
    formula: '=A1:A3*2',
    spill_range: 'D1:D3',
  });
  expect(grid['D2'], label).toMatchObject({ value: 4, input: null, spilled_from: 'D1' });
  expect(grid['D3'], label).toMatchObject({ value: 6, spilled_from: 'D1' });
}

describe('typed formulas spill as in Excel 365', () => {
  it('POST /grid/cell with =A1:A3*2 spills; /grid, /peek, /eval and CSV read it as typed', async () => {
    const server = await app();
    await typeArithmetic(server);
    await expectSpill(server, 'after the write');
    expect((await server.http.get('/grid')).text).not.toContain('DYNAMIC');
    expect((await server.http.get('/peek', { range: 'D1:D3' })).body.rows).toEqual([[2], [4], [6]]);
    const formulas = await server.http.get('/peek', { range: 'D1:D3', mode: 'formulas' });
    expect(formulas.body.rows).toEqual([['=A1:A3*2'], [null], [null]]);
    const evaluated = await server.http.post('/eval', {
      formulas: [
        { cell: 'X1', formula: '=SUM(A1:A3*B1:B3)' },
        { cell: 'X2', formula: '=SUM(D1:D3)' },
      ],
    });
    expect(evaluated.body.results.map((item: { result: unknown }) => item.result)).toEqual([
      140, 12,
    ]);
    const csv = await (await fetch(`${server.url}/system/export.csv`)).text();
    expect(csv.split('\r\n').map((line) => line.split(',')[3])).toEqual(['2', '4', '6']);
    expect(csv).not.toContain('DYNAMIC');
  });

  it('a blocked spill is #SPILL! and recovers when the cell is cleared; undo and redo keep it', async () => {
    const server = await app();
    await server.http.post('/grid/cell', { cell: 'A2', value: 'x' });
    await server.http.post('/grid/cell', { cell: 'A1', value: '=SEQUENCE(3)*2' });
    expect((await readGrid(server.http))['A1']).toMatchObject({ error: '#SPILL!' });
    await server.http.post('/grid/clear', { range: 'A2' });
    expect((await readGrid(server.http))['A3']).toMatchObject({ value: 6, spilled_from: 'A1' });
    expect((await server.http.post('/workbook/undo')).status).toBe(200);
    expect((await readGrid(server.http))['A1']).toMatchObject({ error: '#SPILL!' });
    expect((await server.http.post('/workbook/redo')).status).toBe(200);
    expect((await readGrid(server.http))['A2']).toMatchObject({ value: 4, spilled_from: 'A1' });
  });

  it('xlsx export writes a dynamic-array formula without the wrapper, and its import gives the same formula and spill', async () => {
    const server = await app();
    await typeArithmetic(server);
    await server.http.post('/grid/cell', { cell: 'F2', value: '=@A1:A3' });
    const exported = Buffer.from(
      await (await fetch(`${server.url}/system/export.xlsx`)).arrayBuffer(),
    );
    const zip = await JSZip.loadAsync(exported);
    const sheetXml = await zip.file('xl/worksheets/sheet1.xml')!.async('string');
    expect(sheetXml).not.toContain('DYNAMIC');
    expect(sheetXml).toMatch(/<c r="D1"[^>]* cm="1"/);
    expect(sheetXml).toContain('_xlfn.SINGLE(A1:A3)');

    const form = new FormData();
    form.append('file', new Blob([exported], { type: XLSX }), 'typed.xlsx');
    const imported = await fetch(`${server.url}/system/import.xlsx`, {
      method: 'POST',
      body: form,
    });
    expect(imported.status, await imported.text()).toBe(200);
    await expectSpill(server, 'after export and import');
    expect((await readGrid(server.http))['F2']).toMatchObject({ value: 2 });
  });

  it('the journal replays a typed array formula after a restart', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'gridbook-typed-arrays-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const first = await durable(dataDir);
    await typeArithmetic(first);
    await cleanups.pop()!();
    const second = await durable(dataDir);
    await expectSpill(second, 'restarted from the log');
    // Gridbook JSON (export, then import: journaled as a snapshot) writes the formula as typed,
    // marked dynamic, and reads it back as the same array formula.
    const exported = await (await fetch(`${second.url}/system/export`)).text();
    expect(exported).not.toContain('DYNAMIC.ARRAY');
    expect(exported).toContain('"formula":"=A1:A3*2","version":1,"locked":false,"dynamic":true');
    const imported = await fetch(`${second.url}/system/import`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: exported,
    });
    expect(imported.status).toBe(200);
    await cleanups.pop()!();
    const third = await durable(dataDir);
    await expectSpill(third, 'restarted from the snapshot');
  });
});
