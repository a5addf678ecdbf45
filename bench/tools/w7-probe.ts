// Why a W7 restart can take 6 s: restarts a 1,000,000-cell workbook (W7's fill) from a journal
// whose log was compacted into a base, and from one whose log was not (compaction off), and
// prints the time of each and what the journal held.
// Usage: node --import tsx bench/tools/w7-probe.ts
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { a1 } from '../workloads/data.js';
import { startServer, type ServerHandle } from '../lib/server.js';
import { now } from '../lib/stats.js';
import { w6Chunk } from '../workloads/w6-data.js';

const ROWS = 100_000;

async function fill(server: ServerHandle): Promise<void> {
  for (let first = 0; first < ROWS; first += 1000)
    await server.client.json('POST', '/grid/range', {
      target_cell: a1(first + 1, 1),
      values: w6Chunk(first, 1000),
    });
}

async function restartOnce(compactBytes: string, waitMs: number): Promise<void> {
  const env = { GRIDBOOK_JOURNAL_COMPACT_BYTES: compactBytes };
  const first = await startServer({ env });
  await fill(first);
  await first.client.json('POST', '/grid/cell', { cell: 'M1', value: '1' });
  await new Promise((resolve) => setTimeout(resolve, waitMs));
  await first.stop({ signal: 'SIGKILL', keepData: true });
  const files = readdirSync(path.join(first.dataDir, 'journal', 'default'));
  const start = now();
  const second = await startServer({ env, dataDir: first.dataDir });
  await second.client.json('GET', `/peek?range=${a1(ROWS, 10)}`);
  console.log(
    `compact bytes ${compactBytes}, waited ${waitMs} ms: restart ${(now() - start).toFixed(0)} ms; journal ${files.join(' ')}`,
  );
  await second.stop();
}

for (const [bytes, wait] of [
  ['0', 0],
  [String(8 * 1024 * 1024), 6000],
  ['0', 0],
  [String(8 * 1024 * 1024), 6000],
] as const)
  await restartOnce(bytes, wait);
