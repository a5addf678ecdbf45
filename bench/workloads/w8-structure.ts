// W8 (issue 20): structure and sorting on a large sheet, over HTTP. (a) Insert one row at the top
// of a 100,000 × 50 sheet holding 10,000 formulas: the commit, and the first read after it.
// (b) Sort 100,000 rows × 5 columns (one of them a formula) by one key.
import { a1 } from './data.js';
import {
  row,
  type BenchContext,
  type TargetCheck,
  type Workload,
  type WorkloadReport,
} from '../lib/results.js';
import { startServer, type ServerHandle } from '../lib/server.js';
import { now, summarize } from '../lib/stats.js';

const ROWS = 100_000;
const WIDE = 50;
const ROWS_PER_WRITE = 1_000;
const TARGET_INSERT_MS = 1_000;
const TARGET_FIRST_READ_MS = 100;
const TARGET_SORT_MS = 2_000;

/** Rows of 50 numbers; every tenth row ends in a formula over its first three cells. */
function wideRows(first: number, count: number): (number | string)[][] {
  return Array.from({ length: count }, (_, offset) => {
    const r = first + offset;
    const cells: (number | string)[] = Array.from({ length: WIDE }, (_, c) => r * WIDE + c);
    if (r % 10 === 0) cells[WIDE - 1] = `=SUM(A${r + 1}:C${r + 1})`;
    return cells;
  });
}

/** Rows of a table to sort: a shuffled key, text, a small number, a fraction and a formula. */
function tableRows(first: number, count: number): (number | string)[][] {
  return Array.from({ length: count }, (_, offset) => {
    const r = first + offset;
    return [(r * 7919) % ROWS, `n${r}`, r % 13, r / 2, `=A${r + 1}*2`];
  });
}

async function fill(
  server: ServerHandle,
  rows: (first: number, count: number) => (number | string)[][],
): Promise<void> {
  for (let first = 0; first < ROWS; first += ROWS_PER_WRITE)
    await server.client.json('POST', '/grid/range', {
      target_cell: a1(first + 1, 1),
      values: rows(first, ROWS_PER_WRITE),
    });
}

async function timed<T>(work: () => Promise<T>): Promise<number> {
  const start = now();
  await work();
  return now() - start;
}

async function measureOnce(context: BenchContext) {
  const server = await startServer(context.serverOptions);
  try {
    await fill(server, wideRows);
    const insertMs = await timed(() =>
      server.client.json('POST', '/grid/rows/insert', { at: 1, count: 1 }),
    );
    const readMs = await timed(() => server.client.json('GET', `/peek?range=A1:E2`));
    await server.client.json('POST', '/workbook/sheet', { name: 'Table' });
    await server.client.json('POST', '/workbook/sheet/activate', { name: 'Table' });
    await fill(server, tableRows);
    const sortMs = await timed(() =>
      server.client.json('POST', '/grid/sort', {
        range: `A1:E${ROWS}`,
        keys: [{ column: 'A' }],
        header: false,
      }),
    );
    context.log(
      `W8: insert ${insertMs.toFixed(0)} ms, first read ${readMs.toFixed(0)} ms, sort ${sortMs.toFixed(0)} ms`,
    );
    return { insertMs, readMs, sortMs };
  } finally {
    await server.stop();
  }
}

export const w8Structure: Workload = {
  id: 'W8',
  title: 'structure: insert a row at the top of 100,000 × 50 (10,000 formulas); sort 100,000 rows',
  async run(context: BenchContext): Promise<WorkloadReport> {
    const runs = [];
    for (let run = 1; run <= context.runs; run += 1) {
      context.log(`W8 run ${run}/${context.runs}`);
      runs.push(await measureOnce(context));
    }
    const insert = summarize(runs.map((one) => one.insertMs));
    const read = summarize(runs.map((one) => one.readMs));
    const sort = summarize(runs.map((one) => one.sortMs));
    const targets: TargetCheck[] = [
      {
        target: `W8 insert a row at the top ≤ ${TARGET_INSERT_MS} ms`,
        measured: `${insert.max.toFixed(0)} ms (worst run)`,
        met: insert.max <= TARGET_INSERT_MS,
      },
      {
        target: `W8 first read after it ≤ ${TARGET_FIRST_READ_MS} ms`,
        measured: `${read.max.toFixed(0)} ms (worst run)`,
        met: read.max <= TARGET_FIRST_READ_MS,
      },
      {
        target: `W8 sort 100,000 rows ≤ ${TARGET_SORT_MS} ms`,
        measured: `${sort.max.toFixed(0)} ms (worst run)`,
        met: sort.max <= TARGET_SORT_MS,
      },
    ];
    return {
      rows: [
        row('W8 insert one row at the top of 100,000 × 50 (10,000 formulas)', 'ms', {
          http: insert,
        }),
        row('W8 first read (A1:E2) after the insert', 'ms', { http: read }),
        row('W8 sort 100,000 × 5 by one key', 'ms', { http: sort }),
      ],
      targets,
      notes: [
        'A structure change rebuilds the workbook today (docs/decisions/2026-11-25-structure-changes-rebuild.md); no raw-HyperFormula row yet: the in-place path would call its addRows.',
      ],
    };
  },
};
