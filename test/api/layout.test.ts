// Black-box tests of a sheet's layout (src/http/routes/layout.ts): frozen panes, column widths,
// row heights and the filter are stored in the workbook, one undo step each, reported by
// /grid, /grid/layout and /api/workbook, moved by inserted and deleted rows and columns, kept
// in save files, Gridbook exports and xlsx; a filter hides rows but every formula still sees them.
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from '../support/index.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

let server: RunningApp;
beforeEach(async () => {
  server = await startApp();
  await server.http.post('/grid/range', {
    target_cell: 'A1',
    values: [
      ['Region', 'Sales'],
      ['North', 100],
      ['South', 250],
      ['North', 50],
      ['East', 300],
      ['Total', '=SUM(B2:B5)'],
    ],
  });
});
afterEach(() => server.close());

const post = (path: string, body?: unknown, query?: Record<string, string>) =>
  server.http.post(path, body, query);
const layoutOf = async (sheet?: string) =>
  (await server.http.get('/grid/layout', sheet === undefined ? {} : { sheet })).body;

describe('frozen panes, widths and heights', () => {
  it('freezing row 1 and column A is stored, reported by /grid and /api/workbook, and one undo step', async () => {
    const response = await post('/grid/freeze', { rows: 1, columns: 1 });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      status: 'Success',
      sheet: 'Sheet1',
      layout: { frozen_rows: 1, frozen_columns: 1, filter: null },
    });
    expect((await server.http.get('/grid')).body.layout).toMatchObject({
      frozen_rows: 1,
      frozen_columns: 1,
    });
    expect((await server.http.get('/api/workbook')).body.layouts).toEqual({
      Sheet1: {
        frozen_rows: 1,
        frozen_columns: 1,
        column_widths: {},
        row_heights: {},
        filter: null,
      },
    });
    expect((await post('/workbook/undo')).body).toMatchObject({ applied: true, layouts: {} });
    expect((await layoutOf()).layout).toMatchObject({ frozen_rows: 0, frozen_columns: 0 });
  });

  it('a column band gets one width and a row its height; null restores the default', async () => {
    await post('/grid/columns/width', { columns: 'B:C', width: 160 });
    await post('/grid/rows/height', { rows: 3, height: 40 });
    expect((await layoutOf()).layout).toMatchObject({
      column_widths: { B: 160, C: 160 },
      row_heights: { '3': 40 },
    });
    await post('/grid/columns/width', { columns: 'C', width: null });
    expect((await layoutOf()).layout.column_widths).toEqual({ B: 160 });
    await post('/workbook/undo');
    expect((await layoutOf()).layout.column_widths).toEqual({ B: 160, C: 160 });
  });

  it('bad sizes and bands answer 4xx naming the field', async () => {
    const tooWide = await post('/grid/columns/width', { columns: 'B', width: 5000 });
    expect(tooWide.status).toBe(422);
    expect(tooWide.body.detail).toContain('width');
    const badColumn = await post('/grid/columns/width', { columns: 'B:1X', width: 90 });
    expect(badColumn.status).toBe(400);
    expect(badColumn.body.detail).toMatch(/^columns: /);
    const badRows = await post('/grid/rows/height', { rows: '0', height: 30 });
    expect(badRows.status).toBe(400);
    expect(badRows.body.detail).toMatch(/^rows: /);
    const nothing = await post('/grid/freeze', {});
    expect(nothing.status).toBe(400);
    expect(nothing.body.detail).toMatch(/^rows: /);
    const tooMany = await post('/grid/freeze', { rows: 5000 });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.detail).toContain('rows');
    const noSheet = await post('/grid/freeze', { rows: 1, sheet: 'Nope' });
    expect(noSheet.status).toBe(404);
  });

  it('inserting and deleting rows and columns moves widths, heights and frozen panes with them', async () => {
    await post('/grid/freeze', { rows: 2, columns: 1 });
    await post('/grid/columns/width', { columns: 'B', width: 150 });
    await post('/grid/rows/height', { rows: 4, height: 44 });
    await post('/grid/columns/insert', { at: 'A' });
    await post('/grid/rows/insert', { at: 1, count: 2 });
    expect((await layoutOf()).layout).toMatchObject({
      frozen_rows: 4,
      frozen_columns: 2,
      column_widths: { C: 150 },
      row_heights: { '6': 44 },
    });
    await post('/grid/rows/delete', { at: 6 });
    await post('/grid/columns/delete', { at: 'C' });
    expect((await layoutOf()).layout).toMatchObject({ column_widths: {}, row_heights: {} });
  });
});

describe('the filter', () => {
  it('hides rows failing a value list in every view while formulas still count them', async () => {
    const response = await post('/grid/filter', {
      range: 'A1:B5',
      columns: [{ column: 'A', values: ['north'] }],
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      layout: { filter: { range: 'A1:B5', columns: [{ column: 'A', values: ['north'] }] } },
      hidden_rows: [
        [3, 3],
        [5, 5],
      ],
    });
    expect((await server.http.get('/grid')).body.hidden_rows).toEqual([
      [3, 3],
      [5, 5],
    ]);
    expect((await server.http.get('/grid', { range: 'A4:B9' })).body.hidden_rows).toEqual([[5, 5]]);
    // The Engine API computes over every row, as Excel does.
    const evaluated = await post('/eval', { formulas: [{ cell: 'Z1', formula: 'SUM(B2:B5)' }] });
    expect(evaluated.body.results[0]).toMatchObject({ result: 700 });
    expect((await server.http.get('/grid', { range: 'B6' })).body.cells[0].value).toBe(700);
  });

  it('conditions per column combine with "or"; a value change re-decides what is hidden', async () => {
    await post('/grid/filter', {
      range: 'A1:B5',
      columns: [
        {
          column: 'B',
          conditions: [
            { op: 'lt', value: 60 },
            { op: 'gte', value: 300 },
          ],
          join: 'or',
        },
      ],
    });
    expect((await layoutOf()).hidden_rows).toEqual([[2, 3]]);
    await post('/grid/cell', { cell: 'B2', value: 10 });
    expect((await layoutOf()).hidden_rows).toEqual([[3, 3]]);
    await post('/grid/filter/clear');
    expect(await layoutOf()).toMatchObject({ layout: { filter: null }, hidden_rows: [] });
  });

  it('a bad filter answers 400 naming the field, and nothing changes', async () => {
    const outside = await post('/grid/filter', {
      range: 'A1:B5',
      columns: [{ column: 'D', values: ['x'] }],
    });
    expect(outside.status).toBe(400);
    expect(outside.body.detail).toMatch(/^body\.columns\[0\]\.column: /);
    const badRange = await post('/grid/filter', { range: 'nonsense' });
    expect(badRange.status).toBe(400);
    expect(badRange.body.detail).toMatch(/^body\.range: /);
    const badOp = await post('/grid/filter', {
      range: 'A1:B5',
      columns: [{ column: 'B', conditions: [{ op: 'near', value: 3 }] }],
    });
    expect(badOp.status).toBe(422);
    expect(badOp.body.detail).toContain('conditions');
    expect((await layoutOf()).layout.filter).toBeNull();
  });

  it('rows inserted inside the filter range grow it; deleting its header row removes it', async () => {
    await post('/grid/filter', { range: 'A1:B5', columns: [{ column: 'A', values: ['North'] }] });
    await post('/grid/rows/insert', { at: 3 });
    expect((await layoutOf()).layout.filter.range).toBe('A1:B6');
    await post('/grid/rows/delete', { at: 1 });
    expect((await layoutOf()).layout.filter).toBeNull();
  });
});

describe('files', () => {
  async function arrange(): Promise<void> {
    await post('/grid/freeze', { rows: 1 });
    await post('/grid/columns/width', { columns: 'A', width: 180 });
    await post('/grid/rows/height', { rows: 1, height: 36 });
    await post('/grid/filter', { range: 'A1:B5', columns: [{ column: 'A', values: ['North'] }] });
  }

  it('the Gridbook export carries the layout and imports it back; older files without one still load', async () => {
    await arrange();
    const before = await layoutOf();
    const exported = (await server.http.get('/system/export')).body;
    expect(exported.sheets[0].layout).toEqual(before.layout);
    await post('/grid/filter/clear');
    const imported = await server.http.request('POST', '/system/import', {
      body: JSON.stringify(exported),
      contentType: 'application/json',
    });
    expect(imported.status).toBe(200);
    expect(await layoutOf()).toEqual(before);
    const { layout: _layout, ...older } = exported.sheets[0];
    const old = { ...exported, sheets: [older] };
    const loaded = await server.http.request('POST', '/system/import', {
      body: JSON.stringify(old),
      contentType: 'application/json',
    });
    expect(loaded.status).toBe(200);
    expect((await layoutOf()).layout).toMatchObject({ frozen_rows: 0, filter: null });
  });

  it('a file with a bad layout is refused whole with 400 naming the field', async () => {
    const exported = (await server.http.get('/system/export')).body;
    const bad = {
      ...exported,
      sheets: [
        {
          ...exported.sheets[0],
          layout: { filter: { range: 'A1:B5', columns: [{ column: 'Q' }] } },
        },
      ],
    };
    const response = await server.http.request('POST', '/system/import', {
      body: JSON.stringify(bad),
      contentType: 'application/json',
    });
    expect(response.status).toBe(400);
    expect(response.body.detail).toMatch(/^sheets\[0\]\.layout\.filter\.columns\[0\]\.column: /);
    expect((await server.http.get('/grid', { range: 'B6' })).body.cells[0].value).toBe(700);
  });

  it('save and load keep the layout', async () => {
    await arrange();
    const before = await layoutOf();
    expect((await post('/system/save')).status).toBe(200);
    await post('/grid/freeze', { rows: 0 });
    expect((await post('/system/load')).status).toBe(200);
    expect(await layoutOf()).toEqual(before);
  });

  it('xlsx keeps frozen panes, widths, heights and the autofilter with its criteria and hidden rows, read back by exceljs and by import', async () => {
    await arrange();
    const response = await fetch(`${server.url}/system/export.xlsx`);
    const bytes = Buffer.from(await response.arrayBuffer());
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ExcelJS.Buffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.getColumn(1).width).toBeCloseTo(180 / 7, 2);
    expect(sheet.getRow(1).height).toBe(27);
    const zip = await JSZip.loadAsync(bytes);
    expect(await zip.file('xl/worksheets/sheet1.xml')!.async('string')).toContain(
      '<autoFilter ref="A1:B5"><filterColumn colId="0"><filters><filter val="North"/></filters></filterColumn></autoFilter>',
    );
    expect([2, 3, 4, 5].map((row) => sheet.getRow(row).hidden)).toEqual([false, true, false, true]);

    const fresh = await startApp();
    try {
      const imported = await fetch(`${fresh.url}/system/import.xlsx`, {
        method: 'POST',
        headers: { 'content-type': XLSX },
        body: bytes,
      });
      expect(imported.status).toBe(200);
      expect((await fresh.http.get('/grid/layout')).body.layout).toEqual({
        frozen_rows: 1,
        frozen_columns: 0,
        column_widths: { A: 180 },
        row_heights: { '1': 36 },
        filter: { range: 'A1:B5', columns: [{ column: 'A', values: ['North'] }] },
      });
    } finally {
      await fresh.close();
    }
  });
});

describe('xlsx round trip of formatted columns', () => {
  it('a whole-column format with no width of its own comes back from xlsx without a width; set widths stay', async () => {
    await post('/grid/format', { range: 'B:D', format: { bold: true } });
    await post('/grid/columns/width', { columns: 'C', width: 150 });
    const exported = await fetch(`${server.url}/system/export.xlsx`);
    const bytes = new Uint8Array(await exported.arrayBuffer());
    const imported = await fetch(`${server.url}/system/import.xlsx`, {
      method: 'POST',
      headers: { 'content-type': XLSX },
      body: bytes,
    });
    expect(imported.status).toBe(200);
    expect((await layoutOf()).layout.column_widths).toEqual({ C: 150 });
    const formats = (await server.http.get('/grid', { range: 'B1:D1' })).body.formats;
    expect(formats).toEqual([{ range: 'B1:D1', format: { bold: true } }]);
  });
});
