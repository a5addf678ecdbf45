// Where typed text and formulas find the number formats of a workbook's cells: for the write
// builders (a formula lends the format of what it reads) and /eval's display of a dry run.
import {
  formulaNumberFormat,
  setsNumberFormat,
  type NumberFormatLookup,
} from './format/formula-format.js';
import type { SheetView } from './workbook.js';
import type { WorkbookReader } from './workbook-handle.js';

/** The number formats of `workbook`'s cells; a reference without a sheet reads `sheet`. */
export function numberFormatsOf(workbook: WorkbookReader, sheet: SheetView): NumberFormatLookup {
  const viewOf = (name: string | undefined): SheetView | undefined => {
    if (name === undefined) return sheet;
    const lower = name.toLowerCase();
    return workbook.sheetNames.some((known) => known.toLowerCase() === lower)
      ? workbook.sheet(name)
      : undefined;
  };
  return {
    // Read only for a formula (a plain value's write never asks).
    get any() {
      return workbook.sheetNames.some((name) => workbook.sheet(name).hasFormats);
    },
    at: (name, row, col) => viewOf(name)?.format(row, col)?.number_format,
  };
}

/**
 * The number format a formula shows through at `row`, `col` of `sheet`: the cell's own, or the
 * one the formula would take typed there (core/format/formula-format.ts); undefined for General.
 */
export function shownNumberFormat(
  formats: NumberFormatLookup,
  formula: string,
  row: number,
  col: number,
): string | undefined {
  const own = formats.at(undefined, row, col);
  if (setsNumberFormat(own)) return own;
  return formulaNumberFormat(formula, formats);
}
