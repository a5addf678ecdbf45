// The run's JSON report and its one-line summaries: the progress line per finished task on
// stderr and the score line, the last line on stdout.
import type { ChainResult } from '../../src/agent/index.js';

export interface TokenCounts {
  readonly input: number;
  readonly output: number;
  readonly total: number;
}

export interface CaseReport {
  readonly n: number;
  readonly passed: boolean;
  /** The first difference or the reason the case could not be scored; null when it passed. */
  readonly mismatch: string | null;
}

export interface TaskReport {
  readonly id: string | number;
  readonly instruction_type: string;
  /** Every test case passed (the benchmark's hard score). */
  readonly passed: boolean;
  /** The fraction of test cases passed (the benchmark's soft score). */
  readonly soft_score: number;
  readonly test_cases: readonly CaseReport[];
  /** Chain steps taken on test case 1 (the model calls that answered). */
  readonly steps: number;
  /** Why the chain stopped; null when it never ran. */
  readonly stop_reason: string | null;
  /** What went wrong for the task as a whole (import, model, chain); null otherwise. */
  readonly error: string | null;
  readonly tokens: TokenCounts;
  readonly seconds: number;
}

export interface BenchReport {
  readonly model: string;
  readonly started_at: string;
  readonly finished_at: string;
  readonly tasks: readonly TaskReport[];
  readonly score: { readonly passed: number; readonly total: number; readonly percent: number };
  readonly tokens: TokenCounts;
}

export const NO_TOKENS: TokenCounts = { input: 0, output: 0, total: 0 };

export function addTokens(...counts: readonly TokenCounts[]): TokenCounts {
  return counts.reduce(
    (sum, next) => ({
      input: sum.input + next.input,
      output: sum.output + next.output,
      total: sum.total + next.total,
    }),
    NO_TOKENS,
  );
}

/** A chain's tokens, every step and tool round included, in the report's shape. */
export function chainTokens(chain: Pick<ChainResult, 'usage'>): TokenCounts {
  return {
    input: chain.usage.input_tokens,
    output: chain.usage.output_tokens,
    total: chain.usage.total_tokens,
  };
}

/** Percent of tasks passed, to one decimal (0 for an empty run). */
export function percentOf(passed: number, total: number): number {
  return total === 0 ? 0 : Math.round((passed / total) * 1000) / 10;
}

export function buildReport(
  model: string,
  startedAt: Date,
  finishedAt: Date,
  tasks: readonly TaskReport[],
): BenchReport {
  const passed = tasks.filter((task) => task.passed).length;
  return {
    model,
    started_at: startedAt.toISOString(),
    finished_at: finishedAt.toISOString(),
    tasks,
    score: { passed, total: tasks.length, percent: percentOf(passed, tasks.length) },
    tokens: addTokens(...tasks.map((task) => task.tokens)),
  };
}

/** The last line on stdout, e.g. `score: 2/3 tasks (66.7 %)`. */
export function scoreLine(report: BenchReport): string {
  const { passed, total, percent } = report.score;
  return `score: ${passed}/${total} tasks (${percent.toFixed(1)} %)`;
}

/** `[3/20] 59196 pass 2 steps 1834 tokens 7.4 s`, and the error when the task had one. */
export function progressLine(finished: number, total: number, task: TaskReport): string {
  const verdict = task.passed ? 'pass' : 'fail';
  const line = `[${finished}/${total}] ${task.id} ${verdict} ${task.steps} steps ${task.tokens.total} tokens ${task.seconds.toFixed(1)} s`;
  if (task.error === null) return line;
  const firstLine = task.error.split('\n', 1)[0]!;
  return `${line} (${firstLine.length > 160 ? `${firstLine.slice(0, 157)}...` : firstLine})`;
}
