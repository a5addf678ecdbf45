// xlsx through exceljs (the only importer of exceljs). Export: one worksheet per sheet, values,
// formulas with their cached results (or computed values only), locked cells as cell
// protection on a protected sheet, the active tab. Import: values and formulas (our engine
// recomputes them; cached results are not trusted), locks from protected sheets.
// exceljs is loaded on the first xlsx export or import: it adds about 15 MiB to every server
// process, and most never touch xlsx (bench/README.md, W6).
import { Readable } from 'node:stream';
import type ExcelJS from 'exceljs';
import {
  filterRangeText,
  hiddenRowsOf,
  isEmptyLayout,
  MAX_COLUMNS,
  MAX_FROZEN_COLUMNS,
  MAX_FROZEN_ROWS,
  MAX_SIZE,
  MIN_SIZE,
  tryParseRange,
  type SheetFilter,
  type SheetLayout,
  isFormula,
  isFormulaError,
  excelParameterSpelling,
  formatCell,
  mapOutsideStrings,
  parseRange,
  rangeContains,
  renameSheetReferences,
  SENTINELS,
  shiftFormula,
  type CellAddress,
  type RangeAddress,
  type CellInput,
  type CellValue,
  type SheetSnapshot,
  type SnapshotCell,
  type SpillArea,
  type WorkbookDocument,
} from '../core/index.js';
import { InvalidDocumentError } from './errors.js';
import type { ComputedValues } from './gridbook-json.js';
import type { DecodedWorkbook } from './gridos-import.js';
import { rewriteTableReferences, type ImportedTable } from './table-references.js';
import { importedNames, namesToWrite, readWorkbookXml } from './defined-names.js';
import { rewriteDefinedNames, type ImportedName } from './name-rewrite.js';
import { checkInflatedSize } from './zip-bounds.js';
import { readFormats, writeFormats } from './xlsx-formats.js';
import {
  sheetFilterOf,
  teachAutoFilterCriteria,
  xlsxAutoFilterOf,
  type XlsxAutoFilter,
} from './xlsx-filter.js';

export const XLSX_CONTENT_TYPE =
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const EXCEL_SHEET_NAME_LIMIT = 31;
const EXCEL_ERRORS = new Set(['#N/A', '#REF!', '#NAME?', '#DIV/0!', '#NULL!', '#VALUE!', '#NUM!']);
/** Excel's day 0 is 1899-12-30 (with its 1900 leap-year quirk folded in). */
const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);
const DAY_MS = 86_400_000;

export interface XlsxExportOptions {
  /** Write computed values instead of formulas. */
  readonly valuesOnly?: boolean;
  /** Stamped as the file's created/modified time (injected: no wall clock in codecs). */
  readonly at?: Date;
  /** Each sheet's dynamic-array spills: written as array formulas with their values around them. */
  readonly spills?: (sheet: string) => readonly SpillArea[];
}

/** Excel allows 31 characters per sheet name; longer names are cut and made unique, formulas follow. */
function excelSheetNames(sheets: readonly SheetSnapshot[]): string[] {
  const taken = new Set<string>();
  return sheets.map((sheet) => {
    let name = sheet.name.slice(0, EXCEL_SHEET_NAME_LIMIT);
    for (let suffix = 2; taken.has(name.toLowerCase()); suffix += 1) {
      name = `${sheet.name.slice(0, EXCEL_SHEET_NAME_LIMIT - String(suffix).length - 1)}~${suffix}`;
    }
    taken.add(name.toLowerCase());
    return name;
  });
}

function cachedResult(value: CellValue): ExcelJS.CellValue | undefined {
  if (value === null) return undefined;
  if (isFormulaError(value))
    return {
      error: (EXCEL_ERRORS.has(value.sentinel)
        ? value.sentinel
        : SENTINELS.value) as ExcelJS.CellErrorValue['error'],
    };
  return value;
}

/**
 * Functions newer than Excel 2007 that Excel stores with a `_xlfn.` prefix; without it, Excel
 * shows #NAME? until the formula is entered again. Import strips the prefix (cleanFormula).
 */
const FUTURE_FUNCTIONS = [
  'AGGREGATE',
  'BYCOL',
  'BYROW',
  'CEILING.MATH',
  'CHOOSECOLS',
  'CHOOSEROWS',
  'CONCAT',
  'DAYS',
  'DROP',
  'EXPAND',
  'FILTER',
  'FLOOR.MATH',
  'FORECAST.LINEAR',
  'IFNA',
  'IFS',
  'ISOMITTED',
  'ISOWEEKNUM',
  'LAMBDA',
  'LET',
  'MAKEARRAY',
  'MAP',
  'MAXIFS',
  'MINIFS',
  'MODE.SNGL',
  'MUNIT',
  'NORM.DIST',
  'NORM.INV',
  'NORM.S.DIST',
  'NORM.S.INV',
  'NUMBERVALUE',
  'PERCENTILE.EXC',
  'PERCENTILE.INC',
  'QUARTILE.EXC',
  'QUARTILE.INC',
  'RANDARRAY',
  'RANK.AVG',
  'RANK.EQ',
  'REDUCE',
  'SCAN',
  'SEQUENCE',
  'SORT',
  'SORTBY',
  'STDEV.P',
  'STDEV.S',
  'SWITCH',
  'TAKE',
  'TEXTAFTER',
  'TEXTBEFORE',
  'TEXTJOIN',
  'TEXTSPLIT',
  'TOCOL',
  'TOROW',
  'UNIQUE',
  'VAR.P',
  'VAR.S',
  'VSTACK',
  'HSTACK',
  'WRAPCOLS',
  'WRAPROWS',
  'XLOOKUP',
  'XMATCH',
  'XOR',
];
const FUTURE_CALL = new RegExp(
  `(^|[^A-Za-z0-9_.])(${FUTURE_FUNCTIONS.map((name) => name.replace('.', '\\.')).join('|')})(\\s*\\()`,
  'gi',
);

/**
 * The formula as Excel stores it: newer functions prefixed `_xlfn.`, LET and LAMBDA names `_xlpm.`,
 * text and sheet names untouched.
 */
function excelFormula(formula: string): string {
  return mapOutsideStrings(excelParameterSpelling(formula), (code) =>
    code.replace(
      FUTURE_CALL,
      (_match, before: string, name: string, open: string) =>
        `${before}_xlfn.${name.toUpperCase()}${open}`,
    ),
  );
}

function excelValue(
  input: CellInput,
  computed: CellValue,
  formula: string | undefined,
  valuesOnly: boolean,
): ExcelJS.CellValue {
  if (formula === undefined) return input as ExcelJS.CellValue;
  if (valuesOnly) return cachedResult(computed) ?? null;
  const result = cachedResult(computed);
  return (
    result === undefined
      ? { formula: excelFormula(formula.slice(1)) }
      : { formula: excelFormula(formula.slice(1)), result }
  ) as ExcelJS.CellFormulaValue;
}

function retargetFormula(formula: string, renames: readonly [string, string][]): string {
  return renames.reduce((text, [from, to]) => renameSheetReferences(text, from, to), formula);
}

type ExcelJsModule = typeof ExcelJS;
let excelJs: Promise<ExcelJsModule> | undefined;

function loadExcelJs(): Promise<ExcelJsModule> {
  excelJs ??= import('exceljs').then((loaded) => {
    teachAutoFilterCriteria();
    return loaded.default;
  });
  return excelJs;
}

export async function encodeXlsx(
  document: WorkbookDocument,
  values: ComputedValues,
  options: XlsxExportOptions = {},
): Promise<Buffer> {
  const workbook = new (await loadExcelJs()).Workbook();
  workbook.creator = 'Gridbook';
  if (options.at !== undefined) {
    workbook.created = options.at;
    workbook.modified = options.at;
  }
  const names = excelSheetNames(document.sheets);
  const renames = document.sheets
    .map((sheet, index): [string, string] => [sheet.name, names[index]!])
    .filter(([from, to]) => from !== to);
  for (const [index, sheet] of document.sheets.entries()) {
    const worksheet = workbook.addWorksheet(names[index]!);
    const protectedSheet = sheet.cells.some((cell) => cell.locked);
    for (const cell of sheet.cells)
      writeCell(
        worksheet,
        sheet.name,
        cell,
        values,
        renames,
        options.valuesOnly === true,
        protectedSheet,
      );
    for (const area of options.spills?.(sheet.name) ?? [])
      writeSpill(worksheet, sheet.name, area, values, options.valuesOnly === true);
    writeLayout(worksheet, sheet, values);
    writeFormats(worksheet, sheet);
    // No password: the sheet enforces the same locks in Excel and anyone may lift them there.
    if (protectedSheet)
      await worksheet.protect('', { selectLockedCells: true, selectUnlockedCells: true });
  }
  // exceljs writes each "range" of its names model as it is; its own model keeps only ranges.
  (workbook as unknown as { _definedNames: { model: unknown } })._definedNames = {
    model: namesToWrite(document.names ?? [], document.sheets, (formula) =>
      excelFormula(retargetFormula(formula, renames).slice(1)),
    ),
  };
  const active = document.sheets.findIndex((sheet) => sheet.name === document.activeSheet);
  workbook.views = [
    {
      x: 0,
      y: 0,
      width: 20_000,
      height: 12_000,
      firstSheet: 0,
      activeTab: Math.max(0, active),
      visibility: 'visible',
    },
  ];
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

function writeCell(
  worksheet: ExcelJS.Worksheet,
  sheetName: string,
  cell: SnapshotCell,
  values: ComputedValues,
  renames: readonly [string, string][],
  valuesOnly: boolean,
  protectedSheet: boolean,
): void {
  if (cell.input === null && !cell.locked) return;
  const target = worksheet.getCell(cell.row + 1, cell.col + 1);
  if (cell.input !== null) {
    const formula = isFormula(cell.input)
      ? retargetFormula(cell.input.formula, renames)
      : undefined;
    target.value = excelValue(
      cell.input,
      values(sheetName, cell.row, cell.col),
      formula,
      valuesOnly,
    );
  }
  if (protectedSheet) target.protection = { locked: cell.locked };
}

/**
 * A spilled array as Excel stores one: the anchor's formula marked as an array formula over the
 * range it fills, and each filled cell's value beside it (Excel's cached spill values).
 */
function writeSpill(
  worksheet: ExcelJS.Worksheet,
  sheetName: string,
  area: SpillArea,
  values: ComputedValues,
  valuesOnly: boolean,
): void {
  for (let row = area.row; row < area.row + area.height; row += 1) {
    for (let col = area.col; col < area.col + area.width; col += 1) {
      const target = worksheet.getCell(row + 1, col + 1);
      if (row === area.row && col === area.col) {
        const current = target.value as ExcelJS.CellFormulaValue | null;
        if (!valuesOnly && current !== null && typeof current === 'object' && 'formula' in current)
          target.value = {
            ...current,
            shareType: 'array',
            ref: `${cellName(area.row, area.col)}:${cellName(area.row + area.height - 1, area.col + area.width - 1)}`,
          } as ExcelJS.CellValue;
        continue;
      }
      target.value = cachedResult(values(sheetName, row, col)) ?? null;
    }
  }
}

function cellName(row: number, col: number): string {
  return formatCell({ row, col });
}

// ---- layout: frozen panes, sizes, autofilter ---------------------------------------------------

/** Excel measures a column in characters of the default font (7 px each, plus 5 px of padding). */
function excelColumnWidth(px: number): number {
  return Math.round(((px - 5) / 7) * 100) / 100;
}

function pixelColumnWidth(characters: number): number {
  return Math.round(characters * 7 + 5);
}

/** Excel measures a row in points (¾ of a pixel at 96 dpi). */
function excelRowHeight(px: number): number {
  return Math.round(px * 75) / 100;
}

function pixelRowHeight(points: number): number {
  return Math.round(points / 0.75);
}

/**
 * Frozen panes as the sheet view, sizes as column and row properties, the filter as the sheet's
 * autoFilter with its criteria (xlsx-filter.ts) and the rows it hides marked hidden.
 */
function writeLayout(
  worksheet: ExcelJS.Worksheet,
  sheet: SheetSnapshot,
  values: ComputedValues,
): void {
  const layout = sheet.layout;
  if (layout === undefined) return;
  if (layout.frozenRows > 0 || layout.frozenColumns > 0)
    worksheet.views = [
      { state: 'frozen', xSplit: layout.frozenColumns, ySplit: layout.frozenRows },
    ];
  for (const [col, width] of layout.columnWidths)
    worksheet.getColumn(col + 1).width = excelColumnWidth(width);
  for (const [row, height] of layout.rowHeights)
    worksheet.getRow(row + 1).height = excelRowHeight(height);
  if (layout.filter !== null) {
    // exceljs's type knows a range only; its autoFilter part renders the criteria (xlsx-filter.ts).
    worksheet.autoFilter = xlsxAutoFilterOf(
      layout.filter,
      filterRangeText(layout.filter),
    ) as unknown as ExcelJS.AutoFilter;
    for (const row of hiddenRowsOf(layout.filter, (r, c) => values(sheet.name, r, c)))
      worksheet.getRow(row + 1).hidden = true;
  }
}

function readLayout(worksheet: ExcelJS.Worksheet): SheetLayout | undefined {
  const view = worksheet.views?.[0] as
    { state?: string; xSplit?: number; ySplit?: number } | undefined;
  const frozen = view?.state === 'frozen';
  const columnWidths: [number, number][] = [];
  (worksheet.columns ?? []).forEach((column, index) => {
    const width = column?.width;
    if (typeof width === 'number' && width > 0 && index < MAX_COLUMNS)
      columnWidths.push([index, Math.min(MAX_SIZE, Math.max(MIN_SIZE, pixelColumnWidth(width)))]);
  });
  const defaultHeight = worksheet.properties?.defaultRowHeight ?? 15;
  const rowHeights: [number, number][] = [];
  worksheet.eachRow({ includeEmpty: true }, (row) => {
    const height = row.height;
    if (typeof height === 'number' && height > 0 && Math.abs(height - defaultHeight) > 0.01)
      rowHeights.push([
        Number(row.number) - 1,
        Math.min(MAX_SIZE, Math.max(MIN_SIZE, pixelRowHeight(height))),
      ]);
  });
  // A range text, or with criteria the object xlsx-filter.ts reads.
  const autoFilter = worksheet.autoFilter as unknown as string | XlsxAutoFilter | undefined;
  const ref = typeof autoFilter === 'string' ? autoFilter : autoFilter?.ref;
  const range = typeof ref === 'string' ? tryParseRange(ref) : undefined;
  let filter: SheetFilter | null = null;
  if (range !== undefined) {
    const bounds = { start: range.start, end: range.end };
    filter =
      typeof autoFilter === 'object'
        ? sheetFilterOf(autoFilter, bounds)
        : { range: bounds, columns: [] };
  }
  const layout: SheetLayout = {
    frozenRows: frozen ? Math.min(MAX_FROZEN_ROWS, Math.max(0, view?.ySplit ?? 0)) : 0,
    frozenColumns: frozen ? Math.min(MAX_FROZEN_COLUMNS, Math.max(0, view?.xSplit ?? 0)) : 0,
    columnWidths,
    rowHeights: rowHeights.sort((a, b) => a[0] - b[0]),
    filter,
  };
  return isEmptyLayout(layout) ? undefined : layout;
}

// ---- import ---------------------------------------------------------------------------------

function excelSerial(date: Date): number {
  return (date.getTime() - EXCEL_EPOCH_MS) / DAY_MS;
}

/**
 * Functions newer than Excel 2007 are stored with a `_xlfn.` prefix the engine does not know.
 * LET and LAMBDA names keep their `_xlpm.` (and a function passed by name its `_xleta.`): without
 * it a defined name spelled like a parameter would be rewritten into the parameter's place
 * (rewriteDefinedNames); the engine's spelling reads them (lambda-spelling.ts).
 */
function cleanFormula(formula: string): string {
  return `=${formula.replace(/_xlfn\.|_xlws\./g, '')}`;
}

/**
 * A cell's formula text. A shared formula (Excel's fill-down) is its master's moved by the cell's
 * offset with our own shifter: exceljs's translation also shifts what only looks like a reference
 * inside a string (`CONVERT(1,T2,"m2")` became `"m3"` a row down).
 */
function formulaOf(cell: ExcelJS.Cell): string | undefined {
  const value = cell.value as { sharedFormula?: unknown };
  if (typeof value.sharedFormula === 'string') {
    const master = cell.worksheet.getCell(value.sharedFormula);
    const masterValue = master.value as { formula?: unknown } | null;
    if (masterValue !== null && typeof masterValue.formula === 'string') {
      const shifted = shiftFormula(
        `=${masterValue.formula}`,
        Number(cell.row) - Number(master.row),
        Number(cell.col) - Number(master.col),
      );
      return shifted.slice(1);
    }
  }
  const formula = cell.formula;
  return typeof formula === 'string' ? formula : undefined;
}

function inputOf(cell: ExcelJS.Cell): CellInput | null {
  const value = cell.value;
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string') return value === '' ? null : value;
  if (typeof value === 'boolean') return value;
  if (value instanceof Date) return excelSerial(value);
  if ('formula' in value || 'sharedFormula' in value) {
    const formula = formulaOf(cell);
    if (typeof formula === 'string' && formula.trim() !== '')
      return { formula: cleanFormula(formula.trim()) };
    const result = (value as ExcelJS.CellFormulaValue).result;
    return typeof result === 'number' || typeof result === 'string' || typeof result === 'boolean'
      ? result
      : null;
  }
  if ('richText' in value) return value.richText.map((run) => run.text).join('') || null;
  if ('hyperlink' in value) return String(value.text ?? value.hyperlink);
  // An error typed into a cell (#N/A as a placeholder) stays an error value, not text.
  if ('error' in value)
    return EXCEL_ERRORS.has(value.error) ? { formula: `=${value.error}` } : value.error;
  return cell.text === '' ? null : cell.text;
}

/** exceljs reads `<sheetProtection sheet="1">` as sheet: true; anything else counts as unprotected. */
function isProtected(worksheet: ExcelJS.Worksheet): boolean {
  const protection = (worksheet as unknown as { sheetProtection?: { sheet?: unknown } | null })
    .sheetProtection;
  return protection?.sheet === true;
}

/**
 * The range an array formula fills (`<f t="array" ref="A1:A3">`: a dynamic-array spill or a legacy
 * multi-cell array formula), when it is more than its own cell.
 */
function arrayFormulaRange(cell: ExcelJS.Cell): RangeAddress | undefined {
  const value = cell.value as { shareType?: unknown; ref?: unknown } | null;
  if (value === null || typeof value !== 'object' || value.shareType !== 'array') return undefined;
  if (typeof value.ref !== 'string' || !value.ref.includes(':')) return undefined;
  try {
    return parseRange(value.ref);
  } catch {
    return undefined;
  }
}

/**
 * The tables of every worksheet, by lower-case name. exceljs reads a missing headerRowCount (the
 * default: one header row) as no header, so every table is taken to have its header row.
 */
function tablesOf(workbook: ExcelJS.Workbook): Map<string, ImportedTable> {
  const tables = new Map<string, ImportedTable>();
  for (const worksheet of workbook.worksheets) {
    for (const table of worksheet.getTables() as unknown as {
      table?: {
        name?: string;
        tableRef?: string;
        ref?: string;
        columns?: { name?: string }[];
        totalsRow?: boolean;
      };
    }[]) {
      const model = table.table;
      const ref = model?.tableRef ?? model?.ref;
      if (model?.name === undefined || ref === undefined) continue;
      let range: RangeAddress;
      try {
        range = parseRange(ref);
      } catch {
        continue;
      }
      tables.set(model.name.toLowerCase(), {
        name: model.name,
        sheet: worksheet.name,
        range,
        columns: (model.columns ?? []).map((column) => String(column.name ?? '')),
        headerRow: true,
        totalsRow: model.totalsRow === true,
      });
    }
  }
  return tables;
}

/** A formula as read from the file, with table references (and names we cannot hold) made ranges. */
function importedFormula(
  formula: string,
  references: ImportedReferences,
  sheet: string,
  at: CellAddress,
): string {
  const withTables =
    references.tables.size > 0
      ? rewriteTableReferences(formula, references.tables, sheet, at)
      : formula;
  return rewriteDefinedNames(withTables, references.rewrites);
}

interface ImportedReferences {
  readonly tables: ReadonlyMap<string, ImportedTable>;
  readonly rewrites: ReadonlyMap<string, ImportedName>;
}

function readWorksheet(
  worksheet: ExcelJS.Worksheet,
  references: ImportedReferences,
): SnapshotCell[] {
  const locking = isProtected(worksheet);
  const cells: SnapshotCell[] = [];
  // Excel writes a spilled array's values into the cells it fills; they are the formula's
  // output, not inputs (as constants they would block the spill), so the engine recomputes them.
  let arrays: RangeAddress[] = [];
  worksheet.eachRow({ includeEmpty: false }, (row) => {
    // Rows come in order: ranges that ended above this row are done with.
    if (arrays.length > 0)
      arrays = arrays.filter((range) => range.end.row >= Number(row.number) - 1);
    row.eachCell({ includeEmpty: false }, (cell) => {
      const array = arrayFormulaRange(cell);
      if (array !== undefined) arrays.push(array);
      const read = inputOf(cell);
      if (read === null) return;
      const at = { row: Number(cell.row) - 1, col: Number(cell.col) - 1 };
      const input = isFormula(read)
        ? { formula: importedFormula(read.formula, references, worksheet.name, at) }
        : read;
      if (
        !isFormula(input) &&
        arrays.some((range) => rangeContains(range, at) && !sameCell(range.start, at))
      )
        return;
      // Excel's default style is locked; on a protected sheet only an explicit "unlocked" frees a cell.
      const locked = locking && cell.protection?.locked !== false;
      cells.push({
        row: Number(cell.row) - 1,
        col: Number(cell.col) - 1,
        input,
        version: 1,
        locked,
      });
    });
  });
  return cells.sort((a, b) => a.row - b.row || a.col - b.col);
}

function sameCell(a: CellAddress, b: CellAddress): boolean {
  return a.row === b.row && a.col === b.col;
}

/** A table's filter settings (`<autoFilter>` and what it holds, or its self-closing form). */
const TABLE_FILTER = /<autoFilter\b[^>]*\/>|<autoFilter\b[\s\S]*?<\/autoFilter>/g;

interface TableReading {
  _processTableEntry?: (stream: AsyncIterable<unknown>, model: unknown, name: string) => unknown;
}

/**
 * exceljs 4.4 fails on a whole workbook when a table's filter holds what it cannot parse (an
 * icon filter, or filter columns beyond the table's), though the import reads nothing of a
 * table's filter (table-references.ts needs its name, range and columns). Each table part is
 * read with its filter left out; if exceljs no longer has that step, the file is read as it is.
 */
function readTablesWithoutFilters(workbook: ExcelJS.Workbook): void {
  const reader = workbook.xlsx as unknown as TableReading;
  const readTable = reader._processTableEntry;
  if (typeof readTable !== 'function') return;
  reader._processTableEntry = async function (stream, model, name) {
    const chunks: Buffer[] = [];
    for await (const chunk of stream)
      chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
    const xml = Buffer.concat(chunks).toString('utf8').replace(TABLE_FILTER, '');
    return readTable.call(this, Readable.from([xml]), model, name);
  };
}

interface WorkbookReading {
  parseWorkbook?: (stream: AsyncIterable<unknown>) => unknown;
}

/**
 * Keeps the text of `xl/workbook.xml` as exceljs reads it: its defined names are read from there
 * (defined-names.ts), since exceljs drops their scope and every name that is not a range.
 */
function keepWorkbookXml(workbook: ExcelJS.Workbook): () => string | undefined {
  const reader = workbook.xlsx as unknown as WorkbookReading;
  const parse = reader.parseWorkbook;
  let kept: string | undefined;
  if (typeof parse === 'function') {
    reader.parseWorkbook = async function (stream) {
      const chunks: string[] = [];
      for await (const chunk of stream) chunks.push(String(chunk));
      kept = chunks.join('');
      return parse.call(this, Readable.from([kept]));
    };
  }
  return () => kept;
}

/** `maxCells` (GRIDBOOK_MAX_IMPORT_CELLS) is checked while inflating, before exceljs parses. */
export async function decodeXlsx(
  data: Uint8Array,
  field = 'file',
  maxCells = Number.POSITIVE_INFINITY,
): Promise<DecodedWorkbook> {
  await checkInflatedSize(data, field, undefined, maxCells);
  const workbook = new (await loadExcelJs()).Workbook();
  readTablesWithoutFilters(workbook);
  const workbookXml = keepWorkbookXml(workbook);
  try {
    await workbook.xlsx.load(data as unknown as ExcelJS.Buffer);
  } catch (error) {
    throw new InvalidDocumentError(
      field,
      `is not a readable .xlsx workbook (${(error as Error).message}).`,
    );
  }
  const worksheets = workbook.worksheets;
  if (worksheets.length === 0)
    throw new InvalidDocumentError(field, 'the workbook has no worksheets.');
  let tables: Map<string, ImportedTable>;
  try {
    tables = tablesOf(workbook);
  } catch {
    tables = new Map();
  }
  const xml = workbookXml();
  const names = importedNames(
    xml === undefined ? { names: [], sheets: [] } : readWorkbookXml(xml),
    (text) => cleanFormula(text),
  );
  const sheets = worksheets.map((worksheet): SheetSnapshot => {
    try {
      const layout = readLayout(worksheet);
      const formats = readFormats(worksheet);
      const own = names.bySheet.get(worksheet.name);
      return {
        name: worksheet.name,
        cells: readWorksheet(worksheet, { tables, rewrites: names.rewrites }),
        charts: [],
        ...(layout === undefined ? {} : { layout }),
        ...(formats.length === 0 ? {} : { formats }),
        ...(own === undefined ? {} : { names: own }),
      };
    } catch (error) {
      throw new InvalidDocumentError(
        `${field}: sheet "${worksheet.name}"`,
        `could not be read (${(error as Error).message}).`,
      );
    }
  });
  const activeTab = workbook.views?.[0]?.activeTab;
  const active =
    typeof activeTab === 'number' && sheets[activeTab] !== undefined
      ? sheets[activeTab]
      : sheets[0];
  return {
    name: undefined,
    activeSheet: active!.name,
    sheets,
    ...(names.workbook.length === 0 ? {} : { names: names.workbook }),
  };
}
