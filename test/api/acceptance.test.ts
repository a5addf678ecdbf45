// The acceptance checks, black-box: 500 dry-run formulas over a 10,000-row sheet,
// cross-sheet recalculation, and undo/redo of a range write.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readGrid, readValues, startApp, type RunningApp } from '../support/index.js';

const ROWS = 10_000;
const REGIONS = ['north', 'south', 'east', 'west'] as const;
const idOf = (row: number) => row;
const amountOf = (row: number) => (row * 37) % 1000;
const regionOf = (row: number) => REGIONS[row % 4]!;

interface Case {
  readonly cell: string;
  readonly formula: string;
  readonly result: number | string | null;
  readonly error: string | null;
}

/** 500 formulas of the kinds agents send, with the answers computed here independently. */
function cases(): Case[] {
  const list: Case[] = [];
  const ok = (formula: string, result: number | string): void => {
    list.push({ cell: `E${list.length + 1}`, formula, result, error: null });
  };
  for (let k = 0; k < 400; k += 1) {
    const row = 1 + k * 25;
    ok(`B${row}*2+A${row}`, amountOf(row) * 2 + idOf(row));
  }
  let running = 0;
  let summedTo = 0;
  for (let j = 1; j <= 40; j += 1) {
    const last = j * 250;
    for (let row = summedTo + 1; row <= last; row += 1) running += amountOf(row);
    summedTo = last;
    ok(`=SUM(B1:B${last})`, running);
  }
  for (const region of REGIONS) {
    let total = 0;
    let count = 0;
    for (let row = 1; row <= ROWS; row += 1) {
      if (regionOf(row) === region) {
        total += amountOf(row);
        count += amountOf(row) > 500 ? 1 : 0;
      }
    }
    for (let repeat = 0; repeat < 5; repeat += 1)
      ok(`=SUMIF(C1:C${ROWS},"${region}",B1:B${ROWS})`, total);
    for (let repeat = 0; repeat < 3; repeat += 1)
      ok(`=COUNTIFS(C1:C${ROWS},"${region}",B1:B${ROWS},">500")`, count);
  }
  for (let j = 0; j < 20; j += 1) {
    const row = 137 + j * 491;
    ok(`=INDEX(B1:B${ROWS},MATCH(${idOf(row)},A1:A${ROWS},0))`, amountOf(row));
  }
  for (let j = 0; j < 3; j += 1) {
    const row = 9_000 + j * 333;
    ok(`=VLOOKUP(${idOf(row)},A1:C${ROWS},3,FALSE)`, regionOf(row));
  }
  const failing: [string, string, string][] = [
    ['E496', '=A1/0', '#DIV/0!'],
    ['E497', '=SUM(', '#PARSE_ERROR!'],
    ['E498', '=VLOOKUP(-5,A1:C10000,3,FALSE)', '#N/A'],
    ['A0', '=A1', '#REF! (Invalid A1 notation)'],
    ['E500', '=NOSUCH(A1)', '#NAME?'],
  ];
  for (const [cell, formula, error] of failing) list.push({ cell, formula, result: null, error });
  return list;
}

describe('acceptance', () => {
  let server: RunningApp;
  beforeAll(async () => {
    // These check answers, not speed: the eval time budget has its own tests, and a loaded
    // machine must not turn the last items of a 500-formula request into #N/A here.
    server = await startApp({ env: { GRIDBOOK_EVAL_BUDGET_MS: '600000' } });
    const values = Array.from({ length: ROWS }, (_, index) => [
      idOf(index + 1),
      amountOf(index + 1),
      regionOf(index + 1),
    ]);
    const written = await server.http.post('/grid/range', { target_cell: 'A1', values });
    expect(written.status).toBe(200);
  });
  afterAll(() => server.close());

  it('[EVAL-1] [EVAL-6] 500 formulas over a 10,000-row sheet answer correctly; failures give sentinels beside them', async () => {
    const expected = cases();
    expect(expected).toHaveLength(500);
    const response = await server.http.post('/eval', {
      formulas: expected.map(({ cell, formula }) => ({ cell, formula })),
    });
    expect(response.status).toBe(200);
    expect(response.body.sheet).toBe('Sheet1');
    expect(response.body.results).toEqual(
      expected.map(({ cell, result, error }) => ({ cell, result, error })),
    );
  });

  it('[EVAL-4] the dry run wrote nothing: the sheet still has exactly its 30,000 cells at version 1', async () => {
    const grid = await readGrid(server.http, { range: 'A1:F10000' });
    expect(Object.keys(grid)).toHaveLength(3 * ROWS);
    expect(Object.values(grid).every((cell) => cell.version === 1)).toBe(true);
  });

  it('[EVAL-1] 501 formulas are a clear 4xx naming formulas', async () => {
    const formulas = Array.from({ length: 501 }, (_, index) => ({
      cell: `E${index + 1}`,
      formula: '=1',
    }));
    const response = await server.http.post('/eval', { formulas });
    expect(response.status).toBe(422);
    expect(response.body.detail).toContain('formulas');
  });

  it('[CALC-1] =Sheet2!A1*2 in Sheet1 changes when Sheet2!A1 changes', async () => {
    expect((await server.http.post('/workbook/sheet')).body.sheet).toBe('Sheet2');
    await server.http.post('/grid/cell', { cell: 'A1', value: '5', sheet: 'Sheet2' });
    await server.http.post('/grid/cell', { cell: 'H1', value: '=Sheet2!A1*2' });
    expect(await readValues(server.http, { range: 'H1' })).toEqual({ H1: 10 });
    await server.http.post('/grid/cell', { cell: 'A1', value: '21', sheet: 'Sheet2' });
    expect(await readValues(server.http, { range: 'H1' })).toEqual({ H1: 42 });
  });

  it('[UNDO-2] write a range, undo, redo: the grid is exactly as before and after each step', async () => {
    const before = await readGrid(server.http, { range: 'J1:L3' });
    await server.http.post('/grid/range', {
      target_cell: 'J1',
      values: [['a', 'b'], [1], ['=J2*3', null, true]],
    });
    const after = await readGrid(server.http, { range: 'J1:L3' });
    await server.http.post('/workbook/undo');
    const undone = await readGrid(server.http, { range: 'J1:L3' });
    expect(undone).toEqual(before);
    await server.http.post('/workbook/redo');
    const redone = await readGrid(server.http, { range: 'J1:L3' });
    const withoutVersions = (grid: typeof after) =>
      Object.fromEntries(
        Object.entries(grid).map(([cell, { version: _v, ...rest }]) => [cell, rest]),
      );
    expect(withoutVersions(redone)).toEqual(withoutVersions(after));
    expect(redone['L3']).toMatchObject({ value: true, version: 3 });
  });
});
