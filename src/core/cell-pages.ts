// The page geometry the per-sheet paged stores share (cell-inputs.ts, cell-versions.ts): a page
// holds 64 rows × 4 columns, pages are numbered row band by row band, and a cell is a slot of
// its page. One module, so the stores agree on where a cell lives and shift alike.
import { MAX_COLUMNS } from './address/index.js';
import { checkShifted, shiftLow, type KeyShift } from './key-shift.js';

export const PAGE_ROWS = 64;
export const PAGE_COLS = 4;
export const PAGE_CELLS = PAGE_ROWS * PAGE_COLS;
export const PAGES_PER_ROW_BAND = MAX_COLUMNS / PAGE_COLS;
/** Pages a walk built in steps visits between two yields (16,384 cells at most). */
export const PAGES_PER_STEP = 64;

export function pageOf(row: number, col: number): number {
  return Math.floor(row / PAGE_ROWS) * PAGES_PER_ROW_BAND + Math.floor(col / PAGE_COLS);
}

export function slotOf(row: number, col: number): number {
  return (row % PAGE_ROWS) * PAGE_COLS + (col % PAGE_COLS);
}

/** A slot's row within its page. */
export function slotRow(slot: number): number {
  return Math.floor(slot / PAGE_COLS);
}

/** A slot's column within its page. */
export function slotCol(slot: number): number {
  return slot % PAGE_COLS;
}

export function pageFirstRow(pageId: number): number {
  return Math.floor(pageId / PAGES_PER_ROW_BAND) * PAGE_ROWS;
}

export function pageFirstCol(pageId: number): number {
  return (pageId % PAGES_PER_ROW_BAND) * PAGE_COLS;
}

/** The page under `pageId` (the next row band, same columns). */
export function pageBelow(pageId: number): number {
  return pageId + PAGES_PER_ROW_BAND;
}

/** The cell key of a page's slot. */
export function keyOf(pageId: number, slot: number): number {
  return (
    (pageFirstRow(pageId) + slotRow(slot)) * MAX_COLUMNS + pageFirstCol(pageId) + slotCol(slot)
  );
}

/**
 * Keys of the cells whose row (or column) lies in [first, last] and that `occupied` says hold
 * something, ascending; only the pages there are visited.
 */
export function keysInPages<P>(
  pages: ReadonlyMap<number, P>,
  axis: 'row' | 'col',
  first: number,
  last: number,
  occupied: (page: P, slot: number) => boolean,
): number[] {
  const keys: number[] = [];
  for (const [id, page] of pages) {
    const firstRow = pageFirstRow(id);
    const firstCol = pageFirstCol(id);
    const pageFirst = axis === 'row' ? firstRow : firstCol;
    const pageLast = pageFirst + (axis === 'row' ? PAGE_ROWS : PAGE_COLS) - 1;
    if (pageLast < first || pageFirst > last) continue;
    for (let slot = 0; slot < PAGE_CELLS; slot += 1) {
      const row = firstRow + slotRow(slot);
      const col = firstCol + slotCol(slot);
      const index = axis === 'row' ? row : col;
      if (index < first || index > last || !occupied(page, slot)) continue;
      keys.push(row * MAX_COLUMNS + col);
    }
  }
  return keys.sort((a, b) => a - b);
}

/**
 * The pages a shift touches, taken out of a store's map, and how they move. Along rows a page
 * that lies entirely at or past `from` moves whole: `bands` pages on, its rows slid `offset` down
 * inside it, the slots from `split` on going to the top of the page below; a store may then move
 * its arrays without visiting its cells. The other touched pages move cell by cell.
 */
export interface PageShift<P> {
  /** The pages that move whole, bottom first (so a page's spill-over lands on one already moved). */
  readonly whole: readonly [number, P][];
  /** The other touched pages (the page `from` cuts, and every page of a column shift). */
  readonly partial: readonly [number, P][];
  readonly offset: number;
  readonly split: number;
  /** The page id a whole page moves to (checking that it stays on the sheet). */
  destination(pageId: number): number;
}

/** Takes the pages a shift touches out of `pages` and says how each moves. */
export function takePagesForShift<P>(pages: Map<number, P>, shift: KeyShift): PageShift<P> {
  const { axis, from, delta } = shift;
  const low = shiftLow(shift);
  const whole: [number, P][] = [];
  const partial: [number, P][] = [];
  for (const entry of pages) {
    const [id] = entry;
    const last =
      axis === 'row' ? pageFirstRow(id) + PAGE_ROWS - 1 : pageFirstCol(id) + PAGE_COLS - 1;
    if (last < low) continue;
    if (axis === 'row' && pageFirstRow(id) >= from) whole.push(entry);
    else partial.push(entry);
  }
  for (const [id] of whole) pages.delete(id);
  for (const [id] of partial) pages.delete(id);
  const bands = Math.floor(delta / PAGE_ROWS);
  const offset = delta - bands * PAGE_ROWS;
  return {
    whole: whole.sort((a, b) => b[0] - a[0]),
    partial,
    offset,
    split: (PAGE_ROWS - offset) * PAGE_COLS,
    destination(id) {
      checkShifted(pageFirstRow(id) + delta, 0);
      return id + bands * PAGES_PER_ROW_BAND;
    },
  };
}
