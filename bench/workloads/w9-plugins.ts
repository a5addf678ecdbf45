// W9 (issue: Python plugins out of process): (1) 10,000 cells calling a pure plugin function,
// in-process through the commit path main.ts builds (file journal, OssHost, PluginRegistry,
// followPluginChanges): cold, from the write until every cell shows its number (10,000
// distinct calls to the Python host, then the refresh-functions commit), and warm, a recompute
// of the same 10,000 cells that is all cache hits; (2) one uncached call's round trip,
// `PythonPluginHost.call` directly; (3) /healthz over HTTP on the real server (a child process,
// as for the other HTTP rows) while a plugin cell loops forever, against the same loop with no
// plugin running, in the same run. Skipped, with a note, when python3 is not on PATH.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { builtInFunctionNames, writeRangeOps, type WireValue } from '../../src/core/index.js';
import { followPluginChanges, OssHost } from '../../src/hosting/index.js';
import { FileWorkbookStore } from '../../src/persistence/index.js';
import { PluginRegistry, PythonPluginHost } from '../../src/plugins/index.js';
import { BenchCheckError, checkEqual } from '../lib/check.js';
import { HttpClient } from '../lib/http-client.js';
import { peek } from '../lib/http-sheets.js';
import {
  row,
  type BenchContext,
  type TargetCheck,
  type Workload,
  type WorkloadReport,
} from '../lib/results.js';
import { REPO_ROOT, startServer, type ServerHandle } from '../lib/server.js';
import { collectGarbage, now, summarize, type Stats } from '../lib/stats.js';

const PYTHON = 'python3';
const CELLS = 10_000;
const CALLS = 2_000;
const CALL_WARMUP = 200;
/** GRIDBOOK_PLUGIN_TIMEOUT_MS and GRIDBOOK_PLUGIN_BUDGET_MS as the server defaults them. */
const TIMEOUT_MS = 2_000;
const BUDGET_MS = 10_000;
const HEALTH_WINDOW_MS = 1_500;
/** Not counted: the client's and the route's code warmed up before the idle loop. */
const HEALTH_WARMUP_MS = 500;
const MAX_HEALTH_REQUESTS = 200_000;
const SETTLE_LIMIT_MS = 60_000;
const POLL_MS = 2;
const TARGET_WARM_MS = 2_000;
const TARGET_CALL_MS = 1;
const TARGET_HEALTH_MS = 100;

const SLUG = 'w9_bench';
const PLUGIN_PY = `def register(kernel):
    @kernel.formula("SQ")
    def sq(x):
        return x * x

    @kernel.formula("SPIN")
    def spin(x):
        while True:
            pass
`;

function pythonAvailable(): boolean {
  return spawnSync(PYTHON, ['--version'], { stdio: 'ignore' }).status === 0;
}

/** A data directory whose plugins folder holds the benchmark's plugin (found at start). */
function dataDirWithPlugin(): string {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'gridbook-bench-w9-'));
  const folder = path.join(dataDir, 'plugins', SLUG);
  mkdirSync(folder, { recursive: true });
  writeFileSync(path.join(folder, 'plugin.py'), PLUGIN_PY);
  return dataDir;
}

function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) throw new Error('quantile of no samples');
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
}

interface Latencies {
  readonly count: number;
  readonly mean: number;
  readonly p50: number;
  readonly p99: number;
  readonly max: number;
}

function latencies(samples: readonly number[]): Latencies {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    count: sorted.length,
    mean: sorted.reduce((sum, value) => sum + value, 0) / sorted.length,
    p50: quantile(sorted, 0.5),
    p99: quantile(sorted, 0.99),
    max: sorted[sorted.length - 1]!,
  };
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

// ---- (1) 10,000 plugin cells, in-process -------------------------------------------------

interface CellsRun {
  readonly coldMs: number;
  /** Of the cold time: the write applied, durable, and the last Python call's result arrived. */
  readonly appliedMs: number;
  readonly writeMs: number;
  readonly callsDoneMs: number;
  readonly warmRefreshMs: number;
  readonly warmRewriteMs: number;
}

async function measureCells(context: BenchContext): Promise<CellsRun> {
  const dataDir = dataDirWithPlugin();
  let pluginHost: PythonPluginHost | undefined;
  let store: FileWorkbookStore | undefined;
  try {
    // As main.ts's openPlugins: the bundled examples, then <data dir>/plugins.
    pluginHost = await PythonPluginHost.start({ python: PYTHON, timeoutMs: TIMEOUT_MS });
    const plugins = await PluginRegistry.open({
      host: pluginHost,
      bundledDir: path.join(REPO_ROOT, 'examples', 'plugins'),
      dataDir: path.join(dataDir, 'plugins'),
      budgetMs: BUDGET_MS,
      reservedNames: builtInFunctionNames(),
    });
    store = new FileWorkbookStore({ dir: dataDir });
    const loaded = plugins.records().find((record) => record.slug === SLUG);
    checkEqual('W9 plugin SQ loaded', true, loaded?.formulas.includes('SQ') ?? false);
    const host = await OssHost.open({
      journal: store,
      workbookOptions: { functionSource: () => plugins.functions() },
    });
    const handle = await host.handleFor();
    // Told before followPluginChanges (listeners run in order): when the last call's result
    // arrived, before the refresh-functions commit that shows them.
    let resultsAt: number | undefined;
    plugins.onChange((change) => {
      if (!change.rebuild && change.names.includes('SQ')) resultsAt ??= now();
    });
    followPluginChanges(handle, plugins, (problem, error) =>
      context.log(`W9: ${problem}: ${String(error)}`),
    );
    const sheetName = handle.workbook.activeSheetName;
    // A fresh registry and host per run: 10,000 distinct arguments the cache has not seen. The
    // squares stay within the 11 significant digits HyperFormula rounds a read value to.
    const input = (r: number): number => r + 1;
    await handle.commit(
      writeRangeOps(
        sheetName,
        { row: 0, col: 0 },
        Array.from({ length: CELLS }, (_, r) => [input(r)]),
      ),
      { actor: 'bench' },
    );
    const formulas: WireValue[][] = Array.from({ length: CELLS }, (_, r) => [`=SQ(A${r + 1})`]);
    const sheet = () => handle.workbook.sheet(sheetName);
    const allShown = (): boolean => {
      const view = sheet();
      if (typeof view.value(CELLS - 1, 1) !== 'number') return false;
      for (let r = 0; r < CELLS; r += 1) if (typeof view.value(r, 1) !== 'number') return false;
      return true;
    };
    const checkAll = (what: string): void => {
      const view = sheet();
      for (let r = 0; r < CELLS; r += 1) {
        const value = view.value(r, 1);
        if (value !== input(r) * input(r))
          throw new BenchCheckError(`${what}: B${r + 1}`, input(r) * input(r), value);
      }
    };

    // (a) cold: every call goes to Python, then one refresh-functions commit shows them.
    const coldStart = now();
    // The commit applies synchronously (the calls are queued then), then becomes durable.
    const writing = handle.commit(writeRangeOps(sheetName, { row: 0, col: 1 }, formulas), {
      actor: 'bench',
    });
    const appliedMs = now() - coldStart;
    await writing;
    const writeMs = now() - coldStart;
    const busyAfterWrite = sheet().value(0, 1);
    const deadline = coldStart + SETTLE_LIMIT_MS;
    while (!allShown()) {
      if (now() > deadline)
        throw new Error(`W9: the 10,000 SQ cells did not settle within ${SETTLE_LIMIT_MS} ms`);
      await sleep(POLL_MS);
    }
    const coldMs = now() - coldStart;
    checkAll('W9 cold');
    if (typeof busyAfterWrite === 'number')
      throw new BenchCheckError('W9 B1 right after the write', '#BUSY!', busyAfterWrite);
    if (resultsAt === undefined)
      throw new Error('W9: the cells showed numbers before SQ results arrived');
    const callsDoneMs = resultsAt - coldStart;
    await plugins.settle(SETTLE_LIMIT_MS);

    // (b) warm: the same 10,000 calls again, all answered from the cache.
    const refreshStart = now();
    await handle.commit([{ type: 'refresh-functions', names: ['SQ'], rebuild: false }], {
      actor: 'bench',
    });
    const shownAfterRefresh = allShown();
    const warmRefreshMs = now() - refreshStart;
    if (!shownAfterRefresh || plugins.busy)
      throw new Error('W9 warm refresh: a cell missed the cache (#BUSY! after the commit)');
    checkAll('W9 warm refresh');

    const rewriteStart = now();
    await handle.commit(writeRangeOps(sheetName, { row: 0, col: 1 }, formulas), {
      actor: 'bench',
    });
    const shownAfterRewrite = allShown();
    const warmRewriteMs = now() - rewriteStart;
    if (!shownAfterRewrite || plugins.busy)
      throw new Error('W9 warm rewrite: a cell missed the cache (#BUSY! after the commit)');
    checkAll('W9 warm rewrite');

    context.log(
      `W9 cells: cold ${coldMs.toFixed(0)} ms (write applied ${appliedMs.toFixed(0)} ms, durable ${writeMs.toFixed(0)} ms, results arrived at ${callsDoneMs.toFixed(0)} ms), warm refresh ${warmRefreshMs.toFixed(0)} ms, warm rewrite ${warmRewriteMs.toFixed(0)} ms`,
    );
    return { coldMs, appliedMs, writeMs, callsDoneMs, warmRefreshMs, warmRewriteMs };
  } finally {
    await store?.close();
    // The registry's close() ends this host; closing it twice is harmless.
    await pluginHost?.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// ---- (2) one uncached call, directly on the host ------------------------------------------

async function measureCalls(context: BenchContext): Promise<Latencies> {
  const dataDir = dataDirWithPlugin();
  let host: PythonPluginHost | undefined;
  try {
    const started = await PythonPluginHost.start({ python: PYTHON, timeoutMs: TIMEOUT_MS });
    host = started;
    const loaded = await started.load(SLUG, path.join(dataDir, 'plugins', SLUG));
    if (!loaded.ok) throw new Error(`W9: the plugin did not load: ${loaded.error}`);
    const call = async (x: number): Promise<number> => {
      const start = now();
      const outcome = await started.call('SQ', [x], {});
      const ms = now() - start;
      if (!outcome.ok || outcome.value !== x * x)
        throw new BenchCheckError(`W9 SQ(${x})`, x * x, outcome);
      return ms;
    };
    for (let i = 0; i < CALL_WARMUP; i += 1) await call(-(i + 1));
    const samples: number[] = [];
    for (let i = 0; i < CALLS; i += 1) samples.push(await call(i + 0.5));
    const stats = latencies(samples);
    context.log(
      `W9 call: median ${stats.p50.toFixed(3)} ms, mean ${stats.mean.toFixed(3)} ms, p99 ${stats.p99.toFixed(3)} ms, max ${stats.max.toFixed(2)} ms`,
    );
    return stats;
  } finally {
    await host?.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// ---- (3) /healthz while a plugin hangs, over HTTP -------------------------------------------

async function healthLoop(client: HttpClient, windowMs: number): Promise<Latencies> {
  const samples: number[] = [];
  const end = now() + windowMs;
  while (now() < end && samples.length < MAX_HEALTH_REQUESTS) {
    const start = now();
    const response = await client.request('GET', '/healthz');
    samples.push(now() - start);
    if (response.status !== 200) checkEqual('W9 /healthz status', 200, response.status);
  }
  return latencies(samples);
}

async function cellWhen(
  server: ServerHandle,
  sheet: string,
  cell: string,
  done: (value: unknown) => boolean,
  limitMs: number,
): Promise<unknown> {
  const deadline = now() + limitMs;
  for (;;) {
    const value = (await peek(server.client, sheet, cell)).rows[0]?.[0] ?? null;
    if (done(value) || now() > deadline) return value;
    await sleep(20);
  }
}

interface HealthRun {
  readonly idle: Latencies;
  readonly hanging: Latencies;
}

async function measureHealth(
  context: BenchContext,
  server: ServerHandle,
  round: number,
): Promise<HealthRun> {
  const client = new HttpClient(server.url);
  try {
    // The host answers (it may still be re-loading plugins after the previous round's hang).
    const probe = await server.client.json<{ results: { result: unknown }[] }>('POST', '/eval', {
      formulas: [{ cell: 'Z1', formula: `=SQ(${round + 0.25})` }],
    });
    checkEqual('W9 SQ through /eval', (round + 0.25) ** 2, probe.results[0]?.result);
    await healthLoop(client, HEALTH_WARMUP_MS);
    collectGarbage();
    const idle = await healthLoop(client, HEALTH_WINDOW_MS);

    const sheet = `W9hang${round}`;
    await server.client.json('POST', '/workbook/sheet', { name: sheet });
    await server.client.json('POST', '/workbook/sheet/activate', { name: sheet });
    collectGarbage();
    // A new argument each round: SPIN(round)'s #TIMEOUT! of an earlier round would be cached.
    await server.client.json('POST', '/grid/cell', { cell: 'A1', value: `=SPIN(${round})` });
    const hanging = await healthLoop(client, HEALTH_WINDOW_MS);
    // The loop fell inside the hang: the call was still running when it ended.
    const during = (await peek(server.client, sheet, 'A1')).rows[0]?.[0];
    checkEqual('W9 SPIN cell at the end of the /healthz loop', '#BUSY!', during);
    const after = await cellWhen(server, sheet, 'A1', (value) => value !== '#BUSY!', 10_000);
    checkEqual('W9 SPIN cell after the plugin timeout', '#TIMEOUT!', after);
    await server.client.json('POST', '/workbook/sheet/delete', { name: sheet });
    context.log(
      `W9 /healthz: idle p50 ${idle.p50.toFixed(3)} / p99 ${idle.p99.toFixed(3)} ms (${idle.count}), ` +
        `hanging p50 ${hanging.p50.toFixed(3)} / p99 ${hanging.p99.toFixed(3)} / max ${hanging.max.toFixed(1)} ms (${hanging.count})`,
    );
    return { idle, hanging };
  } finally {
    client.close();
  }
}

// ---- the workload ------------------------------------------------------------------------------

const ms = (value: number): string => (value >= 100 ? value.toFixed(0) : value.toFixed(2));

export const w9Plugins: Workload = {
  id: 'W9',
  title:
    'Python plugins: 10,000 plugin cells cold and cached, one call, /healthz while a plugin hangs',
  async run(context: BenchContext): Promise<WorkloadReport> {
    if (!pythonAvailable()) {
      context.log('W9 skipped: python3 is not on PATH');
      return {
        rows: [],
        targets: [],
        notes: ['SKIPPED: python3 is not on PATH; the plugin host needs CPython 3.9 or newer.'],
      };
    }
    const cells: CellsRun[] = [];
    const calls: Latencies[] = [];
    const health: HealthRun[] = [];
    const dataDir = dataDirWithPlugin();
    const server = await startServer({
      ...context.serverOptions,
      dataDir,
      env: {
        GRIDBOOK_PLUGIN_TIMEOUT_MS: String(TIMEOUT_MS),
        GRIDBOOK_PLUGIN_BUDGET_MS: String(BUDGET_MS),
      },
    });
    try {
      const total = context.warmups + context.runs;
      for (let round = 0; round < total; round += 1) {
        const measured = round >= context.warmups;
        context.log(
          measured
            ? `W9 run ${round - context.warmups + 1}/${context.runs}`
            : `W9 warm-up ${round + 1}/${context.warmups}`,
        );
        collectGarbage();
        const cellsRun = await measureCells(context);
        const callsRun = await measureCalls(context);
        const healthRun = await measureHealth(context, server, round + 1);
        if (!measured) continue;
        cells.push(cellsRun);
        calls.push(callsRun);
        health.push(healthRun);
      }
    } finally {
      await server.stop();
    }

    const of = (values: number[]): Stats => summarize(values);
    const cold = of(cells.map((one) => one.coldMs));
    const warm = of(cells.map((one) => one.warmRefreshMs));
    const rewrite = of(cells.map((one) => one.warmRewriteMs));
    const callMedian = of(calls.map((one) => one.p50));
    const callP99 = of(calls.map((one) => one.p99));
    const callMean = of(calls.map((one) => one.mean));
    const applied = of(cells.map((one) => one.appliedMs));
    const write = of(cells.map((one) => one.writeMs));
    const callsDone = of(cells.map((one) => one.callsDoneMs));
    const idleP50 = of(health.map((one) => one.idle.p50));
    const idleP99 = of(health.map((one) => one.idle.p99));
    const hangP50 = of(health.map((one) => one.hanging.p50));
    const hangP99 = of(health.map((one) => one.hanging.p99));
    const hangMax = Math.max(...health.map((one) => one.hanging.max));
    const idleMax = Math.max(...health.map((one) => one.idle.max));
    const requests = (pick: (run: HealthRun) => Latencies): number =>
      Math.min(...health.map((one) => pick(one).count));

    const targets: TargetCheck[] = [
      {
        target: `W9 10,000 plugin cells recompute from the cache ≤ ${TARGET_WARM_MS} ms`,
        measured: `${ms(warm.max)} ms (worst run; cold, 10,000 calls to Python: ${ms(cold.median)} ms)`,
        met: warm.max <= TARGET_WARM_MS,
      },
      {
        target: `W9 one uncached plugin call ≤ ${TARGET_CALL_MS} ms round trip`,
        measured: `median ${callMedian.max.toFixed(3)} ms, p99 ${callP99.max.toFixed(3)} ms (worst run)`,
        met: callMedian.max <= TARGET_CALL_MS,
      },
      {
        target: `W9 /healthz answers within ${TARGET_HEALTH_MS} ms while a plugin hangs`,
        measured:
          `p50 ${hangP50.median.toFixed(2)} ms, p99 ${hangP99.median.toFixed(2)} ms, longest ${hangMax.toFixed(1)} ms; ` +
          `with no plugin running p50 ${idleP50.median.toFixed(2)} ms, p99 ${idleP99.median.toFixed(2)} ms, longest ${idleMax.toFixed(1)} ms ` +
          `(hanging ÷ idle: p50 ${(hangP50.median / idleP50.median).toFixed(2)}×, p99 ${(hangP99.median / idleP99.median).toFixed(2)}×)`,
        met: hangMax <= TARGET_HEALTH_MS,
      },
    ];
    return {
      rows: [
        row('W9 cold: write 10,000 =SQ(A n) until all show numbers', 'ms', { inProcess: cold }),
        row('W9 warm: refresh-functions of the 10,000, all cache hits', 'ms', {
          inProcess: warm,
        }),
        row('W9 warm: rewrite the 10,000 formulas, all cache hits', 'ms', {
          inProcess: rewrite,
        }),
        row(`W9 one uncached call, host.call: median of ${CALLS}`, 'ms', {
          inProcess: callMedian,
        }),
        row(`W9 one uncached call, host.call: p99 of ${CALLS}`, 'ms', { inProcess: callP99 }),
        row('W9 /healthz back to back, no plugin running: p50', 'ms', { http: idleP50 }),
        row('W9 /healthz back to back, no plugin running: p99', 'ms', { http: idleP99 }),
        row('W9 /healthz back to back while a plugin hangs: p50', 'ms', { http: hangP50 }),
        row('W9 /healthz back to back while a plugin hangs: p99', 'ms', { http: hangP99 }),
      ],
      targets,
      notes: [
        `Cold, medians after the write began: applied ${ms(applied.median)} ms (the 10,000 calls queued, cells #BUSY!), durable ${ms(write.median)} ms, the 10,000 results in ${ms(callsDone.median)} ms (${((callsDone.median - applied.median) / CELLS).toFixed(3)} ms a call through PluginFunctions, beside the journal write), all shown ${ms(cold.median)} ms (the refresh-functions commit). One call on the host directly: mean ${callMean.median.toFixed(3)} ms.`,
        `Cells: in-process, the commit path main.ts builds (file journal, OssHost, PluginRegistry, followPluginChanges); plugin timeout ${TIMEOUT_MS} ms, budget ${BUDGET_MS} ms (the defaults). Cold is polled every ${POLL_MS} ms.`,
        `/healthz: one keep-alive connection, ${HEALTH_WINDOW_MS} ms per loop, at least ${requests((run) => run.idle)} requests idle and ${requests((run) => run.hanging)} while =SPIN(n) loops in Python (it still shows #BUSY! when the loop ends, then #TIMEOUT!). No raw-HyperFormula baseline: the ratios are hanging ÷ idle of the same run.`,
      ],
    };
  },
};
