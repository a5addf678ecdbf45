// Whole-column and whole-row ranges (A:A, 1:1) end where the sheet's cells end. Their results
// depend only on the cells the workbook holds, never on how it got there, so the workbook read
// back from its checkpoint computes what the live one computed.
import { afterEach, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from '../support/start-app.js';

let app: RunningApp | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function peek(running: RunningApp, range: string): Promise<unknown> {
  const response = await running.http.get('/peek', { range });
  expect(response.status, response.text).toBe(200);
  return response.body.rows;
}

describe('whole-line ranges over a sheet whose far cells were cleared', () => {
  it('count what a reload of the saved workbook counts (the extent is the cells held, not the cells once held)', async () => {
    app = await startApp();
    const { http } = app;
    expect((await http.post('/grid/cell', { cell: 'Z1000', value: 1 })).status).toBe(200);
    expect((await http.post('/grid/cell', { cell: 'D1', value: 1 })).status).toBe(200);
    expect((await http.post('/grid/clear', { range: 'Z1000' })).status).toBe(200);
    const formulas = ['=COUNTBLANK(A:A)', '=COUNTBLANK(A:C)', '=ROWS(A:A+0)'];
    const written = await http.post('/grid/range', { target_cell: 'AB1', values: [formulas] });
    expect(written.status, written.text).toBe(200);
    const live = await peek(app, 'AB1:AD1');
    expect(live).toEqual([[1, 3, 1]]);

    expect((await http.post('/system/save')).status).toBe(200);
    expect((await http.post('/system/load')).status).toBe(200);
    expect(await peek(app, 'AB1:AD1')).toEqual(live);
  });
});
