// Black-box tests of the workbook and sheet endpoints (src/http/routes/workbook.ts).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readValues, startApp, type RunningApp } from '../support/index.js';
import { MemoryJournal } from '../support/memory-journal.js';

let server: RunningApp;
beforeEach(async () => {
  server = await startApp();
});
afterEach(() => server.close());

const workbook = async () => (await server.http.get('/api/workbook')).body;
const addSheet = (name?: unknown) =>
  server.http.post('/workbook/sheet', name === undefined ? {} : { name });
const rename = (old_name: unknown, new_name: unknown) =>
  server.http.post('/workbook/sheet/rename', { old_name, new_name });

describe('GET /api/workbook', () => {
  it('[SHEET-1] answers workbook_name, active_sheet and the ordered sheets', async () => {
    const response = await server.http.get('/api/workbook');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      workbook_name: 'Untitled workbook',
      active_sheet: 'Sheet1',
      sheets: ['Sheet1'],
    });
  });
});

describe('POST /workbook/sheet', () => {
  it('[SHEET-2] without a name appends an auto-named Sheet2, not activated', async () => {
    const response = await server.http.post('/workbook/sheet');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      sheet: 'Sheet2',
      sheets: ['Sheet1', 'Sheet2'],
      active_sheet: 'Sheet1',
    });
    expect((await addSheet()).body.sheet).toBe('Sheet3');
    expect((await workbook()).active_sheet).toBe('Sheet1');
  });

  it('[SHEET-2] the auto name skips names in use, whatever their case', async () => {
    await addSheet('sheet2');
    expect((await addSheet()).body.sheet).toBe('Sheet3');
  });

  it('[SHEET-2] a named sheet is appended with that name, trimmed', async () => {
    const response = await addSheet('  Q3 plan ');
    expect(response.body).toEqual({
      sheet: 'Q3 plan',
      sheets: ['Sheet1', 'Q3 plan'],
      active_sheet: 'Sheet1',
    });
  });

  it('[SHEET-6] a duplicate name (any case) is a 409 {detail} and adds nothing', async () => {
    const response = await addSheet('SHEET1');
    expect(response.status).toBe(409);
    expect(response.body.detail).toContain('SHEET1');
    expect((await workbook()).sheets).toEqual(['Sheet1']);
  });

  it.each([[''], ['   '], ['a/b'], ["'quoted'"], ['x'.repeat(101)]])(
    '[SHEET-8] the name %j is a 400 naming the field',
    async (name) => {
      const response = await addSheet(name);
      expect(response.status).toBe(400);
      expect(response.body.detail).toMatch(/^name: /);
      expect((await workbook()).sheets).toEqual(['Sheet1']);
    },
  );
});

describe('POST /workbook/sheet/rename', () => {
  it('[SHEET-3] renames in place; formulas in other sheets follow and keep computing; active sheet follows', async () => {
    await addSheet('Data');
    await server.http.post('/grid/cell', { cell: 'A1', value: 21, sheet: 'Data' });
    await server.http.post('/grid/cell', { cell: 'A1', value: '=Data!A1*2' });
    await server.http.post('/workbook/sheet/activate', { name: 'Data' });
    const response = await rename('Data', "Bob's data");
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      sheet: "Bob's data",
      sheets: ['Sheet1', "Bob's data"],
      active_sheet: "Bob's data",
    });
    const grid = (await server.http.get('/grid', { sheet: 'Sheet1' })).body.cells;
    expect(grid[0]).toMatchObject({ formula: "='Bob''s data'!A1*2", value: 42 });
    await server.http.post('/grid/cell', { cell: 'A1', value: 50, sheet: "Bob's data" });
    expect(await readValues(server.http, { sheet: 'Sheet1' })).toEqual({ A1: 100 });
  });

  it('a rename to the name of a deleted sheet, undone, leaves references to the deleted sheet naming it', async () => {
    const post = (path: string, body: Record<string, unknown>) => server.http.post(path, body);
    await addSheet('Data');
    await addSheet('Other');
    await post('/grid/cell', { sheet: 'Data', cell: 'A1', value: 100 });
    await post('/grid/cell', { sheet: 'Other', cell: 'A1', value: 5 });
    await post('/grid/range', { target_cell: 'A1', values: [['=Data!A1'], ['=Other!A1']] });
    await post('/workbook/names', { name: 'Lost', refers_to: '=Data!$A$1' });
    await post('/system/charts', { data_range: 'Data!A1:A2', anchor_cell: 'D2' });
    const formulas = async () =>
      (await server.http.get('/peek', { range: 'A1:A2', mode: 'formulas' })).body.rows;
    const names = async () => (await server.http.get('/workbook/names')).body.names;
    const chartRange = async () =>
      (await server.http.get('/system/charts')).body.charts[0].data_range;
    await post('/workbook/sheet/delete', { name: 'Data' });
    // The deleted sheet's references keep its name; a sheet renamed to it takes them over.
    expect((await rename('Other', 'Data')).status).toBe(200);
    expect(await formulas()).toEqual([['=Data!A1'], ['=Data!A1']]);
    expect((await readValues(server.http))['A1']).toBe(5);
    // Undone, the rename gives back only the references it rewrote.
    expect((await post('/workbook/undo', {})).body).toMatchObject({ applied: true });
    expect(await formulas()).toEqual([['=Data!A1'], ['=Other!A1']]);
    expect((await names())[0]).toMatchObject({ name: 'Lost', refers_to: '=Data!$A$1' });
    expect(await chartRange()).toBe('Data!A1:A2');
    expect((await readValues(server.http))['A1']).toBe('#REF!');
    expect((await post('/workbook/undo', {})).body).toMatchObject({ applied: true });
    expect(await readValues(server.http)).toMatchObject({ A1: 100, A2: 5 });
    // Redone both: the rename takes the references over again.
    await post('/workbook/redo', {});
    await post('/workbook/redo', {});
    expect(await formulas()).toEqual([['=Data!A1'], ['=Data!A1']]);
    expect((await readValues(server.http))['A1']).toBe(5);
  });

  it('[SHEET-7] an unknown old_name is a 404 naming it', async () => {
    const response = await rename('Ghost', 'New');
    expect(response.status).toBe(404);
    expect(response.body.detail).toMatch(/^old_name: /);
  });

  it('[SHEET-6] a new_name taken by another sheet is a 409; a new case of its own name is fine', async () => {
    await addSheet('Data');
    const taken = await rename('Data', 'sheet1');
    expect(taken.status).toBe(409);
    expect(taken.body.detail).toMatch(/^new_name: /);
    expect((await rename('Data', 'DATA')).body.sheets).toEqual(['Sheet1', 'DATA']);
  });

  it('[SHEET-8] an empty new_name is a 400; a missing one a 422 naming the field', async () => {
    expect((await rename('Sheet1', '')).status).toBe(400);
    const missing = await server.http.post('/workbook/sheet/rename', { old_name: 'Sheet1' });
    expect(missing.status).toBe(422);
    expect(missing.body.detail).toContain('new_name');
    expect((await workbook()).sheets).toEqual(['Sheet1']);
  });
});

describe('POST /workbook/sheet/activate', () => {
  it('[SHEET-4] makes the sheet active without touching cells', async () => {
    await addSheet('Data');
    await server.http.post('/grid/cell', { cell: 'A1', value: 1 });
    const response = await server.http.post('/workbook/sheet/activate', { name: 'data' });
    expect(response.body).toEqual({
      sheet: 'Data',
      sheets: ['Sheet1', 'Data'],
      active_sheet: 'Data',
    });
    expect(await readValues(server.http, { sheet: 'Sheet1' })).toEqual({ A1: 1 });
    expect((await server.http.post('/grid/cell', { cell: 'B1', value: 2 })).body.sheet).toBe(
      'Data',
    );
  });

  it('[SHEET-7] an unknown sheet is a 404', async () => {
    const response = await server.http.post('/workbook/sheet/activate', { name: 'Ghost' });
    expect(response.status).toBe(404);
    expect((await workbook()).active_sheet).toBe('Sheet1');
  });
});

describe('POST /workbook/sheet/move', () => {
  const move = (body: Record<string, unknown>) => server.http.post('/workbook/sheet/move', body);

  it('puts a sheet at the given place among the tabs; formulas, cells and the active sheet stay; one undo puts it back', async () => {
    await addSheet('Data');
    await addSheet('Notes');
    await server.http.post('/grid/cell', { sheet: 'Data', cell: 'A1', value: 21 });
    await server.http.post('/grid/cell', { cell: 'A1', value: '=Data!A1*2' });
    const response = await move({ name: 'notes', index: 0 });
    expect(response.status, response.text).toBe(200);
    expect(response.body).toEqual({
      sheet: 'Notes',
      sheets: ['Notes', 'Sheet1', 'Data'],
      active_sheet: 'Sheet1',
    });
    expect((await move({ name: 'Sheet1', index: 2 })).body.sheets).toEqual([
      'Notes',
      'Data',
      'Sheet1',
    ]);
    expect(await readValues(server.http, { sheet: 'Sheet1' })).toEqual({ A1: 42 });
    expect((await server.http.post('/workbook/undo', {})).body).toMatchObject({ applied: true });
    expect((await workbook()).sheets).toEqual(['Notes', 'Sheet1', 'Data']);
    await server.http.post('/workbook/undo', {});
    expect((await workbook()).sheets).toEqual(['Sheet1', 'Data', 'Notes']);
    await server.http.post('/workbook/redo', {});
    expect((await workbook()).sheets).toEqual(['Notes', 'Sheet1', 'Data']);
  });

  it('refuses a place outside the tabs (400 naming index), one that is no whole number (422) and an unknown sheet (404), changing nothing', async () => {
    await addSheet('Data');
    const pastTheEnd = await move({ name: 'Data', index: 2 });
    expect(pastTheEnd.status).toBe(400);
    expect(pastTheEnd.body.detail).toContain('index');
    // Not a place at all: the request's shape is wrong (422, as every schema refusal).
    for (const index of [-1, 1.5, '1', null]) {
      const response = await move({ name: 'Data', index });
      expect(response.status, String(index)).toBe(422);
      expect(JSON.stringify(response.body.detail), String(index)).toContain('index');
    }
    expect((await move({ name: 'Ghost', index: 0 })).status).toBe(404);
    expect((await workbook()).sheets).toEqual(['Sheet1', 'Data']);
  });

  it('the order comes back after a restart, from the journal', async () => {
    const journal = new MemoryJournal();
    const first = await startApp({ journal });
    try {
      await first.http.post('/workbook/sheet', { name: 'Data' });
      await first.http.post('/workbook/sheet/move', { name: 'Data', index: 0 });
    } finally {
      await first.close();
    }
    const second = await startApp({ journal });
    try {
      expect((await second.http.get('/api/workbook')).body.sheets).toEqual(['Data', 'Sheet1']);
    } finally {
      await second.close();
    }
  });
});

describe('POST /workbook/sheet/delete', () => {
  it('[SHEET-5] deletes a sheet; deleting the active one activates its neighbour', async () => {
    await addSheet('Data');
    await addSheet('Notes');
    await server.http.post('/workbook/sheet/activate', { name: 'Data' });
    const response = await server.http.post('/workbook/sheet/delete', { name: 'data' });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ sheets: ['Sheet1', 'Notes'], active_sheet: 'Notes' });
  });

  it('[SHEET-5] the last sheet is never deleted: 400', async () => {
    const response = await server.http.post('/workbook/sheet/delete', { name: 'Sheet1' });
    expect(response.status).toBe(400);
    expect(response.body.detail).toMatch(/only sheet/);
    expect((await workbook()).sheets).toEqual(['Sheet1']);
  });

  it('[SHEET-7] an unknown sheet is a 404', async () => {
    expect((await server.http.post('/workbook/sheet/delete', { name: 'Ghost' })).status).toBe(404);
  });
});

describe('POST /workbook/rename', () => {
  it('[SHEET-9] renames the workbook (trimmed) and answers {workbook_name}', async () => {
    const response = await server.http.post('/workbook/rename', { name: '  Budget 2025 ' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ workbook_name: 'Budget 2025' });
    expect((await workbook()).workbook_name).toBe('Budget 2025');
  });

  it.each([[''], ['   '], ['x'.repeat(121)]])(
    '[SHEET-9] the name %j is a 400 and changes nothing',
    async (name) => {
      const response = await server.http.post('/workbook/rename', { name });
      expect(response.status).toBe(400);
      expect(response.body.detail).toMatch(/^name: /);
      expect((await workbook()).workbook_name).toBe('Untitled workbook');
    },
  );

  it('[ERR-2] a missing name is a 422 naming the field', async () => {
    const response = await server.http.post('/workbook/rename', {});
    expect(response.status).toBe(422);
    expect(response.body.detail).toContain('name');
  });
});
