// Implicit intersection of a formula whose whole result is a range (`=L:L`, `=$E$2:$K$2`, a
// defined name): Excel, for a formula that is not an array formula, takes the one cell of the
// range in the formula's own row (a column range) or column (a row range), and #VALUE! when there
// is none (Microsoft: "Implicit intersection operator: @"). Workbooks saved by Excel store such
// formulas as written, so their cells hold that cell's value. HyperFormula intersects ranges
// inside operators (`=A1:A3*2`) but answered #VALUE! for a range that is the whole result; its
// evaluator's last step is wrapped, once, on the prototype, as result-limits.ts does for text.
// Array formulas (SEQUENCE, SORT … that spill) are left alone: their range is their result. An
// array answered by a formula whose size was not known when it was parsed (INDEX(r, 0, 2),
// IFERROR(G4:G7/H4:H7, 0)) shows its first value, as Excel's spilling formula shows its anchor;
// so does a reference a function computed (OFFSET(B2:F6,B17,C17,2,1), INDIRECT(…)), which Excel
// 365 spills too. A legacy formula of a file keeps Excel's intersection of such a reference: the
// xlsx import writes it with `@` (SINGLE, core/legacy-single.ts), as Excel 365 shows it.
import { EmptyValue, SimpleRangeValue } from 'hyperformula';
import { isComputedReference } from './dynamic-references.js';
import { internalPrototype } from './engine-internals.js';
import { intersect, type FormulaPlace } from './range-intersection.js';

interface Evaluator {
  evaluateAstToCellValue(ast: unknown, state: EvaluationState): unknown;
}

interface EvaluationState extends FormulaPlace {
  /** The cell's formula vertex; an array formula's carries its array. */
  readonly formulaVertex?: { readonly array?: unknown };
}

let intersecting = false;

/**
 * The whole array or range each one-cell formula last answered (it shows one value of it): what
 * `A1#` (ANCHORARRAY) reads of it, as Excel 365's spill holds every value.
 */
const arraysBehind = new WeakMap<object, SimpleRangeValue>();

/** The array a one-cell formula vertex answered and shows the first value of, if any. */
export function arrayBehind(vertex: object): SimpleRangeValue | undefined {
  return arraysBehind.get(vertex);
}

export function intersectRangeResults(): void {
  if (intersecting) return;
  const prototype = internalPrototype<Evaluator>(
    ['evaluator'],
    ['evaluateAstToCellValue'],
    'HyperFormula no longer exposes its evaluator; implicit-intersection.ts cannot apply.',
  );
  const evaluate = prototype.evaluateAstToCellValue;
  prototype.evaluateAstToCellValue = function (
    this: Evaluator,
    ast: unknown,
    state: EvaluationState,
  ): unknown {
    const value = evaluate.call(this, ast, state);
    // Defined names are formula vertices too, on HyperFormula's sheet -1: a name standing for a
    // range yields the range, and the cell using it intersects (or not) itself.
    const scalarCell =
      state.formulaVertex !== undefined &&
      state.formulaVertex.array === undefined &&
      state.formulaAddress.sheet >= 0;
    if (!scalarCell) return value;
    const vertex = state.formulaVertex as object;
    if (!(value instanceof SimpleRangeValue)) {
      if (arraysBehind.has(vertex)) arraysBehind.delete(vertex);
      return value;
    }
    // Excel 365 spills the whole array or range (`=A2:A5` saved as a dynamic array formula).
    arraysBehind.set(vertex, value);
    // An array (not a range) where one value is wanted shows its first value, as Excel shows a
    // spilling formula's anchor (and a one-cell legacy array formula its first element).
    return value.isAdHoc() || isComputedReference(value)
      ? (value.data[0]?.[0] ?? EmptyValue)
      : intersect(value, state);
  };
  intersecting = true;
}
