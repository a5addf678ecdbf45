// GET /schema: every sheet's occupied bounds and column headers and types (docs/contract.md §4
// rules 1–4).
import {
  inferSheetSchema,
  inferSheetSchemaInSlices,
  readConsistently,
  type SheetSchema,
  type SliceClock,
  type WorkbookReader,
} from '../core/index.js';

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

/** describeSchema a slice at a time (other requests answered between slices), from one state. */
export function describeSchemaInSlices(
  workbook: WorkbookReader,
  clock: SliceClock,
): Promise<SchemaResponse> {
  return readConsistently(workbook, clock, async (slices) => {
    const active = workbook.activeSheetName;
    const sheets: SchemaResponse['sheets'] = [];
    for (const name of workbook.sheetNames)
      sheets.push({
        name,
        active: name === active,
        ...(await inferSheetSchemaInSlices(workbook.sheet(name), slices)),
      });
    return { active_sheet: active, sheets };
  });
}
