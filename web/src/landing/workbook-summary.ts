// What the landing page's Continue card says about the workbook on the server: its name,
// how many sheets it has and how many cells hold something. /schema gives each sheet's
// occupied bounds; one dry-run /eval of COUNTA over those bounds counts the filled cells
// without downloading them (a 100k-row sheet costs one small request, not its contents).
import type { ApiClient } from '../api/client.js';
import type { WorkbookJson } from '../api/types.js';

export interface WorkbookSummary {
  readonly name: string;
  readonly sheetCount: number;
  readonly filledCells: number;
}

/** The server's limit on formulas per /eval request. */
const MAX_EVAL_FORMULAS = 500;

interface SchemaJson {
  readonly active_sheet: string;
  readonly sheets: readonly {
    readonly name: string;
    readonly occupied_bounds: { readonly first: string; readonly last: string } | null;
  }[];
}

interface EvalJson {
  readonly results: readonly {
    readonly cell: string;
    readonly result: number | string | boolean | null;
    readonly error: string | null;
  }[];
}

/** A sheet name as a formula reference prefix: always quoted, quotes doubled. */
function sheetPrefix(name: string): string {
  return `'${name.replaceAll("'", "''")}'!`;
}

export async function readWorkbookSummary(client: ApiClient): Promise<WorkbookSummary> {
  const [workbook, schema] = await Promise.all([
    client.get<WorkbookJson>('/api/workbook'),
    client.get<SchemaJson>('/schema'),
  ]);
  const occupied = schema.sheets.filter((sheet) => sheet.occupied_bounds !== null);
  const formulas = occupied.map((sheet, index) => ({
    cell: `A${index + 1}`,
    formula: `=COUNTA(${sheetPrefix(sheet.name)}${sheet.occupied_bounds!.first}:${sheet.occupied_bounds!.last})`,
  }));
  let filledCells = 0;
  for (let start = 0; start < formulas.length; start += MAX_EVAL_FORMULAS) {
    const counted = await client.post<EvalJson>('/eval', {
      sheet: schema.active_sheet,
      formulas: formulas.slice(start, start + MAX_EVAL_FORMULAS),
    });
    for (const { result } of counted.results) if (typeof result === 'number') filledCells += result;
  }
  return { name: workbook.workbook_name, sheetCount: schema.sheets.length, filledCells };
}
