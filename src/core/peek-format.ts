// /peek's shapes (docs/design.md §5): a rectangle of computed values or raw inputs, as JSON rows or
// as CSV/TSV text with RFC 4180 quoting.
import {
  formatRange,
  parseSpan,
  rangeSize,
  spanWithinUsedArea,
  type RangeAddress,
} from './address/index.js';
import { TooLargeError } from './errors.js';
import { valueToJson, type CellValue } from './formula/index.js';
import type { ReadSlices } from './read-slices.js';
import { inputToText, type CellInput } from './value-typing.js';
import type { SheetView } from './workbook.js';
import type { WorkbookReader } from './workbook-handle.js';

/** `display`: each value as its cell shows it (through its number format). */
export type PeekMode = 'values' | 'formulas' | 'display';
export type PeekCell = number | string | boolean | null;

/** The most cells one peek may return. */
export const MAX_PEEK_CELLS = 250_000;

export interface PeekSource {
  input(row: number, col: number): CellInput | null;
  value(row: number, col: number): CellValue;
  /** The anchor whose spilled array a cell shows; such cells read as values, never as formulas. */
  spilledFrom?(row: number, col: number): unknown;
  /** The value through the cell's number format (mode `display`); without it, plain values. */
  display?(row: number, col: number): string;
}

/**
 * Which sheet and rectangle a peek reads (GET /peek, MCP's peek, the agent's peek tool): `range`
 * as Excel reads it (a cell, a rectangle, whole columns or rows cut to the sheet's used area;
 * a sheet it names wins over `sheet`, being the more specific), else the occupied bounds. The
 * range is undefined when there is nothing to read.
 */
export function peekTarget(
  workbook: WorkbookReader,
  range: string | undefined,
  sheet: string | undefined,
): { sheet: SheetView; range: RangeAddress | undefined } {
  const span = range === undefined || range.trim() === '' ? undefined : parseSpan(range);
  const target = workbook.sheet(span?.sheet ?? sheet);
  if (span === undefined) return { sheet: target, range: target.occupiedBounds() };
  const used = span.whole === undefined ? undefined : target.occupiedBounds();
  return { sheet: target, range: spanWithinUsedArea(span, used) };
}

function checkPeekSize(range: RangeAddress): void {
  const size = rangeSize(range);
  if (size.cells > MAX_PEEK_CELLS) {
    throw new TooLargeError(
      'range',
      `${formatRange(range)} covers ${size.cells} cells; peek at most ${MAX_PEEK_CELLS} cells at a time.`,
    );
  }
}

/** Rows `from` to `to` (inclusive, sheet rows) of the range, pushed onto `rows`. */
function pushRows(
  sheet: PeekSource,
  range: RangeAddress,
  mode: PeekMode,
  from: number,
  to: number,
  rows: PeekCell[][],
): void {
  for (let row = from; row <= to; row += 1) {
    const cells: PeekCell[] = [];
    for (let col = range.start.col; col <= range.end.col; col += 1) {
      const input = sheet.input(row, col);
      if (input === null) {
        // A spilled cell has no input of its own but shows its anchor's array value.
        const spilled = mode !== 'formulas' && sheet.spilledFrom?.(row, col) !== undefined;
        if (!spilled) cells.push(null);
        else if (mode === 'display' && sheet.display !== undefined)
          cells.push(sheet.display(row, col));
        else cells.push(valueToJson(sheet.value(row, col)));
      } else if (mode === 'formulas') cells.push(inputToText(input));
      else if (mode === 'display' && sheet.display !== undefined)
        cells.push(sheet.display(row, col));
      else cells.push(valueToJson(sheet.value(row, col)));
    }
    rows.push(cells);
  }
}

export function peekRows(sheet: PeekSource, range: RangeAddress, mode: PeekMode): PeekCell[][] {
  checkPeekSize(range);
  const rows: PeekCell[][] = [];
  pushRows(sheet, range, mode, range.start.row, range.end.row, rows);
  return rows;
}

/** About this many cells are read between looks at the clock. */
const PEEK_STRETCH_CELLS = 4_096;

/** peekRows a stretch of rows at a time, letting the event loop turn between slices. */
export async function peekRowsInSlices(
  sheet: PeekSource,
  range: RangeAddress,
  mode: PeekMode,
  slices: ReadSlices,
): Promise<PeekCell[][]> {
  checkPeekSize(range);
  const width = range.end.col - range.start.col + 1;
  const stretch = Math.max(1, Math.floor(PEEK_STRETCH_CELLS / width));
  const rows: PeekCell[][] = [];
  for (let from = range.start.row; from <= range.end.row; from += stretch) {
    await slices.pause();
    pushRows(sheet, range, mode, from, Math.min(range.end.row, from + stretch - 1), rows);
  }
  return rows;
}

function field(cell: PeekCell, separator: string): string {
  if (cell === null) return '';
  const text = typeof cell === 'boolean' ? (cell ? 'TRUE' : 'FALSE') : String(cell);
  return text.includes(separator) || /["\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows joined with `\n`, no trailing newline; fields quoted only when they need it. */
export function formatDelimited(
  rows: readonly (readonly PeekCell[])[],
  separator: ',' | '\t',
): string {
  return rows.map((row) => row.map((cell) => field(cell, separator)).join(separator)).join('\n');
}
