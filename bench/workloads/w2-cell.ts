// W2-cell: W2's formulas, each sent as its own single-cell write in row-major order, onto a
// grid already holding W2's values; the first F of them for F = 250, 500, 1000, 2000. One
// sequence of 2000 writes per run gives all four: the time to the F-th write is the time of
// the first F writes.
import { compareVariants, figureOf } from '../lib/compare.js';
import { driverPlans, type DriverFactories } from '../lib/drivers.js';
import { row, type BenchContext, type ResultRow, type TargetCheck } from '../lib/results.js';
import { now } from '../lib/stats.js';
import {
  W2_FORMULA_COLUMN,
  W2_FORMULA_COLUMNS,
  w2FormulaExpected,
  w2FormulaText,
  w2Values,
} from './data.js';

export const W2_CELL_COUNTS = [250, 500, 1000, 2000] as const;
const LARGEST = W2_CELL_COUNTS[W2_CELL_COUNTS.length - 1]!;
const ALL_FORMULAS = 10_000;
const HTTP_TARGET_MS = 10_000;

function position(index: number): { rowNumber: number; k: number } {
  return {
    rowNumber: Math.floor(index / W2_FORMULA_COLUMNS) + 1,
    k: (index % W2_FORMULA_COLUMNS) + 1,
  };
}

export async function measureW2Cell(
  context: BenchContext,
  factories: DriverFactories,
): Promise<{ rows: ResultRow[]; targets: TargetCheck[]; notes: string[] }> {
  const values = w2Values();
  const results = await compareVariants<Record<string, number>>({
    warmups: context.warmups,
    runs: context.runs,
    log: context.log,
    label: 'W2-cell',
    variants: driverPlans(
      factories,
      async (driver) => {
        const splits: Record<string, number> = {};
        const start = now();
        for (let index = 0; index < LARGEST; index += 1) {
          const { rowNumber, k } = position(index);
          await driver.writeCell(
            rowNumber - 1,
            W2_FORMULA_COLUMN + k - 2,
            w2FormulaText(rowNumber, k),
          );
          if ((W2_CELL_COUNTS as readonly number[]).includes(index + 1))
            splits[`F${index + 1}`] = now() - start;
        }
        const written = await driver.readRange(
          0,
          W2_FORMULA_COLUMN - 1,
          LARGEST / W2_FORMULA_COLUMNS,
          W2_FORMULA_COLUMNS,
        );
        for (let index = 0; index < LARGEST; index += 1) {
          const { rowNumber, k } = position(index);
          const value = written[rowNumber - 1]?.[k - 1];
          if (value !== w2FormulaExpected(rowNumber, k))
            throw new Error(`W2-cell: formula ${index + 1} computed ${JSON.stringify(value)}`);
        }
        return splits;
      },
      (driver) => driver.writeRange(0, 0, values),
    ),
  });
  const rows = W2_CELL_COUNTS.map((count) =>
    row(`W2-cell F=${count} single-cell formula writes`, 'ms', figureOf(results, `F${count}`)),
  );
  const largest = rows[rows.length - 1]!;
  const perWrite = (variant: 'raw' | 'inProcess' | 'http'): number =>
    largest.variants[variant]!.median / LARGEST;
  const httpAllMs = perWrite('http') * ALL_FORMULAS;
  return {
    rows,
    targets: [
      {
        target: `W2-cell: all 10,000 formulas as single-cell HTTP writes ≤ ${HTTP_TARGET_MS / 1000} s`,
        measured: `${(httpAllMs / 1000).toFixed(2)} s (extrapolated from F=${LARGEST})`,
        met: httpAllMs <= HTTP_TARGET_MS,
      },
    ],
    notes: [
      `W2-cell per write at F=${LARGEST}: raw ${perWrite('raw').toFixed(3)} ms, in-process ${perWrite('inProcess').toFixed(3)} ms, HTTP ${perWrite('http').toFixed(3)} ms`,
    ],
  };
}
