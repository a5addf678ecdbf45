// How many cells one formula's ranges may cover: bounded ranges counted from its text
// (formula-limits.ts refuses a formula past it before the engine sees it), whole-column and
// whole-row ranges at the sheet's measured size (whole-line-ranges.ts). Here, in the
// browser-safe formula text module, because the page keeps its own formulas under both too (the
// status bar's totals).

/** Cells all ranges of one formula may cover; whole-column ranges (A:C) are not counted. */
export const MAX_FORMULA_RANGE_CELLS = 250_000;

/**
 * Addresses all whole-column and whole-row ranges of one formula may reach, at the sheet's
 * measured height and width (four full columns); past it the formula is #REF!.
 */
export const MAX_WHOLE_LINE_CELLS = 4 * 1_048_576;
