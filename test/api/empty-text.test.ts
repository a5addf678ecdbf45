// A cell holding empty text (a lone apostrophe typed, or `<t/>` read from an xlsx) is a value,
// not a blank: ISBLANK is FALSE and COUNTA counts it (Microsoft's ISBLANK and COUNTA pages). "No
// acknowledged write may ever be lost", so it must come back as empty text from every path that
// stores a workbook: save/load, the journal (its import snapshot and its replayed log), Gridbook
// JSON export/import (both layouts) and xlsx export/import. A `""` write still clears (DESIGN §5).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readGrid, startDurableApp, type RunningApp } from '../support/index.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function dataDirectory(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'gridbook-empty-text-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

async function start(dataDir: string): Promise<RunningApp> {
  const running = await startDurableApp(dataDir);
  cleanups.push(() => running.close());
  return running;
}

/** A1 holds empty text; B1 and B2 ask whether Excel would see a value there. */
async function writeEmptyText(app: RunningApp): Promise<void> {
  const written = await app.http.post('/grid/range', {
    target_cell: 'A1',
    values: [
      ["'", '=ISBLANK(A1)'],
      [null, '=COUNTA(A1)'],
    ],
  });
  expect(written.status, written.text).toBe(200);
}

async function expectEmptyText(app: RunningApp, path: string): Promise<void> {
  const grid = await readGrid(app.http);
  expect(grid['A1'], `${path}: A1 is empty text`).toMatchObject({ value: '' });
  expect(grid['B1']?.value, `${path}: ISBLANK(A1)`).toBe(false);
  expect(grid['B2']?.value, `${path}: COUNTA(A1)`).toBe(1);
}

describe('empty text survives every way a workbook is stored', () => {
  it('a lone apostrophe is empty text, and "" still clears', async () => {
    const app = await start(await dataDirectory());
    await writeEmptyText(app);
    await expectEmptyText(app, 'written');
    await app.http.post('/grid/cell', { cell: 'A1', value: '' });
    expect((await readGrid(app.http))['B1']?.value).toBe(true);
  });

  it('save then load', async () => {
    const app = await start(await dataDirectory());
    await writeEmptyText(app);
    expect((await app.http.post('/system/save')).status).toBe(200);
    await app.http.post('/grid/cell', { cell: 'A1', value: 'changed' });
    expect((await app.http.post('/system/load')).body).toMatchObject({ status: 'Success' });
    await expectEmptyText(app, 'loaded');
  });

  it('Gridbook JSON export then import, in both layouts', async () => {
    const app = await start(await dataDirectory());
    await writeEmptyText(app);
    for (const query of ['', '?version=2']) {
      const exported = await fetch(`${app.url}/system/export${query}`);
      const body = await exported.text();
      await app.http.post('/system/clear');
      const imported = await fetch(`${app.url}/system/import`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      expect(imported.status, await imported.text()).toBe(200);
      await expectEmptyText(app, `export${query}`);
    }
  });

  it('xlsx export then import', async () => {
    const app = await start(await dataDirectory());
    await writeEmptyText(app);
    const exported = Buffer.from(
      await (await fetch(`${app.url}/system/export.xlsx`)).arrayBuffer(),
    );
    await app.http.post('/system/clear');
    const imported = await fetch(`${app.url}/system/import.xlsx`, {
      method: 'POST',
      headers: { 'content-type': XLSX },
      body: exported,
    });
    expect(imported.status, await imported.text()).toBe(200);
    await expectEmptyText(app, 'xlsx');
  });

  it('a restart from the journal, from its log and from the snapshot an import leaves', async () => {
    const dataDir = await dataDirectory();
    const first = await start(dataDir);
    await writeEmptyText(first);
    await cleanups.pop()!();
    const second = await start(dataDir);
    await expectEmptyText(second, 'restarted from the log');
    // An import is journaled as a snapshot of the whole workbook (the compaction's format too).
    const exported = await (await fetch(`${second.url}/system/export`)).text();
    const imported = await fetch(`${second.url}/system/import`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: exported,
    });
    expect(imported.status).toBe(200);
    await cleanups.pop()!();
    const third = await start(dataDir);
    await expectEmptyText(third, 'restarted from the snapshot');
  });
});
