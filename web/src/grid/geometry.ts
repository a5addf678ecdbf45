// Where a cell is on screen, in pixels relative to the grid's top-left corner. The grid
// scrolls by whole cells (Glide without smooth scrolling), so a cell's box follows from the
// first visible row and column, the column widths and the fixed row height. The DOM mirror,
// the cell editor and chart overlays all place themselves with this.
import { HEADER_HEIGHT, ROW_HEIGHT, ROW_MARKER_WIDTH } from './grid-theme.js';

export interface Viewport {
  /** First visible column and row. */
  readonly col: number;
  readonly row: number;
  /** Visible column and row counts (the last may be partly visible). */
  readonly width: number;
  readonly height: number;
}

export interface Box {
  readonly left: number;
  readonly top: number;
  readonly width: number;
  readonly height: number;
}

export class ColumnLayout {
  /** prefix[c] = left edge of column c measured from column A. */
  private readonly prefix: Float64Array;

  constructor(readonly widths: readonly number[]) {
    this.prefix = new Float64Array(widths.length + 1);
    for (let col = 0; col < widths.length; col += 1)
      this.prefix[col + 1] = this.prefix[col]! + widths[col]!;
  }

  width(col: number): number {
    return this.widths[col] ?? 0;
  }

  /** Distance from the left edge of column A to the left edge of `col`. */
  offset(col: number): number {
    return this.prefix[Math.max(0, Math.min(col, this.widths.length))]!;
  }

  /** The column under `x` pixels from column A's left edge (clamped to the grid). */
  columnAt(x: number): number {
    let low = 0;
    let high = this.widths.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (this.prefix[mid]! <= x) low = mid;
      else high = mid - 1;
    }
    return low;
  }
}

export function cellBox(layout: ColumnLayout, viewport: Viewport, col: number, row: number): Box {
  return {
    left: ROW_MARKER_WIDTH + layout.offset(col) - layout.offset(viewport.col),
    top: HEADER_HEIGHT + (row - viewport.row) * ROW_HEIGHT,
    width: layout.width(col),
    height: ROW_HEIGHT,
  };
}

/** The cell whose top-left corner is nearest to a point (chart drag snapping). */
export function nearestCell(
  layout: ColumnLayout,
  viewport: Viewport,
  left: number,
  top: number,
): { col: number; row: number } {
  const x = left - ROW_MARKER_WIDTH + layout.offset(viewport.col);
  let col = layout.columnAt(Math.max(0, x));
  if (col + 1 < layout.widths.length && x - layout.offset(col) > layout.width(col) / 2) col += 1;
  const row = Math.max(0, Math.round((top - HEADER_HEIGHT) / ROW_HEIGHT) + viewport.row);
  return { col, row };
}
