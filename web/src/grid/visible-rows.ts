// While a filter hides rows, Delete acts on the rows left in view, as Excel and Sheets do: a
// selection dragged over a filtered list must not wipe the rows the user cannot see.
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
