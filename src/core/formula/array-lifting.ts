// A custom function applied cell by cell in an array formula. Excel evaluates an array formula
// (Ctrl+Shift+Enter, or LEGACY.ARRAY as the import keeps one) with every function that reads one
// value applied to each cell of a range given in that place: {=FIXED(C18:Q18)} is FIXED of each
// cell, and two such ranges pair up cell by cell, a one-row or one-column range repeating along
// the other axis and #N/A past the end of a shorter one (Microsoft: "Guidelines and examples of
// array formulas"). A custom function says which arguments it reads as one value by reading them
// with plainArg, whose RangeForValue error names the range; the call is then repeated over it.
// The Analysis ToolPak's functions never are: range-refusing-functions.ts has replaced such a
// reference by #VALUE! before they see it.
import { type CellValue, FormulaError, SENTINELS } from './sentinels.js';
import { RangeForValue } from './excel-arguments.js';
import { isRangeArgument, type FunctionArgument } from './function-registry.js';

/** One call of the function; it throws its errors (a FormulaError, RangeForValue among them). */
export type SingleCall = (args: readonly FunctionArgument[]) => CellValue;

const PAST_THE_END = new FormulaError(SENTINELS.notAvailable, 'past the end of a shorter range');

/** The cell of `range` at (row, col) of the result, as Excel broadcasts one. */
function cellAt(arg: FunctionArgument, row: number, col: number): CellValue {
  if (!isRangeArgument(arg)) return arg;
  const height = arg.rows.length;
  const width = arg.rows[0]?.length ?? 0;
  const from = height === 1 ? 0 : row;
  const at = width === 1 ? 0 : col;
  if (from >= height || at >= width) return PAST_THE_END;
  return arg.rows[from]![at] ?? null;
}

/** A range to lift over (by argument index), or the call's result. */
type Outcome = { readonly lift: number } | { readonly value: CellValue };

/**
 * The function's result over `args`, lifted over the ranges it reads as one value: rows of
 * results when some argument was such a range, else its single result.
 */
export function liftOverRanges(
  call: SingleCall,
  args: readonly FunctionArgument[],
): CellValue | CellValue[][] {
  const lifted = new Set<number>();
  for (;;) {
    const attempt = attemptLifted(call, args, lifted);
    if ('lift' in attempt) lifted.add(attempt.lift);
    else return attempt.value;
  }
}

function attemptLifted(
  call: SingleCall,
  args: readonly FunctionArgument[],
  lifted: ReadonlySet<number>,
): { readonly lift: number } | { readonly value: CellValue | CellValue[][] } {
  const once = (values: readonly FunctionArgument[]): Outcome => {
    try {
      return { value: call(values) };
    } catch (error) {
      if (!(error instanceof RangeForValue)) {
        // Each cell's error is that cell's answer; outside a lift the caller reports it.
        if (lifted.size > 0 && error instanceof FormulaError) return { value: error };
        throw error;
      }
      const index = args.indexOf(error.range);
      // Not one of the call's own arguments (or already lifted): the error is the answer.
      return index < 0 || lifted.has(index) ? { value: error } : { lift: index };
    }
  };
  if (lifted.size === 0) return once(args);
  let height = 1;
  let width = 1;
  for (const index of lifted) {
    const range = args[index]!;
    if (!isRangeArgument(range)) continue;
    height = Math.max(height, range.rows.length);
    width = Math.max(width, range.rows[0]?.length ?? 0);
  }
  const rows: CellValue[][] = [];
  for (let row = 0; row < height; row += 1) {
    const line: CellValue[] = [];
    for (let col = 0; col < width; col += 1) {
      const values = args.map((arg, index) => (lifted.has(index) ? cellAt(arg, row, col) : arg));
      const outcome = once(values);
      if ('lift' in outcome) return outcome;
      line.push(outcome.value);
    }
    rows.push(line);
  }
  return { value: rows };
}
