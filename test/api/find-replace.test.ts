// Black-box tests of POST /grid/find and POST /grid/replace (src/http/routes/find.ts).
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
      ['rental car', 300],
      ['Total', '=SUM(B2:B3)'],
    ],
  });
  await server.http.post('/workbook/sheet', { name: 'Notes' });
  await server.http.post('/grid/cell', { sheet: 'Notes', cell: 'C5', value: 'Rent is due' });
});
afterEach(() => server.close());

const find = (body: Record<string, unknown>) => server.http.post('/grid/find', body);
const cellsOf = (body: { matches: { sheet: string; cell: string }[] }) =>
  body.matches.map((match) => `${match.sheet}!${match.cell}`);

describe('POST /grid/find', () => {
  it('finds text in values ignoring case by default, row by row, on the active sheet', async () => {
    const response = await find({ query: 'rent' });
    expect(response.status).toBe(200);
    expect(cellsOf(response.body)).toEqual(['Sheet1!A2', 'Sheet1!A3']);
    expect(response.body).toMatchObject({ total: 2, next_cursor: null });
  });

  it('matches case, whole cells, formulas, patterns and the whole workbook as asked', async () => {
    expect(
      cellsOf((await find({ query: 'Rent', match_case: true, scope: 'workbook' })).body),
    ).toEqual(['Sheet1!A2', 'Notes!C5']);
    expect(cellsOf((await find({ query: 'rent', whole_cell: true })).body)).toEqual(['Sheet1!A2']);
    expect(cellsOf((await find({ query: '1500' })).body)).toEqual(['Sheet1!B4']);
    expect(cellsOf((await find({ query: 'SUM(', look_in: 'formulas' })).body)).toEqual([
      'Sheet1!B4',
    ]);
    expect(cellsOf((await find({ query: '^\\d{3}$', regex: true })).body)).toEqual(['Sheet1!B3']);
  });

  it('looks in values as the cells show them: 0.5 formatted as a percentage is 50%, a date its date', async () => {
    await server.http.post('/grid/range', { target_cell: 'D1', values: [[0.5], ['2026-03-14']] });
    await server.http.post('/grid/format', { range: 'D1', format: { number_format: '0%' } });
    expect((await readGrid(server.http, { range: 'D2' }))['D2']?.display).toBe('2026-03-14');
    expect(cellsOf((await find({ query: '50%' })).body)).toEqual(['Sheet1!D1']);
    expect(cellsOf((await find({ query: '0.5' })).body)).toEqual([]);
    expect(cellsOf((await find({ query: '2026-03-14' })).body)).toEqual(['Sheet1!D2']);
    // What was typed is still found among the formulas.
    expect(cellsOf((await find({ query: '0.5', look_in: 'formulas' })).body)).toEqual([
      'Sheet1!D1',
    ]);
  });

  it('pages with a cursor that reaches the end exactly', async () => {
    const first = (await find({ query: 'e', scope: 'workbook', limit: 2 })).body;
    expect(first.total).toBe(4);
    const second = (
      await find({ query: 'e', scope: 'workbook', limit: 2, cursor: first.next_cursor })
    ).body;
    expect([...cellsOf(first), ...cellsOf(second)]).toEqual([
      'Sheet1!A1',
      'Sheet1!A2',
      'Sheet1!A3',
      'Notes!C5',
    ]);
    expect(second.next_cursor).toBeNull();
  });

  it('answers 400 naming the query for a pattern RE2 cannot read, such as a backreference', async () => {
    const response = await find({ query: '(a)\\1', regex: true });
    expect(response.status).toBe(400);
    expect(response.body.detail).toContain('query');
  });
});

describe('POST /grid/replace', () => {
  it('replaces in one commit, re-typing what it writes, skipping and counting locked cells', async () => {
    await server.http.post('/grid/lock', { range: 'A3' });
    await server.http.post('/grid/cell', { cell: 'C1', value: '=B2*2' });
    const response = await server.http.post('/grid/replace', {
      query: 'rent',
      replacement: 'Housing',
      scope: 'workbook',
    });
    expect(response.body).toEqual({ status: 'Success', replaced: 2, skipped_locked: 1 });
    const values = await readValues(server.http);
    expect([values['A2'], values['A3']]).toEqual(['Housing', 'rental car']);
    expect((await readValues(server.http, { sheet: 'Notes' }))['C5']).toBe('Housing is due');
    const formula = await server.http.post('/grid/replace', {
      query: 'B(\\d)',
      replacement: 'B$1+1',
      regex: true,
      scope: 'sheet',
    });
    expect(formula.body.replaced).toBe(2);
    expect((await readGrid(server.http))['C1']).toMatchObject({ formula: '=B2+1*2', value: 1202 });
    await server.http.post('/workbook/undo', {});
    await server.http.post('/workbook/undo', {});
    expect((await readValues(server.http))['A2']).toBe('Rent');
    expect((await readValues(server.http, { sheet: 'Notes' }))['C5']).toBe('Rent is due');
  });

  it("with a range replaces only inside it (one cell: the page's Replace), on the sheet it names", async () => {
    const one = await server.http.post('/grid/replace', {
      query: 'rent',
      replacement: 'Housing',
      range: 'A3',
    });
    expect(one.body).toEqual({ status: 'Success', replaced: 1, skipped_locked: 0 });
    const values = await readValues(server.http);
    expect([values['A2'], values['A3']]).toEqual(['Rent', 'Housingal car']);
    const other = await server.http.post('/grid/replace', {
      query: 'rent',
      replacement: 'Lease',
      range: 'Notes!A1:C5',
      scope: 'workbook',
    });
    expect(other.body.replaced).toBe(1);
    expect((await readValues(server.http, { sheet: 'Notes' }))['C5']).toBe('Lease is due');
    expect((await readValues(server.http))['A2']).toBe('Rent');
    const bad = await server.http.post('/grid/replace', {
      query: 'rent',
      replacement: 'x',
      range: 'not a range',
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body.detail)).toContain('range');
  });
});
