// POST /eval: dry-run formulas against the workbook as it is. Nothing is written, and each
// item is evaluated on its own, so one failing formula never affects its neighbours.
import { setImmediate as turn } from 'node:timers/promises';
import {
  displayText,
  isFormulaError,
  normalizeFormula,
  numberFormatsOf,
  shownNumberFormat,
  SENTINELS,
  SLICE_MS,
  tryParseCell,
  typedFormula,
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
  /** With `display` asked for: the result as its cell would show it. */
  readonly display?: string;
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

function evaluateItem(
  workbook: WorkbookReader,
  sheet: string,
  { cell, formula }: EvalRequestItem,
  deadline: number,
  budget: EvalBudget | undefined,
  display = false,
): EvalResultItem {
  const at = tryParseCell(cell);
  if (at === undefined) return { cell, result: null, error: SENTINELS.invalidAddress };
  if (budget !== undefined && budget.now() > deadline)
    return { cell, result: null, error: SENTINELS.notAvailable };
  const text = formula.trim();
  const withEquals = text.startsWith('=') ? text : `=${text}`;
  const remaining = budget === undefined ? undefined : Math.max(1, deadline - budget.now());
  // Evaluated as the same formula typed into its cell would be: as an Excel 365 (array) formula,
  // at that cell (ROW(), implicit intersection), so the dry run agrees with the commit.
  const value = workbook.evaluate(sheet, typedFormula(normalizeFormula(withEquals)), remaining, {
    row: at.row,
    col: at.col,
  });
  const item: EvalResultItem = isFormulaError(value)
    ? { cell, result: null, error: value.sentinel }
    : { cell, result: value, error: null };
  if (!display) return item;
  const view = workbook.sheet(sheet);
  const code = shownNumberFormat(numberFormatsOf(workbook, view), withEquals, at.row, at.col);
  return {
    ...item,
    display: displayText(value, code === undefined ? undefined : { number_format: code }),
  };
}

/** All items at once, without yielding (the agent's few look-up formulas). */
export function evaluateFormulas(
  workbook: WorkbookReader,
  sheetName: string | undefined,
  items: readonly EvalRequestItem[],
  budget?: EvalBudget,
): EvalResponse {
  const sheet = workbook.sheet(sheetName).name;
  const deadline = budget === undefined ? Infinity : budget.now() + budget.ms;
  return {
    sheet,
    results: items.map((item) => evaluateItem(workbook, sheet, item, deadline, budget)),
  };
}

/**
 * The items in slices of about SLICE_MS, yielding to the event loop between them (POST /eval,
 * MCP eval_formulas). Each item still has what is left of the request's budget; a change
 * committed by another request between slices is seen by the items after it.
 */
export async function evaluateFormulasInSlices(
  workbook: WorkbookReader,
  sheetName: string | undefined,
  items: readonly EvalRequestItem[],
  budget: EvalBudget,
  display = false,
): Promise<EvalResponse> {
  const sheet = workbook.sheet(sheetName).name;
  const deadline = budget.now() + budget.ms;
  const results: EvalResultItem[] = [];
  let sliceStarted = budget.now();
  let sheetGone = false;
  for (const item of items) {
    if (budget.now() - sliceStarted >= SLICE_MS) {
      await turn();
      sliceStarted = budget.now();
      // Another request may have deleted or renamed the sheet meanwhile.
      sheetGone = !workbook.sheetNames.includes(sheet);
    }
    results.push(
      sheetGone
        ? { cell: item.cell, result: null, error: SENTINELS.notAvailable }
        : evaluateItem(workbook, sheet, item, deadline, budget, display),
    );
  }
  return { sheet, results };
}
