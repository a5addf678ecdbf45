// Where the server's share of W6's memory goes: builds the server as main.ts does (config,
// file store with its journal, OSS host, Fastify app) in this process, fills W6's 1,000,000
// numbers through POST /grid/range (app.inject: the routes, validation and commit path, no
// socket), forces GC and prints RSS, heap and the largest heap spaces.
//   node --expose-gc --import tsx bench/tools/w6-server-heap.ts [rows]
// Environment as for the server (GRIDBOOK_UNDO_DEPTH=0 …) shows each part's share; besides:
//   W6_EXTRA_GCS=n      n more forced GCs before measuring (does memory still come back?)
//   W6_FEED_BYTES=b     the commit feed keeps at most b bytes (its share of the heap)
//   W6_HEAP_SNAPSHOT=f  writes a heap snapshot to f after the fill (open it in Chrome DevTools)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import { loadConfig } from '../../src/config.js';
import { OssHost } from '../../src/hosting/index.js';
import { buildApp } from '../../src/http/index.js';
import { ProviderService, FileKeyStore } from '../../src/providers/index.js';
import { AgentService } from '../../src/agent/index.js';
import { FileWorkbookStore } from '../../src/persistence/index.js';
import { w6Chunk, w6Expected, W6_COLUMNS } from '../workloads/w6-data.js';

const MIB = 2 ** 20;
const rows = Number(process.argv[2] ?? 100_000);
const gc = (globalThis as { gc?: () => void }).gc;
if (gc === undefined) throw new Error('run with node --expose-gc');

function report(label: string): void {
  for (let extra = Number(process.env.W6_EXTRA_GCS ?? 0); extra > 0; extra -= 1) gc!();
  gc!();
  gc!();
  const usage = process.memoryUsage();
  const spaces = v8
    .getHeapSpaceStatistics()
    .filter((space) => space.space_size > 4 * MIB)
    .map(
      (space) =>
        `${space.space_name} ${(space.space_used_size / MIB).toFixed(0)}/${(space.space_size / MIB).toFixed(0)}`,
    )
    .join(', ');
  console.log(
    `${label}: rss ${(usage.rss / MIB).toFixed(0)} MiB, heap used ${(usage.heapUsed / MIB).toFixed(0)} of ${(usage.heapTotal / MIB).toFixed(0)} MiB, external ${(usage.external / MIB).toFixed(0)} MiB, array buffers ${(usage.arrayBuffers / MIB).toFixed(0)} MiB (used/committed: ${spaces})`,
  );
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'gridbook-w6-heap-'));
try {
  const config = loadConfig({
    ...process.env,
    GRIDBOOK_DATA_DIR: dataDir,
    GRIDBOOK_LOG_LEVEL: 'warn',
    // W6 writes a million cells at once, above the default that keeps a server responsive.
    GRIDBOOK_MAX_WRITE_CELLS: '1048576',
  });
  const store = new FileWorkbookStore({
    dir: config.dataDir,
    compactAfterBytes: config.journalCompactBytes,
  });
  const feedLimits =
    process.env.W6_FEED_BYTES === undefined
      ? {}
      : { feedLimits: { maxCommits: 1000, maxBytes: Number(process.env.W6_FEED_BYTES) } };
  const host = await OssHost.open({
    journal: store,
    workbookOptions: { undoDepth: config.undoDepth, undoMaxBytes: config.undoMaxBytes },
    ...feedLimits,
  });
  const providers = await ProviderService.open({
    keyStore: new FileKeyStore(config.dataDir),
    envKeys: config.providerKeys,
    baseUrls: config.providerBaseUrls,
  });
  const agent = new AgentService({ completer: providers, newChartId: () => 'chart_1' });
  const app = await buildApp({
    config,
    host,
    providers,
    agent,
    webDir: path.join(dataDir, 'web'),
    store,
  });
  await app.ready();
  report('before filling');
  for (let row = 0; row < rows; row += 1000) {
    const response = await app.inject({
      method: 'POST',
      url: '/grid/range',
      payload: { target_cell: `A${row + 1}`, values: w6Chunk(row, Math.min(1000, rows - row)) },
    });
    if (response.statusCode !== 200)
      throw new Error(`row ${row}: ${response.statusCode} ${response.body}`);
  }
  const last = await app.inject({ method: 'GET', url: `/peek?range=J${rows}` });
  if (JSON.parse(last.body).rows[0][0] !== w6Expected(rows - 1, W6_COLUMNS - 1))
    throw new Error(`wrong last cell: ${last.body}`);
  report(`after ${rows * W6_COLUMNS} numbers`);
  const snapshotPath = process.env.W6_HEAP_SNAPSHOT;
  if (snapshotPath !== undefined)
    console.log(`heap snapshot: ${v8.writeHeapSnapshot(snapshotPath)}`);
  await app.close();
  await store.close();
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
