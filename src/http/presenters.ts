// How core values look on the wire.
import {
  formatCell,
  inputToText,
  isFormula,
  isFormulaError,
  type CellAddress,
  type SheetView,
  type WorkbookReader,
} from '../core/index.js';
import type { GridCell, SheetsResponse } from '../contract/index.js';

export function cellJson(sheet: SheetView, address: CellAddress): GridCell {
  const input = sheet.input(address.row, address.col);
  const value = input === null ? null : sheet.value(address.row, address.col);
  return {
    cell: formatCell(address),
    input: input === null ? null : inputToText(input),
    value: isFormulaError(value) ? value.sentinel : value,
    error: isFormulaError(value) ? value.sentinel : null,
    formula: isFormula(input) ? input.formula : null,
    version: sheet.version(address.row, address.col),
    locked: sheet.isLocked(address.row, address.col),
  };
}

export function sheetsJson(workbook: WorkbookReader, sheet: string): SheetsResponse {
  return { sheet, sheets: workbook.sheetNames, active_sheet: workbook.activeSheetName };
}
