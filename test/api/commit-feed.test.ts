// Issue 12 part 2: every change made over HTTP is one numbered commit that a subscriber sees
// once, in order, with its ops, actor and client.
import { afterEach, describe, expect, it } from 'vitest';
import type { Commit } from '../../src/hosting/index.js';
import { api } from '../support/api.js';
import { startApp, type RunningApp } from '../support/start-app.js';

const running: RunningApp[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((app) => app.close()));
});

describe("subscribing to a workbook's commits", () => {
  it('a subscriber sees each HTTP write once, in order, numbered without a gap', async () => {
    const app = await startApp();
    running.push(app);
    const handle = await app.host.handleFor({});
    const seen: Commit[] = [];
    handle.subscribe(0, (commit) => seen.push(commit));
    const client = api(app.url, { 'X-Gridbook-Client': 'tab-7' });
    await client.post('/grid/cell', { cell: 'A1', value: '5' });
    await Promise.all(
      ['B1', 'B2', 'B3', 'B4'].map((cell, index) =>
        client.post('/grid/cell', { cell, value: String(index) }),
      ),
    );
    await client.post('/grid/range', { target_cell: 'C1', values: [[1, 2]] });
    await client.post('/workbook/sheet', { name: 'Data' });
    await client.post('/workbook/undo');
    // A rejected write is not a commit.
    expect((await client.post('/grid/cell', { cell: 'ZZZZ1', value: '1' })).status).toBe(400);
    expect(seen.map((commit) => commit.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(seen.map((commit) => commit.kind)).toEqual([
      'change',
      'change',
      'change',
      'change',
      'change',
      'change',
      'change',
      'undo',
    ]);
    expect(seen[0]).toMatchObject({
      actor: 'User',
      client: 'tab-7',
      at: '2026-01-02T03:04:05.000Z',
      ops: [{ type: 'set-cells', sheet: 'Sheet1', runs: [{ row: 0, col: 0, inputs: [5] }] }],
    });
    expect(seen[7]!.ops).toEqual([{ type: 'delete-sheet', name: 'Data' }]);
  });

  it('a subscriber joining late from the seq it last saw replays only the commits after it', async () => {
    const app = await startApp();
    running.push(app);
    const handle = await app.host.handleFor({});
    for (const cell of ['A1', 'A2', 'A3']) await app.http.post('/grid/cell', { cell, value: '1' });
    const seen: number[] = [];
    handle.subscribe(2, (commit) => seen.push(commit.seq));
    await app.http.post('/grid/cell', { cell: 'A4', value: '1' });
    expect(seen).toEqual([3, 4]);
  });
});
