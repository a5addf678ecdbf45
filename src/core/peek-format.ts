// /peek's shapes (docs/design.md §5): a rectangle of computed values or raw inputs, as JSON rows or
// as CSV/TSV text with RFC 4180 quoting.
import { rangeSize, type RangeAddress } from './address/index.js';
import { TooLargeError } from './errors.js';
import { valueToJson, type CellValue } from './formula/index.js';
import { inputToText, type CellInput } from './value-typing.js';

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

export function peekRows(sheet: PeekSource, range: RangeAddress, mode: PeekMode): PeekCell[][] {
  const size = rangeSize(range);
  if (size.cells > MAX_PEEK_CELLS) {
    throw new TooLargeError(
      'range',
      `covers ${size.cells} cells; peek at most ${MAX_PEEK_CELLS} cells at a time.`,
    );
  }
  const rows: PeekCell[][] = [];
  for (let row = range.start.row; row <= range.end.row; row += 1) {
    const cells: PeekCell[] = [];
    for (let col = range.start.col; col <= range.end.col; col += 1) {
      const input = sheet.input(row, col);
      if (input === null) {
        // A spilled cell has no input of its own but shows its anchor's array value.
        const spilled = mode !== 'formulas' && sheet.spilledFrom?.(row, col) !== undefined;
        cells.push(spilled ? valueToJson(sheet.value(row, col)) : null);
      } else if (mode === 'formulas') cells.push(inputToText(input));
      else if (mode === 'display' && sheet.display !== undefined)
        cells.push(sheet.display(row, col));
      else cells.push(valueToJson(sheet.value(row, col)));
    }
    rows.push(cells);
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
