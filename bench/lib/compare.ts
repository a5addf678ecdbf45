// Runs the same work for each variant (raw HyperFormula, Gridbook in-process, Gridbook over
// HTTP), interleaved: every round runs each variant once, so load from other work on the
// machine falls on all variants alike and the ratios of one run stay meaningful.
import type { Variant } from './results.js';
import { collectGarbage, summarize, type Stats } from './stats.js';

export interface VariantPlan<S, F extends Record<string, number>> {
  /** Untimed: fresh state for one run. */
  readonly setup?: () => Promise<S> | S;
  /** Timed by the plan itself: returns the run's figures (milliseconds, writes/s …). */
  readonly run: (state: S) => Promise<F> | F;
  /** Untimed clean-up. */
  readonly teardown?: (state: S) => Promise<void> | void;
}

export type Figures<F extends Record<string, number>> = { [K in keyof F]: Stats };

export interface CompareOptions<F extends Record<string, number>> {
  readonly warmups: number;
  readonly runs: number;
  // Each variant keeps its own state type; `any` here only erases it for the shared loop.
  readonly variants: Partial<Record<Variant, VariantPlan<any, F>>>;
  readonly log?: (line: string) => void;
  readonly label?: string;
}

export async function compareVariants<F extends Record<string, number>>(
  options: CompareOptions<F>,
): Promise<Partial<Record<Variant, Figures<F>>>> {
  const samples = new Map<Variant, Map<keyof F, number[]>>();
  const rounds = options.warmups + options.runs;
  for (let round = 0; round < rounds; round += 1) {
    const measured = round >= options.warmups;
    options.log?.(
      `${options.label ?? ''} ${measured ? `run ${round - options.warmups + 1}/${options.runs}` : 'warm-up'}`.trim(),
    );
    for (const [variant, plan] of Object.entries(options.variants) as [
      Variant,
      VariantPlan<unknown, F>,
    ][]) {
      const state = plan.setup === undefined ? undefined : await plan.setup();
      try {
        const figures = await plan.run(state);
        if (measured) {
          const perVariant = samples.get(variant) ?? new Map<keyof F, number[]>();
          for (const [name, value] of Object.entries(figures) as [keyof F, number][])
            perVariant.set(name, [...(perVariant.get(name) ?? []), value]);
          samples.set(variant, perVariant);
        }
      } finally {
        await plan.teardown?.(state);
      }
      collectGarbage();
    }
  }
  const result: Partial<Record<Variant, Figures<F>>> = {};
  for (const [variant, figures] of samples) {
    result[variant] = Object.fromEntries(
      [...figures].map(([name, values]) => [name, summarize(values)]),
    ) as Figures<F>;
  }
  return result;
}

/** The stats of one figure for each variant that measured it. */
export function figureOf<F extends Record<string, number>>(
  results: Partial<Record<Variant, Figures<F>>>,
  name: keyof F,
): Partial<Record<Variant, Stats>> {
  const picked: Partial<Record<Variant, Stats>> = {};
  for (const [variant, figures] of Object.entries(results) as [Variant, Figures<F>][]) {
    if (figures[name] !== undefined) picked[variant] = figures[name];
  }
  return picked;
}
