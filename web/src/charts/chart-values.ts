// Reading the values a chart plots: one shared /peek read per range and commit, and local edits
// laid over them before the server has confirmed them.
import type { CellValue } from '../api/types.js';
import type { Session } from '../app/session.js';
import type { CachedCell } from '../grid/cell-store.js';
import {
  columnToLetters,
  MAX_COLUMNS,
  MAX_ROWS,
  parseRange,
  rectIntersection,
  splitSheet,
  type Rect,
} from '../grid/address.js';

export type ValueGrid = readonly (readonly CellValue[])[];

/** Ranges larger than this are not plotted (a chart of them would be unreadable anyway). */
const MAX_PLOTTED_CELLS = 100_000;

export interface PlottedRange {
  readonly sheet: string;
  /** What /peek is asked for: the range, or the whole columns or rows it spans. */
  readonly ref: string;
  readonly rect: Rect;
}

/** The values a read brought, and the cells they are (a whole-column range's used rows). */
export interface PlottedValues {
  readonly grid: ValueGrid;
  readonly rect: Rect;
}

/**
 * A range spanning every row as whole columns (`A:B`), one spanning every column as whole rows
 * (`2:3`): /peek cuts those to the sheet's used area, so selecting columns A and B and inserting
 * a chart plots the table in them, not a million empty rows.
 */
function wholeLines(rect: Rect): string | undefined {
  if (rect.row === 0 && rect.height === MAX_ROWS)
    return `${columnToLetters(rect.col)}:${columnToLetters(rect.col + rect.width - 1)}`;
  if (rect.col === 0 && rect.width === MAX_COLUMNS)
    return `${rect.row + 1}:${rect.row + rect.height}`;
  return undefined;
}

/** The sheet, reference and cells a chart on `sheet` reads, or undefined when its range is not plottable. */
export function plottedRange(sheet: string, dataRange: string): PlottedRange | undefined {
  const { sheet: named, ref } = splitSheet(dataRange);
  const rect = parseRange(ref, MAX_ROWS, MAX_COLUMNS);
  if (rect === undefined) return undefined;
  const lines = wholeLines(rect);
  if (lines === undefined && rect.width * rect.height > MAX_PLOTTED_CELLS) return undefined;
  return { sheet: named ?? sheet, ref: lines ?? ref, rect };
}

export type PeekValues = (
  sheet: string,
  ref: string,
) => Promise<{ readonly rows: ValueGrid; readonly range: string | null }>;

/**
 * Charts that plot the same range after the same commit share one read (ten charts of one
 * table made ten identical requests per edit). The read is /peek's rows of computed values: a
 * tenth of the bytes of /grid's per-cell records, and no addresses to decode. A read stays
 * until a later commit's read of the same range replaces it, so a chart that asks late (React
 * runs effects after the next paint, often after a prefetched read has answered) still shares it.
 */
export class SharedChartReads {
  private readonly reads = new Map<
    string,
    { readonly version: number; readonly values: Promise<PlottedValues> }
  >();

  constructor(private readonly peek: PeekValues) {}

  /** The values of `range` as of data `version` (a counter that moves on every commit). */
  read(range: PlottedRange, version: number): Promise<PlottedValues> {
    const key = `${range.sheet}\u0000${range.ref}`;
    const known = this.reads.get(key);
    if (known !== undefined && known.version === version) return known.values;
    const values = this.peek(range.sheet, range.ref).then((response): PlottedValues => ({
      grid: response.rows,
      rect: answeredRect(range, response.range),
    }));
    const entry = { version, values };
    this.reads.set(key, entry);
    // A failed read is not kept: the next chart to ask tries again.
    values.catch(() => {
      if (this.reads.get(key) === entry) this.reads.delete(key);
    });
    return values;
  }
}

/** The cells /peek answered for: the range itself, or the used part of its whole lines. */
function answeredRect(range: PlottedRange, answered: string | null): Rect {
  if (wholeLines(range.rect) === undefined) return range.rect;
  const rect = answered === null ? undefined : parseRange(answered, MAX_ROWS, MAX_COLUMNS);
  return rect ?? { col: range.rect.col, row: range.rect.row, width: 0, height: 0 };
}

/**
 * `grid` (the values of `rect`) with the cells of `edited` as the cell cache holds them now
 * (`cellAt`: undefined when not cached). The same array when nothing differs, so an edit that
 * changes no plotted value redraws nothing.
 */
export function withLocalEdits(
  grid: ValueGrid,
  plotted: Rect,
  edited: Rect,
  cellAt: (col: number, row: number) => CachedCell | null | undefined,
): ValueGrid {
  const changed = rectIntersection(plotted, edited);
  if (changed === undefined) return grid;
  let patched: CellValue[][] | undefined;
  for (let row = changed.row; row < changed.row + changed.height; row += 1) {
    for (let col = changed.col; col < changed.col + changed.width; col += 1) {
      const cell = cellAt(col, row);
      if (cell === undefined) continue; // not cached: the read after the commit brings it
      const value = cell === null ? null : (cell.error ?? cell.value);
      const r = row - plotted.row;
      const c = col - plotted.col;
      if (r >= grid.length || c >= grid[r]!.length || (patched ?? grid)[r]![c] === value) continue;
      patched ??= grid.map((cells) => [...cells]);
      patched[r]![c] = value;
    }
  }
  return patched ?? grid;
}

export function sameGrid(before: ValueGrid | undefined, after: ValueGrid): boolean {
  return (
    before !== undefined &&
    before.length === after.length &&
    before.every(
      (row, index) =>
        row.length === after[index]!.length &&
        row.every((value, column) => value === after[index]![column]),
    )
  );
}

const sharedReads = new WeakMap<Session, SharedChartReads>();

/** The page session's shared chart reads (one per session). */
export function readsOf(session: Session): SharedChartReads {
  let reads = sharedReads.get(session);
  if (reads === undefined) {
    reads = new SharedChartReads((sheet, ref) => session.grid.peekValues(sheet, ref));
    sharedReads.set(session, reads);
  }
  return reads;
}

/**
 * Start reading a chart's values for data `version` now, so the read is in flight before React
 * renders the chart (its effect runs after the next paint) and the chart joins it.
 */
export function prefetchChartValues(
  session: Session,
  sheet: string,
  dataRange: string,
  version: number,
): void {
  const range = plottedRange(sheet, dataRange);
  if (range !== undefined)
    readsOf(session)
      .read(range, version)
      .catch(() => undefined);
}
