// While a filter hides rows, Delete, copy and fill act on the rows left in view, as Excel and
// Sheets do (a selection dragged over a filtered list must not wipe the rows the user cannot
// see), and Enter steps over hidden rows.
import type { Rect } from './address.js';

/**
 * `rect` split into bands of consecutive rows not in `hidden` (zero-based rows), top to bottom;
 * `[rect]` itself when no row of it is hidden, `[]` when every one is.
 */
export function visibleRowBands(rect: Rect, hidden: ReadonlySet<number>): Rect[] {
  const bands: Rect[] = [];
  let start: number | undefined;
  const end = rect.row + rect.height;
  for (let row = rect.row; row <= end; row += 1) {
    const shown = row < end && !hidden.has(row);
    if (shown && start === undefined) start = row;
    if (!shown && start !== undefined) {
      bands.push({ col: rect.col, row: start, width: rect.width, height: row - start });
      start = undefined;
    }
  }
  return bands;
}

/**
 * Where a move from row `from` to `row` lands when `row` is hidden: on the next row in view the
 * same way, as Excel's Enter steps over the rows a filter hides; `from` when there is none.
 */
export function rowInView(
  row: number,
  from: number,
  hidden: ReadonlySet<number>,
  rows: number,
): number {
  if (row === from || !hidden.has(row)) return row;
  const step = row < from ? -1 : 1;
  let next = row;
  while (hidden.has(next) && next + step >= 0 && next + step < rows) next += step;
  return hidden.has(next) ? from : next;
}
