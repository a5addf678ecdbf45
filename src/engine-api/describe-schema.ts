// GET /schema: every sheet's occupied bounds and column headers and types (docs/contract.md §4
// rules 1–4).
import { inferSheetSchema, type SheetSchema, type WorkbookReader } from '../core/index.js';

export interface SchemaResponse {
  readonly active_sheet: string;
  readonly sheets: ({ readonly name: string; readonly active: boolean } & SheetSchema)[];
}

export function describeSchema(workbook: WorkbookReader): SchemaResponse {
  const active = workbook.activeSheetName;
  return {
    active_sheet: active,
    sheets: workbook.sheetNames.map((name) => ({
      name,
      active: name === active,
      ...inferSheetSchema(workbook.sheet(name)),
    })),
  };
}
