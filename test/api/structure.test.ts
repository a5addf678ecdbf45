// Black-box tests of inserting and deleting rows and columns (src/http/routes/structure.ts):
// cells, versions, locks and charts move; formulas on every sheet follow as in Excel; one undo.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readGrid, readValues, startApp, type RunningApp } from '../support/index.js';

let server: RunningApp;
beforeEach(async () => {
  server = await startApp();
  await server.http.post('/grid/range', {
    target_cell: 'A1',
    values: [
      ['Item', 'Cost'],
      ['Rent', 1200],
      ['Food', 450],
      ['Total', '=SUM(B2:B3)'],
    ],
  });
});
afterEach(() => server.close());

const post = (path: string, body: Record<string, unknown>) => server.http.post(path, body);

describe('inserting and deleting rows', () => {
  it('a row inserted inside a SUM range moves the cells down and the SUM covers it', async () => {
    const before = await readGrid(server.http);
    const response = await post('/grid/rows/insert', { at: 3 });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      status: 'Success',
      sheet: 'Sheet1',
      kind: 'insert',
      rows: '3:3',
    });
    await post('/grid/cell', { cell: 'B3', value: 100 });
    const grid = await readGrid(server.http);
    expect(grid['A4']).toMatchObject({ input: 'Food', version: before['A3']!.version });
    expect(grid['B5']).toMatchObject({ formula: '=SUM(B2:B4)', value: 1750 });
    // The rewritten formula is a change to its cell: its version moves on.
    expect(grid['B5']!.version).toBe(before['B4']!.version + 1);
  });

  it('deleting rows a formula reads makes those references #REF!, and one undo brings all back', async () => {
    await post('/workbook/sheet', { name: 'Summary' });
    await post('/grid/cell', { sheet: 'Summary', cell: 'A1', value: '=Sheet1!B2+Sheet1!B4' });
    const before = await readGrid(server.http);
    expect((await post('/grid/rows/delete', { at: 2 })).status).toBe(200);
    const summary = await readGrid(server.http, { sheet: 'Summary' });
    expect(summary['A1']).toMatchObject({ formula: '=#REF!+Sheet1!B3', value: '#REF!' });
    expect((await readValues(server.http))['B3']).toBe(450);
    expect((await post('/workbook/undo', {})).body).toMatchObject({ applied: true });
    expect(await readGrid(server.http)).toEqual(before);
    expect((await readGrid(server.http, { sheet: 'Summary' }))['A1']).toMatchObject({
      formula: '=Sheet1!B2+Sheet1!B4',
      value: 2850,
    });
  });

  it('a delete that would remove a locked cell is refused whole, naming the cell', async () => {
    await post('/grid/lock', { range: 'A3' });
    const before = await readGrid(server.http);
    const response = await post('/grid/rows/delete', { at: 2, count: 2 });
    expect(response.status).toBe(400);
    expect(response.body.detail).toContain('A3');
    expect(await readGrid(server.http)).toEqual(before);
  });

  it('refuses an insert that would push a cell off the sheet', async () => {
    await post('/grid/cell', { cell: 'A1048576', value: 'last' });
    const response = await post('/grid/rows/insert', { at: 1 });
    expect(response.status).toBe(400);
    expect(response.body.detail).toContain('A1048576');
  });
});

describe('inserting and deleting columns', () => {
  it('a deleted referenced column gives #REF!; an inserted one moves cells, locks and charts right', async () => {
    await post('/grid/lock', { range: 'B1' });
    await post('/system/charts', { data_range: 'A1:B3', anchor_cell: 'D2' });
    expect((await post('/grid/columns/insert', { at: 'B' })).body).toMatchObject({
      columns: 'B:B',
    });
    const grid = await readGrid(server.http);
    expect(grid['C1']).toMatchObject({ input: 'Cost', locked: true });
    expect(grid['C4']).toMatchObject({ formula: '=SUM(C2:C3)', value: 1650 });
    const charts = (await server.http.get('/system/charts')).body.charts;
    expect(charts[0]).toMatchObject({ data_range: 'A1:C3', anchor_cell: 'E2' });

    await post('/grid/cell', { cell: 'E1', value: '=C2*2' });
    await post('/grid/unlock', { range: 'C1' });
    expect((await post('/grid/columns/delete', { at: 3 })).status).toBe(200);
    const after = await readGrid(server.http);
    expect(after['D1']).toMatchObject({ formula: '=#REF!*2', value: '#REF!' });
  });

  it('a chart anchored in deleted rows or columns is back at its anchor after the undo', async () => {
    const created = await post('/system/charts', { data_range: 'A1:B3', anchor_cell: 'F8' });
    const id = created.body.chart.id as string;
    const anchor = async () =>
      (await server.http.get('/system/charts')).body.charts.find(
        (chart: { id: string }) => chart.id === id,
      ).anchor_cell;
    // The deleted row held the anchor: the chart sits at the band, F8 again.
    expect((await post('/grid/rows/delete', { at: 8 })).status).toBe(200);
    expect(await anchor()).toBe('F8');
    // The undo inserts row 8 again, which must not push the chart on to F9.
    expect((await post('/workbook/undo', {})).body).toMatchObject({ applied: true });
    expect(await anchor()).toBe('F8');
    expect((await post('/grid/columns/delete', { at: 'F' })).status).toBe(200);
    expect(await anchor()).toBe('F8');
    expect((await post('/workbook/undo', {})).body).toMatchObject({ applied: true });
    expect(await anchor()).toBe('F8');
    await post('/workbook/redo', {});
    expect(await anchor()).toBe('F8');
  });

  it('names the field of a column that is not one', async () => {
    const response = await post('/grid/columns/insert', { at: 'B2' });
    expect(response.status).toBe(400);
    expect(response.body.detail).toContain('at');
  });
});

describe('POST /grid/sort', () => {
  it('sorts the rows under a guessed header by a key column; formulas move with their row; one undo', async () => {
    await post('/grid/cell', { cell: 'C2', value: '=B2*2' });
    const before = await readValues(server.http);
    // Already in descending order: nothing is written, nothing to undo.
    const unchanged = await post('/grid/sort', {
      range: 'A1:C3',
      keys: [{ column: 'B', order: 'desc' }],
    });
    expect(unchanged.body).toEqual({
      status: 'Success',
      sheet: 'Sheet1',
      range: 'A1:C3',
      header: true,
      rows: 2,
    });
    expect(await readValues(server.http)).toEqual(before);
    expect((await post('/grid/sort', { range: 'A1:C3', keys: [{ column: 2 }] })).body.rows).toBe(2);
    const sortedUp = await readGrid(server.http);
    expect([sortedUp['A2']!.input, sortedUp['A3']!.input]).toEqual(['Food', 'Rent']);
    expect(sortedUp['C3']).toMatchObject({ formula: '=B3*2', value: 2400 });
    expect(sortedUp['B4']).toMatchObject({ value: 1650 });
    await post('/workbook/undo', {});
    expect(await readValues(server.http)).toEqual(before);
  });

  it('refuses a range with a locked cell (400 naming it) and a key outside the range', async () => {
    await post('/grid/lock', { range: 'A3' });
    const locked = await post('/grid/sort', { range: 'A2:B3', keys: [{ column: 'B' }] });
    expect(locked.status).toBe(400);
    expect(locked.body.detail).toContain('A3');
    const outside = await post('/grid/sort', { range: 'A2:B3', keys: [{ column: 'D' }] });
    expect(outside.status).toBe(400);
    expect(outside.body.detail).toContain('keys');
  });
});
