// W1: dry-run evaluation of 500 formulas over a 10,000 × 5 sheet, nothing written. The sheet
// load (one range write at A1) is reported as its own row.
import { Workbook, writeRangeOps } from '../../src/core/index.js';
import { evaluateFormulas, type EvalResultItem } from '../../src/engine-api/index.js';
import { checkClose } from '../lib/check.js';
import { compareVariants, figureOf } from '../lib/compare.js';
import { addFreshSheet, deleteSheet } from '../lib/http-sheets.js';
import { createRawWorkbook, rawWrite, type RawWorkbook } from '../lib/raw-engine.js';
import {
  ratio,
  row,
  type BenchContext,
  type Workload,
  type WorkloadReport,
} from '../lib/results.js';
import { withServer } from '../lib/server.js';
import { now } from '../lib/stats.js';
import { W1_EXPECTED_TOTAL, w1Formulas, w1Values, type ExpectedFormula } from './data.js';

function checkResults(formulas: readonly ExpectedFormula[], results: readonly unknown[]): void {
  let total = 0;
  formulas.forEach((formula, index) => {
    checkClose(`W1 ${formula.formula}`, formula.expected, results[index]);
    total += results[index] as number;
  });
  checkClose('W1 sum of all 500 results', W1_EXPECTED_TOTAL, total, 1e-12);
}

function resultValues(results: readonly EvalResultItem[]): unknown[] {
  return results.map((item) => (item.error === null ? item.result : item.error));
}

export const w1Eval: Workload = {
  id: 'W1',
  title: 'dry-run evaluation: 500 formulas over 10,000 × 5',
  async run(context: BenchContext): Promise<WorkloadReport> {
    const values = w1Values();
    const formulas = w1Formulas();
    const items = formulas.map(({ cell, formula }) => ({ cell, formula }));

    const results = await withServer(
      ({ client }) =>
        compareVariants<{ load: number; eval: number }>({
          warmups: context.warmups,
          runs: context.runs,
          log: context.log,
          label: 'W1',
          variants: {
            raw: {
              setup: () => createRawWorkbook(),
              run: (raw: RawWorkbook) => {
                const start = now();
                rawWrite(raw, 0, 0, values);
                const loaded = now();
                const computed = formulas.map(({ formula }) =>
                  raw.hf.calculateFormula(formula, raw.sheet),
                );
                const evaluated = now();
                checkResults(formulas, computed);
                return { load: loaded - start, eval: evaluated - loaded };
              },
              teardown: (raw: RawWorkbook) => raw.hf.destroy(),
            },
            inProcess: {
              setup: () => Workbook.create(),
              run: (workbook: Workbook) => {
                const start = now();
                workbook.apply(writeRangeOps('Sheet1', { row: 0, col: 0 }, values));
                const loaded = now();
                const response = evaluateFormulas(workbook, undefined, items);
                const evaluated = now();
                checkResults(formulas, resultValues(response.results));
                return { load: loaded - start, eval: evaluated - loaded };
              },
              teardown: (workbook: Workbook) => workbook.dispose(),
            },
            http: {
              setup: () => addFreshSheet(client, 'W1run'),
              run: async (sheet: string) => {
                const start = now();
                await client.json('POST', '/grid/range', { target_cell: 'A1', values, sheet });
                const loaded = now();
                const response = await client.json<{ results: EvalResultItem[] }>('POST', '/eval', {
                  formulas: items,
                  sheet,
                });
                const evaluated = now();
                checkResults(formulas, resultValues(response.results));
                return { load: loaded - start, eval: evaluated - loaded };
              },
              teardown: (sheet: string) => deleteSheet(client, sheet),
            },
          },
        }),
      context.serverOptions,
    );

    const loadRow = row('load 10,000 × 5 (one range write)', 'ms', figureOf(results, 'load'));
    const evalRow = row('eval 500 formulas', 'ms', figureOf(results, 'eval'));
    const inProcessRatio = ratio(evalRow, 'inProcess')!;
    const httpRatio = ratio(evalRow, 'http')!;
    return {
      rows: [loadRow, evalRow],
      targets: [
        {
          target: 'W1 in-process ≤ 1.3× raw',
          measured: `${inProcessRatio.toFixed(2)}×`,
          met: inProcessRatio <= 1.3,
        },
        {
          target: 'W1 over HTTP ≤ 1.5× raw',
          measured: `${httpRatio.toFixed(2)}×`,
          met: httpRatio <= 1.5,
        },
      ],
    };
  },
};
