// Per-cell versions of one sheet, by cell key, in pages of 64 rows × 4 columns instead of one
// Map entry per cell: a Map<number, number> of W6's 1,000,000 cells held about 28 MiB of heap.
// A page holds 16-bit versions (514 bytes), and turns into 64-bit slots (2 KiB) only once one of
// its cells passes 65,535 writes: W6's 1,000,000 cells take 2 MiB, not the 8 MiB that 64-bit
// pages took. A page costs its size however few of its cells are set; columns of data, the
// usual shape, fill them. Version 0 means "never written" and is not stored, so get() answers
// undefined for it, as the Map did.
import { MAX_COLUMNS } from './address/index.js';
import { checkShifted, shiftLow, type KeyShift } from './key-shift.js';

const PAGE_ROWS = 64;
const PAGE_COLS = 4;
const PAGE_CELLS = PAGE_ROWS * PAGE_COLS;
/** The last slot of a page counts its set cells, so an emptied page is dropped in O(1). */
const COUNT_SLOT = PAGE_CELLS;
const PAGES_PER_ROW_BAND = MAX_COLUMNS / PAGE_COLS;
/** The largest version a narrow page holds. */
const NARROW_MAX = 0xffff;

/**
 * Narrow until a version passes NARROW_MAX, then 64-bit: versions read from a saved file may be
 * any whole number up to 2^53. The count slot (at most PAGE_CELLS) fits either.
 */
type Page = Uint16Array | Float64Array;

function newPage(wide: boolean): Page {
  return wide ? new Float64Array(PAGE_CELLS + 1) : new Uint16Array(PAGE_CELLS + 1);
}

/** The page itself when it can hold `version`, else a wide copy of it (the caller keeps that one). */
function pageFor(page: Page, version: number): Page {
  return version > NARROW_MAX && page instanceof Uint16Array ? Float64Array.from(page) : page;
}

function pageOf(row: number, col: number): number {
  return Math.floor(row / PAGE_ROWS) * PAGES_PER_ROW_BAND + Math.floor(col / PAGE_COLS);
}

function slotOf(row: number, col: number): number {
  return (row % PAGE_ROWS) * PAGE_COLS + (col % PAGE_COLS);
}

export class CellVersions {
  readonly #pages = new Map<number, Page>();
  #size = 0;

  get size(): number {
    return this.#size;
  }

  /** Estimated bytes the pages hold: each page's array (its slots and count) and its map entry. */
  get byteSize(): number {
    let bytes = 0;
    for (const page of this.#pages.values()) bytes += page.byteLength + 96;
    return bytes;
  }

  get(key: number): number | undefined {
    const row = Math.floor(key / MAX_COLUMNS);
    const col = key % MAX_COLUMNS;
    const version = this.#pages.get(pageOf(row, col))?.[slotOf(row, col)];
    return version === undefined || version === 0 ? undefined : version;
  }

  has(key: number): boolean {
    return this.get(key) !== undefined;
  }

  /** Setting 0 forgets the cell's version, like delete. */
  set(key: number, version: number): this {
    if (version === 0) {
      this.delete(key);
      return this;
    }
    const row = Math.floor(key / MAX_COLUMNS);
    const col = key % MAX_COLUMNS;
    const id = pageOf(row, col);
    const held = this.#pages.get(id);
    const page = held === undefined ? newPage(version > NARROW_MAX) : pageFor(held, version);
    if (page !== held) this.#pages.set(id, page);
    const slot = slotOf(row, col);
    if (page[slot] === 0) {
      page[COUNT_SLOT]! += 1;
      this.#size += 1;
    }
    page[slot] = version;
    return this;
  }

  delete(key: number): boolean {
    const row = Math.floor(key / MAX_COLUMNS);
    const col = key % MAX_COLUMNS;
    const id = pageOf(row, col);
    const page = this.#pages.get(id);
    const slot = slotOf(row, col);
    if (page === undefined || page[slot] === 0) return false;
    page[slot] = 0;
    this.#size -= 1;
    page[COUNT_SLOT]! -= 1;
    if (page[COUNT_SLOT] === 0) this.#pages.delete(id);
    return true;
  }

  clear(): void {
    this.#pages.clear();
    this.#size = 0;
  }

  /** Keys of the cells whose row (or column) lies in [first, last], visiting only the pages there. */
  keysIn(axis: 'row' | 'col', first: number, last: number): number[] {
    const keys: number[] = [];
    for (const [id, page] of this.#pages) {
      const firstRow = Math.floor(id / PAGES_PER_ROW_BAND) * PAGE_ROWS;
      const firstCol = (id % PAGES_PER_ROW_BAND) * PAGE_COLS;
      const pageFirst = axis === 'row' ? firstRow : firstCol;
      const pageLast = pageFirst + (axis === 'row' ? PAGE_ROWS : PAGE_COLS) - 1;
      if (pageLast < first || pageFirst > last) continue;
      for (let slot = 0; slot < PAGE_CELLS; slot += 1) {
        const row = firstRow + Math.floor(slot / PAGE_COLS);
        const col = firstCol + (slot % PAGE_COLS);
        const index = axis === 'row' ? row : col;
        if (index < first || index > last || !(page[slot] !== 0)) continue;
        keys.push(row * MAX_COLUMNS + col);
      }
    }
    return keys.sort((a, b) => a - b);
  }

  /**
   * Moves every version whose row (or column) is at least `from` by `delta`, in one pass over the
   * pages that hold such cells (key-shift.ts: the caller has removed any cell it would collide
   * with). A page that moves whole along rows is copied in at most two slices; the others (the
   * page `from` cuts, and column shifts) cell by cell.
   */
  shift(shift: KeyShift): void {
    const { axis, from, delta } = shift;
    const low = shiftLow(shift);
    const touched: [number, Page][] = [];
    for (const entry of this.#pages) {
      const [id] = entry;
      const last =
        axis === 'row'
          ? Math.floor(id / PAGES_PER_ROW_BAND) * PAGE_ROWS + PAGE_ROWS - 1
          : (id % PAGES_PER_ROW_BAND) * PAGE_COLS + PAGE_COLS - 1;
      if (last >= low) touched.push(entry);
    }
    for (const [id] of touched) this.#pages.delete(id);
    const created = new Map<number, Page>();
    /** The page being built at `id`, able to hold versions up to `largest`. */
    const pageAt = (id: number, largest: number): Page => {
      const held = created.get(id);
      const page = held === undefined ? newPage(largest > NARROW_MAX) : pageFor(held, largest);
      if (page !== held) created.set(id, page);
      return page;
    };
    // Pages that move whole along rows keep their arrays: each is re-keyed `bands` pages on and
    // its rows slid `offset` down inside it, the rows that slide out going to the top of the page
    // below (already slid: pages go bottom first). No page is allocated, nor a cell visited.
    const bands = Math.floor(delta / PAGE_ROWS);
    const offset = delta - bands * PAGE_ROWS;
    const split = (PAGE_ROWS - offset) * PAGE_COLS;
    const whole = (id: number): boolean =>
      axis === 'row' && Math.floor(id / PAGES_PER_ROW_BAND) * PAGE_ROWS >= from;
    const bulk = touched.filter(([id]) => whole(id)).sort((a, b) => b[0] - a[0]);
    for (const [id, page] of bulk) {
      checkShifted(Math.floor(id / PAGES_PER_ROW_BAND) * PAGE_ROWS + delta, 0);
      const to = id + bands * PAGES_PER_ROW_BAND;
      if (offset > 0) {
        const tail = page.subarray(split, PAGE_CELLS);
        let largest = 0;
        for (const version of tail) largest = Math.max(largest, version);
        if (largest > 0) pageAt(to + PAGES_PER_ROW_BAND, largest).set(tail, 0);
        page.copyWithin(offset * PAGE_COLS, 0, split);
        page.fill(0, 0, offset * PAGE_COLS);
      }
      created.set(to, page);
    }
    for (const [id, page] of touched) {
      if (whole(id)) continue;
      const firstRow = Math.floor(id / PAGES_PER_ROW_BAND) * PAGE_ROWS;
      const firstCol = (id % PAGES_PER_ROW_BAND) * PAGE_COLS;
      for (let slot = 0; slot < PAGE_CELLS; slot += 1) {
        const version = page[slot]!;
        if (version === 0) continue;
        let row = firstRow + Math.floor(slot / PAGE_COLS);
        let col = firstCol + (slot % PAGE_COLS);
        if (axis === 'row') {
          if (row >= from) row += delta;
        } else if (col >= from) col += delta;
        checkShifted(row, col);
        pageAt(pageOf(row, col), version)[slotOf(row, col)] = version;
      }
    }
    for (const [id, page] of created) {
      let count = 0;
      for (let slot = 0; slot < PAGE_CELLS; slot += 1) if (page[slot] !== 0) count += 1;
      if (count === 0) continue;
      page[COUNT_SLOT] = count;
      this.#pages.set(id, page);
    }
  }

  /** Appends the key of every cell with a version to `into`, page by page (not row-major: callers sort). A plain loop: saves run it over millions of cells, and the generator of keys() costs several times more. */
  pushKeys(into: number[]): void {
    for (const [id, page] of this.#pages) {
      const firstKey =
        Math.floor(id / PAGES_PER_ROW_BAND) * PAGE_ROWS * MAX_COLUMNS +
        (id % PAGES_PER_ROW_BAND) * PAGE_COLS;
      for (let slot = 0; slot < PAGE_CELLS; slot += 1) {
        if (page[slot] !== 0)
          into.push(firstKey + Math.floor(slot / PAGE_COLS) * MAX_COLUMNS + (slot % PAGE_COLS));
      }
    }
  }

  /** Keys of every cell with a version, page by page (not row-major: callers sort). */
  *keys(): IterableIterator<number> {
    for (const [id, page] of this.#pages) {
      const firstRow = Math.floor(id / PAGES_PER_ROW_BAND) * PAGE_ROWS;
      const firstCol = (id % PAGES_PER_ROW_BAND) * PAGE_COLS;
      for (let slot = 0; slot < PAGE_CELLS; slot += 1) {
        if (page[slot] === 0) continue;
        yield (
          (firstRow + Math.floor(slot / PAGE_COLS)) * MAX_COLUMNS + firstCol + (slot % PAGE_COLS)
        );
      }
    }
  }
}
