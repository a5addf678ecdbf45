// Input built to hurt the server: a single cell at the far corner of the grid, names that
// collide with JavaScript's own, and oversized text. Each is refused with a clear 4xx or
// handled in proportion to the cells actually filled, and the workbook stays whole.
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from '../support/start-app.js';
import { xlsxOf, xlsxWithCells } from '../support/zip-archive.js';

let suite: RunningApp | undefined;
afterEach(async () => {
  await suite?.close();
  suite = undefined;
});

async function started(): Promise<RunningApp> {
  suite = await startApp();
  return suite;
}

describe('[HOSTILE-1] a cell at the far corner costs what a cell at A1 costs', () => {
  it('imports, saves, loads, exports, undoes and deletes the sheet of XFD1048576 quickly and in little memory', async () => {
    const { http } = await started();
    const before = process.memoryUsage().rss;
    const started_at = Date.now();
    const imported = await http.post('/system/import', {
      workbook_name: 'f',
      sheets: [
        { name: 'S', cells: { XFD1048576: { value: 1 }, A1: { value: 2 } } },
        { name: 'T', cells: {} },
      ],
    });
    expect(imported.status).toBe(200);
    for (const [method, path] of [
      ['POST', '/system/save'],
      ['POST', '/system/load'],
      ['GET', '/system/export'],
      ['GET', '/system/export.xlsx'],
      ['GET', '/schema'],
    ] as const) {
      expect((await http.request(method, path)).status, path).toBe(200);
    }
    expect((await http.get('/peek', { sheet: 'S', range: 'XFD1048576' })).body.rows).toEqual([[1]]);
    expect((await http.post('/workbook/sheet/delete', { name: 'S' })).status).toBe(200);
    expect((await http.post('/workbook/undo')).status).toBe(200);
    expect((await http.get('/peek', { sheet: 'S', range: 'XFD1048576' })).body.rows).toEqual([[1]]);
    expect(Date.now() - started_at).toBeLessThan(20_000);
    expect(process.memoryUsage().rss - before).toBeLessThan(400 * 1024 * 1024);
  });

  it('refuses exports that must write every cell of the block from A1 (CSV, a peek of the occupied block) with 413 naming the size', async () => {
    const { http } = await started();
    await http.post('/grid/cell', { cell: 'XFD1048576', value: '1' });
    const csv = await http.get('/system/export.csv');
    expect(csv.status).toBe(413);
    expect(csv.body.detail).toMatch(/at most 10000000.*JSON or xlsx/);
    await http.post('/grid/cell', { cell: 'A1', value: '2' });
    const peek = await http.get('/peek');
    expect(peek.status).toBe(413);
    expect(peek.body.detail).toContain('at most 250000');
    expect((await http.get('/peek', { range: 'XFD1048576' })).body.rows).toEqual([[1]]);
  });
});

describe('[HOSTILE-2] names that are also JavaScript property names are ordinary names', () => {
  it.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf'])(
    'a sheet named %s round-trips through save, load, export and import',
    async (name) => {
      const { http } = await started();
      expect((await http.post('/workbook/sheet', { name })).status).toBe(200);
      expect((await http.post('/grid/cell', { sheet: name, cell: 'A1', value: '41' })).status).toBe(
        200,
      );
      expect((await http.post('/grid/cell', { cell: 'B1', value: `='${name}'!A1+1` })).status).toBe(
        200,
      );
      expect((await http.post('/system/save')).status).toBe(200);
      expect((await http.post('/system/load')).status).toBe(200);
      const exported = await http.get('/system/export');
      expect(exported.status).toBe(200);
      expect((await http.postRaw('/system/import', exported.text)).status).toBe(200);
      expect((await http.get('/peek', { sheet: name, range: 'A1' })).body.rows).toEqual([[41]]);
      expect((await http.get('/peek', { range: 'B1' })).body.rows).toEqual([[42]]);
      const workbook = await http.get('/api/workbook');
      expect(JSON.stringify(workbook.body)).toContain(JSON.stringify(name));
    },
  );

  it('a GridOS import naming a sheet toString or __proto__ imports', async () => {
    const { http } = await started();
    const gridos =
      '{"workbook_name":"g","sheets":{"toString":{"cells":{"A1":{"value":1}}},"__proto__":{"cells":{"A1":{"value":2}}}}}';
    const response = await http.postRaw('/system/import', gridos);
    expect(response.status, response.text).toBe(200);
    expect((await http.get('/peek', { sheet: 'toString', range: 'A1' })).body.rows).toEqual([[1]]);
    expect((await http.get('/peek', { sheet: '__proto__', range: 'A1' })).body.rows).toEqual([[2]]);
  });
});

describe('[HOSTILE-3] a client that sends slowly is cut off', () => {
  it('a body that never finishes is answered 408 and closed after GRIDBOOK_REQUEST_TIMEOUT_MS, while others are served', async () => {
    suite = await startApp({ env: { GRIDBOOK_REQUEST_TIMEOUT_MS: '1000' } });
    const { port } = new URL(suite.url);
    const socket = connect(Number(port), '127.0.0.1');
    const answer = new Promise<{ text: string; ms: number }>((resolve) => {
      const start = Date.now();
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString('utf8')));
      socket.on('close', () => resolve({ text, ms: Date.now() - start }));
    });
    socket.write(
      'POST /grid/cell HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"cell":',
    );
    expect((await suite.http.get('/healthz')).status).toBe(200);
    const { text, ms } = await answer;
    expect(text).toMatch(/^HTTP\/1\.1 408/);
    expect(JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4))).toEqual({
      detail: expect.stringContaining('GRIDBOOK_REQUEST_TIMEOUT_MS'),
    });
    // Cut off by the timeout, not at once (a hang fails the test by its own timeout).
    expect(ms).toBeGreaterThanOrEqual(900);
  });
});

describe('[HOSTILE-4] sizes are bounded before memory is spent', () => {
  it('a range write over GRIDBOOK_MAX_WRITE_CELLS (100,000 by default) is 413 naming the variable before its body is parsed, and writes nothing', async () => {
    const { http } = await started();
    const values = Array.from({ length: 100_001 }, () => [1]);
    const response = await http.post('/grid/range', { target_cell: 'A1', values });
    expect(response.status).toBe(413);
    // Counted in the raw body, before it was parsed and checked against the schema.
    expect(response.body.detail).toBe(
      'values: holds more than 100000 cells; one write holds at most 100000 (GRIDBOOK_MAX_WRITE_CELLS). Split it into several writes.',
    );
    expect((await http.get('/peek', { range: 'A1' })).body.rows).toEqual([[null]]);
  });

  it('GRIDBOOK_MAX_WRITE_CELLS sets the limit: a write over it is refused, a write within it lands', async () => {
    const row = [Array.from({ length: 11 }, () => 1)];
    suite = await startApp({ env: { GRIDBOOK_MAX_WRITE_CELLS: '10' } });
    const refused = await suite.http.post('/grid/range', { target_cell: 'A1', values: row });
    expect(refused.status).toBe(413);
    expect(refused.body.detail).toContain('at most 10 (GRIDBOOK_MAX_WRITE_CELLS)');
    await suite.close();
    suite = await startApp({ env: { GRIDBOOK_MAX_WRITE_CELLS: '11' } });
    expect((await suite.http.post('/grid/range', { target_cell: 'A1', values: row })).status).toBe(
      200,
    );
    expect((await suite.http.get('/peek', { range: 'K1' })).body.rows).toEqual([[1]]);
  });

  it('an import over GRIDBOOK_MAX_IMPORT_CELLS is 413 naming the variable (JSON and CSV), and the workbook stays', async () => {
    suite = await startApp({ env: { GRIDBOOK_MAX_IMPORT_CELLS: '3' } });
    const { http } = suite;
    await http.post('/grid/cell', { cell: 'A1', value: 'kept' });
    const cells = Object.fromEntries(['A1', 'A2', 'A3', 'A4'].map((cell) => [cell, { value: 1 }]));
    const json = await http.post('/system/import', {
      workbook_name: 'big',
      sheets: [{ name: 'S', cells }],
    });
    expect(json.status).toBe(413);
    expect(json.body.detail).toBe(
      'body: holds 4 cells; one import brings at most 3 (GRIDBOOK_MAX_IMPORT_CELLS). Split the data over several files.',
    );
    const csv = await fetch(`${suite.url}/system/import.csv`, {
      method: 'POST',
      headers: { 'content-type': 'text/csv', 'x-gridbook-client': 'test' },
      body: '1,2\n3,4\n',
    });
    expect(csv.status).toBe(413);
    expect(((await csv.json()) as { detail: string }).detail).toContain(
      'GRIDBOOK_MAX_IMPORT_CELLS',
    );
    // A CSV is counted while it is parsed: a million fields stop the parse at the fourth.
    const wide = await fetch(`${suite.url}/system/import.csv`, {
      method: 'POST',
      headers: { 'content-type': 'text/csv', 'x-gridbook-client': 'test' },
      body: '1,'.repeat(1_000_000),
    });
    expect(wide.status).toBe(413);
    expect(((await wide.json()) as { detail: string }).detail).toBe(
      'body: holds more than 3 cells; one import brings at most 3 (GRIDBOOK_MAX_IMPORT_CELLS). Split the data over several files.',
    );
    expect((await http.get('/peek', { range: 'A1' })).body.rows).toEqual([['kept']]);
  });

  it('an xlsx holding more cells than GRIDBOOK_MAX_IMPORT_CELLS is refused while it inflates, before it is parsed', async () => {
    suite = await startApp({ env: { GRIDBOOK_MAX_IMPORT_CELLS: '1000' } });
    const { http } = suite;
    await http.post('/grid/cell', { cell: 'A1', value: 'kept' });
    const rows = (count: number): string =>
      Array.from(
        { length: count },
        (_, row) => `<row r="${row + 1}"><c r="A${row + 1}"><v>1</v></c></row>`,
      ).join('');
    const post = (file: Buffer) =>
      fetch(`${suite!.url}/system/import.xlsx`, {
        method: 'POST',
        headers: { 'content-type': 'application/octet-stream', 'x-gridbook-client': 'test' },
        body: file,
      });
    // 200,000 cells: parsing them would take exceljs seconds; the count stops at 1,001.
    const file = xlsxOf(rows(200_000));
    const refused = await post(file);
    expect(refused.status).toBe(413);
    expect(((await refused.json()) as { detail: string }).detail).toBe(
      'body: holds more than 1000 cells; one import brings at most 1000 (GRIDBOOK_MAX_IMPORT_CELLS). Split the data over several files.',
    );
    expect((await http.get('/peek', { range: 'A1' })).body.rows).toEqual([['kept']]);
    const accepted = await post(xlsxOf(rows(1000)));
    expect(accepted.status).toBe(200);
    expect((await http.get('/peek', { range: 'A1000' })).body.rows).toEqual([[1]]);
  });

  it('an xlsx of exactly GRIDBOOK_MAX_IMPORT_CELLS cells is admitted, and one cell more is refused', async () => {
    // The hostile run's "largest admitted" xlsx once held whole rows of 10, 4 cells over the
    // limit; the file builder now makes exactly the count asked for, and the counter is exact.
    suite = await startApp({ env: { GRIDBOOK_MAX_IMPORT_CELLS: '25' } });
    const post = (file: Buffer) =>
      fetch(`${suite!.url}/system/import.xlsx`, {
        method: 'POST',
        headers: { 'content-type': 'application/octet-stream', 'x-gridbook-client': 'test' },
        body: file,
      });
    const refused = await post(xlsxWithCells(26));
    expect(refused.status).toBe(413);
    expect(((await refused.json()) as { detail: string }).detail).toContain(
      'holds more than 25 cells',
    );
    expect((await post(xlsxWithCells(25))).status).toBe(200);
    // Rows of 10: the 25th cell is E3, and nothing lies beyond it.
    const peek = await suite.http.get('/peek', { range: 'A3:F3' });
    expect(peek.body.rows).toEqual([[3, 4, 5, 6, 7, null]]);
  });

  it('an import of more sheets than a workbook holds is 413, and the workbook stays', async () => {
    const { http } = await started();
    await http.post('/grid/cell', { cell: 'A1', value: 'kept' });
    const sheets = Array.from({ length: 1001 }, (_, index) => ({ name: `S${index}`, cells: {} }));
    const response = await http.post('/system/import', { workbook_name: 'many', sheets });
    expect(response.status).toBe(413);
    expect(response.body.detail).toContain('at most 1000');
    expect((await http.get('/peek', { range: 'A1' })).body.rows).toEqual([['kept']]);
  });
});

describe('[HOSTILE-6] one /eval cannot hold the server for minutes', () => {
  it('once GRIDBOOK_EVAL_BUDGET_MS is spent, the remaining items answer #N/A without being evaluated', async () => {
    suite = await startApp({ env: { GRIDBOOK_EVAL_BUDGET_MS: '50' } });
    const formulas = Array.from({ length: 500 }, (_, index) => ({
      cell: `A${index + 1}`,
      formula: '=SUM(SEQUENCE(200000))',
    }));
    const started_at = Date.now();
    const response = await suite.http.post('/eval', { formulas });
    expect(response.status).toBe(200);
    expect(Date.now() - started_at).toBeLessThan(10_000);
    const results: { result: unknown; error: string | null }[] = response.body.results;
    expect(results[0]).toMatchObject({ result: 20000100000, error: null });
    expect(results[499]).toMatchObject({ result: null, error: '#N/A' });
  });
});

describe('[HOSTILE-8] a long /eval lets other requests through', () => {
  it('answers a read sent while a 500-item /eval computes before the /eval finishes (it yields between slices)', async () => {
    suite = await startApp({ env: { GRIDBOOK_EVAL_BUDGET_MS: '3000' } });
    const { http } = suite;
    const formulas = Array.from({ length: 500 }, (_, index) => ({
      cell: `A${index + 1}`,
      formula: '=SUM(SEQUENCE(200000))',
    }));
    const answered: string[] = [];
    const evaluation = http.post('/eval', { formulas }).then((response) => {
      answered.push('eval');
      return response;
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await http.get('/grid', { range: 'A1' })).status).toBe(200);
    answered.push('grid');
    const response = await evaluation;
    expect(answered).toEqual(['grid', 'eval']);
    expect(response.body.results[0]).toMatchObject({ result: 20000100000, error: null });
    expect(response.body.results).toHaveLength(500);
  });
});

describe('[HOSTILE-7] a change whose formulas take too long to compute is refused whole', () => {
  it('answers 413 naming GRIDBOOK_FORMULA_BUDGET_MS once the recalculation outlasts it, keeps the workbook, and serves the next request', async () => {
    suite = await startApp({ env: { GRIDBOOK_FORMULA_BUDGET_MS: '50' } });
    const { http } = suite;
    await http.post('/grid/cell', { cell: 'A1', value: '5' });
    await http.post('/grid/cell', { cell: 'A2', value: '=A1*2' });
    const heavy = Array.from({ length: 40 }, (_, k) => `=SUMPRODUCT(SEQUENCE(20000))+${k}`);
    const refused = await http.post('/grid/range', { target_cell: 'E1', values: [heavy] });
    expect(refused.status).toBe(413);
    expect(refused.body.detail).toMatch(/formulas: .*GRIDBOOK_FORMULA_BUDGET_MS, 50 ms/);
    expect((await http.get('/peek', { range: 'E1:F1' })).body.rows).toEqual([[null, null]]);
    expect((await http.get('/peek', { range: 'A1:A2' })).body.rows).toEqual([[5], [10]]);
    // The refused write left no undo step: undo takes back the write before it.
    expect((await http.post('/workbook/undo')).body).toMatchObject({ applied: true });
    expect((await http.get('/peek', { range: 'A1:A2' })).body.rows).toEqual([[5], [null]]);
    // The next change is computed as usual.
    expect(
      (await http.post('/grid/cell', { cell: 'E1', value: '=SUM(SEQUENCE(100))+A1' })).status,
    ).toBe(200);
    expect((await http.get('/peek', { range: 'E1' })).body.rows).toEqual([[5055]]);
  });

  it('an /eval item still computing when the request budget runs out answers #N/A', async () => {
    suite = await startApp({ env: { GRIDBOOK_EVAL_BUDGET_MS: '20' } });
    const heavy = `=${Array.from({ length: 40 }, () => 'SUMPRODUCT(SEQUENCE(20000))').join('+')}`;
    const response = await suite.http.post('/eval', {
      formulas: [{ cell: 'A1', formula: heavy }],
    });
    expect(response.body.results).toEqual([{ cell: 'A1', result: null, error: '#N/A' }]);
  });
});
