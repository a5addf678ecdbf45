// How core values look on the wire: the response shapes of src/contract, built once for every
// transport (the REST routes and the MCP tools).
import {
  formatCell,
  formatLocale,
  formatRange,
  inputToText,
  isFormula,
  isFormulaError,
  spillRange,
  isEmptyLayout,
  layoutToJson,
  type CellAddress,
  type LayoutJson,
  type RangeAddress,
  type SheetView,
  type WorkbookReader,
  visibleFormula,
} from '../core/index.js';
import type {
  FormatRangeJson,
  GridCell,
  LockResponse,
  WriteCellResponse,
  HistoryResponse,
  SheetsResponse,
  WorkbookResponse,
} from '../contract/index.js';

/** The value a cell shows: null for one with neither an input nor a spilled value. */
function shownValue(
  sheet: SheetView,
  address: CellAddress,
  input: ReturnType<SheetView['input']>,
  anchor: CellAddress | undefined,
) {
  return input === null && anchor === undefined ? null : sheet.value(address.row, address.col);
}

export function cellJson(sheet: SheetView, address: CellAddress): GridCell {
  const input = sheet.input(address.row, address.col);
  const anchor = input === null ? sheet.spilledFrom(address.row, address.col) : undefined;
  const value = shownValue(sheet, address, input, anchor);
  const spill = isFormula(input)
    ? sheet.spills().find((area) => area.row === address.row && area.col === address.col)
    : undefined;
  const format = sheet.format(address.row, address.col);
  return {
    cell: formatCell(address),
    input: input === null ? null : inputToText(input),
    value: isFormulaError(value) ? value.sentinel : value,
    error: isFormulaError(value) ? value.sentinel : null,
    formula: isFormula(input) ? visibleFormula(input.formula) : null,
    version: sheet.version(address.row, address.col),
    locked: sheet.isLocked(address.row, address.col),
    ...(anchor === undefined ? {} : { spilled_from: formatCell(anchor) }),
    ...(spill === undefined ? {} : { spill_range: formatRange(spillRange(spill)) }),
    display: sheet.display(address.row, address.col),
    ...(format === undefined ? {} : { format }),
  };
}

/** The sheet's formatted rectangles that meet `range` (all of them without one), clipped to it. */
export function formatRangesJson(
  sheet: SheetView,
  range: RangeAddress | undefined,
): FormatRangeJson[] {
  if (!sheet.hasFormats) return [];
  const found: FormatRangeJson[] = [];
  for (const rect of sheet.formatRects()) {
    const top = range === undefined ? rect.top : Math.max(rect.top, range.start.row);
    const left = range === undefined ? rect.left : Math.max(rect.left, range.start.col);
    const bottom = range === undefined ? rect.bottom : Math.min(rect.bottom, range.end.row);
    const right = range === undefined ? rect.right : Math.min(rect.right, range.end.col);
    if (top > bottom || left > right) continue;
    found.push({
      range: formatRange({ start: { row: top, col: left }, end: { row: bottom, col: right } }),
      format: rect.format,
    });
  }
  return found;
}

export function sheetsJson(workbook: WorkbookReader, sheet: string): SheetsResponse {
  return { sheet, sheets: workbook.sheetNames, active_sheet: workbook.activeSheetName };
}

export function workbookJson(workbook: WorkbookReader): WorkbookResponse {
  return {
    workbook_name: workbook.name,
    active_sheet: workbook.activeSheetName,
    sheets: workbook.sheetNames,
    can_undo: workbook.undoDepth > 0,
    can_redo: workbook.redoDepth > 0,
    locale: formatLocale(),
    layouts: layoutsOf(workbook),
  };
}

/** Every sheet's layout that is not the default, by sheet name. */
function layoutsOf(workbook: WorkbookReader): Record<string, LayoutJson> {
  const layouts: Record<string, LayoutJson> = {};
  for (const name of workbook.sheetNames) {
    const layout = workbook.sheet(name).layout();
    if (!isEmptyLayout(layout)) layouts[name] = layoutToJson(layout);
  }
  return layouts;
}

/** After an undo or redo: whether it did anything, and the workbook as it now is. */
export function historyJson(
  workbook: WorkbookReader,
  done: boolean,
  direction: 'undo' | 'redo',
): HistoryResponse {
  return {
    status: done ? 'Success' : `Nothing to ${direction}`,
    applied: done,
    ...workbookJson(workbook),
  };
}

/** The answer to a one-cell write: the cell as it now is. */
// Not built from cellJson: the display text, formats, locks and spill ranges it also works out
// are a large share of a single-cell write's CPU (W4 profile), and this answer has none of them.
export function writtenCellJson(sheet: SheetView, address: CellAddress): WriteCellResponse {
  const input = sheet.input(address.row, address.col);
  const anchor = input === null ? sheet.spilledFrom(address.row, address.col) : undefined;
  const value = shownValue(sheet, address, input, anchor);
  return {
    status: 'Success',
    cell: formatCell(address),
    sheet: sheet.name,
    value: isFormulaError(value) ? value.sentinel : value,
    version: sheet.version(address.row, address.col),
  };
}

export function lockJson(
  result: { sheet: string; cells: number },
  range: string,
  locked: boolean,
): LockResponse {
  return {
    status: 'Success',
    sheet: result.sheet,
    range: range.toUpperCase(),
    cells: result.cells,
    locked,
  };
}
