// Black-box tests of GET /schema and GET /peek (src/http/routes/engine-api.ts).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from '../support/index.js';

let server: RunningApp;
beforeEach(async () => {
  server = await startApp();
});
afterEach(() => server.close());

const writeRange = async (target_cell: string, values: unknown[][], sheet?: string) => {
  const response = await server.http.post('/grid/range', {
    target_cell,
    values,
    ...(sheet === undefined ? {} : { sheet }),
  });
  expect(response.status).toBe(200);
};

describe('GET /schema', () => {
  it('[SCHEMA-5] an empty workbook has one sheet with 0 rows, no columns and null bounds', async () => {
    const response = await server.http.get('/schema');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      active_sheet: 'Sheet1',
      sheets: [{ name: 'Sheet1', active: true, rows: 0, cols: [], occupied_bounds: null }],
    });
  });

  it('[SCHEMA-1] [SCHEMA-3] describes a Month/Revenue/Growth table: text, number and formula columns', async () => {
    await writeRange('A1', [
      ['Month', 'Revenue', 'Growth'],
      ['Jan', 100, '=B2*0.1'],
      ['Feb', 250, '=B3*0.1'],
    ]);
    const sheet = (await server.http.get('/schema')).body.sheets[0];
    expect(sheet).toEqual({
      name: 'Sheet1',
      active: true,
      rows: 3,
      cols: [
        { col: 'A', header: 'Month', type: 'text' },
        { col: 'B', header: 'Revenue', type: 'number' },
        { col: 'C', header: 'Growth', type: 'formula' },
      ],
      occupied_bounds: { first: 'A1', last: 'C3' },
    });
  });

  it('[SCHEMA-1] about half formulas is enough (2 of 4); fewer (1 of 3) is not', async () => {
    await writeRange('A1', [
      ['Half', 'Third'],
      [1, 1],
      ['=A2*2', 2],
      [3, '=B2+B3'],
      ['=A4*2', null],
    ]);
    const cols = (await server.http.get('/schema')).body.sheets[0].cols;
    expect(cols.map((col: { type: string }) => col.type)).toEqual(['formula', 'number']);
  });

  it('[SCHEMA-2] [SCHEMA-4] a header-only column is empty; an empty middle column has header null and type empty', async () => {
    await writeRange('B2', [
      ['Name', null, 'Only header', 'Score'],
      ['Ann', null, null, 9],
    ]);
    const sheet = (await server.http.get('/schema')).body.sheets[0];
    expect(sheet.cols).toEqual([
      { col: 'B', header: 'Name', type: 'text' },
      { col: 'C', header: null, type: 'empty' },
      { col: 'D', header: 'Only header', type: 'empty' },
      { col: 'E', header: 'Score', type: 'number' },
    ]);
    expect(sheet.rows).toBe(2);
  });

  it('[SCHEMA-3] the header is the first occupied row even when it is data, and null where that cell is empty', async () => {
    await writeRange('A1', [
      [1, null],
      [2, 5],
      [3, 6],
    ]);
    const cols = (await server.http.get('/schema')).body.sheets[0].cols;
    expect(cols).toEqual([
      { col: 'A', header: '1', type: 'number' },
      { col: 'B', header: null, type: 'number' },
    ]);
  });

  it('cells a formula spills into count as that formula’s cells, and a spilled header cell is the header', async () => {
    await writeRange('A1', [
      ['=SEQUENCE(4)', '={"Name","Age"}'],
      [null, 'Ann', 30],
    ]);
    const sheet = (await server.http.get('/schema')).body.sheets[0];
    expect(sheet.occupied_bounds).toEqual({ first: 'A1', last: 'C4' });
    expect(sheet.cols).toEqual([
      { col: 'A', header: '1', type: 'formula' },
      { col: 'B', header: 'Name', type: 'text' },
      { col: 'C', header: 'Age', type: 'number' },
    ]);
  });

  it('[SCHEMA-5] lists every sheet in order with its active flag', async () => {
    await server.http.post('/workbook/sheet', { name: 'Data' });
    await writeRange('C3', [['x']], 'Data');
    await server.http.post('/workbook/sheet/activate', { name: 'Data' });
    const response = await server.http.get('/schema');
    expect(response.body.active_sheet).toBe('Data');
    expect(
      response.body.sheets.map((sheet: { name: string; active: boolean }) => [
        sheet.name,
        sheet.active,
      ]),
    ).toEqual([
      ['Sheet1', false],
      ['Data', true],
    ]);
    expect(response.body.sheets[1]).toMatchObject({
      rows: 1,
      occupied_bounds: { first: 'C3', last: 'C3' },
    });
  });
});

describe('GET /peek', () => {
  beforeEach(async () => {
    await writeRange('A1', [
      ['Name', 'Amount'],
      ['Smith, John', 10],
      ['say "hi"', '=B2*2'],
    ]);
  });

  it('[PEEK-1] answers JSON {sheet, range, rows} by default, over the occupied bounds', async () => {
    const response = await server.http.get('/peek');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(response.body).toEqual({
      sheet: 'Sheet1',
      range: 'A1:B3',
      rows: [
        ['Name', 'Amount'],
        ['Smith, John', 10],
        ['say "hi"', 20],
      ],
    });
  });

  it('[PEEK-3] a range (lowercase too) picks the rectangle, with null for empty cells', async () => {
    const response = await server.http.get('/peek', { range: 'b2:c3' });
    expect(response.body).toEqual({
      sheet: 'Sheet1',
      range: 'B2:C3',
      rows: [
        [10, null],
        [20, null],
      ],
    });
  });

  it('[PEEK-2] csv is text/csv with RFC 4180 quoting and no trailing newline', async () => {
    const response = await server.http.get('/peek', { range: 'A1:B3', format: 'csv' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(response.text).toBe('Name,Amount\n"Smith, John",10\n"say ""hi""",20');
  });

  it('[PEEK-2] tsv is text/tab-separated-values; commas stay unquoted', async () => {
    const response = await server.http.get('/peek', { range: 'A1:B2', format: 'tsv' });
    expect(response.headers.get('content-type')).toMatch(/^text\/tab-separated-values/);
    expect(response.text).toBe('Name\tAmount\nSmith, John\t10');
  });

  it('[PEEK-4] mode=formulas shows formula text instead of computed values', async () => {
    const response = await server.http.get('/peek', { range: 'B2:B3', mode: 'formulas' });
    expect(response.body.rows).toEqual([['10'], ['=B2*2']]);
    const csv = await server.http.get('/peek', { range: 'B3', mode: 'formulas', format: 'csv' });
    expect(csv.text).toBe('=B2*2');
  });

  it('[PEEK-3] a sheet-qualified range reads that sheet; so does the sheet parameter', async () => {
    await server.http.post('/workbook/sheet', { name: 'Q3 plan' });
    await writeRange('A1', [[1, 2]], 'Q3 plan');
    const qualified = await server.http.get('/peek', { range: "'Q3 plan'!A1:B1" });
    expect(qualified.body).toEqual({ sheet: 'Q3 plan', range: 'A1:B1', rows: [[1, 2]] });
    const byParameter = await server.http.get('/peek', { sheet: 'q3 PLAN' });
    expect(byParameter.body).toEqual({ sheet: 'Q3 plan', range: 'A1:B1', rows: [[1, 2]] });
  });

  it('[PEEK-3] an empty sheet peeks as no rows with a null range', async () => {
    await server.http.post('/workbook/sheet', { name: 'Blank' });
    const response = await server.http.get('/peek', { sheet: 'Blank' });
    expect(response.body).toEqual({ sheet: 'Blank', range: null, rows: [] });
  });

  it('[PEEK-3] whole columns read as Excel reads them, cut to the rows of the used area', async () => {
    await server.http.post('/workbook/sheet', { name: 'Plan' });
    await writeRange(
      'A2',
      [
        ['Month', 'Revenue', 'Cost'],
        ['Jan', 100, 60],
        ['Feb', 250, '=B4*0.4'],
      ],
      'Plan',
    );
    const columns = await server.http.get('/peek', { range: 'Plan!B:c' });
    expect(columns.status).toBe(200);
    expect(columns.body).toEqual({
      sheet: 'Plan',
      range: 'B2:C4',
      rows: [
        ['Revenue', 'Cost'],
        [100, 60],
        [250, 100],
      ],
    });
    const beside = await server.http.get('/peek', { range: 'Plan!$E:$E', format: 'csv' });
    expect(beside.text).toBe('\n\n');
  });

  it('[PEEK-3] whole rows read as Excel reads them, cut to the columns of the used area', async () => {
    await server.http.post('/workbook/sheet', { name: 'Q3 plan' });
    await writeRange(
      'B1',
      [
        [1, 2, 3],
        [4, 5, 6],
        [7, 8, 9],
      ],
      'Q3 plan',
    );
    const rows = await server.http.get('/peek', { range: "'Q3 plan'!3:2", mode: 'formulas' });
    expect(rows.body).toEqual({
      sheet: 'Q3 plan',
      range: 'B2:D3',
      rows: [
        ['4', '5', '6'],
        ['7', '8', '9'],
      ],
    });
  });

  it('[PEEK-3] a whole column or row of an empty sheet peeks as no rows with a null range', async () => {
    await server.http.post('/workbook/sheet', { name: 'Blank' });
    for (const range of ['A:A', 'A:XFD', '1:1048576']) {
      const response = await server.http.get('/peek', { range, sheet: 'Blank' });
      expect(response.body).toEqual({ sheet: 'Blank', range: null, rows: [] });
    }
  });

  it('[PEEK-3] every column (A:XFD) or every row (1:1048576) peeks as the used area', async () => {
    await server.http.post('/workbook/sheet', { name: 'Far' });
    await writeRange(
      'B2',
      [
        [1, 2],
        [3, 4],
      ],
      'Far',
    );
    for (const range of ['Far!A:XFD', 'Far!1:1048576'])
      expect((await server.http.get('/peek', { range })).body).toMatchObject({
        range: 'B2:C3',
        rows: [
          [1, 2],
          [3, 4],
        ],
      });
  });

  it('[PEEK-5] whole columns whose used rows are too many to return are a 413 naming the range', async () => {
    await writeRange('A1', [[1]]);
    await writeRange('A200000', [[2]]);
    expect((await server.http.get('/peek', { range: 'A:A' })).status).toBe(200);
    const response = await server.http.get('/peek', { range: 'A:B' });
    expect(response.status).toBe(413);
    expect(response.body.detail).toMatch(/^range: A1:B200000 covers 400000 cells/);
  });

  it('[PEEK-5] a range too large to return is a 413 naming the range', async () => {
    const response = await server.http.get('/peek', { range: 'A1:XFD1048576' });
    expect(response.status).toBe(413);
    expect(response.body.detail).toMatch(/^range: /);
  });

  it.each([
    ['A0'],
    ['1A:B2'],
    ['ZZZZZZZ1'],
    ['Sheet1!'],
    ["'unterminated!A1"],
    ['A'],
    ['A:'],
    ['XFE:XFE'],
    ['0:1'],
    ['1:1048577'],
    ['A:1'],
  ])('[PEEK-5] a malformed range %j is a 400 {detail}', async (range) => {
    const response = await server.http.get('/peek', { range });
    expect(response.status).toBe(400);
    expect(response.body.detail).toContain('range');
  });

  it('[PEEK-5] an unquoted sheet name with a space is a 400 whose detail shows it quoted', async () => {
    for (const [range, quoted] of [
      ['My Sheet!A1', "'My Sheet'!A1"],
      ["Bob's plan!b2:c3", "'Bob''s plan'!B2:C3"],
      ['Q3 plan!A:A', "'Q3 plan'!A:A"],
    ]) {
      const response = await server.http.get('/peek', { range });
      expect(response.status).toBe(400);
      expect(response.body.detail).toContain(
        `Quote a sheet name that has spaces or punctuation: ${quoted}.`,
      );
    }
    const otherMistake = await server.http.get('/peek', { range: 'My Sheet!A0' });
    expect(otherMistake.status).toBe(400);
    expect(otherMistake.body.detail).not.toContain('Quote');
  });

  it('[SHEET-7] an unknown sheet is a 404; an unknown format or mode is a 422', async () => {
    expect((await server.http.get('/peek', { sheet: 'Nope' })).status).toBe(404);
    expect((await server.http.get('/peek', { range: 'Nope!A1' })).status).toBe(404);
    const format = await server.http.get('/peek', { format: 'xml' });
    expect(format.status).toBe(422);
    expect(format.body.detail).toBe('querystring.format: must be "json", "csv" or "tsv"');
    const mode = await server.http.get('/peek', { mode: 'raw' });
    expect(mode.status).toBe(422);
    expect(mode.body.detail).toContain('"values"');
  });
});
