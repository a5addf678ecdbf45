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

/** The formula as people and files see it: a legacy array formula's inner formula. */
export function visibleFormula(formula: string): string {
  return legacyArrayOf(formula)?.formula ?? formula;
}
