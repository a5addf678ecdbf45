// Where a cell is on screen, in pixels relative to the grid's top-left corner. The grid
// scrolls by whole cells (Glide without smooth scrolling), so a cell's box follows from the
// first visible row and column, the column widths, the row heights (24 px unless the sheet
// sets one; 0 for a row its filter hides) and the frozen panes: frozen columns stay at the left
// (Glide's freezeColumns) and frozen rows are drawn over the top of the scrolled rows
// (FrozenRowsBand). The DOM mirror, the cell editor and chart overlays all place themselves
// with this.
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

/** Row heights: the default everywhere but a sparse list of rows (resized, or hidden at 0 px). */
export class RowLayout {
  private readonly rows: number[];
  private readonly heights: number[];
  /** deltas[i] = extra pixels (height − default) of rows[0..i−1]. */
  private readonly deltas: number[];

  constructor(sizes: ReadonlyMap<number, number> = new Map()) {
    this.rows = [...sizes.keys()].sort((a, b) => a - b);
    this.heights = this.rows.map((row) => sizes.get(row)!);
    this.deltas = [0];
    this.heights.forEach((height, index) =>
      this.deltas.push(this.deltas[index]! + height - ROW_HEIGHT),
    );
  }

  /** How many listed rows lie before `row`. */
  private before(row: number): number {
    let low = 0;
    let high = this.rows.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (this.rows[mid]! < row) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  height(row: number): number {
    const index = this.before(row);
    return this.rows[index] === row ? this.heights[index]! : ROW_HEIGHT;
  }

  /** Distance from the top of row 1 to the top of `row`. */
  offset(row: number): number {
    return row * ROW_HEIGHT + this.deltas[this.before(row)]!;
  }

  /** The row under `y` pixels from row 1's top. */
  rowAt(y: number): number {
    let low = 0;
    let high = 1_048_575;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (this.offset(mid) <= y) low = mid;
      else high = mid - 1;
    }
    return low;
  }

  get isUniform(): boolean {
    return this.rows.length === 0;
  }
}

export class ColumnLayout {
  /** prefix[c] = left edge of column c measured from column A. */
  private readonly prefix: Float64Array;

  constructor(
    readonly widths: readonly number[],
    readonly rows: RowLayout = new RowLayout(),
    readonly frozenRows = 0,
    readonly frozenColumns = 0,
  ) {
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

/** The first scrolled column: frozen columns stay put, the rest scroll from here. */
export function firstScrolledColumn(layout: ColumnLayout, viewport: Viewport): number {
  return Math.max(viewport.col, layout.frozenColumns);
}

/** Whether the frozen rows are drawn over the scrolled rows (the sheet is scrolled down). */
export function frozenBandShown(layout: ColumnLayout, viewport: Viewport): boolean {
  return layout.frozenRows > 0 && viewport.row > 0;
}

export function cellBox(layout: ColumnLayout, viewport: Viewport, col: number, row: number): Box {
  const left =
    col < layout.frozenColumns
      ? layout.offset(col)
      : layout.offset(layout.frozenColumns) +
        layout.offset(col) -
        layout.offset(firstScrolledColumn(layout, viewport));
  const top =
    row < layout.frozenRows && frozenBandShown(layout, viewport)
      ? layout.rows.offset(row)
      : layout.rows.offset(row) - layout.rows.offset(viewport.row);
  return {
    left: ROW_MARKER_WIDTH + left,
    top: HEADER_HEIGHT + top,
    width: layout.width(col),
    height: layout.rows.height(row),
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
  const y = top - HEADER_HEIGHT + layout.rows.offset(viewport.row);
  let row = layout.rows.rowAt(Math.max(0, y));
  if (y - layout.rows.offset(row) > layout.rows.height(row) / 2) row += 1;
  return { col, row };
}
