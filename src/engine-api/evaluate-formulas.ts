// POST /eval: dry-run formulas against the workbook as it is. Nothing is written, and each
// item is evaluated on its own, so one failing formula never affects its neighbours.
import {
  isFormulaError,
  normalizeFormula,
  SENTINELS,
  tryParseCell,
  type WorkbookReader,
} from '../core/index.js';

export interface EvalRequestItem {
  readonly cell: string;
  readonly formula: string;
}

export interface EvalResultItem {
  readonly cell: string;
  readonly result: number | string | boolean | null;
  readonly error: string | null;
}

export interface EvalResponse {
  readonly sheet: string;
  readonly results: EvalResultItem[];
}

/**
 * How long one request may keep the server evaluating. An item still computing when the
 * budget runs out stops there (the engine's time budget) and answers #N/A (not available), as
 * do the items after it, unevaluated: 500 slow formulas cannot hold every other request for
 * minutes.
 */
export interface EvalBudget {
  readonly ms: number;
  /** A monotonic clock in milliseconds (performance.now), injected. */
  readonly now: () => number;
}

export function evaluateFormulas(
  workbook: WorkbookReader,
  sheetName: string | undefined,
  items: readonly EvalRequestItem[],
  budget?: EvalBudget,
): EvalResponse {
  const sheet = workbook.sheet(sheetName).name;
  const deadline = budget === undefined ? Infinity : budget.now() + budget.ms;
  const results = items.map(({ cell, formula }): EvalResultItem => {
    if (tryParseCell(cell) === undefined)
      return { cell, result: null, error: SENTINELS.invalidAddress };
    if (budget !== undefined && budget.now() > deadline)
      return { cell, result: null, error: SENTINELS.notAvailable };
    const text = formula.trim();
    const withEquals = text.startsWith('=') ? text : `=${text}`;
    const remaining = budget === undefined ? undefined : Math.max(1, deadline - budget.now());
    const value = workbook.evaluate(sheet, normalizeFormula(withEquals), remaining);
    return isFormulaError(value)
      ? { cell, result: null, error: value.sentinel }
      : { cell, result: value, error: null };
  });
  return { sheet, results };
}
