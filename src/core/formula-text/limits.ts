// How many cells one formula's ranges may cover, counted from its text (formula-limits.ts
// refuses a formula past it before the engine sees it). Here, in the browser-safe formula text
// module, because the page keeps its own formulas under it too (the status bar's totals).

/** Cells all ranges of one formula may cover; whole-column ranges (A:C) are not counted. */
export const MAX_FORMULA_RANGE_CELLS = 250_000;
