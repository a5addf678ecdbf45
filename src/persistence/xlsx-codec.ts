// xlsx through exceljs (the only importer of exceljs). Export: one worksheet per sheet, values,
// formulas with their cached results (or computed values only), locked cells as cell
// protection on a protected sheet, the active tab, charts (added to exceljs's zip by
// xlsx-charts.ts). Import: values and formulas (our engine recomputes them; cached results are
// not trusted), locks from protected sheets, the charts that map onto Gridbook charts.
// exceljs is loaded on the first xlsx export or import: it adds about 15 MiB to every server
// process, and most never touch xlsx (bench/README.md, W6).
import { Readable } from 'node:stream';
import type ExcelJS from 'exceljs';
import {
  DEFAULT_CHARACTER_SET,
  DEFAULT_COLUMN_WIDTH,
  filterRangeText,
  hiddenRowsOf,
  isEmptyLayout,
  MAX_COLUMNS,
  MAX_FROZEN_COLUMNS,
  MAX_FROZEN_ROWS,
  MAX_HIDDEN_ROWS,
  MAX_ROWS,
  MAX_SIZE,
  MIN_SIZE,
  spanWithinUsedArea,
  tryParseRange,
  tryParseSpan,
  type SheetFilter,
  type SheetLayout,
  errorLiteralOf,
  isFormula,
  isFormulaError,
  isTypedError,
  type ErrorLiteral,
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
  answersArray,
  dynamicArrayFormula,
  dynamicArrayOf,
  legacyArrayFormula,
  legacyArrayOf,
  intersectionsAsCalls,
  legacyIntersection,
  spillReferencesAsCalls,
} from '../core/index.js';
import { InvalidDocumentError } from './errors.js';
import type { ComputedValues } from './gridbook-json.js';
import type { DecodedWorkbook } from './gridos-import.js';
import {
  rewriteTableReferences,
  tableDefinitionOf,
  type ImportedTable,
  type TableDefinition,
} from './table-references.js';
import { importedNames, namesToWrite, readWorkbookXml } from './defined-names.js';
import { rewriteDefinedNames, rewriteQualifiedNames, type ImportedName } from './name-rewrite.js';
import { checkInflatedSize } from './zip-bounds.js';
import { addCharts, plottedData, readCharts, type SheetWithCharts } from './xlsx-charts.js';
import { readParts } from './zip-entries.js';
import { readCharacterSet, writeApplicationFor } from './xlsx-application.js';
import { RICH_ERROR_PARTS, richErrorCells, richErrorsOf } from './xlsx-rich-errors.js';
import { readFormats, writeFormats } from './xlsx-formats.js';
import { dateSerial, keepDateSerials } from './xlsx-date-serials.js';
import {
  sheetFilterOf,
  teachAutoFilterCriteria,
  xlsxAutoFilterOf,
  type XlsxAutoFilter,
} from './xlsx-filter.js';

export const XLSX_CONTENT_TYPE =
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const EXCEL_SHEET_NAME_LIMIT = 31;
/** How much each rich-value part (the real kind of an error Excel saved as #VALUE!) may inflate to. */
const RICH_PART_BYTES = 16 * 1024 * 1024;
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

/**
 * Excel allows 31 characters per sheet name; longer names are cut and made unique, formulas follow.
 * Excel reserves "History" (in any case; exceljs refuses to write it), so such a sheet is
 * written as "History~2" the same way.
 */
function excelSheetNames(sheets: readonly SheetSnapshot[]): string[] {
  const taken = new Set<string>(['history']);
  return sheets.map((sheet) => {
    let name = sheet.name.slice(0, EXCEL_SHEET_NAME_LIMIT);
    for (let suffix = 2; taken.has(name.toLowerCase()); suffix += 1) {
      name = `${sheet.name.slice(0, EXCEL_SHEET_NAME_LIMIT - String(suffix).length - 1)}~${suffix}`;
    }
    taken.add(name.toLowerCase());
    return name;
  });
}

/**
 * An error as a cell's `t="e"` value. Excel writes its newer errors (#SPILL!, #CALC!…) as #VALUE!
 * with a rich value naming the real one, which is not written here: a reader without rich values
 * sees #VALUE!, as in Excel's own files.
 */
function excelError(error: string): ExcelJS.CellErrorValue {
  return {
    error: (EXCEL_ERRORS.has(error) ? error : SENTINELS.value) as ExcelJS.CellErrorValue['error'],
  };
}

/**
 * What XML 1.0 cannot carry (control characters, U+FFFE, U+FFFF, lone surrogates), a CR (which
 * XML readers turn into a line feed), and a `_xHHHH_` already in the text.
 */
const UNSAFE_TEXT =
  /_x[0-9A-Fa-f]{4}_|[\u0000-\u0008\u000B\u000C\u000D\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Text as an xlsx string holds it (ECMA-376 ST_Xstring), as Excel writes it: each character XML
 * cannot carry as `_xHHHH_`, and the underscore of a `_xHHHH_` the text holds as `_x005F_`, so
 * Excel and our import (exceljs decodes them) read the same text back. Unescaped, exceljs drops
 * control characters and writes U+FFFF as it is, a file no reader opens.
 */
function excelText(text: string): string {
  return text.replace(UNSAFE_TEXT, (found) =>
    found.length > 1
      ? `_x005F_${found.slice(1)}`
      : `_x${found.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}_`,
  );
}

function cachedResult(value: CellValue): ExcelJS.CellValue | undefined {
  if (value === null) return undefined;
  if (isFormulaError(value)) return excelError(value.sentinel);
  return typeof value === 'string' ? excelText(value) : value;
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
  'SINGLE',
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
  'ANCHORARRAY',
];
const FUTURE_CALL = new RegExp(
  `(^|[^A-Za-z0-9_.])(${FUTURE_FUNCTIONS.map((name) => name.replace('.', '\\.')).join('|')})(\\s*\\()`,
  'gi',
);

/**
 * The formula as Excel stores it: a spill reference as its ANCHORARRAY call, `@` as SINGLE, newer functions
 * prefixed `_xlfn.`, LET and LAMBDA names `_xlpm.`, text and sheet names untouched.
 */
function excelFormula(formula: string): string {
  const calls = spillReferencesAsCalls(intersectionsAsCalls(formula));
  return mapOutsideStrings(excelParameterSpelling(calls), (code) =>
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
  if (isTypedError(input)) return excelError(input.error);
  if (formula === undefined)
    return (typeof input === 'string' ? excelText(input) : input) as ExcelJS.CellValue;
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
    keepDateSerials();
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
  // Dynamic spills carry the dynamic-array cell metadata, so Excel (and our import) keep them
  // spilling; legacy array formulas are written without it. By exceljs's sheet id (1, 2 …).
  const dynamicAnchors = new Map<number, Set<string>>();
  markDynamicArrays(workbook, dynamicAnchors);
  writeApplicationFor(workbook, document.characterSet ?? DEFAULT_CHARACTER_SET);
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
    const spills = options.spills?.(sheet.name) ?? [];
    const dynamic = new Set<string>();
    for (const area of spills) {
      writeSpill(worksheet, sheet.name, area, values, options.valuesOnly === true);
      dynamic.add(cellName(area.row, area.col));
    }
    // A formula that could spill but answers one value is still a dynamic array formula, as
    // Excel 365 saves one: without the mark Excel (and our import) would read it with `@`.
    for (const cell of sheet.cells) {
      const at = cellName(cell.row, cell.col);
      if (dynamic.has(at) || !isFormula(cell.input)) continue;
      const formula = cell.input.formula;
      if (!answersArray(formula) && dynamicArrayOf(formula) === undefined) continue;
      if (markOneCellArray(worksheet, cell, options.valuesOnly === true)) dynamic.add(at);
    }
    // A legacy array formula fills its range as the engine's spill does, but is not dynamic.
    if (dynamic.size > 0)
      for (const cell of sheet.cells)
        if (isLegacyArray(cell.input)) dynamic.delete(cellName(cell.row, cell.col));
    if (dynamic.size > 0 && options.valuesOnly !== true) dynamicAnchors.set(index + 1, dynamic);
    writeLayout(worksheet, sheet, values);
    writeFormats(worksheet, sheet);
    writeDefaultColumnWidth(worksheet, sheet);
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
  const written = Buffer.from(await workbook.xlsx.writeBuffer());
  return addCharts(written, chartedSheets(document, names, values));
}

/** A chart over more cells than this is left out of an export (its cached values would be huge). */
const MAX_CHART_CELLS = 200_000;

/**
 * Each sheet's charts as xlsx-charts.ts writes them: a chart plots its range on the sheet it
 * names (its own when it names none), by the name the file gives that sheet; a chart whose
 * sheet is gone, or whose range holds nothing to plot, is left out.
 */
function chartedSheets(
  document: WorkbookDocument,
  names: readonly string[],
  values: ComputedValues,
): SheetWithCharts[] {
  return document.sheets.map((sheet, index) => ({
    excelName: names[index]!,
    charts: sheet.charts ?? [],
    plotted: (chart) => {
      const span = tryParseSpan(chart.data_range);
      if (span === undefined) return undefined;
      const wanted = (span.sheet ?? sheet.name).toLowerCase();
      const at = document.sheets.findIndex((one) => one.name.toLowerCase() === wanted);
      if (at === -1) return undefined;
      // Whole columns or rows are written as the part the sheet uses (what the chart shows).
      const range = spanWithinUsedArea(span, usedArea(document.sheets[at]!.cells));
      if (range === undefined) return undefined;
      const cells = (range.end.row - range.start.row + 1) * (range.end.col - range.start.col + 1);
      if (cells > MAX_CHART_CELLS) return undefined;
      const source = document.sheets[at]!.name;
      const data = plottedData(range, chart.orientation, (row, col) => values(source, row, col));
      return data === undefined ? undefined : { sheet: names[at]!, data };
    },
  }));
}

/** The rectangle a sheet's filled cells span; undefined for an empty sheet. */
function usedArea(cells: readonly SnapshotCell[]): RangeAddress | undefined {
  if (cells.length === 0) return undefined;
  let [top, left, bottom, right] = [Infinity, Infinity, -1, -1];
  for (const { row, col } of cells) {
    top = Math.min(top, row);
    left = Math.min(left, col);
    bottom = Math.max(bottom, row);
    right = Math.max(right, col);
  }
  return { start: { row: top, col: left }, end: { row: bottom, col: right } };
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
    const written = isFormula(cell.input)
      ? retargetFormula(cell.input.formula, renames)
      : undefined;
    // A legacy array formula is written as Excel holds it: its own formula, marked as an array
    // formula over its range (writeSpill marks one of several cells, whose range the engine fills).
    const legacy = written === undefined ? undefined : legacyArrayOf(written);
    const formula = legacy?.formula ?? (written && dynamicArrayOf(written)) ?? written;
    const value = excelValue(
      cell.input,
      values(sheetName, cell.row, cell.col),
      formula,
      valuesOnly,
    );
    target.value =
      legacy !== undefined && !valuesOnly && value !== null && typeof value === 'object'
        ? ({
            ...(value as ExcelJS.CellFormulaValue),
            shareType: 'array',
            ref: `${cellName(cell.row, cell.col)}:${cellName(cell.row + legacy.rows - 1, cell.col + legacy.cols - 1)}`,
          } as ExcelJS.CellValue)
        : value;
  }
  if (protectedSheet) target.protection = { locked: cell.locked };
}

/** Marks a formula cell as an array formula over itself; false when it holds no formula. */
function markOneCellArray(
  worksheet: ExcelJS.Worksheet,
  cell: SnapshotCell,
  valuesOnly: boolean,
): boolean {
  const target = worksheet.getCell(cell.row + 1, cell.col + 1);
  const current = target.value as ExcelJS.CellFormulaValue | null;
  if (valuesOnly || current === null || typeof current !== 'object' || !('formula' in current))
    return false;
  const at = cellName(cell.row, cell.col);
  target.value = { ...current, shareType: 'array', ref: `${at}:${at}` } as ExcelJS.CellValue;
  return true;
}

function isLegacyArray(input: CellInput | null): boolean {
  return isFormula(input) && legacyArrayOf(input.formula) !== undefined;
}

/** xl/metadata.xml as Excel writes it for dynamic arrays: one cell metadata, fDynamic. */
const DYNAMIC_ARRAY_METADATA =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
  '<metadata xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" ' +
  'xmlns:xda="http://schemas.microsoft.com/office/spreadsheetml/2017/dynamicarray">' +
  '<metadataTypes count="1"><metadataType name="XLDAPR" minSupportedVersion="120000" copy="1" ' +
  'pasteAll="1" pasteValues="1" merge="1" splitFirst="1" rowColShift="1" clearFormats="1" ' +
  'clearComments="1" assign="1" coerce="1" cellMeta="1"/></metadataTypes>' +
  '<futureMetadata name="XLDAPR" count="1"><bk><extLst>' +
  '<ext uri="{bdbb8cdc-fa1e-496e-a857-3c3f30c029c3}">' +
  '<xda:dynamicArrayProperties fDynamic="1" fCollapsed="0"/></ext></extLst></bk></futureMetadata>' +
  '<cellMetadata count="1"><bk><rc t="1" v="0"/></bk></cellMetadata></metadata>';

interface PartWriting {
  [step: string]: unknown;
}
interface ZipPart {
  append(data: unknown, options: { name: string }): unknown;
}

/**
 * exceljs cannot write cell metadata: the parts it writes are edited as they go into the zip.
 * Each dynamic anchor's `<c>` gets `cm="1"`, and when there is one, xl/metadata.xml is added with
 * its content type and its relationship from the workbook. Nothing changes without one.
 */
function markDynamicArrays(
  workbook: ExcelJS.Workbook,
  anchors: ReadonlyMap<number, ReadonlySet<string>>,
): void {
  const writer = workbook.xlsx as unknown as PartWriting;
  const edit = (step: string, change: (name: string, xml: string, zip: ZipPart) => string) => {
    const original = writer[step];
    if (typeof original !== 'function') return;
    writer[step] = function (this: unknown, zip: ZipPart, ...rest: unknown[]) {
      if (anchors.size === 0) return original.call(this, zip, ...rest);
      const editing: ZipPart = {
        append: (data, options) =>
          zip.append(typeof data === 'string' ? change(options.name, data, zip) : data, options),
      };
      return original.call(this, editing, ...rest);
    };
  };
  edit('addWorksheets', (name, xml) => {
    const id = /^xl\/worksheets\/sheet(\d+)\.xml$/.exec(name)?.[1];
    const cells = id === undefined ? undefined : anchors.get(Number(id));
    if (cells === undefined) return xml;
    return xml.replace(/<c r="([A-Z]+[0-9]+)"([^>]*)>(?=<f t="array")/g, (whole, at: string) =>
      cells.has(at) ? whole.replace(/>$/, ' cm="1">') : whole,
    );
  });
  edit('addContentTypes', (_name, xml) =>
    xml.replace(
      '</Types>',
      '<Override PartName="/xl/metadata.xml" ' +
        'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheetMetadata+xml"/></Types>',
    ),
  );
  edit('addWorkbookRels', (_name, xml, zip) => {
    zip.append(DYNAMIC_ARRAY_METADATA, { name: 'xl/metadata.xml' });
    return xml.replace(
      '</Relationships>',
      '<Relationship Id="rIdGridbookMetadata" ' +
        'Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sheetMetadata" ' +
        'Target="metadata.xml"/></Relationships>',
    );
  });
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

/**
 * A file's `<col width>` is in characters of the default font's widest digit (7 px, Calibri 11)
 * with the 5 px padding already counted in, truncated to 1/256 (ECMA-376 §18.3.1.13):
 * width = trunc(px / 7 * 256) / 256.
 */
function excelColumnWidth(px: number): number {
  return Math.trunc((px / 7) * 256) / 256;
}

/**
 * The inverse Excel applies when it opens a file: px = trunc((256 w + trunc(128 / 7)) / 256 * 7),
 * so a width of 12 shows as 84 px (11.29 characters once the padding is taken off).
 */
function pixelColumnWidth(width: number): number {
  return Math.trunc(((Math.trunc(256 * width) + Math.trunc(128 / 7)) / 256) * 7);
}

/**
 * The sheet's own default column width in px, when its `<sheetFormatPr>` gives one: its
 * defaultColWidth (a column width as `<col>` has it), else its baseColWidth, characters without
 * the 5 px padding, which Excel shows rounded up to a multiple of 8 px (8 characters: 64 px).
 * Neither: Gridbook's default.
 */
function defaultColumnWidthOf(
  worksheet: ExcelJS.Worksheet,
  baseColumnWidth: number | undefined,
): Pick<SheetLayout, 'defaultColumnWidth'> {
  const px = fileDefaultColumnWidth(worksheet, baseColumnWidth);
  // Gridbook's own default needs no mention (every export states it).
  return px === undefined || px === DEFAULT_COLUMN_WIDTH
    ? {}
    : { defaultColumnWidth: Math.min(MAX_SIZE, Math.max(MIN_SIZE, px)) };
}

/** The default column width in px the sheet's `<sheetFormatPr>` gives, if it gives one. */
function fileDefaultColumnWidth(
  worksheet: ExcelJS.Worksheet,
  baseColumnWidth: number | undefined,
): number | undefined {
  const stated = statedDefaultColumnWidth(worksheet);
  if (stated !== undefined) return stated;
  return baseColumnWidth === undefined ? undefined : Math.ceil((baseColumnWidth * 7 + 5) / 8) * 8;
}

/** The px of the sheet's `<sheetFormatPr defaultColWidth>`, when the file states one. */
function statedDefaultColumnWidth(worksheet: ExcelJS.Worksheet): number | undefined {
  const given = worksheet.properties?.defaultColWidth;
  return typeof given === 'number' && given > 0 ? pixelColumnWidth(given) : undefined;
}

/**
 * The sheet's default column width, always stated: a column carrying a style (a whole-column
 * format) but no width of its own is written at it, since exceljs would otherwise write its own
 * 9 characters (63 px), which an import read as a set width. Import drops a width equal to the
 * stated default, so such columns come back with none.
 */
function writeDefaultColumnWidth(worksheet: ExcelJS.Worksheet, sheet: SheetSnapshot): void {
  const width = excelColumnWidth(sheet.layout?.defaultColumnWidth ?? DEFAULT_COLUMN_WIDTH);
  worksheet.properties.defaultColWidth = width;
  for (const column of worksheet.columns ?? [])
    if (column.width === undefined && !column.isDefault) column.width = width;
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
  if (layout.defaultColumnWidth !== undefined)
    worksheet.properties.defaultColWidth = excelColumnWidth(layout.defaultColumnWidth);
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
  for (const row of [...layout.hiddenRows, ...layout.filteredRows])
    worksheet.getRow(row + 1).hidden = true;
}

/** The data rows (zero-based, first and last) of the tables on a sheet whose filter has criteria. */
function filteringTableRows(
  tables: ReadonlyMap<string, ImportedTable>,
  sheet: string,
): (readonly [number, number])[] {
  const spans: (readonly [number, number])[] = [];
  for (const table of tables.values())
    if (table.sheet === sheet && table.filtersRows === true)
      spans.push([
        table.range.start.row + (table.headerRow ? 1 : 0),
        table.range.end.row - (table.totalsRow ? 1 : 0),
      ]);
  return spans;
}

/**
 * The rows the file hides that the sheet's filter does not: under a table's filter with criteria
 * they are filtered out (SUBTOTAL 1–11 leaves them out too, as Excel does); elsewhere, under a
 * filter without criteria included, they are hidden by hand.
 */
function hiddenRowsOfFile(
  worksheet: ExcelJS.Worksheet,
  filter: SheetFilter | null,
  tableRows: readonly (readonly [number, number])[],
): { hiddenRows: number[]; filteredRows: number[] } {
  const hiddenRows: number[] = [];
  const filteredRows: number[] = [];
  const underFilter = (row: number): boolean =>
    filter !== null &&
    filter.columns.length > 0 &&
    row > filter.range.start.row &&
    row <= filter.range.end.row;
  worksheet.eachRow({ includeEmpty: true }, (line) => {
    const row = Number(line.number) - 1;
    if (!line.hidden || row >= MAX_ROWS || underFilter(row)) return;
    if (tableRows.some(([first, last]) => row >= first && row <= last)) filteredRows.push(row);
    else hiddenRows.push(row);
  });
  const ascending = (a: number, b: number): number => a - b;
  return {
    hiddenRows: hiddenRows.sort(ascending).slice(0, MAX_HIDDEN_ROWS),
    filteredRows: filteredRows.sort(ascending).slice(0, MAX_HIDDEN_ROWS),
  };
}

function readLayout(
  worksheet: ExcelJS.Worksheet,
  tables: ReadonlyMap<string, ImportedTable>,
  baseColumnWidth: number | undefined,
): SheetLayout | undefined {
  const view = worksheet.views?.[0] as
    { state?: string; xSplit?: number; ySplit?: number } | undefined;
  const frozen = view?.state === 'frozen';
  const columnWidths: [number, number][] = [];
  // A column at the width the sheet states as its default has no width of its own.
  const defaultWidth = statedDefaultColumnWidth(worksheet);
  (worksheet.columns ?? []).forEach((column, index) => {
    const width = column?.width;
    if (typeof width !== 'number' || width <= 0 || index >= MAX_COLUMNS) return;
    const px = pixelColumnWidth(width);
    if (px !== defaultWidth) columnWidths.push([index, Math.min(MAX_SIZE, Math.max(MIN_SIZE, px))]);
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
    ...hiddenRowsOfFile(worksheet, filter, filteringTableRows(tables, worksheet.name)),
    ...defaultColumnWidthOf(worksheet, baseColumnWidth),
  };
  return isEmptyLayout(layout) ? undefined : layout;
}

// ---- import ---------------------------------------------------------------------------------

/** A Date's serial: as the file held it when exceljs read it from a cell, else from its time. */
function excelSerial(date: Date): number {
  return dateSerial(date) ?? (date.getTime() - EXCEL_EPOCH_MS) / DAY_MS;
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
  // Empty text is a value too (a shared string `<t/>`): ISBLANK is FALSE for it and ARRAYTOTEXT
  // writes it as "" (formulas/test.xlsx TEXT!W4, `ARRAYTOTEXT(I4,1)` is {""}).
  if (typeof value === 'string') return value;
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
  // An error typed into a cell (#N/A as a placeholder) stays an error value (no formula), not text.
  if ('error' in value) {
    const error = errorLiteralOf(value.error);
    return error === undefined ? value.error : { error };
  }
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
  const range = arrayFormulaRef(cell);
  return range === undefined || sameCell(range.start, range.end) ? undefined : range;
}

/** The `ref` of an array formula's anchor cell (`<f t="array" ref="…">`), even of one cell. */
function arrayFormulaRef(cell: ExcelJS.Cell): RangeAddress | undefined {
  const value = cell.value as { shareType?: unknown; ref?: unknown } | null;
  if (value === null || typeof value !== 'object' || value.shareType !== 'array') return undefined;
  if (typeof value.ref !== 'string') return undefined;
  try {
    return value.ref.includes(':')
      ? parseRange(value.ref)
      : parseRange(`${value.ref}:${value.ref}`);
  } catch {
    return undefined;
  }
}

/**
 * A formula as the engine holds it: a legacy (Ctrl+Shift+Enter) array formula, one without the
 * dynamic-array cell metadata, fills exactly its range (LEGACY.ARRAY); a dynamic one spills; any
 * other shows one value, with `@` where its result would be an array (core/legacy-single.ts).
 */
function arrayAware(
  formula: string,
  cell: ExcelJS.Cell,
  dynamic: ReadonlySet<string> | undefined,
): string {
  const range = arrayFormulaRef(cell);
  if (range === undefined) return legacyIntersection(formula);
  if (dynamic?.has(String(cell.address)) === true) return dynamicArrayFormula(formula);
  return legacyArrayFormula(
    formula,
    range.end.row - range.start.row + 1,
    range.end.col - range.start.col + 1,
  );
}

/**
 * The tables of every worksheet, by lower-case name: exceljs says which sheet holds each one;
 * what it is (range, header and totals rows, columns) is read from its part's XML (`definitions`,
 * by lower-case name), since exceljs loses columns and the header row count. A table whose part
 * could not be read keeps what exceljs has, with its header row (the default).
 */
function tablesOf(
  workbook: ExcelJS.Workbook,
  definitions: ReadonlyMap<string, TableDefinition>,
): Map<string, ImportedTable> {
  const tables = new Map<string, ImportedTable>();
  for (const worksheet of workbook.worksheets) {
    for (const table of worksheet.getTables() as unknown as {
      table?: {
        name?: string;
        displayName?: string;
        tableRef?: string;
        ref?: string;
        columns?: { name?: string }[];
        totalsRow?: boolean;
      };
    }[]) {
      const model = table.table;
      const name = model?.displayName ?? model?.name;
      const defined = name === undefined ? undefined : definitions.get(name.toLowerCase());
      if (defined !== undefined) {
        tables.set(defined.name.toLowerCase(), { ...defined, sheet: worksheet.name });
        continue;
      }
      const ref = model?.tableRef ?? model?.ref;
      if (name === undefined || ref === undefined) continue;
      let range: RangeAddress;
      try {
        range = parseRange(ref);
      } catch {
        continue;
      }
      tables.set(name.toLowerCase(), {
        name,
        sheet: worksheet.name,
        range,
        columns: (model?.columns ?? []).map((column) => String(column.name ?? '')),
        headerRow: true,
        totalsRow: model?.totalsRow === true,
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
  return rewriteDefinedNames(
    rewriteQualifiedNames(withTables, references.qualified),
    references.rewrites,
  );
}

interface ImportedReferences {
  readonly tables: ReadonlyMap<string, ImportedTable>;
  readonly rewrites: ReadonlyMap<string, ImportedName>;
  /** Sheets' own names standing for a range, by `sheet!name` (name-rewrite.ts qualifiedKey). */
  readonly qualified: ReadonlyMap<string, string>;
}

/** A sheet's error constants whose rich value names an Excel 365 error (xlsx-rich-errors.ts): A1 → it. */
function typedErrorsOf(
  marks: WorksheetMarks | undefined,
  richErrors: ReadonlyMap<number, ErrorLiteral>,
): Map<string, ErrorLiteral> {
  const errors = new Map<string, ErrorLiteral>();
  for (const [cell, vm] of marks?.richErrors ?? []) {
    const error = richErrors.get(vm);
    if (error !== undefined) errors.set(cell, error);
  }
  return errors;
}

function readWorksheet(
  worksheet: ExcelJS.Worksheet,
  references: ImportedReferences,
  dynamic: ReadonlySet<string> | undefined,
  richErrors: ReadonlyMap<string, ErrorLiteral>,
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
      // exceljs gives every cell of a merged range its first cell's value; in Excel the others
      // are empty (COUNTA over a merged A6:A8 counts one: formulas test.xlsx COVERAGE D12).
      if (cell.isMerged && cell.master.address !== cell.address) return;
      const array = arrayFormulaRange(cell);
      if (array !== undefined) arrays.push(array);
      const given = inputOf(cell);
      const rich = isTypedError(given) ? richErrors.get(cell.address) : undefined;
      const read = rich === undefined ? given : { error: rich };
      if (read === null) return;
      const at = { row: Number(cell.row) - 1, col: Number(cell.col) - 1 };
      const input = isFormula(read)
        ? {
            formula: arrayAware(
              importedFormula(read.formula, references, worksheet.name, at),
              cell,
              dynamic,
            ),
          }
        : read;
      // Every cell of an array formula's range but its anchor holds the formula's output (an
      // error among them reads as `=#N/A`, so this does not look at what the cell holds).
      if (arrays.some((range) => rangeContains(range, at) && !sameCell(range.start, at))) return;
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

/** What a filter column holds when it filters (a column may hold only its button's settings). */
const FILTER_CRITERIA = /<(?:filters|customFilters|top10|dynamicFilter|colorFilter|iconFilter)\b/;

interface TableReading {
  _processTableEntry?: (stream: AsyncIterable<unknown>, model: unknown, name: string) => unknown;
}

/**
 * exceljs 4.4 fails on a whole workbook when a table's filter holds what it cannot parse (an
 * icon filter, or filter columns beyond the table's), though the import reads nothing of a
 * table's filter (table-references.ts needs its name, range and columns). Each table part is
 * read with its filter left out; if exceljs no longer has that step, the file is read as it is.
 * Each part's definition is kept as read from its XML (by lower-case name), for tablesOf.
 */
function readTablesWithoutFilters(workbook: ExcelJS.Workbook): Map<string, TableDefinition> {
  const definitions = new Map<string, TableDefinition>();
  const reader = workbook.xlsx as unknown as TableReading;
  const readTable = reader._processTableEntry;
  if (typeof readTable !== 'function') return definitions;
  reader._processTableEntry = async function (stream, model, name) {
    const chunks: Buffer[] = [];
    for await (const chunk of stream)
      chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
    const whole = Buffer.concat(chunks).toString('utf8');
    const filtersRows = (whole.match(TABLE_FILTER) ?? []).some((part) =>
      FILTER_CRITERIA.test(part),
    );
    const xml = whole.replace(TABLE_FILTER, '');
    const defined = tableDefinitionOf(xml);
    if (defined !== undefined)
      definitions.set(defined.name.toLowerCase(), { ...defined, filtersRows });
    return readTable.call(this, Readable.from([xml]), model, name);
  };
  return definitions;
}

interface WorksheetReading {
  _processWorksheetEntry?: (
    stream: AsyncIterable<unknown>,
    model: { worksheets?: unknown[] },
    ...rest: unknown[]
  ) => unknown;
}

/** A cell whose formula is an array formula, and its attributes: `<c r="A1" cm="1"><f t="array"`. */
const ARRAY_CELL = /<c\b([^>]*)>\s*<f\b[^>]*\bt="array"/g;
const CELL_NAME = /\br="([A-Z]+[0-9]+)"/;

/**
 * Which array formulas of each worksheet are dynamic (Excel 365 spills): Excel marks them with
 * cell metadata (`cm`, pointing at xl/metadata.xml's dynamic-array property; Excel uses `cm`
 * for nothing else on a formula cell), which exceljs drops. Every other array formula is a
 * legacy one. Each worksheet part is read once here before exceljs parses it; the sets are
 * found by sheet name once exceljs has named its worksheets.
 */
function keepDynamicArrays(workbook: ExcelJS.Workbook): () => Map<string, WorksheetMarks> {
  const reader = workbook.xlsx as unknown as WorksheetReading;
  const readWorksheetPart = reader._processWorksheetEntry;
  const found: { model: unknown; marks: WorksheetMarks }[] = [];
  if (typeof readWorksheetPart === 'function') {
    reader._processWorksheetEntry = async function (stream, model, ...rest) {
      const chunks: Buffer[] = [];
      for await (const chunk of stream)
        chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
      const xml = Buffer.concat(chunks).toString('utf8');
      const cells = new Set<string>();
      if (xml.includes(' cm="'))
        for (const match of xml.matchAll(ARRAY_CELL)) {
          const attributes = match[1]!;
          if (!/\bcm="/.test(attributes)) continue;
          const name = CELL_NAME.exec(attributes)?.[1];
          if (name !== undefined) cells.add(name);
        }
      const richErrors = richErrorCells(xml);
      const baseColumnWidth = baseColumnWidthOf(xml);
      const result = await readWorksheetPart.call(
        this,
        Readable.from([withoutCellByCellParts(xml)]),
        model,
        ...rest,
      );
      const parsed = model.worksheets?.[model.worksheets.length - 1];
      const marked = cells.size > 0 || richErrors.size > 0 || baseColumnWidth !== undefined;
      if (marked && parsed !== undefined)
        found.push({ model: parsed, marks: { dynamic: cells, richErrors, baseColumnWidth } });
      return result;
    };
  }
  return () => {
    const byName = new Map<string, WorksheetMarks>();
    for (const { model, marks } of found) {
      const name = (model as { name?: unknown }).name;
      if (typeof name === 'string') byName.set(name, marks);
    }
    return byName;
  };
}

/**
 * exceljs expands data validations, merged ranges and hyperlinks into one entry per cell they
 * cover, so one `sqref="A1:XFD1048576"` in a 1 KB file held the xlsx worker until
 * GRIDBOOK_XLSX_TIMEOUT_MS. Gridbook keeps no data validations, so they are left out; a merge or
 * hyperlink over more cells than a sheet may import is left out too (a merge's hidden cells
 * then read as the file stores them, which Excel leaves empty).
 */
function withoutCellByCellParts(xml: string): string {
  if (!xml.includes('dataValidations') && !xml.includes('mergeCell') && !xml.includes('hyperlink'))
    return xml;
  return xml
    .replace(DATA_VALIDATIONS, '')
    .replace(RANGED_ELEMENT, (element, ref: string) =>
      cellsIn(ref) > MAX_EXPANDED_CELLS ? '' : element,
    );
}

const DATA_VALIDATIONS =
  /<(?:[\w.-]+:)?dataValidations\b[^>]*\/>|<((?:[\w.-]+:)?)dataValidations\b[\s\S]*?<\/\1dataValidations\s*>/g;
const RANGED_ELEMENT = /<(?:[\w.-]+:)?(?:mergeCell|hyperlink)\b[^>]*?\bref="([^"]*)"[^>]*\/>/g;
/** The default GRIDBOOK_MAX_IMPORT_CELLS: more cells than one import may bring. */
const MAX_EXPANDED_CELLS = 1_048_576;

function cellsIn(ref: string): number {
  const range = tryParseRange(ref);
  if (range === undefined) return 0;
  return (range.end.row - range.start.row + 1) * (range.end.col - range.start.col + 1);
}

/** What a worksheet part says that exceljs drops: its dynamic arrays, its rich error cells (A1 → vm). */
interface WorksheetMarks {
  readonly dynamic: ReadonlySet<string>;
  readonly richErrors: ReadonlyMap<string, number>;
  /** `<sheetFormatPr baseColWidth>`: the default width in characters, padding left out. */
  readonly baseColumnWidth: number | undefined;
}

const SHEET_FORMAT = /<sheetFormatPr\b[^>]*\bbaseColWidth="([0-9.]+)"/;

function baseColumnWidthOf(xml: string): number | undefined {
  const width = Number(SHEET_FORMAT.exec(xml)?.[1]);
  return Number.isFinite(width) && width > 0 ? width : undefined;
}

interface WorkbookReading {
  parseWorkbook?: (stream: AsyncIterable<unknown>) => unknown;
}

/**
 * Keeps the text of `xl/workbook.xml` as exceljs reads it: its defined names are read from there
 * (defined-names.ts), since exceljs drops their scope and every name that is not a range.
 */
/**
 * The `<definedNames>` element, which exceljs is not given: it expands a name standing for a range
 * into one entry per cell, so a file of a few hundred bytes naming `Sheet1!$A$1:$XFD$1048576`
 * held the xlsx worker until GRIDBOOK_XLSX_TIMEOUT_MS. The names are read from the kept text
 * instead (defined-names.ts), and nothing else reads exceljs's.
 */
const DEFINED_NAMES =
  /<(?:[\w.-]+:)?definedNames\b[^>]*\/>|<((?:[\w.-]+:)?)definedNames\b[\s\S]*?<\/\1definedNames\s*>/g;

function keepWorkbookXml(workbook: ExcelJS.Workbook): () => string | undefined {
  const reader = workbook.xlsx as unknown as WorkbookReading;
  const parse = reader.parseWorkbook;
  let kept: string | undefined;
  if (typeof parse === 'function') {
    reader.parseWorkbook = async function (stream) {
      const chunks: string[] = [];
      for await (const chunk of stream) chunks.push(String(chunk));
      kept = chunks.join('');
      return parse.call(this, Readable.from([kept.replace(DEFINED_NAMES, '')]));
    };
  }
  return () => kept;
}

interface DrawingReading {
  _processDrawingEntry?: (
    stream: AsyncIterable<unknown>,
    model: { drawings?: Record<string, unknown> },
    name: string,
  ) => unknown;
}

/**
 * exceljs reads each drawing part for the images it anchors, which Gridbook does not keep, and
 * knows only drawings whose elements carry the `xdr:` prefix: a drawing in the default
 * namespace (as openpyxl writes a chart's) parses to nothing, and exceljs then fails the whole
 * workbook ("reading 'anchors'"). Such a drawing is taken as anchoring nothing; the charts it
 * holds are read by xlsx-charts.ts from the parts themselves.
 */
function tolerateUnreadDrawings(workbook: ExcelJS.Workbook): void {
  const reader = workbook.xlsx as unknown as DrawingReading;
  const readDrawing = reader._processDrawingEntry;
  if (typeof readDrawing !== 'function') return;
  reader._processDrawingEntry = async function (stream, model, name) {
    const result = await readDrawing.call(this, stream, model, name);
    const drawings = model.drawings;
    if (drawings !== undefined && (drawings[name] === undefined || drawings[name] === null))
      drawings[name] = { anchors: [] };
    return result;
  };
}

/** `maxCells` (GRIDBOOK_MAX_IMPORT_CELLS) is checked while inflating, before exceljs parses. */
export async function decodeXlsx(
  data: Uint8Array,
  field = 'file',
  maxCells = Number.POSITIVE_INFINITY,
): Promise<DecodedWorkbook> {
  await checkInflatedSize(data, field, undefined, maxCells);
  const characterSet = await readCharacterSet(data);
  const workbook = new (await loadExcelJs()).Workbook();
  const tableDefinitions = readTablesWithoutFilters(workbook);
  const workbookXml = keepWorkbookXml(workbook);
  tolerateUnreadDrawings(workbook);
  const dynamicArrays = keepDynamicArrays(workbook);
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
    tables = tablesOf(workbook, tableDefinitions);
  } catch {
    tables = new Map();
  }
  const xml = workbookXml();
  const marks = dynamicArrays();
  const richErrors = richErrorsOf(await readParts(data, RICH_ERROR_PARTS, RICH_PART_BYTES));
  const names = importedNames(
    xml === undefined ? { names: [], sheets: [] } : readWorkbookXml(xml),
    (text) => cleanFormula(text),
  );
  const read = worksheets.map((worksheet): SheetSnapshot => {
    try {
      const layout = readLayout(worksheet, tables, marks.get(worksheet.name)?.baseColumnWidth);
      const formats = readFormats(worksheet);
      const own = names.bySheet.get(worksheet.name);
      return {
        name: worksheet.name,
        cells: readWorksheet(
          worksheet,
          { tables, rewrites: names.rewrites, qualified: names.qualified },
          marks.get(worksheet.name)?.dynamic,
          typedErrorsOf(marks.get(worksheet.name), richErrors),
        ),
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
  // A chart that does not map onto a Gridbook chart is left out; none fails the import.
  const charts = await readCharts(
    data,
    read.map((sheet, index) => {
      const worksheet = worksheets[index]!;
      const rowPoints = worksheet.properties?.defaultRowHeight;
      return {
        name: sheet.name,
        layout: sheet.layout,
        defaultColumnWidth: fileDefaultColumnWidth(
          worksheet,
          marks.get(worksheet.name)?.baseColumnWidth,
        ),
        defaultRowHeight:
          typeof rowPoints === 'number' && rowPoints > 0 ? pixelRowHeight(rowPoints) : undefined,
      };
    }),
  );
  const sheets = read.map((sheet) => {
    const found = charts.bySheet.get(sheet.name);
    return found === undefined ? sheet : { ...sheet, charts: found };
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
    ...(characterSet === DEFAULT_CHARACTER_SET ? {} : { characterSet }),
  };
}
