// Summaries of repeated measurements. Medians are what the report compares: one slow run on a
// shared machine must not decide a ratio.

export interface Stats {
  readonly samples: readonly number[];
  readonly min: number;
  readonly median: number;
  readonly max: number;
}

export function summarize(samples: readonly number[]): Stats {
  if (samples.length === 0)
    throw new Error('summarize: no samples; run the measurement at least once.');
  const sorted = [...samples].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const median =
    sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  return { samples: [...samples], min: sorted[0]!, median, max: sorted[sorted.length - 1]! };
}

/** Milliseconds since an arbitrary origin, with sub-millisecond resolution. */
export function now(): number {
  return performance.now();
}

/** Times one call of `fn` in milliseconds. */
export async function timeMs(fn: () => unknown): Promise<number> {
  const start = now();
  await fn();
  return now() - start;
}

/** A full GC between runs when the runner was started with --expose-gc (npm run bench is). */
export function collectGarbage(): void {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc !== undefined) gc();
}
