// A1 notation: zero-based coordinates inside, Excel's letters and 1-based rows outside.
import { InvalidAddressError } from '../errors.js';

/** Excel's grid limits: column XFD, row 1,048,576. */
export const MAX_COLUMNS = 16_384;
export const MAX_ROWS = 1_048_576;

/** Whether whole-number coordinates `row`, `col` name a cell of the grid (zero-based). */
export function isOnSheet(row: number, col: number): boolean {
  return (
    Number.isInteger(row) &&
    Number.isInteger(col) &&
    row >= 0 &&
    col >= 0 &&
    row < MAX_ROWS &&
    col < MAX_COLUMNS
  );
}

export interface CellAddress {
  readonly row: number;
  readonly col: number;
}

export interface RangeAddress {
  readonly start: CellAddress;
  readonly end: CellAddress;
}

/** A cell or range with the sheet it names, if any (`'My Sheet'!A1:B2`). */
export interface QualifiedRange extends RangeAddress {
  readonly sheet: string | undefined;
}

const CELL_PATTERN = /^\$?([A-Za-z]{1,3})\$?(\d{1,7})$/;

export function columnToLetters(col: number): string {
  let letters = '';
  let rest = col + 1;
  while (rest > 0) {
    const digit = (rest - 1) % 26;
    letters = String.fromCharCode(65 + digit) + letters;
    rest = Math.floor((rest - 1) / 26);
  }
  return letters;
}

export function lettersToColumn(letters: string): number {
  let col = 0;
  for (const char of letters.toUpperCase()) col = col * 26 + (char.charCodeAt(0) - 64);
  return col - 1;
}

/** Parses `A1`, `b7`, `$C$9`; returns undefined for anything else or beyond Excel's limits. */
export function tryParseCell(text: string): CellAddress | undefined {
  const match = CELL_PATTERN.exec(text.trim());
  if (match === null) return undefined;
  const col = lettersToColumn(match[1]!);
  const row = Number(match[2]) - 1;
  if (row < 0 || row >= MAX_ROWS || col >= MAX_COLUMNS) return undefined;
  return { row, col };
}

export function parseCell(text: string, field = 'cell'): CellAddress {
  const address = typeof text === 'string' ? tryParseCell(text) : undefined;
  if (address === undefined) throw new InvalidAddressError(field, String(text));
  return address;
}

export function formatCell(address: CellAddress): string {
  return `${columnToLetters(address.col)}${address.row + 1}`;
}

export function normalizeRange(a: CellAddress, b: CellAddress): RangeAddress {
  return {
    start: { row: Math.min(a.row, b.row), col: Math.min(a.col, b.col) },
    end: { row: Math.max(a.row, b.row), col: Math.max(a.col, b.col) },
  };
}

/** Splits an optional sheet prefix: `Sheet1!A1`, `'Q3 ''plan'''!A1:B2`; undefined when malformed. */
export function splitSheetPrefix(
  text: string,
): { sheet: string | undefined; rest: string } | undefined {
  const trimmed = text.trim();
  if (trimmed.startsWith("'")) {
    let index = 1;
    let name = '';
    while (index < trimmed.length) {
      const char = trimmed[index]!;
      if (char === "'") {
        if (trimmed[index + 1] === "'") {
          name += "'";
          index += 2;
          continue;
        }
        break;
      }
      name += char;
      index += 1;
    }
    if (trimmed[index] !== "'" || trimmed[index + 1] !== '!' || name === '') return undefined;
    return { sheet: name, rest: trimmed.slice(index + 2) };
  }
  const bang = trimmed.lastIndexOf('!');
  if (bang === -1) return { sheet: undefined, rest: trimmed };
  const sheet = trimmed.slice(0, bang);
  if (sheet === '' || /[\s'!]/.test(sheet)) return undefined;
  return { sheet, rest: trimmed.slice(bang + 1) };
}

export function tryParseRange(text: string): QualifiedRange | undefined {
  if (typeof text !== 'string') return undefined;
  const split = splitSheetPrefix(text);
  if (split === undefined) return undefined;
  const parts = split.rest.split(':');
  if (parts.length > 2) return undefined;
  const start = tryParseCell(parts[0]!);
  const end = parts.length === 2 ? tryParseCell(parts[1]!) : start;
  if (start === undefined || end === undefined) return undefined;
  return { sheet: split.sheet, ...normalizeRange(start, end) };
}

export function parseRange(text: string, field = 'range'): QualifiedRange {
  const range = tryParseRange(text);
  if (range === undefined) throw invalidQualifiedAddress(field, text);
  return range;
}

/**
 * The error for text that should have been a cell or range, maybe sheet-qualified: with the
 * quoting hint when an unquoted sheet name is what is wrong.
 */
export function invalidQualifiedAddress(field: string, text: unknown): InvalidAddressError {
  const written = typeof text === 'string' ? text : String(text);
  return new InvalidAddressError(field, written, sheetQuotingHint(written));
}

/**
 * `My Sheet!A1` → "Quote a sheet name that has spaces or punctuation: 'My Sheet'!A1." when the
 * quoted form would be read; undefined for any other mistake. Agents write unquoted names with
 * spaces all the time, and "not valid A1 notation" alone does not tell them why.
 */
export function sheetQuotingHint(text: string): string | undefined {
  const trimmed = text.trim();
  const bang = trimmed.lastIndexOf('!');
  if (trimmed.startsWith("'") || bang <= 0) return undefined;
  const sheet = trimmed.slice(0, bang);
  if (!/[\s'!]/.test(sheet)) return undefined;
  const quoted = `'${sheet.replace(/'/g, "''")}'!`;
  const rest = trimmed.slice(bang + 1);
  if (tryParseSpan(quoted + rest) === undefined) return undefined;
  const example = quoted.length + rest.length > 80 ? `${quoted}…` : quoted + rest.toUpperCase();
  return `Quote a sheet name that has spaces or punctuation: ${example}.`;
}

/** A range as a read names it: `whole` says it was written as whole columns or whole rows. */
export interface QualifiedSpan extends QualifiedRange {
  readonly whole: 'columns' | 'rows' | undefined;
}

const WHOLE_COLUMNS = /^\$?([A-Za-z]{1,3}):\$?([A-Za-z]{1,3})$/;
const WHOLE_ROWS = /^\$?(\d{1,7}):\$?(\d{1,7})$/;

/**
 * Parses a range as Excel reads one: a cell or rectangle, or whole columns (`A:C`, `$B:$B`) or
 * whole rows (`1:2`), each of which spans the sheet (A:A is A1:A1048576).
 */
export function tryParseSpan(text: string): QualifiedSpan | undefined {
  const range = tryParseRange(text);
  if (range !== undefined) return { ...range, whole: undefined };
  const split = splitSheetPrefix(text);
  if (split === undefined) return undefined;
  const columns = WHOLE_COLUMNS.exec(split.rest.trim());
  if (columns !== null) {
    const first = lettersToColumn(columns[1]!);
    const last = lettersToColumn(columns[2]!);
    if (first >= MAX_COLUMNS || last >= MAX_COLUMNS) return undefined;
    const span = normalizeRange({ row: 0, col: first }, { row: MAX_ROWS - 1, col: last });
    return { sheet: split.sheet, ...span, whole: 'columns' };
  }
  const rows = WHOLE_ROWS.exec(split.rest.trim());
  if (rows === null) return undefined;
  const first = Number(rows[1]) - 1;
  const last = Number(rows[2]) - 1;
  if (first < 0 || last < 0 || first >= MAX_ROWS || last >= MAX_ROWS) return undefined;
  const span = normalizeRange({ row: first, col: 0 }, { row: last, col: MAX_COLUMNS - 1 });
  return { sheet: split.sheet, ...span, whole: 'rows' };
}

export function parseSpan(text: string, field = 'range'): QualifiedSpan {
  const span = typeof text === 'string' ? tryParseSpan(text) : undefined;
  if (span === undefined) throw invalidQualifiedAddress(field, text);
  return span;
}

/**
 * The part of a span a read needs: whole columns keep the rows of the sheet's used area, whole
 * rows its columns (a whole column of a million rows is the few the sheet uses); a span of every
 * column and every row (A:XFD, 1:1048576) keeps the used area itself. Undefined when the sheet is
 * empty. A rectangle is kept as written.
 */
export function spanWithinUsedArea(
  span: QualifiedSpan,
  used: RangeAddress | undefined,
): RangeAddress | undefined {
  if (span.whole === undefined) return { start: span.start, end: span.end };
  if (used === undefined) return undefined;
  const rows = span.whole === 'columns' || coversEveryRow(span) ? used : span;
  const cols = span.whole === 'rows' || coversEveryColumn(span) ? used : span;
  return {
    start: { row: rows.start.row, col: cols.start.col },
    end: { row: rows.end.row, col: cols.end.col },
  };
}

function coversEveryRow(range: RangeAddress): boolean {
  return range.start.row === 0 && range.end.row === MAX_ROWS - 1;
}

function coversEveryColumn(range: RangeAddress): boolean {
  return range.start.col === 0 && range.end.col === MAX_COLUMNS - 1;
}

/** A span as Excel writes it: `A:C`, `2:5`, or the rectangle (`B2:D5`). */
export function formatSpan(span: RangeAddress & Pick<QualifiedSpan, 'whole'>): string {
  if (span.whole === 'columns')
    return `${columnToLetters(span.start.col)}:${columnToLetters(span.end.col)}`;
  if (span.whole === 'rows') return `${span.start.row + 1}:${span.end.row + 1}`;
  return formatRange(span);
}

export function formatRange(range: RangeAddress): string {
  const start = formatCell(range.start);
  const end = formatCell(range.end);
  return start === end ? start : `${start}:${end}`;
}

/**
 * Quotes a sheet name for use in a formula or a qualified address when it needs quoting.
 * A period needs it too: the formula engine cannot read `a.b!A1` unquoted.
 */
export function quoteSheetName(name: string): string {
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) && tryParseCell(name) === undefined
    ? name
    : `'${name.replace(/'/g, "''")}'`;
}

export function rangeSize(range: RangeAddress): { rows: number; cols: number; cells: number } {
  const rows = range.end.row - range.start.row + 1;
  const cols = range.end.col - range.start.col + 1;
  return { rows, cols, cells: rows * cols };
}

export function rangeContains(range: RangeAddress, address: CellAddress): boolean {
  return (
    address.row >= range.start.row &&
    address.row <= range.end.row &&
    address.col >= range.start.col &&
    address.col <= range.end.col
  );
}

/** A compact numeric key for maps of cells: row-major, unique below Excel's limits. */
export function cellKey(row: number, col: number): number {
  return row * MAX_COLUMNS + col;
}

export function keyToAddress(key: number): CellAddress {
  return { row: Math.floor(key / MAX_COLUMNS), col: key % MAX_COLUMNS };
}
