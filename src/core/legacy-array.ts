// Legacy (Ctrl+Shift+Enter) array formulas as the workbook holds them. Excel stores one as
// `<f t="array" ref="B2:D4">` on the range's top-left cell and fills exactly that range; the
// import keeps it as `=LEGACY.ARRAY(<formula>, rows, cols)` in that cell, a function the engine
// evaluates in array mode and sizes to rows × cols (core/formula/legacy-array-function.ts), so
// it never spills further nor collides. People and files never see the wrapper: inputToText, the
// exports and every reader show the inner formula (docs/decisions/2026-11-29-legacy-array-formulas.md).

/** The engine function's name (dots are allowed in function names, as in NORM.INV). */
export const LEGACY_ARRAY = 'LEGACY.ARRAY';

export interface LegacyArray {
  /** The formula as written, with its `=`. */
  readonly formula: string;
  readonly rows: number;
  readonly cols: number;
}

const START = /^=\s*legacy\.array\(/i;
const WRAPPED = /^=\s*LEGACY\.ARRAY\(([\s\S]*),\s*(\d+)\s*,\s*(\d+)\s*\)\s*$/i;

/** `=F` filling rows × cols as a legacy array formula. */
export function legacyArrayFormula(formula: string, rows: number, cols: number): string {
  const inner = formula.startsWith('=') ? formula.slice(1) : formula;
  return `=${LEGACY_ARRAY}(${inner},${rows},${cols})`;
}

/** The inner formula and size of a wrapped legacy array formula; undefined for any other. */
export function legacyArrayOf(formula: string): LegacyArray | undefined {
  // Cheap check first: every formula read out passes here.
  if (!START.test(formula)) return undefined;
  const match = WRAPPED.exec(formula);
  if (match === null) return undefined;
  return { formula: `=${match[1]!}`, rows: Number(match[2]), cols: Number(match[3]) };
}

/** The formula as people and files see it: a legacy or dynamic array formula's inner formula. */
export function visibleFormula(formula: string): string {
  return legacyArrayOf(formula)?.formula ?? dynamicArrayOf(formula) ?? formula;
}

// Dynamic-array formulas of a file (`<f t="array">` with the dynamic-array cell metadata `cm`):
// Excel 365 evaluates them as arrays (IF(A1:A4>2, …) and SUMIF(r, {…}, s) element by element)
// and spills the result; Gridbook's engine evaluates a typed formula with implicit intersection
// instead. The import keeps such a formula as `=DYNAMIC.ARRAY(<formula>)`, which the engine
// evaluates in array mode and spills (core/formula/legacy-array-function.ts); like LEGACY.ARRAY,
// people and files see only the inner formula.

/** The engine function holding a dynamic-array formula of a file. */
export const DYNAMIC_ARRAY = 'DYNAMIC.ARRAY';

const DYNAMIC_START = /^=\s*dynamic\.array\(/i;
const DYNAMIC_WRAPPED = /^=\s*DYNAMIC\.ARRAY\(([\s\S]*)\)\s*$/i;

/** `=F` evaluated as Excel 365 evaluates a dynamic-array formula. */
export function dynamicArrayFormula(formula: string): string {
  const inner = formula.startsWith('=') ? formula.slice(1) : formula;
  return `=${DYNAMIC_ARRAY}(${inner})`;
}

/** The inner formula (with its `=`) of a wrapped dynamic-array formula; undefined for any other. */
export function dynamicArrayOf(formula: string): string | undefined {
  if (!DYNAMIC_START.test(formula)) return undefined;
  const match = DYNAMIC_WRAPPED.exec(formula);
  return match === null ? undefined : `=${match[1]!}`;
}
