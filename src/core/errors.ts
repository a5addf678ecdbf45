// Domain violations as typed errors with structured details. Status codes live only in
// http/errors.ts; messages say what was wrong and how to fix it.

export abstract class WorkbookError extends Error {
  override readonly name: string = this.constructor.name;
}

export class InvalidAddressError extends WorkbookError {
  /** `hint`: how to fix this text in particular (address/sheetQuotingHint), after the rule. */
  constructor(
    readonly field: string,
    readonly text: string,
    hint?: string,
  ) {
    super(
      `${field}: "${text.length > 60 ? `${text.slice(0, 60)}…` : text}" is not valid A1 notation ` +
        '(expected column letters A..XFD then a row 1..1048576, for example B7 or A1:C9).' +
        (hint === undefined ? '' : ` ${hint}`),
    );
  }
}

export class SheetNotFoundError extends WorkbookError {
  constructor(
    readonly sheet: string,
    readonly field = 'sheet',
  ) {
    super(`${field}: sheet "${sheet}" does not exist.`);
  }
}

export class DuplicateSheetError extends WorkbookError {
  constructor(
    readonly sheet: string,
    readonly field = 'name',
  ) {
    super(`${field}: a sheet named "${sheet}" already exists (sheet names are case-insensitive).`);
  }
}

export class InvalidNameError extends WorkbookError {
  constructor(
    readonly field: string,
    problem: string,
  ) {
    super(`${field}: ${problem}`);
  }
}

export class LastSheetError extends WorkbookError {
  constructor(readonly sheet: string) {
    super(`name: "${sheet}" is the only sheet; a workbook keeps at least one sheet.`);
  }
}

export class CellLockedError extends WorkbookError {
  constructor(
    readonly sheet: string,
    readonly cells: readonly string[],
  ) {
    super(
      `Cell ${cells[0]} on sheet "${sheet}" is locked` +
        (cells.length > 1 ? ` (and ${cells.length - 1} more locked target cell(s))` : '') +
        '; unlock it first with POST /grid/unlock. Nothing was written.',
    );
  }
}

export class VersionConflictError extends WorkbookError {
  constructor(
    readonly cell: string,
    readonly expected: number,
    readonly actual: number,
  ) {
    super(
      `Cell ${cell} changed since you read it (expected version ${expected}, found ${actual}); ` +
        're-read the cell and retry. Nothing was written.',
    );
  }
}

/** A version-checked undo whose step on top of the shared history is not (only) the caller's cells. */
/** `change` completes "The last change in the history …": "writes B3", "was made by another client or tool". */
export class UndoStepConflictError extends WorkbookError {
  constructor(readonly change: string) {
    super(
      `The last change in the history ${change}, which is not yours: undoing it would revert someone else's change. Nothing was undone.`,
    );
  }
}

export class ChartNotFoundError extends WorkbookError {
  constructor(
    readonly chartId: string,
    readonly sheet: string,
  ) {
    super(`Chart "${chartId}" not found on sheet "${sheet}".`);
  }
}

export class InvalidChartError extends WorkbookError {
  constructor(
    readonly field: string,
    problem: string,
  ) {
    super(`${field}: ${problem}`);
  }
}

export class InvalidOperationError extends WorkbookError {
  constructor(
    readonly field: string,
    problem: string,
  ) {
    super(`${field}: ${problem}`);
  }
}

export class TooLargeError extends WorkbookError {
  constructor(
    readonly field: string,
    problem: string,
  ) {
    super(`${field}: ${problem}`);
  }
}

/**
 * A change whose recalculation took longer than the workbook's formula time budget
 * (GRIDBOOK_FORMULA_BUDGET_MS): refused whole, like any limit, and the workbook is as it was.
 */
export class FormulaTimeBudgetError extends TooLargeError {
  constructor(readonly budgetMs: number) {
    super(
      'formulas',
      `computing this change took longer than the formula time budget (GRIDBOOK_FORMULA_BUDGET_MS, ${budgetMs} ms); nothing was changed. ` +
        'Write the formulas in smaller parts, or make them cover fewer cells.',
    );
  }
}

/**
 * The formula engine threw while applying a change (not a refusal of the change itself). The
 * whole change was rolled back and the engine rebuilt from the sheets, so nothing is half done.
 */
export class EngineFailureError extends WorkbookError {
  constructor(override readonly cause: unknown) {
    super(
      `The formula engine could not compute this change (${cause instanceof Error ? cause.message : String(cause)}); nothing was changed. ` +
        'If it holds a very long or deeply nested formula, split it over several cells.',
    );
  }
}
