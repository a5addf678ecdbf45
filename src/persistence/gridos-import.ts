// Reads GridOS `.gridos` files (docs/gridos-compat.md §1): the current layout (`sheet_order` +
// `sheets` of {cells, charts}), the legacy per-sheet layout (a sheet object that is its cell
// map) and the legacy flat layout (the top level is Sheet1's cell map). Tolerant where GridOS
// is (missing fields take defaults, unknown fields are ignored), strict where the result could
// be wrong (bad addresses, bad types). An unknown active sheet falls back to the first sheet:
// GridOS would create it on first use (§12 lists that flaw).
import {
  type CharacterSet,
  type DefinedName,
  DEFAULT_WORKBOOK_NAME,
  MAX_WORKBOOK_NAME,
  validateChart,
  validateSheetName,
  type Chart,
  type SheetSnapshot,
} from '../core/index.js';
import { describeJson, isCellAddress, isPlainObject, readCellMap } from './cell-json.js';
import { InvalidDocumentError } from './errors.js';

/** A decoded document whose name may be absent (GridOS keeps the current name then). */
export interface DecodedWorkbook {
  readonly name: string | undefined;
  readonly activeSheet: string;
  readonly sheets: readonly SheetSnapshot[];
  /** The workbook-wide defined names (a sheet's own are on its snapshot). */
  readonly names?: readonly DefinedName[];
  /** The set CHAR and CODE compute with; absent means Windows (code page 1252). */
  readonly characterSet?: CharacterSet;
}

const GRIDOS_CELLS = { numericTextDatatype: true, emptyTextIsBlank: true } as const;

/** Absent → keep the current name; present but unusable → GridOS's default name. */
function readName(json: Record<string, unknown>): string | undefined {
  if (!('workbook_name' in json)) return undefined;
  const raw = json['workbook_name'];
  const trimmed = typeof raw === 'string' ? raw.trim() : '';
  return trimmed === '' ? DEFAULT_WORKBOOK_NAME : trimmed.slice(0, MAX_WORKBOOK_NAME).trim();
}

function readOrder(json: Record<string, unknown>, sheets: Record<string, unknown>): string[] {
  const raw = json['sheet_order'];
  if (raw === undefined || raw === null) return Object.keys(sheets);
  if (!Array.isArray(raw) || raw.some((name) => typeof name !== 'string')) {
    throw new InvalidDocumentError(
      'sheet_order',
      `expected a list of sheet names, got ${describeJson(raw)}.`,
    );
  }
  // A name listed twice is one sheet; sheets missing from the order are dropped, as GridOS does.
  return [...new Set(raw as string[])];
}

function readCharts(raw: unknown, field: string): Chart[] {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw))
    throw new InvalidDocumentError(field, `expected a list of charts, got ${describeJson(raw)}.`);
  const ids = new Set<string>();
  return raw.map((item, index) => {
    if (!isPlainObject(item))
      throw new InvalidDocumentError(
        `${field}[${index}]`,
        `expected a chart object, got ${describeJson(item)}.`,
      );
    const chart = validateChart(item, `${field}[${index}].`);
    if (ids.has(chart.id))
      throw new InvalidDocumentError(
        `${field}[${index}].id`,
        `chart id "${chart.id}" appears twice on this sheet.`,
      );
    ids.add(chart.id);
    return chart;
  });
}

function readSheet(name: string, raw: unknown, field: string): SheetSnapshot {
  if (raw === undefined || raw === null) return { name, cells: [], charts: [] };
  if (!isPlainObject(raw))
    throw new InvalidDocumentError(
      field,
      `expected an object {cells, charts}, got ${describeJson(raw)}.`,
    );
  if (!('cells' in raw) && !('charts' in raw)) {
    return { name, cells: readCellMap(raw, field, GRIDOS_CELLS), charts: [] };
  }
  return {
    name,
    cells: readCellMap(raw['cells'], `${field}.cells`, GRIDOS_CELLS),
    charts: readCharts(raw['charts'], `${field}.charts`),
  };
}

function readLayoutWithSheets(json: Record<string, unknown>): DecodedWorkbook {
  const rawSheets = json['sheets'];
  if (!isPlainObject(rawSheets))
    throw new InvalidDocumentError(
      'sheets',
      `expected an object mapping sheet names to sheets, got ${describeJson(rawSheets)}.`,
    );
  const seen = new Set<string>();
  const sheets = readOrder(json, rawSheets).map((rawName, index) => {
    const name = validateSheetName(rawName, `sheet_order[${index}]`);
    if (seen.has(name.toLowerCase())) {
      throw new InvalidDocumentError(
        `sheets.${rawName}`,
        `sheet names must differ in more than letter case; "${name}" clashes with another sheet.`,
      );
    }
    seen.add(name.toLowerCase());
    return readSheet(name, rawSheets[rawName], `sheets.${rawName}`);
  });
  if (sheets.length === 0) sheets.push({ name: 'Sheet1', cells: [], charts: [] });
  const requested = json['active_sheet'];
  const active =
    typeof requested === 'string'
      ? sheets.find((sheet) => sheet.name.toLowerCase() === requested.trim().toLowerCase())
      : undefined;
  return { name: readName(json), activeSheet: (active ?? sheets[0]!).name, sheets };
}

function readFlatLayout(json: Record<string, unknown>): DecodedWorkbook {
  if (Object.keys(json).length === 0) {
    throw new InvalidDocumentError(
      'body',
      'the document is empty; send a Gridbook export or a GridOS .gridos file.',
    );
  }
  for (const key of Object.keys(json)) {
    if (!isCellAddress(key)) {
      throw new InvalidDocumentError(
        'sheets',
        `field required: without "sheets" the document is read as GridOS's legacy flat layout (only A1 addresses at the top level), and "${key}" is not a cell address.`,
      );
    }
  }
  return {
    name: undefined,
    activeSheet: 'Sheet1',
    sheets: [{ name: 'Sheet1', cells: readCellMap(json, 'body', GRIDOS_CELLS), charts: [] }],
  };
}

export function decodeGridos(json: Record<string, unknown>): DecodedWorkbook {
  return 'sheets' in json ? readLayoutWithSheets(json) : readFlatLayout(json);
}
