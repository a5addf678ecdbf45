// Black-box tests of cell formats (issue 19): POST /grid/format, formats and display text in
// GET /grid, /peek?mode=display, /schema's date/percent/currency, typed input, undo, restart.
import { afterEach, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from '../support/index.js';
import { MemoryJournal } from '../support/memory-journal.js';

let servers: RunningApp[] = [];
afterEach(async () => {
  await Promise.all(servers.map((server) => server.close()));
  servers = [];
});

async function start(options: Parameters<typeof startApp>[0] = {}): Promise<RunningApp> {
  const server = await startApp(options);
  servers.push(server);
  return server;
}

async function budget(server: RunningApp): Promise<void> {
  const response = await server.http.post('/grid/range', {
    target_cell: 'A1',
    values: [
      ['Item', 'Cost', 'Share', 'Due'],
      ['Rent', '$1,200', '15%', '2026-01-31'],
      ['Food', '$450.50', '7.5%', '1/31/2026'],
      ['Total', '=SUM(B2:B3)', '=SUM(C2:C3)', '14:30'],
    ],
  });
  expect(response.status, response.text).toBe(200);
}

function cellOf(grid: { cells: { cell: string }[] }, address: string): Record<string, unknown> {
  return grid.cells.find((cell) => cell.cell === address) as Record<string, unknown>;
}

describe('typed input like a spreadsheet', () => {
  it('stores typed money, percentages, dates and times as numbers with the format they were typed in', async () => {
    const server = await start();
    await budget(server);
    const grid = (await server.http.get('/grid')).body;
    expect(cellOf(grid, 'B2')).toMatchObject({
      value: 1200,
      display: '$1,200',
      format: { number_format: '$#,##0' },
    });
    expect(cellOf(grid, 'B3')).toMatchObject({ value: 450.5, display: '$450.50' });
    expect(cellOf(grid, 'C2')).toMatchObject({ value: 0.15, display: '15%' });
    expect(cellOf(grid, 'D2')).toMatchObject({ value: 46053, display: '2026-01-31' });
    expect(cellOf(grid, 'D3')).toMatchObject({ value: 46053, display: '1/31/2026' });
    expect(cellOf(grid, 'D4')).toMatchObject({ display: '14:30' });
    // A typed formula takes the number format of the cells it reads, as in Excel.
    expect(cellOf(grid, 'B4')).toMatchObject({
      value: 1650.5,
      display: '$1,651',
      format: { number_format: '$#,##0' },
    });
    expect(cellOf(grid, 'C4')).toMatchObject({ value: 0.225, display: '23%' });
    expect(cellOf(grid, 'A1')).toMatchObject({ display: 'Item' });
    expect(cellOf(grid, 'A1')).not.toHaveProperty('format');
  });

  it('typed text keeps a number format of its own kind the cell already has, and replaces one of another kind', async () => {
    const server = await start();
    const format = (range: string, number_format: string) =>
      server.http.post('/grid/format', { range, format: { number_format } });
    await format('A1:A2', '0.00%');
    await format('B1', 'd-mmm-yy');
    await format('C1', '$#,##0.00');
    await format('D1', 'd-mmm-yy');
    await server.http.post('/grid/cell', { cell: 'A1', value: '20%' });
    await server.http.post('/grid/range', {
      target_cell: 'A2',
      values: [['7.5%', '1/31/2026', '$5', '15%']],
    });
    const grid = (await server.http.get('/grid')).body;
    expect(cellOf(grid, 'A1')).toMatchObject({ value: 0.2, display: '20.00%' });
    expect(cellOf(grid, 'A2')).toMatchObject({ value: 0.075, display: '7.50%' });
    expect(cellOf(grid, 'B2')).toMatchObject({ display: '1/31/2026' });
    expect(cellOf(grid, 'C2')).toMatchObject({ display: '$5' });
    // Row 1 was formatted, row 2 (but A2) was not.
    await server.http.post('/grid/range', {
      target_cell: 'B1',
      values: [['1/31/2026', '$5', '15%']],
    });
    const after = (await server.http.get('/grid')).body;
    expect(cellOf(after, 'B1')).toMatchObject({ value: 46053, display: '31-Jan-26' });
    expect(cellOf(after, 'C1')).toMatchObject({ value: 5, display: '$5.00' });
    expect(cellOf(after, 'D1')).toMatchObject({
      value: 0.15,
      display: '15%',
      format: { number_format: '0%' },
    });
  });

  it('a typed formula takes the format of the first formatted cell it reads; a date function gives a date; undo takes both back', async () => {
    const server = await start();
    await server.http.post('/workbook/sheet', { name: 'Rates' });
    await server.http.post('/grid/cell', { sheet: 'Rates', cell: 'A1', value: '12.5%' });
    await server.http.post('/grid/range', { target_cell: 'A1', values: [['$1,200', 3, 'x']] });
    await server.http.post('/grid/format', { range: 'F1', format: { number_format: '0.0' } });
    const write = (cell: string, value: string) => server.http.post('/grid/cell', { cell, value });
    await write('D1', '=B1*A1');
    await write('D2', '=Rates!A1*2');
    await write('D3', '=COUNT(A1:B1)');
    await write('D4', '=DATE(2026,1,31)');
    await write('F1', '=A1');
    const grid = (await server.http.get('/grid')).body;
    expect(cellOf(grid, 'D1')).toMatchObject({ value: 3600, display: '$3,600' });
    expect(cellOf(grid, 'D2')).toMatchObject({ value: 0.25, display: '25.00%' });
    expect(cellOf(grid, 'D3')).toMatchObject({ value: 2, display: '2' });
    expect(cellOf(grid, 'D3')).not.toHaveProperty('format');
    expect(cellOf(grid, 'D4')).toMatchObject({ value: 46053, display: '1/31/2026' });
    // A cell with a number format of its own keeps it.
    expect(cellOf(grid, 'F1')).toMatchObject({ value: 1200, display: '1200.0' });
    // Undo takes the lent format back with the formula (F1's write first, then D4's).
    await server.http.post('/workbook/undo', {});
    await server.http.post('/workbook/undo', {});
    await server.http.post('/grid/cell', { cell: 'D4', value: 46053 });
    const undone = (await server.http.get('/grid')).body;
    expect(cellOf(undone, 'D4')).toMatchObject({ value: 46053, display: '46053' });
    expect(cellOf(undone, 'D4')).not.toHaveProperty('format');
  });

  it('never reformats a JSON number, and a leading apostrophe keeps the text', async () => {
    const server = await start();
    await server.http.post('/grid/cell', { cell: 'A1', value: 0.15 });
    await server.http.post('/grid/cell', { cell: 'A2', value: "'15%" });
    const grid = (await server.http.get('/grid')).body;
    expect(cellOf(grid, 'A1')).toMatchObject({ value: 0.15, display: '0.15' });
    expect(cellOf(grid, 'A1')).not.toHaveProperty('format');
    expect(cellOf(grid, 'A2')).toMatchObject({ value: '15%', display: '15%' });
  });
});

describe('POST /grid/format', () => {
  it('formats a range: only the fields sent change, null clears one, values stay', async () => {
    const server = await start();
    await budget(server);
    let response = await server.http.post('/grid/format', {
      range: 'A1:D1',
      format: { bold: true, fill: '#ddebf7', align: 'center' },
    });
    expect(response.status, response.text).toBe(200);
    expect(response.body).toEqual({
      status: 'Success',
      sheet: 'Sheet1',
      ranges: ['A1:D1'],
      cells: 4,
    });
    response = await server.http.post('/grid/format', {
      range: 'B4',
      format: { number_format: '"$"#,##0.00', bold: true },
    });
    response = await server.http.post('/grid/format', { range: 'A1', format: { fill: null } });
    const grid = (await server.http.get('/grid')).body;
    expect(cellOf(grid, 'A1').format).toEqual({ bold: true, align: 'center' });
    expect(cellOf(grid, 'B1').format).toEqual({ bold: true, fill: '#DDEBF7', align: 'center' });
    expect(cellOf(grid, 'B4')).toMatchObject({ value: 1650.5, display: '$1,650.50' });
    expect(grid.formats).toContainEqual({
      range: 'B1:D1',
      format: { bold: true, fill: '#DDEBF7', align: 'center' },
    });
  });

  it("accepts GridOS's {cells, decimals} form", async () => {
    const server = await start();
    await server.http.post('/grid/cell', { cell: 'C2', value: '=2/3' });
    const response = await server.http.post('/grid/format', { cells: ['c2', 'C3'], decimals: 2 });
    expect(response.status, response.text).toBe(200);
    expect(response.body.updated).toEqual([
      { cell: 'C2', decimals: 2 },
      { cell: 'C3', decimals: 2 },
    ]);
    const grid = (await server.http.get('/grid')).body;
    expect(cellOf(grid, 'C2')).toMatchObject({
      display: '0.67',
      format: { number_format: '0.00' },
    });
  });

  it('formats whole columns as one stored run, and one undo takes a format back', async () => {
    const server = await start();
    await server.http.post('/grid/range', { target_cell: 'A1', values: [[1, 2, 3]] });
    await server.http.post('/grid/format', { range: 'B:C', format: { italic: true } });
    let grid = (await server.http.get('/grid', { range: 'A1:D5' })).body;
    expect(grid.formats).toEqual([{ range: 'B1:C5', format: { italic: true } }]);
    expect((await server.http.get('/grid')).body.formats).toEqual([
      { range: 'B1:C1048576', format: { italic: true } },
    ]);
    const undo = await server.http.post('/workbook/undo', {});
    expect(undo.status, undo.text).toBe(200);
    grid = (await server.http.get('/grid', { range: 'A1:D5' })).body;
    expect(cellOf(grid, 'B1')).not.toHaveProperty('format.italic');
  });

  it('refuses a bad format with 4xx naming the field, and changes nothing', async () => {
    const server = await start();
    for (const body of [
      { range: 'A1', format: { color: 'red' } },
      { range: 'A1', format: { number_format: '0.0.0"' } },
      { range: 'A1', format: {} },
      { format: { bold: true } },
      { range: 'A0', format: { bold: true } },
      { cells: ['A1'], decimals: 31 },
    ]) {
      const response = await server.http.post('/grid/format', body);
      expect(response.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      expect(typeof response.body.detail).toBe('string');
    }
    const grid = (await server.http.get('/grid')).body;
    expect(grid).not.toHaveProperty('formats');
  });
});

describe('GET /grid and filled empty cells', () => {
  it('listed_bounds covers empty cells with a fill (the page draws them), not those with only bold', async () => {
    const server = await start();
    await server.http.post('/grid/cell', { cell: 'A1', value: 'x' });
    await server.http.post('/grid/format', { range: 'D300:E400', format: { bold: true } });
    expect((await server.http.get('/grid')).body.listed_bounds).toEqual({
      first: 'A1',
      last: 'A1',
    });
    await server.http.post('/grid/format', { range: 'C200:F250', format: { fill: '#FFEB9C' } });
    const grid = (await server.http.get('/grid', { range: 'A101:Z300' })).body;
    expect(grid.listed_bounds).toEqual({ first: 'A1', last: 'F250' });
    expect(grid.formats).toContainEqual({ range: 'C200:F250', format: { fill: '#FFEB9C' } });
  });
});

describe('reads in the display format', () => {
  it('spilled cells show their values through their format in /grid and /peek?mode=display', async () => {
    const server = await start();
    await server.http.post('/grid/cell', { cell: 'A1', value: '=SEQUENCE(3)/4' });
    await server.http.post('/grid/format', {
      range: 'A1:A3',
      format: { number_format: '0.00%' },
    });
    const cells = (await server.http.get('/grid')).body.cells as {
      cell: string;
      display: string;
    }[];
    expect(cells.map((cell) => [cell.cell, cell.display])).toEqual([
      ['A1', '25.00%'],
      ['A2', '50.00%'],
      ['A3', '75.00%'],
    ]);
    const peek = await server.http.get('/peek', { range: 'A1:A3', mode: 'display' });
    expect(peek.body.rows).toEqual([['25.00%'], ['50.00%'], ['75.00%']]);
  });

  it('/peek?mode=display shows values as the cells do, and /schema types columns by their format', async () => {
    const server = await start();
    await budget(server);
    const peek = await server.http.get('/peek', {
      range: 'A2:D2',
      mode: 'display',
      format: 'json',
    });
    expect(peek.status, peek.text).toBe(200);
    expect(JSON.stringify(peek.body)).toContain('"$1,200"');
    expect(JSON.stringify(peek.body)).toContain('"15%"');
    const schema = (await server.http.get('/schema')).body;
    const types = Object.fromEntries(
      (schema.sheets[0].cols as { header: string; type: string }[]).map((col) => [
        col.header,
        col.type,
      ]),
    );
    expect(types).toMatchObject({ Item: 'text', Cost: 'currency', Share: 'percent', Due: 'date' });
  });
});

describe('formats survive a restart', () => {
  it('replays set-format commits from the journal', async () => {
    const journal = new MemoryJournal();
    const first = await start({ journal });
    await budget(first);
    await first.http.post('/grid/format', { range: 'A1:D1', format: { bold: true } });
    const before = (await first.http.get('/grid')).body;
    await first.close();
    servers = servers.filter((server) => server !== first);
    const second = await start({ journal });
    const after = (await second.http.get('/grid')).body;
    expect(after).toEqual(before);
    expect(cellOf(after, 'A1').format).toEqual({ bold: true });
  });
});
