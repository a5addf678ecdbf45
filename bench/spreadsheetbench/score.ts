// SpreadsheetBench's published comparison, re-implemented on exceljs workbooks. The reference
// reads both files with openpyxl (data_only: cached values) and compares every cell of the
// answer position after a transform; Python's semantics are kept where they decide a verdict:
// bool is an int (TRUE equals 1), round() rounds half to even, float() parses "1e3" and " 7 ".
// Fill and font colours are not compared: Gridbook has no cell formats yet.
import type ExcelJS from 'exceljs';
import {
  AnswerPositionError,
  cellsOf,
  columnLetters,
  parseAnswerPosition,
  parseCells,
} from './answer-position.js';

/** A cell's cached value as openpyxl hands it over with data_only. */
export type CachedValue = number | string | boolean | Date | null;
/** A value after the benchmark's transform. */
export type ComparedValue = number | string | null;

export interface CaseVerdict {
  readonly passed: boolean;
  /** The first difference, for the report; null when the case passed. */
  readonly mismatch: string | null;
}

const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);
const DAY_MS = 86_400_000;

/** exceljs's formula, shared-formula, rich-text, hyperlink and error shapes → the cached value. */
export function cachedValue(value: ExcelJS.CellValue | undefined): CachedValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number' || typeof value === 'string' || typeof value === 'boolean')
    return value;
  if (value instanceof Date) return value;
  if ('formula' in value || 'sharedFormula' in value)
    return cachedValue((value as { result?: ExcelJS.CellValue }).result);
  if ('richText' in value) return value.richText.map((run) => run.text).join('');
  if ('hyperlink' in value) return cachedValue(value.text as ExcelJS.CellValue);
  if ('error' in value) return value.error;
  return null;
}

/** openpyxl gives a merged range's other cells no value; exceljs repeats the master's. */
export function cellValue(worksheet: ExcelJS.Worksheet, row: number, col: number): CachedValue {
  const cell = worksheet.findCell(row, col);
  if (cell === undefined) return null;
  if (cell.isMerged && cell.master !== cell) return null;
  return cachedValue(cell.value);
}

/** Python's round(x, digits) for digits 0 and 2: correctly rounded, exact ties to even. */
export function roundHalfEven(x: number, digits: 0 | 2): number {
  if (!Number.isFinite(x)) return x;
  // A double is an exact tie at 2 decimals only when it is an odd multiple of 1/8, at 0 decimals
  // an odd multiple of 1/2; every other double is rounded correctly by toFixed.
  const tieScale = digits === 0 ? 2 : 8;
  const scaled = x * tieScale;
  if (Number.isInteger(scaled) && Math.abs(scaled) % 2 === 1) {
    const factor = 10 ** digits;
    const below = Math.floor(x * factor);
    return (below % 2 === 0 ? below : below + 1) / factor;
  }
  return Number(x.toFixed(digits));
}

const PYTHON_FLOAT =
  /^[+-]?(?:(?:\d(?:_?\d)*(?:\.(?:\d(?:_?\d)*)?)?|\.\d(?:_?\d)*)(?:e[+-]?\d(?:_?\d)*)?|inf(?:inity)?|nan)$/i;

/** What Python's float(text) gives, or undefined where it raises ValueError. */
export function pythonFloat(text: string): number | undefined {
  const trimmed = text.trim();
  if (!PYTHON_FLOAT.test(trimmed)) return undefined;
  const sign = trimmed.startsWith('-') ? -1 : 1;
  if (/inf/i.test(trimmed)) return sign * Infinity;
  if (/nan/i.test(trimmed)) return Number.NaN;
  return Number(trimmed.replace(/_/g, ''));
}

function timeOfDay(msIntoDay: number): string {
  const pad = (value: number): string => String(value).padStart(2, '0');
  const seconds = Math.floor(msIntoDay / 1000);
  const hhmm = `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor(seconds / 60) % 60)}`;
  const ms = msIntoDay % 1000;
  // str(time)[:-3] cuts ":SS" off, or three of the six microsecond digits when there are any.
  return ms === 0 ? hhmm : `${hhmm}:${pad(seconds % 60)}.${String(ms).padStart(3, '0')}`;
}

/** openpyxl's datetime for a serial, then the reference's days + seconds / 86400. */
function dateValue(date: Date): ComparedValue {
  const ms = date.getTime() - EXCEL_EPOCH_MS;
  // openpyxl reads a date-formatted serial below 1 as a time of day.
  if (ms >= 0 && ms < DAY_MS) return timeOfDay(ms);
  const days = Math.floor(ms / DAY_MS);
  const seconds = Math.floor((ms - days * DAY_MS) / 1000);
  // openpyxl moves serials before 60 (Excel's phantom 1900-02-29) a day later than exceljs does.
  const leapQuirk = days > 0 && days < 60 ? 1 : 0;
  return roundHalfEven(days + leapQuirk + seconds / 86_400, 0);
}

export function transformValue(value: CachedValue): ComparedValue {
  if (value === null) return null;
  if (typeof value === 'number' || typeof value === 'boolean')
    return roundHalfEven(Number(value), 2);
  if (value instanceof Date) return dateValue(value);
  const parsed = pythonFloat(value);
  return parsed === undefined ? value : roundHalfEven(parsed, 2);
}

export function valuesMatch(expected: CachedValue, actual: CachedValue): boolean {
  const want = transformValue(expected);
  const got = transformValue(actual);
  const blank = (value: ComparedValue): boolean => value === null || value === '';
  if (blank(want) && blank(got)) return true;
  return typeof want === typeof got && want === got;
}

function shown(value: CachedValue): string {
  if (value === null) return 'empty';
  if (value instanceof Date) return value.toISOString();
  return JSON.stringify(value);
}

function quotedSheet(name: string): string {
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) ? name : `'${name}'`;
}

function usedArea(...sheets: ExcelJS.Worksheet[]): { rows: number; cols: number } {
  return {
    rows: Math.max(...sheets.map((sheet) => sheet.rowCount)),
    cols: Math.max(...sheets.map((sheet) => sheet.columnCount)),
  };
}

/** The first differing cell of one range, or null when all match. */
function rangeMismatch(
  sheetName: string,
  cells: string,
  answer: ExcelJS.Worksheet,
  output: ExcelJS.Worksheet,
): string | null {
  for (const { row, col } of cellsOf(parseCells(cells), usedArea(answer, output))) {
    const expected = cellValue(answer, row, col);
    const actual = cellValue(output, row, col);
    if (!valuesMatch(expected, actual))
      return `${quotedSheet(sheetName)}!${columnLetters(col)}${row}: expected ${shown(expected)}, got ${shown(actual)}`;
  }
  return null;
}

/** Compares the answer position of two workbooks; a case passes when every cell matches. */
export function compareWorkbooks(
  answer: ExcelJS.Workbook,
  output: ExcelJS.Workbook,
  answerPosition: string,
): CaseVerdict {
  const firstSheet = answer.worksheets[0]?.name;
  try {
    for (const range of parseAnswerPosition(answerPosition)) {
      const sheetName = range.sheet ?? firstSheet;
      if (sheetName === undefined) return failed('the answer workbook has no sheets');
      const expected = answer.getWorksheet(sheetName);
      if (expected === undefined) return failed(`the answer workbook has no sheet "${sheetName}"`);
      const actual = output.getWorksheet(sheetName);
      if (actual === undefined) return failed(`the output has no sheet "${sheetName}"`);
      const mismatch = rangeMismatch(sheetName, range.cells, expected, actual);
      if (mismatch !== null) return failed(mismatch);
    }
  } catch (error) {
    if (error instanceof AnswerPositionError)
      return failed(`answer_position "${answerPosition}": ${error.message}`);
    throw error;
  }
  return { passed: true, mismatch: null };
}

function failed(mismatch: string): CaseVerdict {
  return { passed: false, mismatch };
}
