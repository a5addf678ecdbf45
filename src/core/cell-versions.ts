// Per-cell versions of one sheet, by cell key, in pages of 64 rows × 4 columns instead of one
// Map entry per cell: a Map<number, number> of W6's 1,000,000 cells held about 28 MiB of heap.
// A page holds 16-bit versions (514 bytes), and turns into 64-bit slots (2 KiB) only once one of
// its cells passes 65,535 writes: W6's 1,000,000 cells take 2 MiB, not the 8 MiB that 64-bit
// pages took. A page costs its size however few of its cells are set; columns of data, the
// usual shape, fill them. Version 0 means "never written" and is not stored, so get() answers
// undefined for it, as the Map did.
import { MAX_COLUMNS } from './address/index.js';
import {
  PAGE_CELLS,
  PAGE_COLS,
  PAGES_PER_STEP,
  keyOf,
  keysInPages,
  pageFirstCol,
  pageBelow,
  pageFirstRow,
  pageOf,
  slotCol,
  slotOf,
  slotRow,
  takePagesForShift,
} from './cell-pages.js';
import { checkShifted, type KeyShift } from './key-shift.js';
import { ranToEnd } from './read-slices.js';

/** The last slot of a page counts its set cells, so an emptied page is dropped in O(1). */
const COUNT_SLOT = PAGE_CELLS;
/** The largest version a narrow page holds. */
const NARROW_MAX = 0xffff;

/**
 * The largest version a document may bring (an import, a load). Every write adds one, and past
 * 2^53 a double no longer changes when one is added: a cell stuck there would answer the same
 * version before and after a write, so `expected_versions` would let a stale write overwrite one
 * its sender never saw. 2^52 leaves 2^52 writes of headroom.
 */
export const MAX_CELL_VERSION = 2 ** 52;

/** A version a document may hold: a whole number from 0 to MAX_CELL_VERSION. */
export function isCellVersion(version: unknown): version is number {
  return (
    typeof version === 'number' &&
    Number.isInteger(version) &&
    version >= 0 &&
    version <= MAX_CELL_VERSION
  );
}

/**
 * Narrow until a version passes NARROW_MAX, then 64-bit: versions read from a saved file may be
 * any whole number up to MAX_CELL_VERSION. The count slot (at most PAGE_CELLS) fits either.
 */
type Page = Uint16Array | Float64Array;

function newPage(wide: boolean): Page {
  return wide ? new Float64Array(PAGE_CELLS + 1) : new Uint16Array(PAGE_CELLS + 1);
}

/** The page itself when it can hold `version`, else a wide copy of it (the caller keeps that one). */
function pageFor(page: Page, version: number): Page {
  return version > NARROW_MAX && page instanceof Uint16Array ? Float64Array.from(page) : page;
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

  /**
   * Adds one to the version of each of `length` cells of one row from (row, col) on, one page
   * lookup per page it crosses; the versions they had (0: never written) go into `previous` from
   * `at` on.
   */
  bumpRun(row: number, col: number, length: number, previous: Float64Array, at: number): void {
    for (let offset = 0; offset < length;) {
      const id = pageOf(row, col + offset);
      const end = Math.min(length, offset + PAGE_COLS - ((col + offset) % PAGE_COLS));
      let page = this.#pages.get(id);
      if (page === undefined) this.#pages.set(id, (page = newPage(false)));
      for (; offset < end; offset += 1) {
        const slot = slotOf(row, col + offset);
        const held = page[slot]!;
        previous[at + offset] = held;
        if (held + 1 > NARROW_MAX && page instanceof Uint16Array)
          this.#pages.set(id, (page = Float64Array.from(page)));
        if (held === 0) {
          page[COUNT_SLOT]! += 1;
          this.#size += 1;
        }
        page[slot] = held + 1;
      }
    }
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
    return keysInPages(this.#pages, axis, first, last, (page, slot) => page[slot] !== 0);
  }

  /**
   * Moves every version whose row (or column) is at least `from` by `delta`, in one pass over the
   * pages that hold such cells (key-shift.ts: the caller has removed any cell it would collide
   * with). A page that moves whole along rows is copied in at most two slices; the others (the
   * page `from` cuts, and column shifts) cell by cell.
   */
  shift(shift: KeyShift): void {
    const { axis, from, delta } = shift;
    const moving = takePagesForShift(this.#pages, shift);
    const { offset, split } = moving;
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
    for (const [id, page] of moving.whole) {
      const to = moving.destination(id);
      if (offset > 0) {
        const tail = page.subarray(split, PAGE_CELLS);
        let largest = 0;
        for (const version of tail) largest = Math.max(largest, version);
        if (largest > 0) pageAt(pageBelow(to), largest).set(tail, 0);
        page.copyWithin(offset * PAGE_COLS, 0, split);
        page.fill(0, 0, offset * PAGE_COLS);
      }
      created.set(to, page);
    }
    for (const [id, page] of moving.partial) {
      const firstRow = pageFirstRow(id);
      const firstCol = pageFirstCol(id);
      for (let slot = 0; slot < PAGE_CELLS; slot += 1) {
        const version = page[slot]!;
        if (version === 0) continue;
        let row = firstRow + slotRow(slot);
        let col = firstCol + slotCol(slot);
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
    ranToEnd(this.pushKeySteps(into));
  }

  /** pushKeys as steps, yielding every PAGES_PER_STEP pages (for a save's copy built in slices). */
  *pushKeySteps(into: number[]): Generator<void, void, undefined> {
    let pages = 0;
    for (const [id, page] of this.#pages) {
      const firstKey = keyOf(id, 0);
      for (let slot = 0; slot < PAGE_CELLS; slot += 1) {
        if (page[slot] !== 0) into.push(firstKey + slotRow(slot) * MAX_COLUMNS + slotCol(slot));
      }
      if (++pages % PAGES_PER_STEP === 0) yield;
    }
  }

  /** Keys of every cell with a version, page by page (not row-major: callers sort). */
  *keys(): IterableIterator<number> {
    for (const [id, page] of this.#pages) {
      for (let slot = 0; slot < PAGE_CELLS; slot += 1) if (page[slot] !== 0) yield keyOf(id, slot);
    }
  }
}
