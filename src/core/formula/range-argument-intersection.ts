// A custom function outside an array formula given a range where it reads one value (plainArg's
// RangeForValue): Excel's formula without array entry takes the range's cell in the formula's own
// row (a column range) or column (a row range), and #VALUE! when there is none, its implicit
// intersection (Microsoft: "Implicit intersection operator: @"). ironcalc
// MATH_AND_TRIGONOMETRY--ROUND.xlsx M4 =ROUNDUP(J2:J7, 2) is ROUNDUP(J4, 2); poi
// FormulaEvalTestData_Copy.xlsx M1188 =ROUNDUP(K8:N8,2) is ROUNDUP(M8,2). Array formulas lift the
// call over the range instead (array-lifting.ts).
import type { SingleCall } from './array-lifting.js';
import { RangeForValue } from './excel-arguments.js';
import type { FunctionArgument } from './function-registry.js';
import type { CellValue } from './sentinels.js';

/** The intersected cell of argument `index`, or undefined when it is no reference. */
export type IntersectArgument = (index: number) => CellValue | undefined;

/** The call, with each range it reads as one value replaced by its intersected cell. */
export function callIntersectingRanges(
  call: SingleCall,
  args: readonly FunctionArgument[],
  intersectArgument: IntersectArgument,
): CellValue {
  const values = [...args];
  // Each retry replaces one more argument, so the call runs at most once per argument, plus one.
  for (let attempt = 0; ; attempt += 1) {
    try {
      return call(values);
    } catch (error) {
      if (!(error instanceof RangeForValue) || attempt >= args.length) throw error;
      const index = values.indexOf(error.range);
      const cell = index < 0 ? undefined : intersectArgument(index);
      if (cell === undefined) throw error;
      values[index] = cell;
    }
  }
}
