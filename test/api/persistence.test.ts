// Black-box tests of save/load, export/import (Gridbook JSON, GridOS .gridos, xlsx, CSV) and
// clear (src/http/routes/persistence.ts; docs/contract.md §4 Persistence, §7; docs/design.md §5).
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import JSZip from 'jszip';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FileWorkbookStore, XlsxWorkerPool } from '../../src/persistence/index.js';
import { readGrid, startApp, type RunningApp } from '../support/index.js';
import { xlsxWithCells } from '../support/zip-archive.js';

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures');
const NOW = new Date(Date.UTC(2026, 3, 25, 15, 30, 0));
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** The real xlsx worker, ended mid-job when a file starts with "die". */
const DYING_WORKER = new URL('../fixtures/xlsx-worker-dies.ts', import.meta.url);

let server: RunningApp;
let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'gridbook-api-persist-'));
  server = await startApp({ env: { GRIDBOOK_DATA_DIR: dataDir }, deps: { now: () => NOW } });
});
afterEach(async () => {
  await server.close();
  await rm(dataDir, { recursive: true, force: true });
});

/**
 * Three sheets, cross-sheet formulas, text that looks numeric, locks, bumped versions and charts.
 */
async function buildThreeSheets(http = server.http): Promise<void> {
  await http.post('/workbook/rename', { name: 'Q3 plan/v2' });
  await http.post('/workbook/sheet/rename', { old_name: 'Sheet1', new_name: 'Inputs' });
  await http.post('/workbook/sheet', { name: 'Model' });
  await http.post('/workbook/sheet', { name: 'Report' });
  await http.post('/grid/range', {
    target_cell: 'A1',
    values: [
      ['Price', 12.5],
      ['Units', 40],
      ['Code', "'007"],
      ['Live', true],
    ],
    sheet: 'Inputs',
  });
  await http.post('/grid/cell', { cell: 'B2', value: '41', sheet: 'Inputs' });
  await http.post('/grid/range', {
    target_cell: 'A1',
    values: [
      ['Revenue', '=Inputs!B1*Inputs!B2'],
      ['Half', '=B1/2'],
      ['Oops', '=1/0'],
    ],
    sheet: 'Model',
  });
  await http.post('/grid/range', {
    target_cell: 'A1',
    values: [['=Model!B1&" total"', '=SUM(Model!B1:B2)']],
    sheet: 'Report',
  });
  await http.post('/grid/lock', { range: 'A1:A4', sheet: 'Inputs' });
  await http.post('/system/charts', {
    data_range: 'Model!A1:B2',
    title: 'Revenue',
    chart_type: 'line',
    sheet: 'Report',
  });
  await http.post('/system/charts', {
    data_range: 'A1:B4',
    anchor_cell: 'D2',
    width: 300,
    orientation: 'rows',
    sheet: 'Inputs',
  });
  await http.post('/workbook/sheet/activate', { name: 'Model' });
}

async function exported(http = server.http): Promise<string> {
  const response = await http.get('/system/export');
  expect(response.status).toBe(200);
  return response.text;
}

async function upload(pathname: string, bytes: Uint8Array, fileName: string, type: string) {
  const form = new FormData();
  form.append('note', 'ignored');
  form.append('file', new Blob([bytes], { type }), fileName);
  const response = await fetch(`${server.url}${pathname}`, { method: 'POST', body: form });
  return { status: response.status, body: (await response.json()) as any };
}

async function download(pathname: string): Promise<{ response: Response; bytes: Buffer }> {
  const response = await fetch(`${server.url}${pathname}`);
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
}

describe('save and load', () => {
  it('[PERSIST-1] save writes system_state.gridbook in the data directory; load brings that state back', async () => {
    await buildThreeSheets();
    const saved = await exported();
    const response = await server.http.post('/system/save');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ status: 'Success' });
    expect(
      JSON.parse(await readFile(path.join(dataDir, 'system_state.gridbook'), 'utf8')).workbook_name,
    ).toBe('Q3 plan/v2');

    await server.http.post('/grid/cell', { cell: 'A1', value: 'changed', sheet: 'Model' });
    await server.http.post('/workbook/sheet/delete', { name: 'Report' });
    const loaded = await server.http.post('/system/load');
    expect(loaded.status).toBe(200);
    expect(loaded.body).toMatchObject({
      status: 'Success',
      active_sheet: 'Model',
      sheets: ['Inputs', 'Model', 'Report'],
    });
    expect(await exported()).toBe(saved);
  });

  it('[PERSIST-1] load survives a restart: a new server on the same data directory reads the file', async () => {
    await buildThreeSheets();
    const saved = await exported();
    await server.http.post('/system/save');
    const second = await startApp({
      env: { GRIDBOOK_DATA_DIR: dataDir },
      deps: { now: () => NOW },
    });
    try {
      expect((await second.http.post('/system/load')).body.status).toBe('Success');
      expect(await exported(second.http)).toBe(saved);
    } finally {
      await second.close();
    }
  });

  it('[PERSIST-7] load with no save file answers 200 {status: Error, message: "No save file found."}', async () => {
    const response = await server.http.post('/system/load');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'Error', message: 'No save file found.' });
  });

  it('a save onto a full disk answers 507 naming the cause, and one on a failing disk 503; the workbook goes on', async () => {
    const failWith = (code: string): FileWorkbookStore => {
      const store = new FileWorkbookStore({ dir: dataDir });
      store.save = () =>
        Promise.reject(Object.assign(new Error(`${code}: failed, write`), { code }));
      return store;
    };
    for (const [code, status, cause] of [
      ['ENOSPC', 507, /the disk is full \(ENOSPC\)/],
      ['EIO', 503, /I\/O error \(EIO\)/],
    ] as const) {
      const failing = await startApp({
        env: { GRIDBOOK_DATA_DIR: dataDir },
        deps: { store: failWith(code) },
      });
      try {
        await failing.http.post('/grid/cell', { cell: 'A1', value: '7' });
        const saved = await failing.http.post('/system/save');
        expect(saved.status).toBe(status);
        expect(saved.body.detail).toMatch(cause);
        expect(saved.body.detail).not.toContain(dataDir);
        expect(existsSync(path.join(dataDir, 'system_state.gridbook'))).toBe(false);
        const after = await failing.http.post('/grid/cell', { cell: 'A2', value: '=A1*2' });
        expect(after.body.value).toBe(14);
      } finally {
        await failing.close();
      }
    }
  });

  it('[PERSIST-7] a corrupt save file answers a clear error and leaves the workbook untouched', async () => {
    await buildThreeSheets();
    const before = await exported();
    await writeFile(
      path.join(dataDir, 'system_state.gridbook'),
      '{"format": "gridbook", "version": 1, "sheets": [{"na',
    );
    const response = await server.http.post('/system/load');
    expect(response.status).toBe(200);
    expect(response.body.status).toBe('Error');
    expect(response.body.message).toMatch(/system_state\.gridbook could not be read .*not changed/);
    expect(await exported()).toBe(before);
  });

  it('load is one undo step', async () => {
    await server.http.post('/grid/cell', { cell: 'A1', value: 'saved' });
    await server.http.post('/system/save');
    await server.http.post('/grid/cell', { cell: 'A1', value: 'later' });
    await server.http.post('/system/load');
    expect((await readGrid(server.http))['A1']!.value).toBe('saved');
    await server.http.post('/workbook/undo');
    expect((await readGrid(server.http))['A1']!.value).toBe('later');
  });
});

describe('export and import (Gridbook JSON)', () => {
  it('[PERSIST-2] export is an application/json attachment named <workbook_name>-YYYYMMDD-HHMMSS (UTC, cleaned)', async () => {
    await buildThreeSheets();
    const response = await server.http.get('/system/export');
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="Q3_planv2-20260425-153000.gridbook"',
    );
    expect(response.body).toMatchObject({
      format: 'gridbook',
      version: 1,
      workbook_name: 'Q3 plan/v2',
      active_sheet: 'Model',
    });
    expect(response.body.sheets.map((sheet: { name: string }) => sheet.name)).toEqual([
      'Inputs',
      'Model',
      'Report',
    ]);
    expect(
      response.body.charts.map((chart: { sheet: string; title: string }) => [
        chart.sheet,
        chart.title,
      ]),
    ).toEqual([
      ['Inputs', ''],
      ['Report', 'Revenue'],
    ]);
    expect(response.body.sheets[0].cells.B2).toEqual({
      value: 41,
      formula: null,
      version: 2,
      locked: false,
    });
  });

  it('[PERSIST-3] export → import → export is identical, and the round trip keeps values, formulas, locks, versions, order, active sheet and charts', async () => {
    await buildThreeSheets();
    const first = await exported();
    const gridBefore = await readGrid(server.http, { sheet: 'Inputs' });
    const fresh = await startApp({ deps: { now: () => NOW } });
    try {
      const response = await fresh.http.postRaw('/system/import', first);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        status: 'Success',
        workbook_name: 'Q3 plan/v2',
        active_sheet: 'Model',
        sheets: ['Inputs', 'Model', 'Report'],
      });
      expect(await exported(fresh.http)).toBe(first);
      expect(await readGrid(fresh.http, { sheet: 'Inputs' })).toEqual(gridBefore);
      expect((await readGrid(fresh.http, { sheet: 'Report' }))['A1']!.value).toBe('512.5 total');
    } finally {
      await fresh.close();
    }
  });

  it('[PERSIST-3] export?version=2 (the block layout the UI downloads) is smaller and imports back to the same workbook', async () => {
    await buildThreeSheets();
    await server.http.post('/grid/range', {
      target_cell: 'D1',
      sheet: 'Inputs',
      values: Array.from({ length: 200 }, (_, row) => [row, row * 2, `t${row}`]),
    });
    const version1 = await exported();
    const response = await server.http.get('/system/export', { version: '2' });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      format: 'gridbook',
      version: 2,
      workbook_name: 'Q3 plan/v2',
    });
    expect(response.text.length).toBeLessThan(version1.length / 2);
    const fresh = await startApp({ deps: { now: () => NOW } });
    try {
      expect((await fresh.http.postRaw('/system/import', response.text)).status).toBe(200);
      expect(await exported(fresh.http)).toBe(version1);
    } finally {
      await fresh.close();
    }
    const refused = await server.http.get('/system/export', { version: '3' });
    expect(refused.status).toBe(422);
    expect(JSON.stringify(refused.body.detail)).toMatch(/version/);
  });

  it.each([
    ['invalid JSON', '{"workbook_name": "x", "sheets": [', 'application/json'],
    ['a JSON array', '[{"workbook_name": "x"}]', 'application/json'],
    [
      'a document with an unknown cell address',
      JSON.stringify({
        workbook_name: 'x',
        sheet_order: ['S'],
        sheets: { S: { cells: { ZZZZ99: { value: 1 } } } },
      }),
      'application/json',
    ],
    [
      'a formula that is not a string',
      JSON.stringify({ workbook_name: 'x', sheets: { S: { cells: { A1: { formula: 42 } } } } }),
      'application/json',
    ],
    [
      'our format with a bad chart',
      JSON.stringify({
        format: 'gridbook',
        version: 1,
        workbook_name: 'x',
        sheets: [{ name: 'S', cells: {} }],
        charts: [{ sheet: 'S', id: 'c', data_range: 'A1:B2', chart_type: 'radar' }],
      }),
      'application/json',
    ],
    ['an empty body', '', 'application/json'],
    ['an empty object', '{}', 'application/json'],
  ])(
    '[PERSIST-8] importing %s answers 400 and the workbook is unchanged (export before = after)',
    async (_label, body, contentType) => {
      await buildThreeSheets();
      const before = await exported();
      const response = await server.http.postRaw('/system/import', body, contentType);
      expect(response.status).toBe(400);
      expect(typeof response.body.detail).toBe('string');
      expect(await exported()).toBe(before);
    },
  );

  /** 70,000 numbers in column A: well over the megabyte from which an import is read in the worker. */
  const bigCells = (): Record<string, { value: number }> =>
    Object.fromEntries(Array.from({ length: 70_000 }, (_, i) => [`A${i + 1}`, { value: i }]));

  it.each([
    [
      'invalid JSON',
      JSON.stringify({ workbook_name: 'x', sheets: [{ name: 'S', cells: bigCells() }] }).slice(
        0,
        -3,
      ),
    ],
    [
      'a formula that is not a string',
      JSON.stringify({
        workbook_name: 'x',
        sheets: { S: { cells: { ...bigCells(), B1: { formula: 42 } } } },
      }),
    ],
    [
      'our format with a bad chart',
      JSON.stringify({
        format: 'gridbook',
        version: 1,
        workbook_name: 'x',
        sheets: [{ name: 'S', cells: bigCells() }],
        charts: [{ sheet: 'S', id: 'c', data_range: 'A1:B2', chart_type: 'radar' }],
      }),
    ],
  ])(
    '[PERSIST-8b] a document over a megabyte (read in the import worker) with %s answers 400, workbook unchanged',
    async (_label, body) => {
      expect(body.length).toBeGreaterThan(1 << 20);
      await buildThreeSheets();
      const before = await exported();
      const response = await server.http.postRaw('/system/import', body, 'application/json');
      expect(response.status).toBe(400);
      expect(typeof response.body.detail).toBe('string');
      expect(await exported()).toBe(before);
    },
  );

  it('[PERSIST-8c] a document over a megabyte imports whole through the import worker', async () => {
    const body = JSON.stringify({
      workbook_name: 'Big',
      sheets: [{ name: 'S', cells: bigCells() }],
    });
    expect(body.length).toBeGreaterThan(1 << 20);
    const response = await server.http.postRaw('/system/import', body, 'application/json');
    expect(response.status).toBe(200);
    const peek = await server.http.get('/peek', { sheet: 'S', range: 'A69999:A70000' });
    expect(peek.body.rows).toEqual([[69_998], [69_999]]);
  });

  it('[PERSIST-9] imports a GridOS .gridos file: sheets in sheet_order, locks, versions, charts, formulas recomputed', async () => {
    const response = await upload(
      '/system/import',
      readFileSync(path.join(FIXTURES, 'gridos-q3-plan.gridos')),
      'q3.gridos',
      'application/json',
    );
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      status: 'Success',
      workbook_name: 'Q3 plan',
      active_sheet: 'Model',
      sheets: ['Inputs', 'Model', 'Notes'],
    });
    const model = await readGrid(server.http, { sheet: 'Model' });
    expect([
      model['B1']!.value,
      model['B1']!.version,
      model['B2']!.value,
      model['B2']!.locked,
      model['C1']!.value,
    ]).toEqual([500, 4, 25, true, '#DIV/0!']);
    expect(
      (await server.http.get('/system/charts')).body.charts.map(
        (chart: { id: string }) => chart.id,
      ),
    ).toEqual(['chart_0f3a9c21', 'chart_77aa01be']);
  });

  it('[PERSIST-9] imports the legacy layouts; a file without a name keeps the current name', async () => {
    await server.http.post('/workbook/rename', { name: 'Kept' });
    const legacy = await server.http.postRaw(
      '/system/import',
      readFileSync(path.join(FIXTURES, 'gridos-legacy-per-sheet.gridos'), 'utf8'),
    );
    expect(legacy.body).toMatchObject({ workbook_name: 'Kept', sheets: ['Sheet1', 'Sheet 2'] });
    expect((await readGrid(server.http))['B2']).toMatchObject({ value: 6, locked: true });
    const flat = await server.http.postRaw(
      '/system/import',
      readFileSync(path.join(FIXTURES, 'gridos-legacy-flat.gridos'), 'utf8'),
    );
    expect(flat.body).toMatchObject({ workbook_name: 'Kept', sheets: ['Sheet1'] });
    expect((await readGrid(server.http))['A3']!.value).toBe(42);
  });

  it('refuses an import whose version a write could not raise (2^53 and past), so expected_versions keeps refusing stale writes', async () => {
    await server.http.post('/grid/cell', { cell: 'B2', value: 'kept' });
    const before = await exported();
    for (const [document, field] of [
      [
        `{"workbook_name":"W","sheets":[{"name":"S","cells":{"A1":{"value":1,"version":1e300}}}]}`,
        'sheets[0].cells.A1.version',
      ],
      [
        `{"format":"gridbook","version":2,"workbook_name":"W","sheets":[{"name":"S","blocks":[{"at":"A1","inputs":[[1]],"versions":9007199254740992}]}]}`,
        'versions',
      ],
    ] as const) {
      const refused = await server.http.postRaw('/system/import', document);
      expect(refused.status).toBe(400);
      expect(refused.body.detail).toContain(field);
      expect(refused.body.detail).toContain('from 0 to 4503599627370496');
    }
    expect(await exported()).toBe(before);

    // At the largest version a document may bring, a write still moves the version on, so a
    // writer holding the old one is refused instead of overwriting a change it never saw.
    const imported = await server.http.postRaw(
      '/system/import',
      `{"workbook_name":"W","sheets":[{"name":"S","cells":{"A1":{"value":1,"version":4503599627370496}}}]}`,
    );
    expect(imported.status).toBe(200);
    await server.http.post('/grid/cell', { cell: 'A1', value: 'theirs' });
    const stale = await server.http.post('/grid/cell', {
      cell: 'A1',
      value: 'mine',
      expected_versions: { A1: 4503599627370496 },
    });
    expect(stale.status).toBe(409);
    expect((await readGrid(server.http, { sheet: 'S', range: 'A1' }))['A1']?.value).toBe('theirs');
  });

  it('an import is one undo step', async () => {
    await buildThreeSheets();
    const before = await exported();
    await server.http.postRaw(
      '/system/import',
      readFileSync(path.join(FIXTURES, 'gridos-legacy-flat.gridos'), 'utf8'),
    );
    await server.http.post('/workbook/undo');
    expect(await exported()).toBe(before);
  });
});

describe('xlsx', () => {
  it('[PERSIST-4] export.xlsx → import.xlsx keeps values, formulas, sheets, locks and the active sheet', async () => {
    await buildThreeSheets();
    const { response, bytes } = await download('/system/export.xlsx');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(XLSX);
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="Q3_planv2-20260425-153000.xlsx"',
    );
    const grids = await Promise.all(
      ['Inputs', 'Model', 'Report'].map((sheet) => readGrid(server.http, { sheet })),
    );

    const fresh = await startApp();
    try {
      const imported = await fetch(`${fresh.url}/system/import.xlsx`, {
        method: 'POST',
        headers: { 'content-type': XLSX },
        body: bytes,
      });
      expect(imported.status).toBe(200);
      expect(await imported.json()).toMatchObject({
        status: 'Success',
        active_sheet: 'Model',
        sheets: ['Inputs', 'Model', 'Report'],
      });
      for (const [index, sheet] of ['Inputs', 'Model', 'Report'].entries()) {
        const strip = (grid: Awaited<ReturnType<typeof readGrid>>) =>
          Object.fromEntries(
            Object.entries(grid).map(([key, cell]) => [key, { ...cell, version: 0 }]),
          );
        expect(strip(await readGrid(fresh.http, { sheet }))).toEqual(strip(grids[index]!));
      }
    } finally {
      await fresh.close();
    }
  });

  it('a file saved by Excel for the Mac computes CHAR in the Macintosh set, after a save and a restart too', async () => {
    await server.http.post('/grid/cell', { cell: 'A1', value: '=CHAR(128)' });
    const zip = await JSZip.loadAsync((await download('/system/export.xlsx')).bytes);
    const app = await zip.file('docProps/app.xml')!.async('string');
    zip.file('docProps/app.xml', app.replace('>Microsoft Excel<', '>Microsoft Macintosh Excel<'));
    const mac = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
    expect((await upload('/system/import.xlsx', mac, 'Mac.xlsx', XLSX)).status).toBe(200);
    expect((await readGrid(server.http, { sheet: 'Sheet1' }))['A1']).toMatchObject({ value: 'Ä' });
    await server.http.post('/system/save');
    const second = await startApp({
      env: { GRIDBOOK_DATA_DIR: dataDir },
      deps: { now: () => NOW },
    });
    try {
      expect((await second.http.post('/system/load')).body.status).toBe('Success');
      expect((await readGrid(second.http, { sheet: 'Sheet1' }))['A1']).toMatchObject({
        value: 'Ä',
      });
    } finally {
      await second.close();
    }
  });

  it('a sheet named History (a name Excel reserves) exports under another name, formulas following it', async () => {
    await server.http.post('/workbook/sheet', { name: 'History' });
    await server.http.post('/grid/cell', { sheet: 'History', cell: 'A1', value: 7 });
    await server.http.post('/grid/cell', { cell: 'A1', value: '=History!A1*2' });
    const { response, bytes } = await download('/system/export.xlsx');
    expect(response.status).toBe(200);

    const imported = await upload('/system/import.xlsx', bytes, 'history.xlsx', XLSX);
    expect(imported.status).toBe(200);
    expect(imported.body.sheets).toEqual(['Sheet1', 'History~2']);
    expect((await readGrid(server.http, { sheet: 'Sheet1' }))['A1']).toMatchObject({
      value: 14,
      formula: "='History~2'!A1*2",
    });
  });

  it('text XML cannot carry (control characters, U+FFFF, a lone surrogate), CRs and _xHHHH_ spellings come back from xlsx as they were', async () => {
    const texts = [
      'a\u0001b',
      'x\u0000y',
      'end\uffff',
      'half\ud800',
      'a\r\nb',
      'file_x0041_v2',
      'tab\tnl\n',
    ];
    await server.http.post('/grid/range', { target_cell: 'A1', values: [texts] });
    await server.http.post('/grid/cell', { cell: 'A2', value: '=A1&"!"' });
    for (const query of ['', '?values_only=true']) {
      const { response, bytes } = await download(`/system/export.xlsx${query}`);
      expect(response.status).toBe(200);
      const imported = await upload('/system/import.xlsx', bytes, 'texts.xlsx', XLSX);
      expect(imported.status).toBe(200);
      const { rows } = (await server.http.get('/peek', { range: 'A1:G2' })).body;
      expect(rows).toEqual([texts, ['a\u0001b!', null, null, null, null, null, null]]);
    }
  });

  it('[PERSIST-4] values_only=true writes computed values instead of formulas', async () => {
    await buildThreeSheets();
    const { bytes } = await download('/system/export.xlsx?values_only=true');
    const response = await upload('/system/import.xlsx', bytes, 'values.xlsx', XLSX);
    expect(response.body.workbook_name).toBe('values');
    expect((await readGrid(server.http, { sheet: 'Model' }))['B1']).toMatchObject({
      value: 512.5,
      formula: null,
    });
  });

  it('[PERSIST-5] a LibreOffice-made .xlsx uploaded as multipart field "file" imports with formulas recomputed', async () => {
    const response = await upload(
      '/system/import.xlsx',
      readFileSync(path.join(FIXTURES, 'libreoffice-two-sheets.xlsx')),
      'From LibreOffice.xlsx',
      'application/octet-stream',
    );
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      status: 'Success',
      workbook_name: 'From LibreOffice',
      active_sheet: 'Inputs',
      sheets: ['Inputs', 'Summary'],
    });
    const summary = await readGrid(server.http, { sheet: 'Summary' });
    expect([summary['B1']!.value, summary['B2']!.value, summary['B3']!.value]).toEqual([
      48,
      'small',
      16,
    ]);
  });

  it('answers an xlsx export and an xlsx import sent together (both through the xlsx worker)', async () => {
    await buildThreeSheets();
    const { bytes } = await download('/system/export.xlsx');
    const [exportedAgain, imported] = await Promise.all([
      download('/system/export.xlsx'),
      upload('/system/import.xlsx', bytes, 'Again.xlsx', XLSX),
    ]);
    expect(exportedAgain.response.status).toBe(200);
    expect(imported.status).toBe(200);
    expect(imported.body).toMatchObject({ workbook_name: 'Again', active_sheet: 'Model' });
    const fresh = await startApp();
    try {
      const reimported = await fetch(`${fresh.url}/system/import.xlsx`, {
        method: 'POST',
        headers: { 'content-type': XLSX },
        body: exportedAgain.bytes,
      });
      expect(await reimported.json()).toMatchObject({ sheets: ['Inputs', 'Model', 'Report'] });
      expect((await readGrid(fresh.http, { sheet: 'Model' }))['B1']).toMatchObject({
        value: 512.5,
      });
    } finally {
      await fresh.close();
    }
  });

  it('an xlsx worker dying mid-import fails that request with 422 and a clear detail; the next import and export work', async () => {
    const dying = new XlsxWorkerPool({ module: DYING_WORKER, idleMs: 50 });
    const app = await startApp({ deps: { xlsxWorker: dying } });
    try {
      await app.http.post('/grid/cell', { cell: 'A1', value: 'kept' });
      const died = await fetch(`${app.url}/system/import.xlsx`, {
        method: 'POST',
        headers: { 'content-type': XLSX },
        body: Buffer.from('die, worker'),
      });
      expect(died.status).toBe(422);
      expect(((await died.json()) as { detail: string }).detail).toMatch(
        /^Reading the \.xlsx file stopped: the worker exited with code 3\. Nothing was changed/,
      );
      expect((await readGrid(app.http))['A1']).toMatchObject({ value: 'kept' });
      const exported = await fetch(`${app.url}/system/export.xlsx`);
      expect(exported.status).toBe(200);
      const imported = await fetch(`${app.url}/system/import.xlsx`, {
        method: 'POST',
        headers: { 'content-type': XLSX },
        body: Buffer.from(await exported.arrayBuffer()),
      });
      expect(imported.status).toBe(200);
      expect((await readGrid(app.http))['A1']).toMatchObject({ value: 'kept' });
    } finally {
      await app.close();
    }
  });

  it('an xlsx job past GRIDBOOK_XLSX_TIMEOUT_MS fails with 422 naming the limit and nothing changed', async () => {
    // 1 ms: no real file is read that fast, so the server's own worker is stopped mid-job.
    const app = await startApp({ env: { GRIDBOOK_XLSX_TIMEOUT_MS: '1' } });
    try {
      await app.http.post('/grid/cell', { cell: 'A1', value: 'kept' });
      for (const body of [xlsxWithCells(20_000), xlsxWithCells(20_000)]) {
        const stopped = await fetch(`${app.url}/system/import.xlsx`, {
          method: 'POST',
          headers: { 'content-type': XLSX },
          body,
        });
        expect(stopped.status).toBe(422);
        expect(((await stopped.json()) as { detail: string }).detail).toBe(
          'Reading the .xlsx file stopped: it ran longer than 1 ms, the limit GRIDBOOK_XLSX_TIMEOUT_MS sets (a server operator can raise it). Nothing was changed; the next request starts again.',
        );
      }
      expect((await readGrid(app.http))['A1']).toMatchObject({ value: 'kept' });
    } finally {
      await app.close();
    }
  });

  it('rejects a file that is not xlsx, or a multipart body without the file field, with 400 and no change', async () => {
    await buildThreeSheets();
    const before = await exported();
    const notXlsx = await upload('/system/import.xlsx', Buffer.from('hello'), 'x.xlsx', XLSX);
    expect(notXlsx.status).toBe(400);
    expect(notXlsx.body.detail).toMatch(/^file: is not a readable \.xlsx workbook/);
    const form = new FormData();
    form.append('other', 'x');
    const missing = await fetch(`${server.url}/system/import.xlsx`, { method: 'POST', body: form });
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { detail: string }).detail).toMatch(/^file: field required/);
    expect((await server.http.post('/system/import.xlsx', { not: 'a file' })).status).toBe(400);
    expect(await exported()).toBe(before);
  });
});

describe('CSV', () => {
  it('[PERSIST-6] export.csv writes one sheet; import.csv into another workbook puts every value back', async () => {
    await buildThreeSheets();
    const response = await server.http.get('/system/export.csv', { sheet: 'Inputs' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="Q3_planv2__Inputs-20260425-153000.csv"',
    );
    expect(response.text).toBe("Price,12.5\r\nUnits,41\r\nCode,'007\r\nLive,TRUE");
    const fresh = await startApp();
    try {
      const imported = await fresh.http.postRaw(
        '/system/import.csv?sheet=Inputs',
        response.text,
        'text/csv',
      );
      expect(imported.body).toEqual({ status: 'Success', sheet: 'Inputs', rows: 4, columns: 2 });
      const values = (grid: Awaited<ReturnType<typeof readGrid>>) =>
        Object.fromEntries(Object.entries(grid).map(([key, cell]) => [key, cell.value]));
      expect(values(await readGrid(fresh.http, { sheet: 'Inputs' }))).toEqual(
        values(await readGrid(server.http, { sheet: 'Inputs' })),
      );
    } finally {
      await fresh.close();
    }
  });

  it('[PERSIST-6] mode=formulas keeps formulas through a CSV round trip of one sheet', async () => {
    await buildThreeSheets();
    const csv = (await server.http.get('/system/export.csv', { sheet: 'Model', mode: 'formulas' }))
      .text;
    expect(csv).toBe('Revenue,=Inputs!B1*Inputs!B2\r\nHalf,=B1/2\r\nOops,=1/0');
    await server.http.post('/system/clear', undefined, { sheet: 'Model' });
    const form = new FormData();
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'model.csv');
    expect(
      (await fetch(`${server.url}/system/import.csv?sheet=Model`, { method: 'POST', body: form }))
        .status,
    ).toBe(200);
    expect((await readGrid(server.http, { sheet: 'Model' }))['B2']).toMatchObject({
      formula: '=B1/2',
      value: 256.25,
    });
  });

  it('import.csv adds a missing sheet; a locked cell in the way answers 400 with nothing written', async () => {
    expect(
      (await server.http.postRaw('/system/import.csv?sheet=New data', 'a,b\n1,2\n', 'text/csv'))
        .body,
    ).toMatchObject({ sheet: 'New data', rows: 2 });
    await server.http.post('/grid/lock', { range: 'B2', sheet: 'New data' });
    const before = await exported();
    expect(
      (await server.http.postRaw('/system/import.csv?sheet=New data', 'x,y\n3,4\n', 'text/csv'))
        .status,
    ).toBe(400);
    expect(await exported()).toBe(before);
  });

  it("import.csv reads the encoding the file was saved in: Excel's Windows-1252, marked UTF-16, a declared charset", async () => {
    const postCsv = (bytes: Uint8Array, contentType = 'text/csv') =>
      fetch(`${server.url}/system/import.csv?sheet=People`, {
        method: 'POST',
        headers: { 'content-type': contentType },
        body: bytes,
      });
    const people = async () => (await server.http.get('/peek', { sheet: 'People' })).body.rows;
    // Excel's "CSV (Comma delimited)" on Windows: the code page, no byte order mark.
    const windows1252 = Buffer.from('Name,City\r\nRen\xe9,M\xfcnchen\r\n', 'latin1');
    expect((await postCsv(windows1252)).status).toBe(200);
    expect(await people()).toEqual([
      ['Name', 'City'],
      ['René', 'München'],
    ]);
    const utf16 = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from('Name\tCity\r\nZoë\tKraków\r\n', 'utf16le'),
    ]);
    expect((await postCsv(utf16)).status).toBe(200);
    expect(await people()).toEqual([
      ['Name', 'City'],
      ['Zoë', 'Kraków'],
    ]);
    // Byte 0x80 is "€" in Windows-1252 and "Ä" in the Macintosh set a sender may declare.
    const mac = Buffer.from([0x61, 0x0d, 0x0a, 0x80]);
    expect((await postCsv(mac, 'text/csv; charset=macintosh')).status).toBe(200);
    expect(await people()).toEqual([['a'], ['Ä']]);
    const unknown = await postCsv(mac, 'text/csv; charset=klingon');
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { detail: string }).detail).toContain('"klingon"');
  });

  it('import.csv refuses a binary file (an .xlsx sent as CSV) with 400 and leaves the workbook as it was', async () => {
    await buildThreeSheets();
    const before = await exported();
    const { bytes: xlsx } = await download('/system/export.xlsx');
    const response = await fetch(`${server.url}/system/import.csv?sheet=Fresh`, {
      method: 'POST',
      headers: { 'content-type': 'text/csv' },
      body: xlsx,
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { detail: string }).detail).toMatch(
      /^body: is not CSV text.*\/system\/import\.xlsx/,
    );
    expect(await exported()).toBe(before);
  });

  it('export.csv?mode=display writes each cell as it shows (dates, percentages, currency), as Excel saves CSV', async () => {
    await server.http.post('/grid/range', {
      target_cell: 'A1',
      values: [['2026-01-31', '15%', '$1,200', 'plain']],
    });
    const shown = await server.http.get('/system/export.csv', { mode: 'display' });
    expect(shown.status).toBe(200);
    expect(shown.text).toBe('2026-01-31,15%,"$1,200",plain');
    expect((await server.http.get('/system/export.csv')).text).toBe('46053,0.15,1200,plain');
  });

  it('an unknown sheet on export.csv is a 404', async () => {
    expect((await server.http.get('/system/export.csv', { sheet: 'Ghost' })).status).toBe(404);
  });
});

describe('POST /system/clear', () => {
  it('[GRID-2] [CHART-3] clears unlocked cells of the sheet only; locked cells, other sheets and charts stay', async () => {
    await buildThreeSheets();
    const response = await server.http.post('/system/clear', undefined, { sheet: 'Inputs' });
    expect(response.body).toEqual({ status: 'Success', sheet: 'Inputs' });
    expect(Object.keys(await readGrid(server.http, { sheet: 'Inputs' }))).toEqual([
      'A1',
      'A2',
      'A3',
      'A4',
    ]);
    expect((await server.http.get('/system/charts', { sheet: 'Inputs' })).body.charts).toHaveLength(
      1,
    );
    expect((await readGrid(server.http, { sheet: 'Model' }))['A1']!.value).toBe('Revenue');
    expect(existsSync(path.join(dataDir, 'system_state.gridbook'))).toBe(false);
  });
});
