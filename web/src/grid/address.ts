// A1 addressing in the browser: the core's parser and formatter (shared with the server), and
// the rectangles (col, row, width, height) the grid selects and draws.
import {
  MAX_COLUMNS,
  MAX_ROWS,
  columnToLetters,
  formatCell,
  lettersToColumn,
  splitSheetPrefix,
  tryParseCell,
  type CellAddress,
} from '../../../src/core/address/index.js';

export { MAX_COLUMNS, MAX_ROWS, columnToLetters, formatCell, lettersToColumn, tryParseCell };

export type CellRef = CellAddress;

/** An inclusive rectangle of cells. */
export interface Rect {
  readonly col: number;
  readonly row: number;
  readonly width: number;
  readonly height: number;
}

export function rectOf(a: CellRef, b: CellRef): Rect {
  const col = Math.min(a.col, b.col);
  const row = Math.min(a.row, b.row);
  return { col, row, width: Math.abs(a.col - b.col) + 1, height: Math.abs(a.row - b.row) + 1 };
}

/** `B2`, `B2:D5`; whole columns `C:C`, whole rows `3:3` need the grid size to be bounded. */
export function parseRange(text: string, rows: number, cols: number): Rect | undefined {
  const trimmed = text.trim().toUpperCase();
  const parts = trimmed.split(':');
  if (parts.length === 1) {
    const cell = tryParseCell(parts[0]!);
    return cell === undefined ? undefined : rectOf(cell, cell);
  }
  if (parts.length !== 2) return undefined;
  const [left, right] = parts as [string, string];
  if (/^[A-Z]{1,3}$/.test(left) && /^[A-Z]{1,3}$/.test(right)) {
    const a = lettersToColumn(left);
    const b = lettersToColumn(right);
    if (Math.max(a, b) >= cols) return undefined;
    return { col: Math.min(a, b), row: 0, width: Math.abs(a - b) + 1, height: rows };
  }
  if (/^\d{1,7}$/.test(left) && /^\d{1,7}$/.test(right)) {
    const a = Number(left) - 1;
    const b = Number(right) - 1;
    if (Math.min(a, b) < 0 || Math.max(a, b) >= rows) return undefined;
    return { col: 0, row: Math.min(a, b), width: cols, height: Math.abs(a - b) + 1 };
  }
  const start = tryParseCell(left);
  const end = tryParseCell(right);
  return start === undefined || end === undefined ? undefined : rectOf(start, end);
}

export function rectEnd(rect: Rect): CellRef {
  return { col: rect.col + rect.width - 1, row: rect.row + rect.height - 1 };
}

/** `B2` for one cell, `B2:D5` otherwise. */
export function formatRect(rect: Rect): string {
  const start = formatCell(rect);
  if (rect.width === 1 && rect.height === 1) return start;
  return `${start}:${formatCell(rectEnd(rect))}`;
}

/** How the name box shows a selection: whole columns `C:C`, whole rows `3:3`. */
export function describeSelection(rect: Rect, rows: number, cols: number): string {
  const wholeColumns = rect.row === 0 && rect.height >= rows;
  const wholeRows = rect.col === 0 && rect.width >= cols;
  if (wholeColumns && !wholeRows)
    return `${columnToLetters(rect.col)}:${columnToLetters(rect.col + rect.width - 1)}`;
  if (wholeRows && !wholeColumns) return `${rect.row + 1}:${rect.row + rect.height}`;
  return formatRect(rect);
}

export function rectContains(rect: Rect, ref: CellRef): boolean {
  return (
    ref.col >= rect.col &&
    ref.col < rect.col + rect.width &&
    ref.row >= rect.row &&
    ref.row < rect.row + rect.height
  );
}

/** The cells two rectangles share, or undefined when they do not meet. */
export function rectIntersection(a: Rect, b: Rect): Rect | undefined {
  const col = Math.max(a.col, b.col);
  const row = Math.max(a.row, b.row);
  const width = Math.min(a.col + a.width, b.col + b.width) - col;
  const height = Math.min(a.row + a.height, b.row + b.height) - row;
  return width > 0 && height > 0 ? { col, row, width, height } : undefined;
}

export function rectCellCount(rect: Rect): number {
  return rect.width * rect.height;
}

/** Every address in the rectangle, row by row (callers bound the size first). */
export function addressesIn(rect: Rect): string[] {
  const found: string[] = [];
  for (let row = rect.row; row < rect.row + rect.height; row += 1) {
    for (let col = rect.col; col < rect.col + rect.width; col += 1)
      found.push(formatCell({ col, row }));
  }
  return found;
}

/** Splits `Sheet 1!B2` / `'My sheet'!B2:C3` into sheet and range text (all of it when malformed). */
export function splitSheet(text: string): { sheet: string | undefined; ref: string } {
  const split = splitSheetPrefix(text);
  return split === undefined
    ? { sheet: undefined, ref: text }
    : { sheet: split.sheet, ref: split.rest };
}
