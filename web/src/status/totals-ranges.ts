// Which references the status bar's totals are computed over: a selection of any size split
// into ranges each formula may take (the server's two range limits).
import {
  MAX_FORMULA_RANGE_CELLS,
  MAX_WHOLE_LINE_CELLS,
} from '../../../src/core/formula-text/index.js';
import {
  columnToLetters,
  formatRect,
  rectCellCount,
  rectIntersection,
  type Rect,
} from '../grid/address.js';

/** Ranges one totals request sums at most: three formulas each, well within /eval's 500. */
export const MAX_TOTALS_RANGES = 100;

/**
 * The references the totals are computed over, each within what one formula may cover: bounded
 * ranges at most MAX_FORMULA_RANGE_CELLS cells, whole columns at most MAX_WHOLE_LINE_CELLS
 * addresses at the sheet's height. Past them /eval answers #REF! and the status bar said
 * "Count 0" for Ctrl+A or a large block of data. A larger selection is cut to the sheet's
 * occupied bounds (the cells past them are empty), then split into groups of whole columns or
 * bands of rows. Empty when it holds no occupied cell; undefined when it would take more
 * ranges than MAX_TOTALS_RANGES.
 */
export function totalsRanges(
  rect: Rect,
  bounds: { lastRow: number; lastCol: number } | null | undefined,
): readonly string[] | undefined {
  if (rectCellCount(rect) <= MAX_FORMULA_RANGE_CELLS || bounds === undefined)
    return [formatRect(rect)];
  if (bounds === null) return [];
  const occupied = { col: 0, row: 0, width: bounds.lastCol + 1, height: bounds.lastRow + 1 };
  const inside = rectIntersection(rect, occupied);
  if (inside === undefined) return [];
  if (rectCellCount(inside) <= MAX_FORMULA_RANGE_CELLS) return [formatRect(inside)];
  // From the first row to the last occupied one: the same cells as its whole columns.
  const pieces = inside.row === 0 ? wholeColumnGroups(inside, occupied.height) : rowBands(inside);
  return pieces.length <= MAX_TOTALS_RANGES ? pieces : undefined;
}

/** The columns of `rect` as whole-column ranges, as many to a range as the whole-line limit takes. */
function wholeColumnGroups(rect: Rect, sheetHeight: number): string[] {
  const perGroup = Math.max(1, Math.floor(MAX_WHOLE_LINE_CELLS / sheetHeight));
  const groups: string[] = [];
  for (let col = rect.col; col < rect.col + rect.width; col += perGroup) {
    const last = Math.min(col + perGroup, rect.col + rect.width) - 1;
    groups.push(`${columnToLetters(col)}:${columnToLetters(last)}`);
    if (groups.length > MAX_TOTALS_RANGES) break;
  }
  return groups;
}

/** `rect` as bands of whole rows of it, each within the bounded-range limit. */
function rowBands(rect: Rect): string[] {
  const perBand = Math.max(1, Math.floor(MAX_FORMULA_RANGE_CELLS / rect.width));
  const bands: string[] = [];
  for (let row = rect.row; row < rect.row + rect.height; row += perBand) {
    const height = Math.min(perBand, rect.row + rect.height - row);
    bands.push(formatRect({ col: rect.col, row, width: rect.width, height }));
    if (bands.length > MAX_TOTALS_RANGES) break;
  }
  return bands;
}
