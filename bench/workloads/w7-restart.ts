// W7 (issue 12): what durability costs. (a) Restart of a 1,000,000-cell workbook (W6's 100,000
// × 10 numbers, filled by 100 range writes of 1000 rows) from its journal, after a graceful stop
// and after kill -9: from spawn until /healthz answers and the last row reads back right.
// (b) Journal bytes per single-cell commit. (c) The longest a single-cell write waits while the
// journal compacts that workbook in the background (compaction runs off the main thread).
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { a1 } from './data.js';
import {
  row,
  type BenchContext,
  type ResultRow,
  type TargetCheck,
  type Workload,
  type WorkloadReport,
} from '../lib/results.js';
import { SERVER_MAIN, startServer, type ServerHandle } from '../lib/server.js';
import { now, summarize } from '../lib/stats.js';
import { w6Chunk, W6_COLUMNS, w6Expected } from './w6-data.js';

const ROWS = 100_000;
const ROWS_PER_WRITE = 1000;
const SINGLE_WRITES = 2_000;
const TARGET_RESTART_MS = 3_000;
const TARGET_STALL_MS = 50;
/** Below the fill's ~10.5 MB of log, so the fill itself starts a compaction of the whole workbook. */
const COMPACT_BYTES = 8 * 1024 * 1024;

function journalBytes(dataDir: string): number {
  const dir = path.join(dataDir, 'journal', 'default');
  return readdirSync(dir).reduce((total, entry) => total + statSync(path.join(dir, entry)).size, 0);
}

async function fill(server: ServerHandle): Promise<void> {
  for (let first = 0; first < ROWS; first += ROWS_PER_WRITE) {
    await server.client.json('POST', '/grid/range', {
      target_cell: a1(first + 1, 1),
      values: w6Chunk(first, ROWS_PER_WRITE),
    });
  }
}

async function checkLastRow(server: ServerHandle): Promise<void> {
  const last = await server.client.json<{ rows: unknown[][] }>(
    'GET',
    `/peek?range=${a1(ROWS, W6_COLUMNS)}`,
  );
  if (last.rows[0]?.[0] !== w6Expected(ROWS - 1, W6_COLUMNS - 1))
    throw new Error(`W7: after the restart the last cell reads ${JSON.stringify(last.rows)}`);
}

/** Single-cell writes one after another for `ms`; the longest any one took. */
async function longestWrite(server: ServerHandle, ms: number): Promise<number> {
  let longest = 0;
  const end = now() + ms;
  for (let i = 0; now() < end && i < 100_000; i += 1) {
    const start = now();
    await server.client.json('POST', '/grid/cell', {
      cell: `L${(i % 1000) + 1}`,
      value: String(i),
    });
    longest = Math.max(longest, now() - start);
  }
  return longest;
}

async function measureOnce(context: BenchContext, signal: 'SIGTERM' | 'SIGKILL') {
  const env = {
    ...context.serverOptions.env,
    GRIDBOOK_JOURNAL_COMPACT_BYTES: String(COMPACT_BYTES),
  };
  const first = await startServer({ ...context.serverOptions, env });
  let restarted: ServerHandle | undefined;
  try {
    await fill(first);
    // Writes while the fill's compaction folds 1,000,000 cells into a snapshot in the background.
    const stallMs = await longestWrite(first, 4_000);
    const before = journalBytes(first.dataDir);
    for (let i = 0; i < SINGLE_WRITES; i += 1)
      await first.client.json('POST', '/grid/cell', {
        cell: `M${(i % 1000) + 1}`,
        value: String(i),
      });
    const bytesPerCommit = (journalBytes(first.dataDir) - before) / SINGLE_WRITES;
    await first.stop({ signal, keepData: true });
    // From spawn: `entry` skips startServer's build check (a node process walking src/, and a
    // whole rebuild if a source changed meanwhile), which the first server already made.
    const start = now();
    restarted = await startServer({
      ...context.serverOptions,
      env,
      dataDir: first.dataDir,
      entry: SERVER_MAIN,
    });
    await checkLastRow(restarted);
    const restartMs = now() - start;
    context.log(
      `W7 ${signal}: restart ${restartMs.toFixed(0)} ms, ${bytesPerCommit.toFixed(0)} journal bytes a commit, longest write during compaction ${stallMs.toFixed(0)} ms`,
    );
    return { restartMs, bytesPerCommit, stallMs };
  } finally {
    await (restarted ?? first).stop();
  }
}

export const w7Restart: Workload = {
  id: 'W7',
  title:
    'durability: restart of 1,000,000 cells from the journal, journal bytes per commit, writes during compaction',
  async run(context: BenchContext): Promise<WorkloadReport> {
    const graceful = [];
    const killed = [];
    for (let run = 1; run <= context.runs; run += 1) {
      context.log(`W7 run ${run}/${context.runs}`);
      graceful.push(await measureOnce(context, 'SIGTERM'));
      killed.push(await measureOnce(context, 'SIGKILL'));
    }
    const restartGraceful = summarize(graceful.map((one) => one.restartMs));
    const restartKilled = summarize(killed.map((one) => one.restartMs));
    const bytes = summarize([...graceful, ...killed].map((one) => one.bytesPerCommit));
    const stall = summarize([...graceful, ...killed].map((one) => one.stallMs));
    const rows: ResultRow[] = [
      row('W7 restart of 1,000,000 cells after SIGTERM (spawn → last row read)', 'ms', {
        http: restartGraceful,
      }),
      row('W7 restart of 1,000,000 cells after kill -9 (spawn → last row read)', 'ms', {
        http: restartKilled,
      }),
      row('W7 journal bytes per single-cell commit', 'bytes', { http: bytes }),
      row('W7 longest single-cell write while compacting 1,000,000 cells', 'ms', { http: stall }),
    ];
    const worstRestart = Math.max(restartGraceful.max, restartKilled.max);
    const targets: TargetCheck[] = [
      {
        target: `W7 restart of 1,000,000 cells ≤ ${TARGET_RESTART_MS / 1000} s`,
        measured: `${(worstRestart / 1000).toFixed(2)} s (worst run)`,
        met: worstRestart <= TARGET_RESTART_MS,
      },
      {
        target: `W7 compaction never holds a write up for more than ${TARGET_STALL_MS} ms`,
        measured: `${stall.max.toFixed(0)} ms (worst run)`,
        met: stall.max <= TARGET_STALL_MS,
      },
    ];
    return {
      rows,
      targets,
      notes: [
        `Journal bytes per commit: ${bytes.median.toFixed(0)} (median, ${SINGLE_WRITES.toLocaleString('en-US')} writes of POST /grid/cell).`,
        `The server runs with GRIDBOOK_JOURNAL_COMPACT_BYTES=${COMPACT_BYTES} so that the fill starts a compaction; the stall is measured over 4 s of sequential writes right after the fill.`,
      ],
    };
  },
};
