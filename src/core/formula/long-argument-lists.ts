// A function HyperFormula hands a range's cells as separate arguments (its metadata's
// `expandRanges`: MULTINOMIAL, COUNTUNIQUE, and any plugin's that asks for it) is called with one
// spread argument per cell; past about 120,000 cells that call overflowed the stack and the
// write failed with "the formula engine could not compute this change". Such a call with more
// values than MAX_SPREAD_VALUES is #VALUE! saying so, before the spread: a cell's answer, never
// a failed write. Functions that take whole columns (COUNTBLANK, TEXTJOIN, the aggregates) read
// their ranges without the spread.
import { CellError, ErrorType, FunctionPlugin } from 'hyperformula';

/** Values one spread call may take: well under what overflows the stack inside a request. */
export const MAX_SPREAD_VALUES = 50_000;

type SingleCell = (
  this: unknown,
  state: unknown,
  values: readonly unknown[],
  ...rest: unknown[]
) => unknown;

let installed = false;

export function refuseOverlongArgumentLists(): void {
  if (installed) return;
  const prototype = FunctionPlugin.prototype as unknown as {
    calculateSingleCellOfResultArray?: SingleCell;
  };
  const calculate = prototype.calculateSingleCellOfResultArray;
  if (typeof calculate !== 'function')
    throw new Error(
      'HyperFormula no longer calls functions through calculateSingleCellOfResultArray; long-argument-lists.ts cannot keep a long range from overflowing the stack.',
    );
  prototype.calculateSingleCellOfResultArray = function (state, values, ...rest) {
    if (values.length > MAX_SPREAD_VALUES)
      return new CellError(
        ErrorType.VALUE,
        `this function takes at most ${MAX_SPREAD_VALUES} values from its ranges, and was given ${values.length}; give it a smaller range`,
      );
    return calculate.call(this, state, values, ...rest);
  };
  installed = true;
}
