// Gridbook's own JSON document (format "gridbook"): version 1, one object per cell, is the
// export format; version 2 adds dense `blocks` of cells and is the save file. Documented in
// the README; `export → import → export` is identical apart from `exported_at`. Decoding
// reads both versions and validates everything before anything is replaced.
import { decodeNames, encodeNames, type GridbookNameJson } from './gridbook-names.js';
import {
  CHARACTER_SETS,
  DEFAULT_CHARACTER_SET,
  isCharacterSet,
  type CharacterSet,
  formatCell,
  isEmptyLayout,
  isFormula,
  layoutFromJson,
  layoutToJson,
  type LayoutJson,
  formatRange,
  InvalidOperationError,
  parseRange,
  validateCellFormat,
  type CellFormat,
  type FormatRect,
  validateChart,
  validateSheetName,
  validateWorkbookName,
  type CellValue,
  type Chart,
  type SheetSnapshot,
  type SnapshotCell,
  type WorkbookDocument,
} from '../core/index.js';
import { blocksPieces, mergeCells, readBlocks, type CellBlockJson } from './cell-blocks.js';
import {
  cellToJson,
  describeJson,
  isPlainObject,
  readCellMap,
  type CellJson,
} from './cell-json.js';
import { InvalidDocumentError } from './errors.js';

export const GRIDBOOK_FORMAT = 'gridbook';
export const GRIDBOOK_VERSION = 1;
/** The version whose sheets may hold dense `blocks` (older readers must refuse it, not drop them). */
export const GRIDBOOK_DENSE_VERSION = 2;
const NEWEST_READABLE_VERSION = GRIDBOOK_DENSE_VERSION;

export interface GridbookSheetJson {
  readonly name: string;
  readonly blocks?: readonly CellBlockJson[];
  readonly cells: Readonly<Record<string, CellJson>>;
  /** Frozen panes, sizes and filter; absent when the sheet has none (older files never do). */
  readonly layout?: LayoutJson;
  /** Each distinct cell format of the sheet once; `formats` names them by index. */
  readonly styles?: readonly CellFormat[];
  /** Ranges and the style each has, in order (a later one wins where two overlap). */
  readonly formats?: readonly GridbookFormatJson[];
}

export interface GridbookFormatJson {
  readonly range: string;
  readonly style: number;
}

export type GridbookChartJson = Chart & { readonly sheet: string };

export interface GridbookJson {
  readonly format: typeof GRIDBOOK_FORMAT;
  readonly version: typeof GRIDBOOK_VERSION | typeof GRIDBOOK_DENSE_VERSION;
  readonly exported_at?: string;
  readonly workbook_name: string;
  readonly active_sheet: string;
  readonly sheets: readonly GridbookSheetJson[];
  readonly charts: readonly GridbookChartJson[];
  /** Defined names; absent when there are none. */
  readonly names?: readonly GridbookNameJson[];
  /** The set CHAR and CODE compute with; absent for Windows (code page 1252). */
  readonly character_set?: CharacterSet;
}

/** A formula cell's computed value, for readers of the file (import ignores it). */
export type ComputedValues = (sheet: string, row: number, col: number) => CellValue;

export interface EncodeOptions {
  readonly exportedAt?: Date;
  readonly values?: ComputedValues;
  /** Version 2: rectangles of unlocked cells as dense blocks (the save file; no computed values). */
  readonly dense?: boolean;
}

/** Cells written (as one piece of text) between two pauses of a sliced encode. */
const PIECE_CELLS = 4096;

/** A sheet's `cells` map as JSON text in pieces of PIECE_CELLS cells. */
function* cellMapPieces(
  sheet: string,
  cells: readonly SnapshotCell[],
  values: ComputedValues | undefined,
): Generator<string, void, undefined> {
  yield '{';
  for (let first = 0; first < cells.length; first += PIECE_CELLS) {
    const entries: string[] = [];
    for (let index = first; index < Math.min(first + PIECE_CELLS, cells.length); index += 1) {
      const cell = cells[index]!;
      // Only a formula's value is written (a literal's value is its input): asking the engine
      // for every cell made a 1,000,000-cell export twice as slow (W5 profile).
      const computed =
        values === undefined || !isFormula(cell.input)
          ? undefined
          : values(sheet, cell.row, cell.col);
      entries.push(
        `${JSON.stringify(formatCell(cell))}:${JSON.stringify(cellToJson(cell, computed))}`,
      );
    }
    yield `${first === 0 ? '' : ','}${entries.join(',')}`;
  }
  yield '}';
}

/** A sheet's formats as a style table and ranges naming it; nothing when it has none. */
function encodeFormats(
  formats: readonly FormatRect[] | undefined,
): Pick<GridbookSheetJson, 'styles' | 'formats'> {
  if (formats === undefined || formats.length === 0) return {};
  const styles: CellFormat[] = [];
  const index = new Map<string, number>();
  const ranges = formats.map((rect): GridbookFormatJson => {
    const key = JSON.stringify(rect.format);
    let style = index.get(key);
    if (style === undefined) {
      style = styles.length;
      styles.push(rect.format);
      index.set(key, style);
    }
    const range = formatRange({
      start: { row: rect.top, col: rect.left },
      end: { row: rect.bottom, col: rect.right },
    });
    return { range, style };
  });
  return { styles, formats: ranges };
}

function readFormats(styles: unknown, formats: unknown, field: string): FormatRect[] | undefined {
  if (formats === undefined || formats === null) return undefined;
  if (!Array.isArray(formats))
    throw new InvalidDocumentError(`${field}.formats`, `expected a list of {range, style}.`);
  if (!Array.isArray(styles))
    throw new InvalidDocumentError(`${field}.styles`, `expected a list of formats.`);
  const table = styles.map((style, index) => {
    try {
      return validateCellFormat(style, `${field}.styles[${index}]`);
    } catch (error) {
      if (error instanceof InvalidOperationError)
        throw new InvalidDocumentError(error.field, error.message.slice(error.field.length + 2));
      throw error;
    }
  });
  return formats.map((entry, index): FormatRect => {
    const where = `${field}.formats[${index}]`;
    if (!isPlainObject(entry) || typeof entry['range'] !== 'string')
      throw new InvalidDocumentError(where, `expected {range, style}, got ${describeJson(entry)}.`);
    const style = entry['style'];
    const format = typeof style === 'number' ? table[style] : undefined;
    if (format === undefined)
      throw new InvalidDocumentError(`${where}.style`, `expected an index into styles.`);
    let range;
    try {
      range = parseRange(entry['range'], `${where}.range`);
    } catch {
      throw new InvalidDocumentError(`${where}.range`, `expected a range such as A1:B2.`);
    }
    return {
      top: range.start.row,
      left: range.start.col,
      bottom: range.end.row,
      right: range.end.col,
      format,
    };
  });
}

/** `{…}`'s members without the braces, for splicing into an object written in pieces. */
function members(value: object): string {
  return JSON.stringify(value).slice(1, -1);
}

/** After `,` when there are members, nothing when there are none. */
function moreMembers(value: object): string {
  const text = members(value);
  return text === '' ? '' : `,${text}`;
}

function* sheetPieces(
  sheet: SheetSnapshot,
  options: EncodeOptions,
): Generator<string, void, undefined> {
  const layout =
    sheet.layout === undefined || isEmptyLayout(sheet.layout)
      ? {}
      : { layout: layoutToJson(sheet.layout) };
  yield `{${members({ name: sheet.name })}`;
  let rest: readonly SnapshotCell[] = sheet.cells;
  if (options.dense === true) {
    yield ',"blocks":';
    rest = yield* blocksPieces(sheet.cells);
  }
  yield ',"cells":';
  yield* cellMapPieces(sheet.name, rest, options.values);
  yield `${moreMembers({ ...layout, ...encodeFormats(sheet.formats) })}}`;
}

/**
 * A workbook as Gridbook JSON text, in pieces of a few thousand cells each: joined, they are
 * the document (gridbookText); a caller that yields to the event loop between pieces writes a
 * million cells without holding it for a second (textInSlices, issue 16). Version 2 (`dense`)
 * writes rectangles of unlocked cells as blocks.
 */
export function* gridbookPieces(
  document: WorkbookDocument,
  options: EncodeOptions = {},
): Generator<string, void, undefined> {
  const head = {
    format: GRIDBOOK_FORMAT,
    version: options.dense === true ? GRIDBOOK_DENSE_VERSION : GRIDBOOK_VERSION,
    ...(options.exportedAt === undefined ? {} : { exported_at: options.exportedAt.toISOString() }),
    workbook_name: document.name,
    active_sheet: document.activeSheet,
  };
  yield `{${members(head)},"sheets":[`;
  for (let index = 0; index < document.sheets.length; index += 1) {
    if (index > 0) yield ',';
    yield* sheetPieces(document.sheets[index]!, options);
  }
  const charts = document.sheets.flatMap((sheet) =>
    (sheet.charts ?? []).map((chart) => ({ sheet: sheet.name, ...chart })),
  );
  const tail = {
    charts,
    ...encodeNames(document),
    ...(document.characterSet === undefined || document.characterSet === DEFAULT_CHARACTER_SET
      ? {}
      : { character_set: document.characterSet }),
  };
  yield `],${members(tail)}}`;
}

/** The whole Gridbook JSON text at once (see gridbookPieces). */
export function gridbookText(document: WorkbookDocument, options: EncodeOptions = {}): string {
  let text = '';
  for (const piece of gridbookPieces(document, options)) text += piece;
  return text;
}

/** The document as an object, for readers that want one (tests, tools); files are written as gridbookText. */
export function encodeGridbook(
  document: WorkbookDocument,
  options: EncodeOptions = {},
): GridbookJson {
  return JSON.parse(gridbookText(document, options)) as GridbookJson;
}

function checkHeader(json: Record<string, unknown>): void {
  const format = json['format'];
  if (format !== undefined && format !== GRIDBOOK_FORMAT) {
    throw new InvalidDocumentError(
      'format',
      `expected "${GRIDBOOK_FORMAT}" (or no format for a GridOS file), got ${describeJson(format)}.`,
    );
  }
  const version = json['version'];
  if (format === undefined && version === undefined) return;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) {
    throw new InvalidDocumentError(
      'version',
      `expected the format version ${GRIDBOOK_VERSION}, got ${describeJson(version)}.`,
    );
  }
  if (version > NEWEST_READABLE_VERSION) {
    throw new InvalidDocumentError(
      'version',
      `this file uses format version ${version}, written by a newer Gridbook; this server reads versions 1 to ${NEWEST_READABLE_VERSION}.`,
    );
  }
}

function readSheets(raw: unknown): { sheets: SheetSnapshot[]; inlineCharts: Chart[][] } {
  if (!Array.isArray(raw) || raw.length === 0) {
    throw new InvalidDocumentError(
      'sheets',
      `expected a non-empty list of {name, cells}, got ${describeJson(raw)}.`,
    );
  }
  const seen = new Set<string>();
  const inlineCharts: Chart[][] = [];
  const sheets = raw.map((item, index): SheetSnapshot => {
    const field = `sheets[${index}]`;
    // A bare name is an empty sheet (the workbook summary lists sheets that way).
    const entry = typeof item === 'string' ? { name: item } : item;
    if (!isPlainObject(entry))
      throw new InvalidDocumentError(
        field,
        `expected an object {name, cells}, got ${describeJson(entry)}.`,
      );
    const name = validateSheetName(entry['name'], `${field}.name`);
    if (seen.has(name.toLowerCase()))
      throw new InvalidDocumentError(
        `${field}.name`,
        `a sheet named "${name}" appears twice (sheet names are case-insensitive).`,
      );
    seen.add(name.toLowerCase());
    // Charts may also sit inside their sheet (hand-written documents); both places are read.
    inlineCharts.push(
      readChartList(entry['charts'], `${field}.charts`).map((item, at) =>
        validateChart(item, `${field}.charts[${at}].`),
      ),
    );
    const cells = mergeCells(
      readBlocks(entry['blocks'], `${field}.blocks`),
      readCellMap(entry['cells'], `${field}.cells`),
      field,
    );
    const layout = layoutFromJson(entry['layout'], `${field}.layout`);
    const formats = readFormats(entry['styles'], entry['formats'], field);
    return {
      name,
      cells,
      ...(isEmptyLayout(layout) ? {} : { layout }),
      ...(formats === undefined ? {} : { formats }),
    };
  });
  return { sheets, inlineCharts };
}

function readChartList(raw: unknown, field: string): Record<string, unknown>[] {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw))
    throw new InvalidDocumentError(field, `expected a list of charts, got ${describeJson(raw)}.`);
  return raw.map((item, index) => {
    if (!isPlainObject(item))
      throw new InvalidDocumentError(
        `${field}[${index}]`,
        `expected a chart object, got ${describeJson(item)}.`,
      );
    return item;
  });
}

function sheetIndex(sheets: readonly SheetSnapshot[], name: unknown, field: string): number {
  const index =
    typeof name === 'string'
      ? sheets.findIndex((sheet) => sheet.name.toLowerCase() === name.trim().toLowerCase())
      : -1;
  if (index === -1) {
    throw new InvalidDocumentError(
      field,
      `${describeJson(name)} is not one of the sheets (${sheets.map((sheet) => sheet.name).join(', ')}).`,
    );
  }
  return index;
}

/** `charts` as a list of {sheet, …chart}, or as a map from sheet name to a list of charts. */
function chartEntries(raw: unknown): { item: Record<string, unknown>; field: string }[] {
  if (!isPlainObject(raw))
    return readChartList(raw, 'charts').map((item, index) => ({ item, field: `charts[${index}]` }));
  return Object.entries(raw).flatMap(([sheet, list]) =>
    readChartList(list, `charts.${sheet}`).map((item, index) => ({
      item: { ...item, sheet },
      field: `charts.${sheet}[${index}]`,
    })),
  );
}

function attachCharts(sheets: SheetSnapshot[], inline: Chart[][], raw: unknown): SheetSnapshot[] {
  const bySheet = inline.map((charts) => [...charts]);
  chartEntries(raw).forEach(({ item, field }) => {
    const at = sheetIndex(sheets, item['sheet'], `${field}.sheet`);
    const { sheet: _sheet, ...fields } = item;
    const chart = validateChart(fields, `${field}.`);
    if (bySheet[at]!.some((other) => other.id === chart.id)) {
      throw new InvalidDocumentError(
        `${field}.id`,
        `chart id "${chart.id}" appears twice on sheet "${sheets[at]!.name}".`,
      );
    }
    bySheet[at]!.push(chart);
  });
  return sheets.map((sheet, index) => ({ ...sheet, charts: bySheet[index]! }));
}

export function isGridbookDocument(json: Record<string, unknown>): boolean {
  return json['format'] !== undefined || Array.isArray(json['sheets']);
}

export function decodeGridbook(json: Record<string, unknown>): WorkbookDocument {
  checkHeader(json);
  const name = validateWorkbookName(json['workbook_name'], 'workbook_name');
  const { sheets, inlineCharts } = readSheets(json['sheets']);
  const active =
    json['active_sheet'] === undefined || json['active_sheet'] === null
      ? 0
      : sheetIndex(sheets, json['active_sheet'], 'active_sheet');
  const named = decodeNames(attachCharts(sheets, inlineCharts, json['charts']), json['names']);
  return {
    name,
    activeSheet: sheets[active]!.name,
    sheets: named.sheets,
    ...(named.names === undefined ? {} : { names: named.names }),
    ...readCharacterSet(json['character_set']),
  };
}

/** The document's character set; absent (or null) is Windows, the default. */
function readCharacterSet(raw: unknown): { characterSet?: CharacterSet } {
  if (raw === undefined || raw === null || raw === DEFAULT_CHARACTER_SET) return {};
  if (!isCharacterSet(raw))
    throw new InvalidDocumentError(
      'character_set',
      `expected one of ${CHARACTER_SETS.map((set) => `"${set}"`).join(', ')}, got ${describeJson(raw)}.`,
    );
  return { characterSet: raw };
}
