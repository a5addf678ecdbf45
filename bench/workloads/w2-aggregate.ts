// W2-agg, a probe for O(n²) behaviour: A1:A{n} = 1..n under G1 = SUM(A1:A{n}), then A1:A{n}
// rewritten (2i) in one range write, which is timed. Linear means ten times the cells take
// about ten times as long.
import { compareVariants, figureOf } from '../lib/compare.js';
import { driverPlans, withDrivers } from '../lib/drivers.js';
import {
  row,
  type BenchContext,
  type ResultRow,
  type TargetCheck,
  type Variant,
} from '../lib/results.js';
import { now } from '../lib/stats.js';

export const W2_AGG_SIZES = [1000, 10_000, 100_000] as const;
/** Per-cell time at the largest n may be at most this many times that at the middle n. */
const LINEARITY_SLACK = 2;

function column(n: number, factor: number): number[][] {
  return Array.from({ length: n }, (_, index) => [(index + 1) * factor]);
}

export async function measureW2Aggregate(
  context: BenchContext,
): Promise<{ rows: ResultRow[]; targets: TargetCheck[]; notes: string[] }> {
  const rows: ResultRow[] = [];
  for (const [index, n] of W2_AGG_SIZES.entries()) {
    const initial = column(n, 1);
    const rewrite = column(n, 2);
    const results = await withDrivers(context.serverOptions, (factories) =>
      compareVariants<{ rewrite: number }>({
        // The first size warms the code paths up; the same code runs for the larger ones.
        warmups: index === 0 ? context.warmups : 0,
        runs: context.runs,
        log: context.log,
        label: `W2-agg n=${n}`,
        variants: driverPlans(
          factories,
          async (driver) => {
            const start = now();
            await driver.writeRange(0, 0, rewrite);
            const elapsed = now() - start;
            const [[sum]] = (await driver.readRange(0, 6, 1, 1)) as [[unknown]];
            if (sum !== n * (n + 1))
              throw new Error(
                `W2-agg n=${n}: G1 should be ${n * (n + 1)} after the rewrite, got ${JSON.stringify(sum)}`,
              );
            return { rewrite: elapsed };
          },
          async (driver) => {
            await driver.writeRange(0, 0, initial);
            await driver.writeCell(0, 6, `=SUM(A1:A${n})`);
          },
        ),
      }),
    );
    rows.push(
      row(
        `W2-agg n=${n.toLocaleString('en-US')}: rewrite A1:A{n} under a SUM`,
        'ms',
        figureOf(results, 'rewrite'),
      ),
    );
  }
  const middle = rows[1]!.variants;
  const largest = rows[2]!.variants;
  const growth = (variant: Variant): number => largest[variant]!.median / middle[variant]!.median;
  const limit = (W2_AGG_SIZES[2] / W2_AGG_SIZES[1]) * LINEARITY_SLACK;
  return {
    rows,
    targets: (['inProcess', 'http'] as const).map((variant) => ({
      target: `W2-agg grows linearly (${variant === 'http' ? 'HTTP' : 'in-process'}: time(100k) ÷ time(10k) ≤ ${limit})`,
      measured: `${growth(variant).toFixed(1)}× (raw ${growth('raw').toFixed(1)}×)`,
      met: growth(variant) <= limit,
    })),
    notes: [],
  };
}
