// W10 (issue 19): formatting a 100,000 × 50 range of numbers over HTTP is one commit
// (POST /grid/format, one set-format op stored as one run per column) within 200 ms; and the
// first read of formatted cells (display text through the number format) after it.
import { a1 } from './data.js';
import {
  row,
  type BenchContext,
  type TargetCheck,
  type Workload,
  type WorkloadReport,
} from '../lib/results.js';
import { startServer } from '../lib/server.js';
import { now, summarize } from '../lib/stats.js';

const ROWS = 100_000;
const WIDE = 50;
const ROWS_PER_WRITE = 1_000;
const TARGET_FORMAT_MS = 200;

function numberRows(first: number, count: number): number[][] {
  return Array.from({ length: count }, (_, offset) =>
    Array.from({ length: WIDE }, (_, c) => ((first + offset) * WIDE + c) / 7),
  );
}

async function measureOnce(context: BenchContext) {
  const server = await startServer(context.serverOptions);
  try {
    for (let first = 0; first < ROWS; first += ROWS_PER_WRITE)
      await server.client.json('POST', '/grid/range', {
        target_cell: a1(first + 1, 1),
        values: numberRows(first, ROWS_PER_WRITE),
      });
    let start = now();
    await server.client.json('POST', '/grid/format', {
      range: `A1:AX${ROWS}`,
      format: { number_format: '#,##0.00', bold: true, fill: '#DDEBF7' },
    });
    const formatMs = now() - start;
    start = now();
    await server.client.json('GET', '/grid?range=A1:Z100');
    const readMs = now() - start;
    context.log(`W10: format ${formatMs.toFixed(0)} ms, read 100 × 26 ${readMs.toFixed(0)} ms`);
    return { formatMs, readMs };
  } finally {
    await server.stop();
  }
}

export const w10Formats: Workload = {
  id: 'W10',
  title: 'formats: format a 100,000 × 50 range (one commit); read 100 × 26 formatted cells',
  async run(context: BenchContext): Promise<WorkloadReport> {
    const runs = [];
    for (let run = 1; run <= context.runs; run += 1) {
      context.log(`W10 run ${run}/${context.runs}`);
      runs.push(await measureOnce(context));
    }
    const format = summarize(runs.map((one) => one.formatMs));
    const read = summarize(runs.map((one) => one.readMs));
    const targets: TargetCheck[] = [
      {
        target: `W10 format 100,000 × 50 in one commit ≤ ${TARGET_FORMAT_MS} ms`,
        measured: `${format.max.toFixed(0)} ms (worst run)`,
        met: format.max <= TARGET_FORMAT_MS,
      },
    ];
    return {
      rows: [
        row('W10 format 100,000 × 50 (number format, bold, fill): one commit', 'ms', {
          http: format,
        }),
        row('W10 read 100 × 26 formatted cells (GET /grid, display text)', 'ms', { http: read }),
      ],
      targets,
      notes: [],
    };
  },
};
