// W6: memory with 100,000 rows × 10 columns held, filled by 100 range writes of 1000 rows
// (as a client sends it); variants: one single range write, and 100,000 cells. Every
// measurement is a fresh process: RSS before filling, peak RSS, and RSS after a forced GC.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { a1, COLUMN_FORMATS, columnLetters } from './data.js';
import {
  row,
  type BenchContext,
  type ResultRow,
  type TargetCheck,
  type Variant,
  type Workload,
  type WorkloadReport,
} from '../lib/results.js';
import { REPO_ROOT, withServer } from '../lib/server.js';
import { now, summarize } from '../lib/stats.js';
import { w6Chunk, W6_COLUMNS, w6Expected } from './w6-data.js';

const run = promisify(execFile);
const CHILD = path.join(REPO_ROOT, 'bench/workloads/w6-memory-child.ts');
const MIB = 2 ** 20;
const TARGET_MIB = 300;

interface MemoryFigures {
  readonly before: number;
  readonly peak: number;
  readonly afterGc: number;
  readonly fillMs: number;
}

interface Case {
  readonly label: string;
  readonly rows: number;
  readonly rowsPerWrite: number;
  /** Each column carries one number format, set before the fill (not the raw variant). */
  readonly formats?: boolean;
}

const CASES: readonly Case[] = [
  { label: '1,000,000 cells, 100 writes of 1000 rows', rows: 100_000, rowsPerWrite: 1000 },
  { label: '1,000,000 cells, one range write', rows: 100_000, rowsPerWrite: 100_000 },
  { label: '100,000 cells, 10 writes of 1000 rows', rows: 10_000, rowsPerWrite: 1000 },
  {
    label: '1,000,000 cells, one format per column, 100 writes of 1000 rows',
    rows: 100_000,
    rowsPerWrite: 1000,
    formats: true,
  },
];

/** Formats may cost this much memory and fill time over the same grid without them. */
const FORMATS_MAX_RATIO = 1.15;

async function measureChild(variant: 'raw' | 'inProcess', size: Case): Promise<MemoryFigures> {
  const { stdout } = await run(
    process.execPath,
    [
      '--expose-gc',
      '--import',
      'tsx',
      CHILD,
      variant,
      String(size.rows),
      String(size.rowsPerWrite),
      ...(size.formats === true ? ['formats'] : []),
    ],
    {
      cwd: REPO_ROOT,
      maxBuffer: 1 << 20,
      timeout: 300_000,
    },
  );
  return JSON.parse(stdout.trim().split('\n').pop()!) as MemoryFigures;
}

async function measureServer(context: BenchContext, size: Case): Promise<MemoryFigures> {
  return withServer(async (server) => {
    const before = (await server.memory({ gc: true })).rss;
    const start = now();
    if (size.formats === true)
      for (const [col, code] of COLUMN_FORMATS.entries()) {
        if (col >= W6_COLUMNS) break;
        const letter = columnLetters(col + 1);
        await server.client.json('POST', '/grid/format', {
          range: `${letter}:${letter}`,
          format: { number_format: code },
        });
      }
    for (let first = 0; first < size.rows; first += size.rowsPerWrite) {
      const values = w6Chunk(first, Math.min(size.rowsPerWrite, size.rows - first));
      await server.client.json('POST', '/grid/range', { target_cell: a1(first + 1, 1), values });
    }
    const fillMs = now() - start;
    const last = await server.client.json<{ rows: unknown[][] }>(
      'GET',
      `/peek?range=${a1(size.rows, W6_COLUMNS)}`,
    );
    if (last.rows[0]?.[0] !== w6Expected(size.rows - 1, W6_COLUMNS - 1))
      throw new Error(`W6: the last cell reads ${JSON.stringify(last.rows)}`);
    const { peakRss: peak } = await server.memory({ gc: false });
    const afterGc = (await server.memory({ gc: true })).rss;
    return { before, peak, afterGc, fillMs };
  }, context.serverOptions);
}

export const w6Memory: Workload = {
  id: 'W6',
  title: 'memory: 100,000 rows × 10 columns held in the workbook',
  async run(context: BenchContext): Promise<WorkloadReport> {
    const rows: ResultRow[] = [];
    const medians = new Map<Case, { afterGc: number; fillMs: number }>();
    let mainAfterGc: Partial<Record<Variant, number>> = {};
    let mainPeak: Partial<Record<Variant, number>> = {};
    for (const [caseIndex, size] of CASES.entries()) {
      const samples: Record<Variant, MemoryFigures[]> = { raw: [], inProcess: [], http: [] };
      // The target's case gets every run; the two variants of it one run each (memory barely
      // varies between runs, and the whole benchmark must fit in ten minutes).
      const runs = caseIndex === 0 ? context.runs : 1;
      // A fresh process per measurement, so no warm-up. The three variants of a run fill at the
      // same time: memory is per process, only the fill times feel the shared CPU.
      for (let index = 1; index <= runs; index += 1) {
        context.log(`W6 ${size.label}: run ${index}/${runs}`);
        const [raw, inProcess, http] = await Promise.all([
          measureChild('raw', size),
          measureChild('inProcess', size),
          measureServer(context, size),
        ]);
        samples.raw.push(raw);
        samples.inProcess.push(inProcess);
        samples.http.push(http);
      }
      const pick = (figure: keyof MemoryFigures, scale: number) =>
        Object.fromEntries(
          Object.entries(samples).map(([variant, list]) => [
            variant,
            summarize(list.map((sample) => sample[figure] / scale)),
          ]),
        );
      const afterGc = pick('afterGc', MIB);
      const peak = pick('peak', MIB);
      rows.push(
        row(`W6 ${size.label}: RSS before filling`, 'MiB', pick('before', MIB)),
        row(`W6 ${size.label}: peak RSS`, 'MiB', peak),
        row(`W6 ${size.label}: RSS after forced GC`, 'MiB', afterGc),
        row(`W6 ${size.label}: fill time (variants filling at once)`, 'ms', pick('fillMs', 1)),
      );
      medians.set(size, {
        afterGc: afterGc['http']!.median,
        fillMs: pick('fillMs', 1)['http']!.median,
      });
      if (size === CASES[0]) {
        mainAfterGc = Object.fromEntries(
          Object.entries(afterGc).map(([variant, stats]) => [variant, stats!.median]),
        );
        mainPeak = Object.fromEntries(
          Object.entries(peak).map(([variant, stats]) => [variant, stats!.median]),
        );
      }
    }
    const targets: TargetCheck[] = (['inProcess', 'http'] as const).map((variant) => ({
      target: `W6 ${variant === 'http' ? 'server' : 'in-process'} RSS ≤ ${TARGET_MIB} MiB with 1,000,000 numeric cells (after GC)`,
      measured: `${mainAfterGc[variant]!.toFixed(0)} MiB after GC, ${mainPeak[variant]!.toFixed(0)} MiB peak (raw HF ${mainAfterGc.raw!.toFixed(0)} MiB)`,
      met: mainAfterGc[variant]! <= TARGET_MIB,
    }));
    const plain = medians.get(CASES[0]!);
    const formatted = medians.get(CASES.find((candidate) => candidate.formats === true)!);
    if (plain !== undefined && formatted !== undefined)
      for (const [what, key, unit] of [
        ['RSS after GC', 'afterGc', 'MiB'],
        ['fill time', 'fillMs', 'ms'],
      ] as const) {
        const ratio = formatted[key] / plain[key];
        targets.push({
          target: `W6 server ${what} of 1,000,000 cells with one format per column ≤ ${FORMATS_MAX_RATIO}× without`,
          measured: `${ratio.toFixed(2)}× (${formatted[key].toFixed(0)} ${unit} against ${plain[key].toFixed(0)} ${unit})`,
          met: ratio <= FORMATS_MAX_RATIO,
        });
      }
    return { rows, targets };
  },
};
