// Black-box tests of dynamic arrays: a formula returning an array spills into the cells to its
// right and below, and every read (/grid, /peek, /eval, exports) shows the spilled values.
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readGrid, startApp, type RunningApp } from '../support/index.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

let server: RunningApp;
beforeEach(async () => {
  server = await startApp();
});
afterEach(() => server.close());

async function upload(bytes: Uint8Array, fileName = 'arrays.xlsx') {
  const form = new FormData();
  form.append('file', new Blob([bytes], { type: XLSX }), fileName);
  const response = await fetch(`${server.url}/system/import.xlsx`, { method: 'POST', body: form });
  return { status: response.status, body: (await response.json()) as any };
}

describe('dynamic arrays', () => {
  it('SEQUENCE typed into a cell spills; /grid marks the spilled cells (no input) and the anchor’s range', async () => {
    expect(
      (await server.http.post('/grid/cell', { cell: 'B2', value: '=SEQUENCE(3)' })).status,
    ).toBe(200);
    const grid = await readGrid(server.http);
    expect(grid['B2']).toMatchObject({ value: 1, formula: '=SEQUENCE(3)', spill_range: 'B2:B4' });
    expect(grid['B3']).toMatchObject({ value: 2, input: null, formula: null, spilled_from: 'B2' });
    expect(grid['B4']).toMatchObject({ value: 3, spilled_from: 'B2' });
    const body = (await server.http.get('/grid')).body;
    expect(body.occupied_bounds).toMatchObject({ first: 'B2', last: 'B4' });
  });

  it('/peek shows spilled values (and no formulas there), /eval reads them', async () => {
    await server.http.post('/grid/range', { target_cell: 'A1', values: [[3], [1], [2]] });
    await server.http.post('/grid/cell', { cell: 'C1', value: '=SORT(A1:A3)' });
    const peek = await server.http.get('/peek', { range: 'C1:C3' });
    expect(peek.body.rows).toEqual([[1], [2], [3]]);
    const formulas = await server.http.get('/peek', { range: 'C1:C3', mode: 'formulas' });
    expect(formulas.body.rows).toEqual([['=SORT(A1:A3)'], [null], [null]]);
    const evaluated = await server.http.post('/eval', {
      formulas: [{ cell: 'X1', formula: '=SUM(C2:C3)' }],
    });
    expect(evaluated.body.results[0]).toMatchObject({ result: 5, error: null });
    const csv = await fetch(`${server.url}/system/export.csv`);
    expect((await csv.text()).split('\r\n').map((line) => line.split(',')[2])).toEqual([
      '1',
      '2',
      '3',
    ]);
  });

  it('an array that would pass the sheet edge stays in its cell: no cell beyond XFD or row 1048576, and /schema bounds stay A1 addresses', async () => {
    await server.http.post('/grid/cell', { cell: 'XFD1', value: '=SEQUENCE(1,2)' });
    await server.http.post('/grid/cell', { cell: 'A1048576', value: '=SEQUENCE(2)' });
    await server.http.post('/grid/cell', { cell: 'B1048575', value: '=SEQUENCE(3,1,5)' });
    const grid = await readGrid(server.http);
    expect(Object.keys(grid).sort()).toEqual(['A1048576', 'B1048575', 'XFD1']);
    expect(grid['XFD1']).toMatchObject({ value: 1, formula: '=SEQUENCE(1,2)' });
    expect(grid['XFD1']!.spill_range).toBeUndefined();
    expect(grid['A1048576']).toMatchObject({ value: 1 });
    expect(grid['B1048575']).toMatchObject({ value: 5 });
    const schema = await server.http.get('/schema');
    expect(schema.body.sheets[0].occupied_bounds).toEqual({ first: 'A1', last: 'XFD1048576' });
  });

  it('answers #SPILL! while the range is occupied and spills once it is cleared', async () => {
    await server.http.post('/grid/cell', { cell: 'A2', value: 'x' });
    await server.http.post('/grid/cell', { cell: 'A1', value: '=SEQUENCE(2)' });
    expect((await readGrid(server.http))['A1']).toMatchObject({ error: '#SPILL!' });
    await server.http.post('/grid/clear', { range: 'A2' });
    expect((await readGrid(server.http))['A2']).toMatchObject({ value: 2, spilled_from: 'A1' });
  });

  it('a cleared spilling formula stays gone when a column beside it is deleted', async () => {
    const post = (path: string, body: Record<string, unknown>) => server.http.post(path, body);
    await post('/grid/cell', { cell: 'C1', value: '=SEQUENCE(2)' });
    await post('/grid/cell', { cell: 'D7', value: 5 });
    await post('/grid/cell', { cell: 'C1', value: '' });
    expect((await post('/grid/columns/delete', { at: 'D' })).status).toBe(200);
    // C1 is empty: no #SPILL! left behind by the formula it held, and it can be written.
    const evaluated = await post('/eval', { formulas: [{ cell: 'A1', formula: '=C1' }] });
    expect(evaluated.body.results[0]).toEqual({ cell: 'A1', result: 0, error: null });
    expect((await post('/grid/cell', { cell: 'C1', value: '' })).status).toBe(200);
    expect((await post('/grid/cell', { cell: 'C2', value: 7 })).status).toBe(200);
    expect(
      (await post('/eval', { formulas: [{ cell: 'A1', formula: '=C1+C2' }] })).body.results[0],
    ).toEqual({ cell: 'A1', result: 7, error: null });
  });

  it('undoing a spilling formula and a structure change, then redoing them, computes', async () => {
    const post = (path: string, body: Record<string, unknown>) => server.http.post(path, body);
    await post('/grid/columns/insert', { at: 'D' });
    await post('/grid/range', { target_cell: 'B7', values: [[null, null, 51]] });
    await post('/grid/range', { target_cell: 'B1', values: [[null, '=SEQUENCE(2)']] });
    const before = await readGrid(server.http);
    for (let step = 0; step < 3; step += 1)
      expect((await post('/workbook/undo', {})).body).toMatchObject({ applied: true });
    for (let step = 0; step < 3; step += 1)
      expect((await post('/workbook/redo', {})).status).toBe(200);
    const after = await readGrid(server.http);
    expect(after['C1']).toMatchObject({ value: 1, spill_range: 'C1:C2' });
    expect(after['D7']).toMatchObject({ value: 51 });
    expect(Object.keys(after).sort()).toEqual(Object.keys(before).sort());
  });

  it('xlsx export writes the spill as an array formula with its values; import restores the formula, not the cached values', async () => {
    await server.http.post('/grid/cell', { cell: 'A1', value: '=SEQUENCE(2,2)' });
    const exported = Buffer.from(
      await (await fetch(`${server.url}/system/export.xlsx`)).arrayBuffer(),
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(exported as unknown as ExcelJS.Buffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getCell('A1').value).toMatchObject({ shareType: 'array', ref: 'A1:B2' });
    expect(sheet.getCell('B2').value).toBe(4);

    // As Excel saves a spill: the formula in the anchor, its values as plain cells around it.
    const excel = new ExcelJS.Workbook();
    const made = excel.addWorksheet('S');
    made.getCell('A1').value = 5;
    made.getCell('B1').value = {
      formula: '_xlfn.SEQUENCE(3)',
      result: 1,
      shareType: 'array',
      ref: 'B1:B3',
    } as ExcelJS.CellValue;
    made.getCell('B2').value = 2;
    made.getCell('B3').value = 3;
    made.getCell('C1').value = { error: '#N/A' };
    made.getCell('D1').value = { formula: 'ISNA(C1)', result: true };
    // Excel 365 marks a spilling formula with cell metadata (cm="1"), which exceljs cannot write.
    const zip = await JSZip.loadAsync(await excel.xlsx.writeBuffer());
    const sheetPath = 'xl/worksheets/sheet1.xml';
    const sheetXml = await zip.file(sheetPath)!.async('string');
    zip.file(sheetPath, sheetXml.replace('<c r="B1"', '<c r="B1" cm="1"'));
    const imported = await upload(Buffer.from(await zip.generateAsync({ type: 'uint8array' })));
    expect(imported.status).toBe(200);
    const grid = await readGrid(server.http, { sheet: 'S' });
    expect(grid['B1']).toMatchObject({ formula: '=SEQUENCE(3)', value: 1 });
    expect(grid['B3']).toMatchObject({ input: null, value: 3, spilled_from: 'B1' });
    expect(grid['C1']).toMatchObject({ error: '#N/A' });
    expect(grid['D1']).toMatchObject({ value: true });
  });

  it('a legacy (Ctrl+Shift+Enter) array formula fills its saved range; /grid, find and CSV show the formula as typed', async () => {
    const excel = new ExcelJS.Workbook();
    excel.addWorksheet('S').getCell('A1').value = {
      formula: '{1;2}*10',
      result: 10,
      shareType: 'array',
      ref: 'A1:A3',
    } as ExcelJS.CellValue;
    const imported = await upload(Buffer.from(await excel.xlsx.writeBuffer()));
    expect(imported.status).toBe(200);
    const grid = await readGrid(server.http, { sheet: 'S' });
    expect(grid['A1']).toMatchObject({
      input: '={1;2}*10',
      formula: '={1;2}*10',
      value: 10,
    });
    expect(grid['A2']).toMatchObject({ value: 20 });
    expect(grid['A3']).toMatchObject({ error: '#N/A' });
    const found = await server.http.post('/grid/find', {
      query: '*10',
      sheet: 'S',
      look_in: 'formulas',
    });
    expect(found.status).toBe(200);
    expect(JSON.stringify(found.body)).toContain('={1;2}*10');
    expect(JSON.stringify(found.body)).not.toContain('LEGACY');
    const csv = await server.http.get('/system/export.csv?sheet=S');
    expect(csv.status).toBe(200);
    expect(csv.text).not.toContain('LEGACY');
  });

  it('keeps the SEQUENCE bound: an array beyond 250,000 cells is #VALUE!, not a spill', async () => {
    await server.http.post('/grid/cell', { cell: 'A1', value: '=SEQUENCE(1000,1000)' });
    const grid = await readGrid(server.http);
    expect(grid['A1']).toMatchObject({ error: '#VALUE!' });
    expect(Object.keys(grid)).toEqual(['A1']);
  });
});
