// Black-box tests of POST /eval (src/http/routes/engine-api.ts) against the real app.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readGrid, startApp, type RunningApp } from '../support/index.js';

let server: RunningApp;
beforeEach(async () => {
  server = await startApp();
  const seeded = await server.http.post('/grid/range', {
    target_cell: 'A1',
    values: [[10, 'text'], [20, true], [0]],
  });
  expect(seeded.status).toBe(200);
});
afterEach(() => server.close());

const evaluate = (formulas: { cell: string; formula: string }[], sheet?: string) =>
  server.http.post('/eval', { formulas, ...(sheet === undefined ? {} : { sheet }) });

describe('POST /eval', () => {
  it('[EVAL-5] answers {sheet, results} with one {cell, result, error} per item in request order, cell echoed', async () => {
    const response = await evaluate([
      { cell: 'c1', formula: '=A1+A2' },
      { cell: 'D7', formula: '=B1' },
      { cell: 'E1', formula: '=B2' },
    ]);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      sheet: 'Sheet1',
      results: [
        { cell: 'c1', result: 30, error: null },
        { cell: 'D7', result: 'text', error: null },
        { cell: 'E1', result: true, error: null },
      ],
    });
  });

  it('evaluates each formula as if in its cell, as the same formula written there computes', async () => {
    const formulas = [
      { cell: 'C2', formula: '=ROW()*10+COLUMN()' },
      { cell: 'D3', formula: '=@A:A' },
      { cell: 'E2', formula: '=ADDRESS(ROW(),COLUMN())' },
    ];
    const response = await evaluate(formulas);
    expect(response.body.results).toEqual([
      { cell: 'C2', result: 23, error: null },
      { cell: 'D3', result: 0, error: null },
      { cell: 'E2', result: '$E$2', error: null },
    ]);
    // The dry run agrees with the commit it stands for.
    for (const { cell, formula } of formulas)
      await server.http.post('/grid/cell', { cell, value: formula });
    const grid = await readGrid(server.http);
    expect(formulas.map(({ cell }) => grid[cell]!.value)).toEqual([23, 0, '$E$2']);
  });

  it('a formula that spills answers the value its cell would show: the first of the array, #SPILL! where its area is taken', async () => {
    const formulas = [
      { cell: 'D1', formula: '=SEQUENCE(3)' },
      { cell: 'C1', formula: '=A1:A2' },
      { cell: 'A3', formula: '=SEQUENCE(2,1,5)' },
      { cell: 'B1', formula: '=SEQUENCE(2)' },
      { cell: 'XFD1', formula: '=SEQUENCE(1,2)' },
    ];
    const response = await evaluate(formulas);
    expect(response.body.results).toEqual([
      { cell: 'D1', result: 1, error: null },
      { cell: 'C1', result: 10, error: null },
      { cell: 'A3', result: 5, error: null },
      { cell: 'B1', result: null, error: '#SPILL!' },
      { cell: 'XFD1', result: 1, error: null },
    ]);
    // The dry run agrees with the commits it stands for.
    for (const { cell, formula } of formulas)
      await server.http.post('/grid/cell', { cell, value: formula });
    const grid = await readGrid(server.http);
    expect(formulas.map(({ cell }) => grid[cell]!.value ?? grid[cell]!.error)).toEqual([
      1,
      10,
      5,
      '#SPILL!',
      1,
    ]);
    // A formula dry-run in place of a spilling one may spill over that one's own cells.
    const replacing = await evaluate([{ cell: 'D1', formula: '=SEQUENCE(4,1,7)' }]);
    expect(replacing.body.results).toEqual([{ cell: 'D1', result: 7, error: null }]);
  });

  it('with display: true each result also comes as its cell would show it; without, the answer is as before', async () => {
    await server.http.post('/grid/range', { target_cell: 'C1', values: [['$1,200', '15%']] });
    await server.http.post('/grid/format', { range: 'F1', format: { number_format: '0.0' } });
    const response = await server.http.post('/eval', {
      display: true,
      formulas: [
        { cell: 'E1', formula: '=C1*2' },
        { cell: 'E2', formula: '=D1/2' },
        { cell: 'E3', formula: '=DATE(2026,1,31)' },
        { cell: 'F1', formula: '=C1' },
        { cell: 'E4', formula: '=COUNT(A1:A3)' },
        { cell: 'E5', formula: '=1/0' },
      ],
    });
    expect(response.status, response.text).toBe(200);
    expect(response.body.results).toEqual([
      { cell: 'E1', result: 2400, error: null, display: '$2,400' },
      { cell: 'E2', result: 0.075, error: null, display: '8%' },
      { cell: 'E3', result: 46053, error: null, display: '1/31/2026' },
      // F1's own format wins over the one C1 would lend.
      { cell: 'F1', result: 1200, error: null, display: '1200.0' },
      { cell: 'E4', result: 3, error: null, display: '3' },
      { cell: 'E5', result: null, error: '#DIV/0!', display: '#DIV/0!' },
    ]);
    expect((await evaluate([{ cell: 'E1', formula: '=C1*2' }])).body.results).toEqual([
      { cell: 'E1', result: 2400, error: null },
    ]);
  });

  it('[EVAL-2] the leading = is optional', async () => {
    const response = await evaluate([
      { cell: 'C1', formula: 'A1*3' },
      { cell: 'C2', formula: '=A1*3' },
      { cell: 'C3', formula: '  SUM(A1:A3) ' },
    ]);
    expect(response.body.results.map((item: { result: unknown }) => item.result)).toEqual([
      30, 30, 30,
    ]);
  });

  it('[EVAL-3] items see the state before the request, never each other', async () => {
    const response = await evaluate([
      { cell: 'C1', formula: '=500' },
      { cell: 'C2', formula: '=C1*2' },
      { cell: 'A1', formula: '=1' },
      { cell: 'C3', formula: '=A1' },
    ]);
    expect(response.body.results.map((item: { result: unknown }) => item.result)).toEqual([
      500, 0, 1, 10,
    ]);
  });

  it('[EVAL-4] nothing is written: every input, value and version is unchanged and dry-run targets stay empty', async () => {
    await server.http.post('/grid/cell', { cell: 'A1', value: 11 });
    const before = await readGrid(server.http);
    const response = await evaluate([
      { cell: 'A1', formula: '=999' },
      { cell: 'Z9', formula: '=A1*2' },
      { cell: 'B1', formula: '=1/0' },
    ]);
    expect(response.status).toBe(200);
    expect(await readGrid(server.http)).toEqual(before);
    expect(before['A1']).toMatchObject({ value: 11, version: 2 });
    expect((await server.http.get('/api/workbook')).body.can_undo).toBe(true);
    const undo = await server.http.post('/workbook/undo');
    expect(undo.status).toBe(200);
    expect((await readGrid(server.http))['A1']).toMatchObject({ value: 10 });
  });

  it('[EVAL-6] a failing item gives its sentinel with result null while its neighbours evaluate', async () => {
    const response = await evaluate([
      { cell: 'C1', formula: '=A1*2' },
      { cell: 'C2', formula: '=A1/A3' },
      { cell: 'C3', formula: '=SUM(' },
      { cell: 'C4', formula: '=NOPE(1)' },
      { cell: 'C5', formula: '=Missing!A1' },
      { cell: 'C6', formula: '=A2+1' },
    ]);
    expect(response.body.results).toEqual([
      { cell: 'C1', result: 20, error: null },
      { cell: 'C2', result: null, error: '#DIV/0!' },
      { cell: 'C3', result: null, error: '#PARSE_ERROR!' },
      { cell: 'C4', result: null, error: '#NAME?' },
      { cell: 'C5', result: null, error: '#REF!' },
      { cell: 'C6', result: 21, error: null },
    ]);
  });

  it.each([
    ['A0'],
    ['1A'],
    ['ZZZZZZZ1'],
    ['XFE1'],
    ['A1048577'],
    ['not-a-cell'],
    [''],
    [' '],
    ['Sheet1!A1'],
  ])(
    '[EVAL-7] the cell %j gives #REF! (Invalid A1 notation) with result null and a 200',
    async (cell) => {
      const response = await evaluate([
        { cell, formula: '=1+1' },
        { cell: 'B9', formula: '=1+1' },
      ]);
      expect(response.status).toBe(200);
      expect(response.body.results).toEqual([
        { cell, result: null, error: '#REF! (Invalid A1 notation)' },
        { cell: 'B9', result: 2, error: null },
      ]);
    },
  );

  it('[EVAL-1] 500 formulas are evaluated', async () => {
    const formulas = Array.from({ length: 500 }, (_, index) => ({
      cell: `C${index + 1}`,
      formula: `=A1+${index}`,
    }));
    const response = await evaluate(formulas);
    expect(response.status).toBe(200);
    expect(response.body.results).toHaveLength(500);
    expect(response.body.results[499]).toEqual({ cell: 'C500', result: 509, error: null });
  });

  it('[EVAL-1] 501 formulas are a 422 whose detail names formulas', async () => {
    const formulas = Array.from({ length: 501 }, () => ({ cell: 'C1', formula: '=1' }));
    const response = await evaluate(formulas);
    expect(response.status).toBe(422);
    expect(response.body.detail).toMatch(/formulas/);
    expect(response.body.detail).toMatch(/500/);
  });

  it('[EVAL-5] an empty list answers an empty result list', async () => {
    const response = await evaluate([]);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ sheet: 'Sheet1', results: [] });
  });

  it('[EVAL-8] sheet picks the sheet (case-insensitively); the default is the active sheet', async () => {
    await server.http.post('/workbook/sheet', { name: 'Data' });
    await server.http.post('/grid/cell', { cell: 'A1', value: 7, sheet: 'Data' });
    const named = await evaluate([{ cell: 'B1', formula: '=A1' }], 'data');
    expect(named.body).toEqual({
      sheet: 'Data',
      results: [{ cell: 'B1', result: 7, error: null }],
    });
    await server.http.post('/workbook/sheet/activate', { name: 'Data' });
    const active = await evaluate([{ cell: 'B1', formula: '=A1*2' }]);
    expect(active.body).toEqual({
      sheet: 'Data',
      results: [{ cell: 'B1', result: 14, error: null }],
    });
  });

  it('[EVAL-8] an unknown sheet is a 404 with a {detail} naming it', async () => {
    const response = await evaluate([{ cell: 'A1', formula: '=1' }], 'Nowhere');
    expect(response.status).toBe(404);
    expect(response.body.detail).toContain('Nowhere');
  });

  it('[EVAL-2] cross-sheet references and GridOS functions work in a dry run', async () => {
    await server.http.post('/workbook/sheet', { name: 'My Data' });
    await server.http.post('/grid/cell', { cell: 'A1', value: 4, sheet: 'My Data' });
    const response = await evaluate([
      { cell: 'C1', formula: "='My Data'!A1*A1" },
      { cell: 'C2', formula: 'MINUS(A2,A1)' },
      { cell: 'C3', formula: 'GT(A2,A1)' },
    ]);
    expect(response.body.results.map((item: { result: unknown }) => item.result)).toEqual([
      40,
      10,
      true,
    ]);
  });
});
