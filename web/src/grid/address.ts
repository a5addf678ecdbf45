// A1 addressing in the browser (zero-based inside, letters and 1-based rows outside). The
// server has its own parser in core; the UI cannot import it at run time (DESIGN §3).

export interface CellRef {
  readonly col: number;
  readonly row: number;
}

/** An inclusive rectangle of cells. */
export interface Rect {
  readonly col: number;
  readonly row: number;
  readonly width: number;
  readonly height: number;
}

/** Excel's limits, which the server also enforces. */
export const MAX_COLUMNS = 16_384;
export const MAX_ROWS = 1_048_576;

export function columnLetters(col: number): string {
  let letters = '';
  let rest = col + 1;
  while (rest > 0) {
    const digit = (rest - 1) % 26;
    letters = String.fromCharCode(65 + digit) + letters;
    rest = Math.floor((rest - 1) / 26);
  }
  return letters;
}

export function columnIndex(letters: string): number {
  let col = 0;
  for (const char of letters.toUpperCase()) col = col * 26 + (char.charCodeAt(0) - 64);
  return col - 1;
}

export function formatCell(ref: CellRef): string {
  return `${columnLetters(ref.col)}${ref.row + 1}`;
}

const CELL = /^\$?([A-Za-z]{1,3})\$?(\d{1,7})$/;

export function parseCell(text: string): CellRef | undefined {
  const match = CELL.exec(text.trim());
  if (match === null) return undefined;
  const col = columnIndex(match[1]!);
  const row = Number(match[2]) - 1;
  if (row < 0 || row >= MAX_ROWS || col >= MAX_COLUMNS) return undefined;
  return { col, row };
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
    const cell = parseCell(parts[0]!);
    return cell === undefined ? undefined : rectOf(cell, cell);
  }
  if (parts.length !== 2) return undefined;
  const [left, right] = parts as [string, string];
  if (/^[A-Z]{1,3}$/.test(left) && /^[A-Z]{1,3}$/.test(right)) {
    const a = columnIndex(left);
    const b = columnIndex(right);
    if (Math.max(a, b) >= cols) return undefined;
    return { col: Math.min(a, b), row: 0, width: Math.abs(a - b) + 1, height: rows };
  }
  if (/^\d{1,7}$/.test(left) && /^\d{1,7}$/.test(right)) {
    const a = Number(left) - 1;
    const b = Number(right) - 1;
    if (Math.min(a, b) < 0 || Math.max(a, b) >= rows) return undefined;
    return { col: 0, row: Math.min(a, b), width: cols, height: Math.abs(a - b) + 1 };
  }
  const start = parseCell(left);
  const end = parseCell(right);
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
    return `${columnLetters(rect.col)}:${columnLetters(rect.col + rect.width - 1)}`;
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

/** Splits `Sheet 1!B2` / `'My sheet'!B2:C3` into sheet and range text. */
export function splitSheet(text: string): { sheet: string | undefined; ref: string } {
  const bang = text.lastIndexOf('!');
  if (bang < 0) return { sheet: undefined, ref: text };
  let sheet = text.slice(0, bang);
  if (sheet.startsWith("'") && sheet.endsWith("'")) sheet = sheet.slice(1, -1).replace(/''/g, "'");
  return { sheet, ref: text.slice(bang + 1) };
}
