// Where the server's share of W6's memory goes: builds the server as main.ts does (config,
// file store with its journal, OSS host, Fastify app) in this process, fills W6's 1,000,000
// numbers through POST /grid/range (app.inject: the routes, validation and commit path, no
// socket), forces GC and prints RSS, heap and the largest heap spaces.
//   node --expose-gc --import tsx bench/tools/w6-server-heap.ts [rows]
// Environment as for the server (GRIDBOOK_UNDO_DEPTH=0 …) shows each part's share; besides:
//   W6_EXTRA_GCS=n      n more forced GCs before measuring (does memory still come back?)
//   W6_FEED_BYTES=b     the commit feed keeps at most b bytes (its share of the heap)
//   W6_HEAP_SNAPSHOT=f  writes a heap snapshot to f after the fill (open it in Chrome DevTools)
//   W6_GC_PAUSES=n      times n more forced full GCs after the fill (what a GC flag costs a
//                       1,000,000-cell server, e.g. node --compact-on-every-full-gc …)
// After each reading it also prints the resident set by mapping (/proc/self/smaps): anonymous
// memory (V8's heap pages, array buffers, thread arenas), the malloc heap, the node binary.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
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
  const resident = residentByMapping();
  console.log(
    `${label}: rss ${(usage.rss / MIB).toFixed(0)} MiB, heap used ${(usage.heapUsed / MIB).toFixed(0)} of ${(usage.heapTotal / MIB).toFixed(0)} MiB, external ${(usage.external / MIB).toFixed(0)} MiB, array buffers ${(usage.arrayBuffers / MIB).toFixed(0)} MiB (used/committed: ${spaces}); resident MiB: ${resident}`,
  );
}

/** Resident MiB per kind of mapping: what RSS holds besides V8's heap. */
function residentByMapping(): string {
  const totals = new Map<string, number>();
  let kind = '';
  for (const line of readFileSync('/proc/self/smaps', 'utf8').split('\n')) {
    const mapping = /^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (mapping !== null) {
      const name = mapping[1]!;
      if (name === '') kind = 'anonymous';
      else if (name === '[heap]') kind = 'malloc heap';
      else if (name === process.execPath) kind = 'node binary';
      else kind = 'other';
      continue;
    }
    const resident = /^Rss:\s+(\d+) kB/.exec(line);
    if (resident !== null) totals.set(kind, (totals.get(kind) ?? 0) + Number(resident[1]) / 1024);
  }
  return [...totals].map(([name, mib]) => `${name} ${mib.toFixed(0)}`).join(', ');
}

function timeFullGcs(count: number): void {
  const pauses: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const start = performance.now();
    gc!();
    pauses.push((performance.now() - start).toFixed(0));
  }
  if (count > 0) console.log(`forced full GCs: ${pauses.join(', ')} ms`);
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
  timeFullGcs(Number(process.env.W6_GC_PAUSES ?? 0));
  const snapshotPath = process.env.W6_HEAP_SNAPSHOT;
  if (snapshotPath !== undefined)
    console.log(`heap snapshot: ${v8.writeHeapSnapshot(snapshotPath)}`);
  await app.close();
  await store.close();
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
