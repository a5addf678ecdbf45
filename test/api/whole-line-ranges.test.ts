// Whole-column and whole-row ranges (A:A, 1:1) end where the sheet's cells end. Their results
// depend only on the cells the workbook holds, never on how it got there, so the workbook read
// back from its checkpoint computes what the live one computed.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { api } from '../support/api.js';
import { startServerProcess } from '../support/server-process.js';
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
    // COUNTBLANK counts to the sheet's edge as Excel does; the arrays of A:C and A:A stop at the
    // sheet's extent, which must be the one row the cells held reach.
    const formulas = ['=COUNTBLANK(A:A)', '=SUMPRODUCT(--ISBLANK(A:C))', '=ROWS(A:A+0)'];
    const written = await http.post('/grid/range', { target_cell: 'AB1', values: [formulas] });
    expect(written.status, written.text).toBe(200);
    const live = await peek(app, 'AB1:AD1');
    expect(live).toEqual([[1_048_576, 3, 1]]);

    expect((await http.post('/system/save')).status).toBe(200);
    expect((await http.post('/system/load')).status).toBe(200);
    expect(await peek(app, 'AB1:AD1')).toEqual(live);
  });
});

describe('whole-column formulas beside a value in the last row', () => {
  it('come back after kill -9 (the restart built a vertex per address of A:Z and died out of memory)', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'gridbook-whole-line-'));
    try {
      let server = await startServerProcess(dataDir);
      let http = api(server.url);
      try {
        expect((await http.post('/grid/cell', { cell: 'AB1', value: '=COUNT(A:Z)' })).status).toBe(
          200,
        );
        expect((await http.post('/grid/cell', { cell: 'AC1', value: '=SUM(A:C)' })).status).toBe(
          200,
        );
        const far = await http.post('/grid/cell', { cell: 'Z1048576', value: 7 });
        expect(far.status, far.text).toBe(200);
        expect((await http.post('/grid/cell', { cell: 'C1048576', value: 2 })).status).toBe(200);
      } finally {
        await server.stop('SIGKILL');
      }
      server = await startServerProcess(dataDir);
      http = api(server.url);
      try {
        const peek = await http.get('/peek', { range: 'AB1:AC1' });
        expect(peek.status, peek.text).toBe(200);
        // A:Z reaches 26 × 1,048,576 addresses: past the bound, an error value saying so.
        expect(peek.body.rows).toEqual([['#REF!', 2]]);
        expect((await http.get('/peek', { range: 'Z1048576' })).body.rows).toEqual([[7]]);
      } finally {
        await server.stop('SIGKILL');
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
