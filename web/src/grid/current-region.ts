// Excel's current region: the block of data around a cell, bounded by entirely empty rows and
// columns (or the sheet's edge). Data → Create filter and Data → Sort range take it when one cell
// is selected, so a Total row under a blank row is left out, as in Excel.
import type { GridResponse } from '../api/types.js';
import { formatRect, rectEnd, tryParseCell, type CellRef, type Rect } from './address.js';

/** Whether the cell at (col, row) holds something: an input or a spilled value. */
export type FilledAt = (col: number, row: number) => boolean;

function anyFilled(filled: FilledAt, cols: [number, number], rows: [number, number]): boolean {
  for (let row = rows[0]; row <= rows[1]; row += 1)
    for (let col = cols[0]; col <= cols[1]; col += 1) if (filled(col, row)) return true;
  return false;
}

/**
 * The current region of `start` as far as `window` shows the sheet (cells outside it count as
 * empty): from the cell, the rectangle grows by a row or column on any side whose neighbouring
 * line, corners included (diagonal neighbours join a region too), holds a filled cell.
 */
export function regionWithin(filled: FilledAt, start: CellRef, window: Rect): Rect {
  const last = rectEnd(window);
  let [left, top, right, bottom] = [start.col, start.row, start.col, start.row];
  let grew = true;
  while (grew) {
    grew = false;
    const cols: [number, number] = [Math.max(window.col, left - 1), Math.min(last.col, right + 1)];
    while (top > window.row && anyFilled(filled, cols, [top - 1, top - 1]))
      [top, grew] = [top - 1, true];
    while (bottom < last.row && anyFilled(filled, cols, [bottom + 1, bottom + 1]))
      [bottom, grew] = [bottom + 1, true];
    const rows: [number, number] = [Math.max(window.row, top - 1), Math.min(last.row, bottom + 1)];
    while (left > window.col && anyFilled(filled, [left - 1, left - 1], rows))
      [left, grew] = [left - 1, true];
    while (right < last.col && anyFilled(filled, [right + 1, right + 1], rows))
      [right, grew] = [right + 1, true];
  }
  return { col: left, row: top, width: right - left + 1, height: bottom - top + 1 };
}

/** Reads the cells of an A1 range of the sheet. */
export type RangeReader = (range: string) => Promise<GridResponse>;

/** One read lists at most this many cells' worth of range (GET /grid refuses large listings). */
const CELLS_PER_READ = 50_000;

/** The first window read around the cell: a block of the page's cache. */
const FIRST_ROWS = 100;
const FIRST_COLS = 26;

/** The last row and column anything is in, from a read's bounds (spilled cells included). */
function dataEnd(response: GridResponse): CellRef | undefined {
  let end: CellRef | undefined;
  for (const bounds of [response.occupied_bounds, response.listed_bounds ?? null]) {
    const last = bounds === null ? undefined : tryParseCell(bounds.last);
    if (last !== undefined)
      end = { col: Math.max(end?.col ?? 0, last.col), row: Math.max(end?.row ?? 0, last.row) };
  }
  return end;
}

/** The parts of `outer` outside `inner` (which it contains), as up to four rectangles. */
function ring(outer: Rect, inner: Rect): Rect[] {
  const parts: Rect[] = [];
  const innerEnd = rectEnd(inner);
  const outerEnd = rectEnd(outer);
  const add = (col: number, row: number, lastCol: number, lastRow: number) => {
    if (lastCol >= col && lastRow >= row)
      parts.push({ col, row, width: lastCol - col + 1, height: lastRow - row + 1 });
  };
  add(outer.col, outer.row, outerEnd.col, inner.row - 1);
  add(outer.col, innerEnd.row + 1, outerEnd.col, outerEnd.row);
  add(outer.col, inner.row, inner.col - 1, innerEnd.row);
  add(innerEnd.col + 1, inner.row, outerEnd.col, innerEnd.row);
  return parts;
}

/**
 * The current region of `start` on the sheet `read` reads: the window of cells read grows
 * (doubling on each side the region reaches) until the region stops short of its edges or they
 * are the data's edges, so a small table on a large sheet costs a read or two. Undefined for an
 * empty cell with nothing around it: no region (Excel refuses to sort or filter there).
 */
export async function currentRegion(read: RangeReader, start: CellRef): Promise<Rect | undefined> {
  const filled = new Set<string>();
  const keyOf = (col: number, row: number) => `${col},${row}`;
  const take = async (rect: Rect) => {
    const rows = Math.max(1, Math.floor(CELLS_PER_READ / rect.width));
    for (let row = rect.row; row < rect.row + rect.height; row += rows) {
      const height = Math.min(rows, rect.row + rect.height - row);
      const response = await read(formatRect({ ...rect, row, height }));
      for (const cell of response.cells) {
        if (cell.input === null && cell.spilled_from === undefined) continue;
        const at = tryParseCell(cell.cell);
        if (at !== undefined) filled.add(keyOf(at.col, at.row));
      }
    }
  };
  const probe = dataEnd(await read(formatRect({ ...start, width: 1, height: 1 })));
  if (probe === undefined) return undefined;
  const limit = { col: Math.max(probe.col, start.col), row: Math.max(probe.row, start.row) };
  const clip = (col: number, row: number, lastCol: number, lastRow: number): Rect => {
    const [left, top] = [Math.max(0, col), Math.max(0, row)];
    const [right, bottom] = [Math.min(limit.col, lastCol), Math.min(limit.row, lastRow)];
    return { col: left, row: top, width: right - left + 1, height: bottom - top + 1 };
  };
  let window = clip(
    start.col - FIRST_COLS / 2,
    start.row - FIRST_ROWS / 2,
    start.col + FIRST_COLS / 2,
    start.row + FIRST_ROWS / 2,
  );
  await take(window);
  for (;;) {
    const region = regionWithin((col, row) => filled.has(keyOf(col, row)), start, window);
    const end = rectEnd(region);
    const windowEnd = rectEnd(window);
    const grow = {
      up: region.row === window.row && window.row > 0 ? window.height : 0,
      down: end.row === windowEnd.row && windowEnd.row < limit.row ? window.height : 0,
      left: region.col === window.col && window.col > 0 ? window.width : 0,
      right: end.col === windowEnd.col && windowEnd.col < limit.col ? window.width : 0,
    };
    if (grow.up + grow.down + grow.left + grow.right === 0)
      return region.width > 1 || region.height > 1 || filled.has(keyOf(start.col, start.row))
        ? region
        : undefined;
    const next = clip(
      window.col - grow.left,
      window.row - grow.up,
      windowEnd.col + grow.right,
      windowEnd.row + grow.down,
    );
    for (const part of ring(next, window)) await take(part);
    window = next;
  }
}
