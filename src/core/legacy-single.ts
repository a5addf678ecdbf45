// Formulas of an xlsx file that are no array formula (no `<f t="array">`): Excel evaluates them as
// it did before dynamic arrays, so where the whole result is an array or a range the cell shows
// one value, its implicit intersection (Microsoft, "Implicit intersection operator: @": Excel 365
// shows such a formula authored in an older version with `@` before a function that can return
// a multi-cell range or array). Gridbook's engine would spill that result (MINVERSE, TREND …, sized
// when parsed) or show its first value (OFFSET, INDIRECT), so the import writes the formula as
// Excel 365 shows it, with `@`, spelled SINGLE(…) as Excel stores the operator (`_xlfn.SINGLE`).
// The other way round, the export marks a formula calling one of these functions as a dynamic
// array formula even when it answers one value, as Excel 365 saves one, so neither Excel nor our
// import reads it with `@`.
import { tokenizeFormula } from './formula-text/index.js';

/** The function the `@` operator is stored as (Microsoft: "_xlfn.SINGLE"). */
export const SINGLE = 'SINGLE';

/**
 * Functions whose result, as a whole formula, is an array or a reference of several cells in
 * Gridbook's engine: the arrays it sizes when parsing (and spills) and the references computed
 * while evaluating (OFFSET, INDIRECT).
 */
export const ARRAY_RESULT_FUNCTIONS: ReadonlySet<string> = new Set([
  'BYCOL',
  'BYROW',
  'CHOOSECOLS',
  'CHOOSEROWS',
  'DROP',
  'EXPAND',
  'FILTER',
  'FREQUENCY',
  'GROWTH',
  'HSTACK',
  'INDIRECT',
  'LINEST',
  'LOGEST',
  'MAKEARRAY',
  'MAP',
  'MINVERSE',
  'MMULT',
  'MODE.MULT',
  'MUNIT',
  'OFFSET',
  'RANDARRAY',
  'SCAN',
  'SEQUENCE',
  'SORT',
  'SORTBY',
  'TAKE',
  'TEXTSPLIT',
  'TOCOL',
  'TOROW',
  'TRANSPOSE',
  'TREND',
  'UNIQUE',
  'VSTACK',
  'WRAPCOLS',
  'WRAPROWS',
  'XLOOKUP',
]);

/** The function a formula is one whole call of (`=MINVERSE(C1:D2)`), upper-case; else undefined. */
function outermostCall(formula: string): string | undefined {
  const tokens = tokenizeFormula(formula);
  const [first, open] = tokens;
  if (first?.kind !== 'function' || open?.kind !== 'open') return undefined;
  let depth = 0;
  for (const [index, token] of tokens.entries()) {
    if (token.kind === 'open') depth += 1;
    else if (token.kind === 'close') {
      depth -= 1;
      // The call's own closing parenthesis must end the formula.
      if (depth === 0) return index === tokens.length - 1 ? first.name : undefined;
    }
  }
  return undefined;
}

/** Whether the formula is one call of a function that answers an array or a range of cells. */
export function answersArray(formula: string): boolean {
  const name = outermostCall(formula);
  return name !== undefined && ARRAY_RESULT_FUNCTIONS.has(name.replace(/^_XLFN\./, ''));
}

/**
 * A file's non-array formula as the workbook holds it: `=@F` (`=SINGLE(F)`) when F is one call of
 * a function answering an array or a range, which would otherwise spill; the formula otherwise.
 */
export function legacyIntersection(formula: string): string {
  if (!answersArray(formula)) return formula;
  const inner = formula.startsWith('=') ? formula.slice(1) : formula;
  return `=${SINGLE}(${inner})`;
}
