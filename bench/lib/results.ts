// What a workload reports, and how the runner prints it. Ratios are Gridbook ÷ raw of the
// medians of the same run; for a throughput (higher is better) a ratio below 1 is slower.
import type { ServerOptions } from './server.js';
import type { Stats } from './stats.js';

export type Variant = 'raw' | 'inProcess' | 'http';
export const VARIANTS: readonly Variant[] = ['raw', 'inProcess', 'http'];
export const VARIANT_LABELS: Readonly<Record<Variant, string>> = {
  raw: 'raw HF',
  inProcess: 'in-process',
  http: 'HTTP',
};

export type Unit = 'ms' | 'writes/s' | 'MiB' | 'MB' | 'bytes';

export interface ResultRow {
  /** What was measured, e.g. "eval 500 formulas" or "save, 100,000 cells". */
  readonly case: string;
  readonly unit: Unit;
  readonly higherIsBetter?: boolean;
  readonly variants: Partial<Record<Variant, Stats>>;
  readonly note?: string;
}

export interface TargetCheck {
  readonly target: string;
  readonly measured: string;
  readonly met: boolean;
}

export interface WorkloadReport {
  readonly rows: ResultRow[];
  readonly targets: TargetCheck[];
  readonly notes?: string[];
}

export interface WorkloadResult extends WorkloadReport {
  readonly id: string;
  readonly title: string;
  readonly status: 'ok' | 'unavailable' | 'failed';
  readonly reason?: string;
  readonly seconds: number;
}

export interface BenchContext {
  readonly runs: number;
  readonly warmups: number;
  readonly serverOptions: ServerOptions;
  log(line: string): void;
}

export interface Workload {
  readonly id: string;
  readonly title: string;
  run(context: BenchContext): Promise<WorkloadReport>;
}

/** Thrown when the server lacks the endpoints a workload needs (a feature not built yet). */
export class EndpointUnavailableError extends Error {
  constructor(readonly missing: readonly string[]) {
    super(`the server does not offer ${missing.join(', ')} yet`);
    this.name = 'EndpointUnavailableError';
  }
}

export function ratio(row: ResultRow, variant: Variant): number | undefined {
  const raw = row.variants.raw?.median;
  const mine = row.variants[variant]?.median;
  if (raw === undefined || mine === undefined || raw === 0) return undefined;
  return mine / raw;
}

export function row(
  caseName: string,
  unit: Unit,
  variants: Partial<Record<Variant, Stats>>,
  extra: { higherIsBetter?: boolean; note?: string } = {},
): ResultRow {
  return { case: caseName, unit, variants, ...extra };
}
