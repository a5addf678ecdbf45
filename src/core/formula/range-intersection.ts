// The cell of a range in a formula's own row (a column range) or column (a row range): Excel's
// implicit intersection, for implicit-intersection.ts (a formula whose result is a range) and
// for the functions that intersect an argument (OFFSET's computed arguments, criteria). Apart
// from both so that neither imports the other.
import { CellError, ErrorType, type SimpleRangeValue } from 'hyperformula';

/** Where a formula is being evaluated (HyperFormula's InterpreterState, as far as read here). */
export interface FormulaPlace {
  readonly formulaAddress: { readonly sheet: number; readonly row: number; readonly col: number };
}

interface RangeBounds {
  readonly start: { readonly sheet: number; readonly row: number; readonly col: number };
  width(): number;
  height(): number;
}

const NO_INTERSECTION = 'the range has no cell in the formula’s row or column';

/**
 * Where a reference's range meets the formula's row (a column range) or column (a row range), as
 * a row and column within the range; undefined when it does not, or the value is no reference.
 */
export function intersectionOffset(
  value: SimpleRangeValue,
  state: FormulaPlace,
): { readonly row: number; readonly col: number } | undefined {
  const range = (value as unknown as { range?: RangeBounds }).range;
  const here = state.formulaAddress;
  // By row and column number alone: a range on another sheet is intersected the same way
  // (poi/StructuredReferences.xlsx: Formulas!A2 =\_Prime.1[Name] is Table!B2).
  if (range === undefined) return undefined;
  if (range.width() === 1) {
    const offset = here.row - range.start.row;
    if (offset >= 0 && offset < range.height()) return { row: offset, col: 0 };
  } else if (range.height() === 1) {
    const offset = here.col - range.start.col;
    if (offset >= 0 && offset < range.width()) return { row: 0, col: offset };
  }
  return undefined;
}

/** The value of the range's cell in the formula's row or column, or #VALUE! when it has none. */
export function intersect(value: SimpleRangeValue, state: FormulaPlace): unknown {
  const at = intersectionOffset(value, state);
  return at === undefined
    ? new CellError(ErrorType.VALUE, NO_INTERSECTION)
    : value.data[at.row]![at.col];
}
