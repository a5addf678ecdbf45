// xlsx through exceljs (the only importer of exceljs). Export: one worksheet per sheet, values,
// formulas with their cached results (or computed values only), locked cells as cell
// protection on a protected sheet, the active tab. Import: values and formulas (our engine
// recomputes them; cached results are not trusted), locks from protected sheets.
// exceljs is loaded on the first xlsx export or import: it adds about 15 MiB to every server
// process, and most never touch xlsx (bench/README.md, W6).
import type ExcelJS from 'exceljs';
import {
  isFormula,
  isFormulaError,
  mapOutsideStrings,
  renameSheetReferences,
  SENTINELS,
  type CellInput,
  type CellValue,
  type SheetSnapshot,
  type SnapshotCell,
  type WorkbookDocument,
} from '../core/index.js';
import { InvalidDocumentError } from './errors.js';
import type { ComputedValues } from './gridbook-json.js';
import type { DecodedWorkbook } from './gridos-import.js';
import { checkInflatedSize } from './zip-bounds.js';
import { readFormats, writeFormats } from './xlsx-formats.js';

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
  'CEILING.MATH',
  'CHOOSECOLS',
  'CHOOSEROWS',
  'CONCAT',
  'DAYS',
  'DROP',
  'FILTER',
  'FLOOR.MATH',
  'FORECAST.LINEAR',
  'IFNA',
  'IFS',
  'ISOWEEKNUM',
  'LAMBDA',
  'LET',
  'MAXIFS',
  'MINIFS',
  'MODE.SNGL',
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
  'UNIQUE',
  'VAR.P',
  'VAR.S',
  'VSTACK',
  'HSTACK',
  'XLOOKUP',
  'XMATCH',
  'XOR',
];
const FUTURE_CALL = new RegExp(
  `(^|[^A-Za-z0-9_.])(${FUTURE_FUNCTIONS.map((name) => name.replace('.', '\\.')).join('|')})(\\s*\\()`,
  'gi',
);

/** The formula as Excel stores it: newer functions prefixed `_xlfn.`, text and sheet names untouched. */
function excelFormula(formula: string): string {
  return mapOutsideStrings(formula, (code) =>
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
  excelJs ??= import('exceljs').then((loaded) => loaded.default);
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
    writeFormats(worksheet, sheet);
    // No password: the sheet enforces the same locks in Excel and anyone may lift them there.
    if (protectedSheet)
      await worksheet.protect('', { selectLockedCells: true, selectUnlockedCells: true });
  }
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

// ---- import ---------------------------------------------------------------------------------

function excelSerial(date: Date): number {
  return (date.getTime() - EXCEL_EPOCH_MS) / DAY_MS;
}

/** Functions newer than Excel 2007 are stored with a `_xlfn.` prefix the engine does not know. */
function cleanFormula(formula: string): string {
  return `=${formula.replace(/_xlfn\.|_xlws\./g, '')}`;
}

function inputOf(cell: ExcelJS.Cell): CellInput | null {
  const value = cell.value;
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string') return value === '' ? null : value;
  if (typeof value === 'boolean') return value;
  if (value instanceof Date) return excelSerial(value);
  if ('formula' in value || 'sharedFormula' in value) {
    // `cell.formula` translates a shared formula from its master cell.
    const formula = cell.formula;
    if (typeof formula === 'string' && formula.trim() !== '')
      return { formula: cleanFormula(formula.trim()) };
    const result = (value as ExcelJS.CellFormulaValue).result;
    return typeof result === 'number' || typeof result === 'string' || typeof result === 'boolean'
      ? result
      : null;
  }
  if ('richText' in value) return value.richText.map((run) => run.text).join('') || null;
  if ('hyperlink' in value) return String(value.text ?? value.hyperlink);
  if ('error' in value) return value.error;
  return cell.text === '' ? null : cell.text;
}

/** exceljs reads `<sheetProtection sheet="1">` as sheet: true; anything else counts as unprotected. */
function isProtected(worksheet: ExcelJS.Worksheet): boolean {
  const protection = (worksheet as unknown as { sheetProtection?: { sheet?: unknown } | null })
    .sheetProtection;
  return protection?.sheet === true;
}

function readWorksheet(worksheet: ExcelJS.Worksheet): SnapshotCell[] {
  const locking = isProtected(worksheet);
  const cells: SnapshotCell[] = [];
  worksheet.eachRow({ includeEmpty: false }, (row) => {
    row.eachCell({ includeEmpty: false }, (cell) => {
      const input = inputOf(cell);
      if (input === null) return;
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

export async function decodeXlsx(data: Uint8Array, field = 'file'): Promise<DecodedWorkbook> {
  checkInflatedSize(data, field);
  const workbook = new (await loadExcelJs()).Workbook();
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
  const sheets = worksheets.map((worksheet): SheetSnapshot => {
    try {
      const formats = readFormats(worksheet);
      return {
        name: worksheet.name,
        cells: readWorksheet(worksheet),
        charts: [],
        ...(formats.length === 0 ? {} : { formats }),
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
  return { name: undefined, activeSheet: active!.name, sheets };
}
