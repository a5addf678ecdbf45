// W3: a dependency chain A1 = 1, A(n) = A(n−1)+1 up to N = 10,000, built through the import
// path with precomputed values; then five root edits A1 := 2…6, each timed until the write
// returns and until A(N) reads the new value. W3-build: the chain as one range write, at
// several N to show the cost grows linearly.
import { Workbook } from '../../src/core/index.js';
import { importJsonOps } from '../../src/persistence/index.js';
import { compareVariants, figureOf, type VariantPlan } from '../lib/compare.js';
import { driverPlans, withDrivers } from '../lib/drivers.js';
import { peek } from '../lib/http-sheets.js';
import { HyperFormula, RAW_CONFIG, type RawWorkbook } from '../lib/raw-engine.js';
import {
  EndpointUnavailableError,
  ratio,
  row,
  type BenchContext,
  type ResultRow,
  type TargetCheck,
  type Workload,
  type WorkloadReport,
} from '../lib/results.js';
import { withServer, type ServerHandle } from '../lib/server.js';
import { now } from '../lib/stats.js';
import { W3_LENGTH, w3Chain } from './data.js';

const EDITS = [2, 3, 4, 5, 6] as const;
const BUILD_SIZES = [1000, 10_000, 100_000] as const;
const TARGET_FACTOR = 1.2;
const TARGET_SLACK_MS = 5;

type EditFigures = { import: number; write: number; readBack: number };

/** Our export document for the chain, with every value precomputed (as a saved file has it). */
function chainDocument(length: number) {
  const cells: Record<
    string,
    { value: number; formula: string | null; version: number; locked: boolean }
  > = {};
  for (let n = 1; n <= length; n += 1)
    cells[`A${n}`] = {
      value: n,
      formula: n === 1 ? null : `=A${n - 1}+1`,
      version: 1,
      locked: false,
    };
  return {
    format: 'gridbook',
    version: 1,
    workbook_name: 'W3 chain',
    active_sheet: 'Sheet1',
    sheets: [{ name: 'Sheet1', cells }],
    charts: [],
  };
}

function checkTail(value: unknown, root: number, what: string): void {
  const expected = root + W3_LENGTH - 1;
  if (value !== expected)
    throw new Error(
      `W3 ${what}: A${W3_LENGTH} reads ${JSON.stringify(value)} after A1 := ${root}, expected ${expected}`,
    );
}

/** Runs the five edits; `write` returns when the write has returned, `read` reads A(N). */
async function timeEdits(
  write: (root: number) => Promise<void> | void,
  read: () => Promise<unknown> | unknown,
  what: string,
): Promise<{ write: number; readBack: number }> {
  let writeTotal = 0;
  let readTotal = 0;
  for (const root of EDITS) {
    const start = now();
    await write(root);
    const written = now();
    const tail = await read();
    const readBack = now();
    checkTail(tail, root, what);
    writeTotal += written - start;
    readTotal += readBack - start;
  }
  return { write: writeTotal / EDITS.length, readBack: readTotal / EDITS.length };
}

function rawPlan(): VariantPlan<void, EditFigures> {
  const chain = w3Chain();
  return {
    run: async () => {
      const start = now();
      const hf = HyperFormula.buildFromSheets({ Sheet1: chain }, { ...RAW_CONFIG });
      const imported = now() - start;
      const raw: RawWorkbook = { hf, sheet: 0 };
      const edits = await timeEdits(
        (root) => void raw.hf.setCellContents({ sheet: 0, row: 0, col: 0 }, root),
        () => raw.hf.getCellValue({ sheet: 0, row: W3_LENGTH - 1, col: 0 }),
        'raw',
      );
      hf.destroy();
      return { import: imported, ...edits };
    },
  };
}

function inProcessPlan(): VariantPlan<void, EditFigures> {
  const text = JSON.stringify(chainDocument(W3_LENGTH));
  return {
    run: async () => {
      const workbook = Workbook.create();
      const start = now();
      workbook.apply(importJsonOps(workbook, JSON.parse(text)), { actor: 'User' });
      const imported = now() - start;
      const sheet = workbook.sheet();
      const edits = await timeEdits(
        (root) =>
          void workbook.apply(
            [{ type: 'set-cells', sheet: 'Sheet1', runs: [{ row: 0, col: 0, inputs: [root] }] }],
            { actor: 'User' },
          ),
        () => sheet.value(W3_LENGTH - 1, 0),
        'in-process',
      );
      workbook.dispose();
      return { import: imported, ...edits };
    },
  };
}

function httpPlan(server: ServerHandle): VariantPlan<void, EditFigures> {
  const { client } = server;
  const text = JSON.stringify(chainDocument(W3_LENGTH));
  return {
    run: async () => {
      const start = now();
      const answer = await client.json<{ active_sheet: string }>('POST', '/system/import', text);
      const imported = now() - start;
      const sheet = answer.active_sheet;
      const edits = await timeEdits(
        (root) =>
          client
            .json('POST', '/grid/cell', { cell: 'A1', value: String(root) })
            .then(() => undefined),
        async () => (await peek(client, sheet, `A${W3_LENGTH}`)).rows[0]?.[0],
        'HTTP',
      );
      return { import: imported, ...edits };
    },
  };
}

async function measureBuild(context: BenchContext): Promise<ResultRow[]> {
  const rows: ResultRow[] = [];
  for (const [index, length] of BUILD_SIZES.entries()) {
    const chain = w3Chain(length);
    const results = await withDrivers(context.serverOptions, (factories) =>
      compareVariants<{ build: number }>({
        // The first size warms the code paths up; the same code runs for the larger ones.
        warmups: index === 0 ? context.warmups : 0,
        runs: context.runs,
        log: context.log,
        label: `W3-build N=${length}`,
        variants: driverPlans(factories, async (driver) => {
          const start = now();
          await driver.writeRange(0, 0, chain);
          const built = now() - start;
          const [[tail]] = (await driver.readRange(length - 1, 0, 1, 1)) as [[unknown]];
          if (tail !== length)
            throw new Error(`W3-build N=${length}: A${length} reads ${JSON.stringify(tail)}`);
          return { build: built };
        }),
      }),
    );
    rows.push(
      row(
        `W3-build N=${length.toLocaleString('en-US')}: chain as one range write`,
        'ms',
        figureOf(results, 'build'),
      ),
    );
  }
  return rows;
}

function buildTargets(rows: readonly ResultRow[]): TargetCheck[] {
  const perCell = (index: number, variant: 'inProcess' | 'http'): number =>
    rows[index]!.variants[variant]!.median / BUILD_SIZES[index]!;
  const last = BUILD_SIZES.length - 1;
  const [before, largest] = [BUILD_SIZES[last - 1]!, BUILD_SIZES[last]!];
  return (['inProcess', 'http'] as const).map((variant) => {
    const growth = perCell(last, variant) / perCell(last - 1, variant);
    return {
      target: `W3-build linear in N (${variant === 'http' ? 'HTTP' : 'in-process'}: time per link at N=${largest.toLocaleString('en-US')} ≤ 2× that at ${before.toLocaleString('en-US')})`,
      measured: `${growth.toFixed(2)}×`,
      met: growth <= 2,
    };
  });
}

export const w3Chain10k: Workload = {
  id: 'W3',
  title: 'dependency chain of 10,000: root edits read back at the tail (+ W3-build)',
  async run(context: BenchContext): Promise<WorkloadReport> {
    return withServer(async (server) => {
      if (!(await server.routes()).has('/system/import'))
        throw new EndpointUnavailableError(['/system/import']);
      const edits = await compareVariants<EditFigures>({
        warmups: context.warmups,
        runs: context.runs,
        log: context.log,
        label: 'W3 edits',
        variants: { raw: rawPlan(), inProcess: inProcessPlan(), http: httpPlan(server) },
      });
      const readBack = row(
        'W3 root edit until A10000 reads the new value',
        'ms',
        figureOf(edits, 'readBack'),
      );
      const rows = [
        row(
          'W3 build the chain through import (precomputed values)',
          'ms',
          figureOf(edits, 'import'),
        ),
        row('W3 root edit until the write returns', 'ms', figureOf(edits, 'write')),
        readBack,
      ];
      const build = await measureBuild(context);
      const raw = readBack.variants.raw!.median;
      const http = readBack.variants.http!.median;
      const limit = TARGET_FACTOR * raw + TARGET_SLACK_MS;
      return {
        rows: [...rows, ...build],
        targets: [
          {
            target: `W3 root edit → A10000 over HTTP ≤ ${TARGET_FACTOR}× raw + ${TARGET_SLACK_MS} ms`,
            measured: `${http.toFixed(1)} ms vs limit ${limit.toFixed(1)} ms (${ratio(readBack, 'http')!.toFixed(2)}× raw)`,
            met: http <= limit,
          },
          ...buildTargets(build),
        ],
        notes: ['Edit rows are the mean of the five edits A1 := 2…6 of each run.'],
      };
    }, context.serverOptions);
  },
};
