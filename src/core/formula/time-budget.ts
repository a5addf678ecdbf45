// A time budget for formula evaluation. HyperFormula computes synchronously and cannot be
// interrupted from outside, but every formula it computes goes through its interpreter's
// evaluateAst (wrapped once in result-limits.ts) and every recalculation through one of its
// evaluator's entry points (run after a build, partialRun after changes, runAndForget for
// /eval). Inside a budgeted scope the evaluator's entry starts a clock; the interpreter looks at
// it every few nodes, and once the budget is spent every node still to be evaluated answers an
// error at once, so the rest of the recalculation takes no more than a walk over the cells.
// The scope then reports that it ran out: those error values are not results, and the caller
// throws the change away (the workbook rolls it back and rebuilds its engine).

/** How many interpreter steps pass between two looks at the clock (a look costs ~50 ns). */
const STEPS_BETWEEN_CHECKS = 4;

interface Scope {
  readonly ms: number;
  deadline: number;
  exceeded: boolean;
}

let scope: Scope | undefined;
let steps = 0;

/**
 * Runs `fn` with formula evaluation bounded to `ms` milliseconds per recalculation (no bound
 * when `ms` is undefined). `exceeded` says whether a recalculation ran out, in which case
 * some computed values are the budget's error and not results.
 */
export function runWithinTimeBudget<T>(
  ms: number | undefined,
  fn: () => T,
): { value: T; exceeded: boolean } {
  const outer = scope;
  const own: Scope | undefined =
    ms === undefined ? undefined : { ms, deadline: Infinity, exceeded: false };
  scope = own;
  try {
    return { value: fn(), exceeded: own?.exceeded === true };
  } finally {
    scope = outer;
  }
}

/** Called by the interpreter before each node: true once the running recalculation is out of time. */
export function budgetSpent(): boolean {
  const current = scope;
  if (current === undefined || current.deadline === Infinity) return false;
  if (current.exceeded) return true;
  steps += 1;
  if (steps < STEPS_BETWEEN_CHECKS) return false;
  steps = 0;
  if (performance.now() <= current.deadline) return false;
  current.exceeded = true;
  return true;
}

type EvaluatorEntry = (this: unknown, ...args: unknown[]) => unknown;

/** Wraps an evaluator entry point so that, inside a budgeted scope, the clock starts with it. */
export function timedEntry(entry: EvaluatorEntry): EvaluatorEntry {
  return function (this: unknown, ...args: unknown[]): unknown {
    const current = scope;
    // Outside a scope, or already timed by an outer entry: nothing to start.
    if (current === undefined || current.deadline !== Infinity) return entry.apply(this, args);
    current.deadline = performance.now() + current.ms;
    steps = 0;
    try {
      return entry.apply(this, args);
    } finally {
      current.deadline = Infinity;
    }
  };
}
