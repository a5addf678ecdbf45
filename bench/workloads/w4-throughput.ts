// W4: write throughput. POST /grid/cell {"cell":"B{row}","value":"{i}"} with i = 1, 2, … and
// row = (i mod 1000)+1, from autocannon (10 s, 50 connections, plus a 1-connection control,
// 10 s request timeout, 127.0.0.1), on three workbook states: fresh, W2's 100,000 values, and
// W2's values with its 10,000 formulas. In-process and raw do the same writes in a loop.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { compareVariants, figureOf } from '../lib/compare.js';
import { driverPlans, inProcessDriver, rawDriver, type GridDriver } from '../lib/drivers.js';
import type { HttpClient } from '../lib/http-client.js';
import { peek } from '../lib/http-sheets.js';
import {
  row,
  type BenchContext,
  type ResultRow,
  type TargetCheck,
  type Workload,
  type WorkloadReport,
} from '../lib/results.js';
import { REPO_ROOT, withServer } from '../lib/server.js';
import { now, summarize } from '../lib/stats.js';
import { W2_FORMULA_COLUMN, w2Formulas, w2Values } from './data.js';

const DURATION_S = 10;
const WARMUP_S = 2;
const CONNECTIONS = 50;
const ROWS = 1000;
/** Writes per in-process / raw run (sequential, one caller). */
const LOOP_WRITES = 10_000;
const TARGET_WRITES_PER_S: Readonly<Record<StateName, number>> = {
  fresh: 5000,
  values: 3000,
  formulas: 3000,
};
const TARGET_P99_MS = 20;
/** Acknowledged (durable) writes/s ÷ the bare route's requests/s, measured in the same run (issue 12). */
const TARGET_BARE_RATIO: Readonly<Record<StateName, number | undefined>> = {
  fresh: 0.8,
  values: 0.6,
  formulas: undefined,
};
const BARE_SERVER = path.join(REPO_ROOT, 'bench/lib/bare-server.mjs');
const CANNON = path.join(REPO_ROOT, 'bench/workloads/w4-cannon-child.ts');
const run = promisify(execFile);

type StateName = 'fresh' | 'values' | 'formulas';
const STATES: readonly { name: StateName; label: string }[] = [
  { name: 'fresh', label: 'fresh workbook' },
  { name: 'values', label: "W2's 100,000 values" },
  { name: 'formulas', label: "W2's values + 10,000 formulas" },
];

async function loadState(driver: GridDriver, state: StateName): Promise<void> {
  if (state === 'fresh') return;
  await driver.writeRange(0, 0, w2Values());
  if (state === 'formulas') await driver.writeRange(0, W2_FORMULA_COLUMN - 1, w2Formulas());
}

export interface Cannonade {
  readonly writesPerSecond: number;
  readonly p50: number;
  readonly p99: number;
  readonly written: number;
}

/** One autocannon run in its own process; `counter.i` is the shared write counter, so rows keep their meaning. */
export async function cannonade(
  url: string,
  connections: number,
  duration: number,
  counter: { i: number },
  headers: Readonly<Record<string, string>> = {},
): Promise<Cannonade> {
  const { stdout } = await run(
    process.execPath,
    [
      '--import',
      'tsx',
      CANNON,
      url,
      String(connections),
      String(duration),
      String(counter.i),
      JSON.stringify(headers),
    ],
    {
      cwd: REPO_ROOT,
      timeout: (duration + 60) * 1000,
    },
  );
  const result = JSON.parse(stdout.trim().split('\n').pop()!) as Cannonade & {
    failures: number;
    lastI: number;
  };
  if (result.failures > 0)
    throw new Error(
      `W4: ${result.failures} requests to /grid/cell failed, timed out or answered non-2xx`,
    );
  counter.i = result.lastI;
  return result;
}

/** Every B cell holds an i that belongs to its row, and (with formulas) each SUM matches its row. */
async function checkServerState(client: HttpClient, state: StateName): Promise<void> {
  const { rows } = await peek(client, 'Sheet1', `A1:J${ROWS}`);
  rows.forEach((cells, index) => {
    const b = cells[1];
    if (typeof b !== 'number' || b % ROWS !== index)
      throw new Error(`W4: B${index + 1} holds ${JSON.stringify(b)}, not a write meant for it`);
  });
  if (state !== 'formulas') return;
  const sums = (await peek(client, 'Sheet1', `CW1:CW${ROWS}`)).rows;
  rows.forEach((cells, index) => {
    const expected = (cells as number[]).reduce((total, value) => total + value, 0);
    if (sums[index]?.[0] !== expected)
      throw new Error(
        `W4: CW${index + 1} = ${JSON.stringify(sums[index]?.[0])}, but A:J of its row sum to ${expected}`,
      );
  });
}

async function measureHttp(context: BenchContext, state: StateName) {
  return withServer(async (server) => {
    const { client, url } = server;
    if (state !== 'fresh')
      await client.json('POST', '/grid/range', { target_cell: 'A1', values: w2Values() });
    if (state === 'formulas')
      await client.json('POST', '/grid/range', { target_cell: 'CW1', values: w2Formulas() });
    const counter = { i: 0 };
    context.log(`W4 ${state}: HTTP warm-up ${WARMUP_S} s`);
    await cannonade(url, CONNECTIONS, WARMUP_S, counter);
    const runs: Cannonade[] = [];
    for (let run = 1; run <= context.runs; run += 1) {
      context.log(`W4 ${state}: HTTP ${CONNECTIONS} connections, run ${run}/${context.runs}`);
      runs.push(await cannonade(url, CONNECTIONS, DURATION_S, counter));
    }
    context.log(`W4 ${state}: HTTP 1-connection control`);
    const single = await cannonade(url, 1, DURATION_S, counter);
    await checkServerState(client, state);
    return { runs, single };
  }, context.serverOptions);
}

/** The control: a bare Fastify route that only counts, driven exactly like Gridbook. */
async function measureBareRoute(
  context: BenchContext,
): Promise<{ runs: Cannonade[]; single: Cannonade }> {
  return withServer(
    async ({ url }) => {
      const counter = { i: 0 };
      await cannonade(url, CONNECTIONS, WARMUP_S, counter);
      const runs: Cannonade[] = [];
      for (let run = 1; run <= context.runs; run += 1) {
        context.log(
          `W4 bare Fastify route: ${CONNECTIONS} connections, run ${run}/${context.runs}`,
        );
        runs.push(await cannonade(url, CONNECTIONS, DURATION_S, counter));
      }
      return { runs, single: await cannonade(url, 1, DURATION_S, counter) };
    },
    { entry: BARE_SERVER },
  );
}

async function measureLoops(context: BenchContext, state: StateName, warmups: number) {
  return compareVariants<{ writesPerSecond: number }>({
    warmups,
    runs: context.runs,
    log: context.log,
    label: `W4 ${state} loop`,
    variants: driverPlans(
      { raw: () => rawDriver(), inProcess: () => inProcessDriver() },
      async (driver) => {
        const start = now();
        for (let i = 1; i <= LOOP_WRITES; i += 1) await driver.writeCell(i % ROWS, 1, String(i));
        const seconds = (now() - start) / 1000;
        const [[last]] = (await driver.readRange(LOOP_WRITES % ROWS, 1, 1, 1)) as [[unknown]];
        if (last !== LOOP_WRITES)
          throw new Error(
            `W4: the last write (${LOOP_WRITES}) reads back as ${JSON.stringify(last)}`,
          );
        return { writesPerSecond: LOOP_WRITES / seconds };
      },
      (driver) => loadState(driver, state),
    ),
  });
}

export const w4Throughput: Workload = {
  id: 'W4',
  title: `write throughput: single-cell writes, ${CONNECTIONS} connections × ${DURATION_S} s`,
  async run(context: BenchContext): Promise<WorkloadReport> {
    const rows: ResultRow[] = [];
    const targets: TargetCheck[] = [];
    const bare = await measureBareRoute(context);
    const bareRate = summarize(bare.runs.map((run) => run.writesPerSecond));
    rows.push(
      row(
        `W4 bare Fastify route (control): requests/s, ${CONNECTIONS} conn`,
        'writes/s',
        { http: bareRate },
        { higherIsBetter: true },
      ),
      row(
        'W4 bare Fastify route (control): 1-connection',
        'writes/s',
        { http: summarize([bare.single.writesPerSecond]) },
        { higherIsBetter: true },
      ),
    );
    for (const [index, { name, label }] of STATES.entries()) {
      // The first state warms the loop's code paths up; the same code runs for the others.
      const loops = await measureLoops(context, name, index === 0 ? context.warmups : 0);
      const http = await measureHttp(context, name);
      const throughput = row(
        `W4 ${label}: writes/s`,
        'writes/s',
        {
          ...figureOf(loops, 'writesPerSecond'),
          http: summarize(http.runs.map((run) => run.writesPerSecond)),
        },
        { higherIsBetter: true },
      );
      const p99 = summarize(http.runs.map((run) => run.p99));
      rows.push(
        throughput,
        row(`W4 ${label}: p99 latency, ${CONNECTIONS} conn`, 'ms', { http: p99 }),
        row(
          `W4 ${label}: 1-connection control`,
          'writes/s',
          { http: summarize([http.single.writesPerSecond]) },
          { higherIsBetter: true },
        ),
        row(`W4 ${label}: p99 latency, 1 conn`, 'ms', { http: summarize([http.single.p99]) }),
      );
      const rate = throughput.variants.http!.median;
      const ratioTarget = TARGET_BARE_RATIO[name];
      if (ratioTarget !== undefined) {
        const ratio = rate / bareRate.median;
        targets.push({
          target: `W4 ${label}: durable writes/s ≥ ${ratioTarget}× the bare route's requests/s (same run)`,
          measured: `${ratio.toFixed(2)}× (${Math.round(rate).toLocaleString('en-US')} vs ${Math.round(bareRate.median).toLocaleString('en-US')})`,
          met: ratio >= ratioTarget,
        });
      }
      targets.push(
        {
          target: `W4 ${label}: ≥ ${TARGET_WRITES_PER_S[name].toLocaleString('en-US')} writes/s over HTTP`,
          measured: `${Math.round(rate).toLocaleString('en-US')} writes/s`,
          met: rate >= TARGET_WRITES_PER_S[name],
        },
        {
          target: `W4 ${label}: p99 ≤ ${TARGET_P99_MS} ms (${CONNECTIONS} connections)`,
          measured: `${p99.median.toFixed(1)} ms`,
          met: p99.median <= TARGET_P99_MS,
        },
      );
    }
    return {
      rows,
      targets,
      notes: [
        `In-process and raw rows: ${LOOP_WRITES.toLocaleString('en-US')} sequential writes by one caller, no HTTP.`,
        'autocannon runs in a process of its own and reports latency in whole milliseconds (0 = under 1 ms).',
        'Every Gridbook write is answered only once its commit is fsynced to the journal (group commit); the bare route (bench/lib/bare-server.mjs) only counts.',
      ],
    };
  },
};
