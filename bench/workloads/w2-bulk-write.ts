// W2: 1000 × 100 values in one range write, then a 1000 × 10 block of row SUMs at CW1 in a
// second one; timed until all 10,000 formula values are computed and read back. Then its
// variants W2-cell (formulas as single-cell writes) and W2-agg (O(n²) probe).
import { compareVariants, figureOf } from '../lib/compare.js';
import { driverPlans, withDrivers, type DriverFactories, type GridDriver } from '../lib/drivers.js';
import {
  ratio,
  row,
  type BenchContext,
  type ResultRow,
  type TargetCheck,
  type Workload,
  type WorkloadReport,
} from '../lib/results.js';
import { now } from '../lib/stats.js';
import {
  checkW2Block,
  W2_FORMULA_COLUMN,
  W2_FORMULA_COLUMNS,
  W2_ROWS,
  w2Formulas,
  w2Values,
} from './data.js';
import { measureW2Aggregate } from './w2-aggregate.js';
import { measureW2Cell } from './w2-cell.js';

/** Reads the 1000 × 10 formula block back and checks every value and the total. */
export async function readAndCheckW2Block(driver: GridDriver): Promise<void> {
  const block = await driver.readRange(0, W2_FORMULA_COLUMN - 1, W2_ROWS, W2_FORMULA_COLUMNS);
  checkW2Block((rowNumber, k) => block[rowNumber - 1]?.[k - 1]);
}

async function measureW2Main(
  context: BenchContext,
  factories: DriverFactories,
): Promise<{ rows: ResultRow[]; targets: TargetCheck[] }> {
  const values = w2Values();
  const formulas = w2Formulas();
  const results = await compareVariants<{ values: number; formulas: number; total: number }>({
    warmups: context.warmups,
    runs: context.runs,
    log: context.log,
    label: 'W2',
    variants: driverPlans(factories, async (driver) => {
      const start = now();
      await driver.writeRange(0, 0, values);
      const valuesWritten = now();
      await driver.writeRange(0, W2_FORMULA_COLUMN - 1, formulas);
      const formulasWritten = now();
      await readAndCheckW2Block(driver);
      const computed = now();
      return {
        values: valuesWritten - start,
        formulas: formulasWritten - valuesWritten,
        total: computed - start,
      };
    }),
  });
  const total = row(
    'W2 total: both writes until 10,000 SUMs read back',
    'ms',
    figureOf(results, 'total'),
  );
  const httpRatio = ratio(total, 'http')!;
  return {
    rows: [
      row('W2 write 1000 × 100 values', 'ms', figureOf(results, 'values')),
      row('W2 write 1000 × 10 SUM formulas', 'ms', figureOf(results, 'formulas')),
      total,
    ],
    targets: [
      {
        target: 'W2 over HTTP ≤ 1.5× raw',
        measured: `${httpRatio.toFixed(2)}×`,
        met: httpRatio <= 1.5,
      },
    ],
  };
}

export const w2BulkWrite: Workload = {
  id: 'W2',
  title: 'bulk write, then formulas (+ W2-cell, W2-agg)',
  async run(context: BenchContext): Promise<WorkloadReport> {
    const main = await withDrivers(context.serverOptions, (factories) =>
      measureW2Main(context, factories),
    );
    const cell = await withDrivers(context.serverOptions, (factories) =>
      measureW2Cell(context, factories),
    );
    const aggregate = await measureW2Aggregate(context);
    return {
      rows: [...main.rows, ...cell.rows, ...aggregate.rows],
      targets: [...main.targets, ...cell.targets, ...aggregate.targets],
      notes: [...cell.notes, ...aggregate.notes],
    };
  },
};
