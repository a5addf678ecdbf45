// Black-box tests of POST /grid/cell and POST /grid/range (src/http/routes/grid.ts).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readGrid, readValues, startApp, type RunningApp } from '../support/index.js';

let server: RunningApp;
beforeEach(async () => {
  server = await startApp();
});
afterEach(() => server.close());

const writeCell = (body: Record<string, unknown>) => server.http.post('/grid/cell', body);
const writeRange = (body: Record<string, unknown>) => server.http.post('/grid/range', body);
const lock = (range: string, sheet?: string) =>
  server.http.post('/grid/lock', { range, ...(sheet === undefined ? {} : { sheet }) });

describe('POST /grid/cell', () => {
  it('[CELL-1] uppercases the cell and answers {status: Success, cell, sheet}', async () => {
    const response = await writeCell({ cell: 'b7', value: 'hello' });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ status: 'Success', cell: 'B7', sheet: 'Sheet1' });
    expect((await readGrid(server.http))['B7']).toMatchObject({
      input: 'hello',
      value: 'hello',
      version: 1,
      locked: false,
    });
  });

  it('[TYPE-1] [TYPE-2] [TYPE-3] [TYPE-4] types written text like a spreadsheet', async () => {
    const values: [string, unknown][] = [
      ['A1', '12'],
      ['A2', 'true'],
      ['A3', "'123"],
      ['A4', '=A1*2'],
      ['A5', ' 1e3 '],
      ['A6', 7.5],
      ['A7', false],
    ];
    for (const [cell, value] of values) expect((await writeCell({ cell, value })).status).toBe(200);
    expect(await readValues(server.http)).toEqual({
      A1: 12,
      A2: true,
      A3: '123',
      A4: 24,
      A5: 1000,
      A6: 7.5,
      A7: false,
    });
    expect((await readGrid(server.http))['A4']).toMatchObject({ formula: '=A1*2', input: '=A1*2' });
  });

  it('[CELL-2] "" clears the cell, and so does an omitted value; each clear bumps the version', async () => {
    await writeCell({ cell: 'A1', value: 'x' });
    await writeCell({ cell: 'A1', value: '' });
    expect(await readGrid(server.http)).toEqual({});
    await writeCell({ cell: 'A1', value: 'y' });
    await writeCell({ cell: 'A1' });
    expect(await readGrid(server.http)).toEqual({});
    await writeCell({ cell: 'A1', value: 'z' });
    expect((await readGrid(server.http))['A1']!.version).toBe(5);
  });

  it('[CELL-3] a version mismatch is a 409 with exactly {message, cell, expected, actual}; nothing is written', async () => {
    await writeCell({ cell: 'A1', value: 'v1' });
    await writeCell({ cell: 'A1', value: 'v2' });
    const before = await readGrid(server.http);
    const response = await writeCell({ cell: 'a1', value: 'mine', expected_versions: { A1: 1 } });
    expect(response.status).toBe(409);
    expect(Object.keys(response.body).sort()).toEqual(['actual', 'cell', 'expected', 'message']);
    expect(response.body).toMatchObject({ cell: 'A1', expected: 1, actual: 2 });
    expect(response.body.message).toMatch(/A1/);
    expect(await readGrid(server.http)).toEqual(before);
  });

  it('[CELL-3] a matching version writes; an absent cell is version 0', async () => {
    expect((await writeCell({ cell: 'C3', value: 1, expected_versions: { C3: 0 } })).status).toBe(
      200,
    );
    expect((await writeCell({ cell: 'C3', value: 2, expected_versions: { c3: 1 } })).status).toBe(
      200,
    );
    expect((await readGrid(server.http))['C3']).toMatchObject({ value: 2, version: 2 });
  });

  it('[CELL-4] a locked cell is a 400 {detail} naming the cell; nothing is written', async () => {
    await writeCell({ cell: 'A1', value: 'kept' });
    await lock('A1');
    const before = await readGrid(server.http);
    const response = await writeCell({ cell: 'a1', value: 'overwrite' });
    expect(response.status).toBe(400);
    expect(response.body.detail).toMatch(/A1.*locked/);
    expect(await readGrid(server.http)).toEqual(before);
  });

  it('[ADDR-3] an invalid address is a 400 naming the field', async () => {
    for (const cell of ['A0', '1A', 'ZZZZZZZ1', 'XFE1', 'A1048577', 'Sheet1!A1']) {
      const response = await writeCell({ cell, value: 1 });
      expect(response.status, cell).toBe(400);
      expect(response.body.detail).toMatch(/^cell: /);
    }
    expect(await readGrid(server.http)).toEqual({});
  });

  it('[SHEET-7] writes go to the named sheet; an unknown sheet is a 404 and creates nothing', async () => {
    await server.http.post('/workbook/sheet', { name: 'Data' });
    expect((await writeCell({ cell: 'A1', value: 3, sheet: 'data' })).body.sheet).toBe('Data');
    expect(await readValues(server.http, { sheet: 'Data' })).toEqual({ A1: 3 });
    const missing = await writeCell({ cell: 'A1', value: 3, sheet: 'Ghost' });
    expect(missing.status).toBe(404);
    expect((await server.http.get('/api/workbook')).body.sheets).toEqual(['Sheet1', 'Data']);
  });
});

describe('POST /grid/range', () => {
  it('[RANGE-1] [RANGE-4] writes ragged rows from target_cell and answers {status, target, sheet}', async () => {
    const response = await writeRange({
      target_cell: 'b2',
      values: [['a', 1, true], [null, '=C2*2'], ['x']],
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'Success', target: 'B2', sheet: 'Sheet1' });
    expect(await readValues(server.http)).toEqual({ B2: 'a', C2: 1, D2: true, C3: 2, B4: 'x' });
  });

  it('[RANGE-2] a shorter row leaves the cells to its right alone; an empty row writes nothing', async () => {
    await writeRange({
      target_cell: 'A1',
      values: [
        ['old', 'old', 'old'],
        ['old', 'old', 'old'],
        ['old', 'old', 'old'],
      ],
    });
    const before = await readGrid(server.http);
    await writeRange({ target_cell: 'A1', values: [['new'], [], ['new', 'new']] });
    const after = await readGrid(server.http);
    expect(
      Object.fromEntries(Object.entries(after).map(([cell, data]) => [cell, data.value])),
    ).toEqual({
      A1: 'new',
      B1: 'old',
      C1: 'old',
      A2: 'old',
      B2: 'old',
      C2: 'old',
      A3: 'new',
      B3: 'new',
      C3: 'old',
    });
    for (const untouched of ['B1', 'C1', 'A2', 'B2', 'C2', 'C3'])
      expect(after[untouched]).toEqual(before[untouched]);
  });

  it('[RANGE-1] null inside a row clears that cell', async () => {
    await writeRange({ target_cell: 'A1', values: [[1, 2, 3]] });
    await writeRange({ target_cell: 'A1', values: [[null, 9]] });
    expect(await readValues(server.http)).toEqual({ B1: 9, C1: 3 });
  });

  it('[RANGE-3] one locked target rejects the whole write with 400; nothing is written, no version bumps', async () => {
    await writeRange({
      target_cell: 'A1',
      values: [
        [1, 2],
        [3, 4],
      ],
    });
    await lock('B2');
    const before = await readGrid(server.http);
    const response = await writeRange({ target_cell: 'A1', values: [[10, 20], [30, 40], [50]] });
    expect(response.status).toBe(400);
    expect(response.body.detail).toMatch(/B2/);
    expect(await readGrid(server.http)).toEqual(before);
  });

  it('[RANGE-2] a locked cell the write does not reach (right of a shorter row) does not block it', async () => {
    await lock('B1');
    const response = await writeRange({ target_cell: 'A1', values: [['ok'], ['ok', 'ok']] });
    expect(response.status).toBe(200);
    const grid = await readGrid(server.http);
    expect(
      Object.fromEntries(Object.entries(grid).map(([cell, data]) => [cell, data.input])),
    ).toEqual({ A1: 'ok', B1: null, A2: 'ok', B2: 'ok' });
    expect(grid['B1']).toMatchObject({ locked: true, version: 0 });
  });

  it('[CELL-3] expected_versions work on a range write too', async () => {
    await writeRange({ target_cell: 'A1', values: [[1, 2]] });
    const conflict = await writeRange({
      target_cell: 'A1',
      values: [[5, 6]],
      expected_versions: { B1: 0 },
    });
    expect(conflict.status).toBe(409);
    expect(conflict.body).toMatchObject({ cell: 'B1', expected: 0, actual: 1 });
    expect(await readValues(server.http)).toEqual({ A1: 1, B1: 2 });
  });

  it('[RANGE-1] a write past the last column or row is a 400 and writes nothing', async () => {
    const response = await writeRange({ target_cell: 'XFD1', values: [[1, 2]] });
    expect(response.status).toBe(400);
    expect(response.body.detail).toMatch(/^values: /);
    expect(await readGrid(server.http)).toEqual({});
  });

  it("[RANGE-1] writes reach Excel's last cell", async () => {
    expect((await writeRange({ target_cell: 'XFD1048576', values: [['corner']] })).status).toBe(
      200,
    );
    expect(await readValues(server.http)).toEqual({ XFD1048576: 'corner' });
  });
});
