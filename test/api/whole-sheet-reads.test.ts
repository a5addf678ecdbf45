// Reads of a whole sheet: GET /grid lists at most GRIDBOOK_MAX_GRID_CELLS cells (413 naming the
// variable, nothing changed), and a large listing, built in slices and streamed as JSON text,
// says exactly what the same cells read in small ranges say.
import { afterEach, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from '../support/start-app.js';

let suite: RunningApp | undefined;
afterEach(async () => {
  await suite?.close();
  suite = undefined;
});

interface GridBody {
  sheet: string;
  occupied_bounds: unknown;
  listed_bounds: unknown;
  cells: { cell: string }[];
  layout?: unknown;
  hidden_rows?: unknown;
  formats?: unknown;
}

describe('GET /grid over GRIDBOOK_MAX_GRID_CELLS', () => {
  it('is 413 naming the limit and its variable, with or without a range, and changes nothing', async () => {
    suite = await startApp({ env: { GRIDBOOK_MAX_GRID_CELLS: '5' } });
    const { http } = suite;
    await http.post('/grid/range', { target_cell: 'A1', values: [[1], [2], [3], [4], [5], [6]] });
    const before = await http.get('/api/workbook');
    for (const query of [undefined, { range: 'A1:A6' }, { range: 'A1:XFD1048576' }]) {
      const refused = await http.get('/grid', query);
      expect(refused.status, JSON.stringify(query)).toBe(413);
      expect(refused.body.detail).toMatch(
        /lists (6|more than 5) cells; GET \/grid lists at most 5 \(GRIDBOOK_MAX_GRID_CELLS\)/,
      );
    }
    expect((await http.get('/api/workbook')).body).toEqual(before.body);
    expect((await http.get('/peek', { range: 'A1:A6' })).body.rows).toEqual([
      [1],
      [2],
      [3],
      [4],
      [5],
      [6],
    ]);
    // A viewport within the limit is read as before.
    const viewport = await http.get('/grid', { range: 'A2:A4' });
    expect(viewport.status).toBe(200);
    expect((viewport.body as GridBody).cells.map((cell) => cell.cell)).toEqual(['A2', 'A3', 'A4']);
  });

  it('at the limit the sheet is listed whole', async () => {
    suite = await startApp({ env: { GRIDBOOK_MAX_GRID_CELLS: '6' } });
    const { http } = suite;
    await http.post('/grid/range', { target_cell: 'A1', values: [[1], [2], [3], [4], [5], [6]] });
    const listed = await http.get('/grid');
    expect(listed.status).toBe(200);
    expect((listed.body as GridBody).cells).toHaveLength(6);
  });
});

describe('a large GET /grid, built in slices', () => {
  it('lists what the same cells read in small ranges list, with the sheet, bounds, layout and formats', async () => {
    suite = await startApp();
    const { http } = suite;
    const rows = 6_000;
    const values = Array.from({ length: rows }, (_, row) => [
      row,
      row % 3 === 0 ? `=A${row + 1}*2` : `t${row}`,
    ]);
    expect((await http.post('/grid/range', { target_cell: 'A1', values })).status).toBe(200);
    await http.post('/grid/lock', { range: 'D7' });
    await http.post('/grid/format', { range: 'B2:B9', format: { bold: true, fill: '#ffee00' } });
    await http.post('/grid/freeze', { rows: 1 });

    const whole = await http.get('/grid');
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toContain('application/json');
    const body = whole.body as GridBody;
    expect(body.cells).toHaveLength(rows * 2 + 1);

    const halves = [
      (await http.get('/grid', { range: 'A1:D3000' })).body as GridBody,
      (await http.get('/grid', { range: 'A3001:D6000' })).body as GridBody,
    ];
    expect(body.cells).toEqual([...halves[0]!.cells, ...halves[1]!.cells]);
    for (const key of ['sheet', 'occupied_bounds', 'listed_bounds', 'layout'] as const)
      expect(body[key], key).toEqual(halves[0]![key]);
    expect(body.formats).toEqual([{ range: 'B2:B9', format: { bold: true, fill: '#FFEE00' } }]);
  });
});

describe('a large /peek, built in slices', () => {
  it('as CSV holds the same rows as its JSON, one line per row over every slice', async () => {
    suite = await startApp();
    const { http } = suite;
    const values = Array.from({ length: 10_000 }, (_, row) => [row, `a,"${row}"`]);
    expect((await http.post('/grid/range', { target_cell: 'A1', values })).status).toBe(200);
    const json = await http.get('/peek', { range: 'A1:B10000' });
    expect(json.body).toEqual({ sheet: 'Sheet1', range: 'A1:B10000', rows: values });
    expect(json.headers.get('content-type')).toMatch(/^application\/json/);
    const csv = await http.get('/peek', { range: 'A1:B10000', format: 'csv' });
    const lines = (csv.body as string).split('\n');
    expect(lines).toHaveLength(10_000);
    expect(lines[0]).toBe('0,"a,""0"""');
    expect(lines[9_999]).toBe('9999,"a,""9999"""');
    const tsv = await http.get('/peek', { range: 'A1:B10000', format: 'tsv' });
    expect((tsv.body as string).split('\n')[9_999]).toBe('9999\t"a,""9999"""');
  });
});

describe('a large export and save, copied and written in slices', () => {
  it('export (both versions) and save then load hold every cell, value, version and lock', async () => {
    suite = await startApp();
    const { http } = suite;
    const values = Array.from({ length: 6_000 }, (_, row) => [row, `t${row}`, `=A${row + 1}*2`]);
    expect((await http.post('/grid/range', { target_cell: 'A1', values })).status).toBe(200);
    expect((await http.post('/grid/cell', { cell: 'B3', value: 'again' })).status).toBe(200);
    expect((await http.post('/grid/lock', { range: 'A10:A20', locked: true })).status).toBe(200);
    const before = await http.get('/grid');
    expect(before.body.cells.length).toBeGreaterThanOrEqual(18_000);

    const v1 = await http.get('/system/export');
    expect(v1.status).toBe(200);
    expect(Number(v1.headers.get('content-length'))).toBe(Buffer.byteLength(v1.text));
    expect(v1.text.endsWith('}\n')).toBe(true);
    const cells = v1.body.sheets[0].cells as Record<string, Record<string, unknown>>;
    expect(Object.keys(cells)).toHaveLength(18_000);
    expect(cells['C6000']).toMatchObject({ formula: '=A6000*2', value: 11_998 });
    expect(cells['B3']).toMatchObject({ value: 'again', version: 2 });
    expect(cells['A15']).toMatchObject({ value: 14, locked: true });

    const v2 = await http.get('/system/export', { version: 2 });
    expect(v2.status).toBe(200);
    expect((await http.post('/system/clear')).status).toBe(200);
    expect((await http.post('/system/import', v2.body)).status).toBe(200);
    expect((await http.get('/grid')).body).toEqual(before.body);

    expect((await http.post('/system/save')).status).toBe(200);
    expect((await http.post('/system/clear')).status).toBe(200);
    expect((await http.post('/system/load')).status).toBe(200);
    expect((await http.get('/grid')).body).toEqual(before.body);
  });
});
