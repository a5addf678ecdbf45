// A sheet's inputs by cell key, in pages of 64 rows × 4 columns instead of one Map entry per
// cell. A Map<number, CellInput> of W6's 1,000,000 numbers held 28 MiB of hash table, plus a
// boxed number for every key past row 65,536; a dense page keeps its numbers in a Float64Array
// (9 bytes a cell), so the same cells take about 10 MiB, outside the garbage-collected heap.
// A page starts sparse (a small Map of its slots), so scattered cells cost a map entry each,
// not a 2 KiB page; it turns dense once it holds DENSE_AT cells. Text, booleans and formulas
// in a dense page sit in a side map of their slots. The rectangle the keys occupy is kept as
// they change (KeyBounds), for GET /grid.
import { MAX_COLUMNS, type RangeAddress } from './address/index.js';
import { KeyBounds } from './bounded-keys.js';
import {
  PAGE_CELLS,
  PAGE_COLS,
  PAGE_ROWS,
  PAGES_PER_ROW_BAND,
  PAGES_PER_STEP,
  keyOf,
  keysInPages,
  pageBelow,
  pageFirstCol,
  pageFirstRow,
  pageOf,
  slotCol,
  slotOf,
  slotRow,
  takePagesForShift,
} from './cell-pages.js';
import { checkShifted, type KeyShift } from './key-shift.js';
import { ranToEnd } from './read-slices.js';
import type { CellInput } from './value-typing.js';
/** A sparse page this full turns dense: from here the arrays cost less than the map. */
const DENSE_AT = 32;
const EMPTY = 0;
const NUMBER = 1;
const OTHER = 2;
/** Cells a sorted row-major walk visits between two of its steps' yields. */
const CELLS_PER_STEP = 4_096;

interface Page {
  count: number;
  /** Until the page turns dense: its cells by slot. */
  sparse: Map<number, CellInput> | undefined;
  /** Once dense: per slot EMPTY, NUMBER (in `numbers`) or OTHER (in `others`). */
  kinds: Uint8Array | undefined;
  numbers: Float64Array | undefined;
  others: Map<number, CellInput> | undefined;
}

function pageOfKey(key: number): number {
  return pageOf(Math.floor(key / MAX_COLUMNS), key % MAX_COLUMNS);
}

function slotOfKey(key: number): number {
  return slotOf(Math.floor(key / MAX_COLUMNS), key % MAX_COLUMNS);
}

function slotInput(page: Page, slot: number): CellInput | undefined {
  if (page.sparse !== undefined) return page.sparse.get(slot);
  const kind = page.kinds![slot];
  return kind === NUMBER
    ? page.numbers![slot]
    : kind === OTHER
      ? page.others!.get(slot)
      : undefined;
}

function setDense(page: Page, slot: number, input: CellInput): void {
  const kinds = page.kinds!;
  if (typeof input === 'number') {
    if (kinds[slot] === OTHER) page.others!.delete(slot);
    page.numbers![slot] = input;
    kinds[slot] = NUMBER;
  } else {
    (page.others ??= new Map()).set(slot, input);
    kinds[slot] = OTHER;
  }
}

/** Whether any of `inputs` from `from` up to `to` writes a cell rather than clearing it. */
function writesIn(inputs: readonly (CellInput | null)[], from: number, to: number): boolean {
  for (let index = from; index < to; index += 1) if (inputs[index] !== null) return true;
  return false;
}

/** A page holding nothing yet: sparse until it holds DENSE_AT cells. */
function emptyPage(): Page {
  return { count: 0, sparse: new Map(), kinds: undefined, numbers: undefined, others: undefined };
}

function densify(page: Page): void {
  const cells = page.sparse!;
  page.sparse = undefined;
  page.kinds = new Uint8Array(PAGE_CELLS);
  page.numbers = new Float64Array(PAGE_CELLS);
  for (const [slot, input] of cells) setDense(page, slot, input);
}

export class CellInputs {
  readonly #pages = new Map<number, Page>();
  readonly #bounds = new KeyBounds();
  #size = 0;

  get size(): number {
    return this.#size;
  }

  get(key: number): CellInput | undefined {
    const page = this.#pages.get(pageOfKey(key));
    return page === undefined ? undefined : slotInput(page, slotOfKey(key));
  }

  has(key: number): boolean {
    return this.get(key) !== undefined;
  }

  set(key: number, input: CellInput): this {
    const id = pageOfKey(key);
    const slot = slotOfKey(key);
    let page = this.#pages.get(id);
    if (page === undefined) {
      page = emptyPage();
      this.#pages.set(id, page);
    }
    if (slotInput(page, slot) === undefined) {
      page.count += 1;
      this.#size += 1;
    }
    if (page.sparse !== undefined) {
      page.sparse.set(slot, input);
      if (page.sparse.size >= DENSE_AT) densify(page);
    } else {
      setDense(page, slot, input);
    }
    this.#bounds.added(key);
    return this;
  }

  /**
   * Writes a run of one row from (row, col) on (null clears), one page lookup per page it crosses
   * rather than per cell, and a dense page's slots written in line (a 100,000-cell range write,
   * issue 16); answers what its cells held (null for an empty one), or undefined when every one
   * was empty. With `dense`, a page it creates is dense from the start (a large rectangle fills
   * its pages: no sparse map first, then a copy).
   */
  writeRun(
    row: number,
    col: number,
    inputs: readonly (CellInput | null)[],
    dense = false,
  ): (CellInput | null)[] | undefined {
    let previous: (CellInput | null)[] | undefined;
    let first = -1;
    let last = -1;
    for (let offset = 0; offset < inputs.length;) {
      const id = pageOf(row, col + offset);
      const end = Math.min(inputs.length, offset + PAGE_COLS - ((col + offset) % PAGE_COLS));
      let page = this.#pages.get(id);
      if (page === undefined && dense && writesIn(inputs, offset, end)) {
        page = emptyPage();
        densify(page);
        this.#pages.set(id, page);
      }
      for (let slot = slotOf(row, col + offset); offset < end; offset += 1, slot += 1) {
        const input = inputs[offset]!;
        if (page !== undefined && page.sparse === undefined && input !== null) {
          // A dense page, a cell written: in line.
          const kinds = page.kinds!;
          const kind = kinds[slot];
          if (kind === EMPTY) {
            page.count += 1;
            this.#size += 1;
          } else
            (previous ??= new Array<CellInput | null>(inputs.length).fill(null))[offset] =
              kind === NUMBER ? page.numbers![slot]! : page.others!.get(slot)!;
          setDense(page, slot, input);
          if (first === -1) first = offset;
          last = offset;
          continue;
        }
        // Otherwise cell by cell, then the page again (a delete may drop it, a set create it).
        const held = page === undefined ? undefined : slotInput(page, slot);
        if (held !== undefined)
          (previous ??= new Array<CellInput | null>(inputs.length).fill(null))[offset] = held;
        const key = row * MAX_COLUMNS + col + offset;
        if (input !== null) this.set(key, input);
        else if (held !== undefined) this.delete(key);
        page = this.#pages.get(id);
      }
    }
    // A run is one row: its first and last written cells widen the bounds as all of them would.
    if (first !== -1) {
      this.#bounds.added(row * MAX_COLUMNS + col + first);
      this.#bounds.added(row * MAX_COLUMNS + col + last);
    }
    return previous;
  }

  delete(key: number): boolean {
    const id = pageOfKey(key);
    const page = this.#pages.get(id);
    const slot = slotOfKey(key);
    if (page === undefined || slotInput(page, slot) === undefined) return false;
    if (page.sparse !== undefined) page.sparse.delete(slot);
    else {
      if (page.kinds![slot] === OTHER) page.others!.delete(slot);
      page.kinds![slot] = EMPTY;
    }
    page.count -= 1;
    this.#size -= 1;
    if (page.count === 0) this.#pages.delete(id);
    this.#bounds.removed(key, this.#size);
    return true;
  }

  clear(): void {
    this.#pages.clear();
    this.#size = 0;
    this.#bounds.cleared();
  }

  /** Keys of the cells whose row (or column) lies in [first, last], visiting only the pages there. */
  keysIn(axis: 'row' | 'col', first: number, last: number): number[] {
    return keysInPages(this.#pages, axis, first, last, (page, slot) =>
      page.sparse !== undefined ? page.sparse.has(slot) : page.kinds![slot] !== EMPTY,
    );
  }

  /**
   * Moves every cell whose row (or column) is at least `from` by `delta`, in one pass over the
   * pages that hold such cells (key-shift.ts: the caller has removed any cell it would collide
   * with). A dense page that moves whole along rows is copied in at most two slices of its typed
   * arrays, only its text and formulas one by one; the others (sparse pages, the page `from`
   * cuts, column shifts) cell by cell.
   */
  shift(shift: KeyShift): void {
    const { axis, from, delta } = shift;
    const moving = takePagesForShift(this.#pages, shift);
    const { offset, split } = moving;
    const created = new Map<number, Page>();
    const pageAt = (id: number, dense: boolean): Page => {
      let page = created.get(id);
      if (page === undefined) {
        page = emptyPage();
        created.set(id, page);
      }
      if (dense && page.sparse !== undefined) densify(page);
      return page;
    };
    const place = (row: number, col: number, input: CellInput): void => {
      if (axis === 'row') {
        if (row >= from) row += delta;
      } else if (col >= from) col += delta;
      checkShifted(row, col);
      const page = pageAt(pageOf(row, col), false);
      const slot = slotOf(row, col);
      if (page.sparse !== undefined) {
        page.sparse.set(slot, input);
        if (page.sparse.size >= DENSE_AT) densify(page);
      } else setDense(page, slot, input);
    };
    // Dense pages that move whole along rows keep their arrays: each is re-keyed `bands` pages on
    // and its rows slid `offset` down inside it, the rows that slide out going to the top of the
    // page below (already slid: pages go bottom first). Only text and formulas are visited.
    // Sparse pages go cell by cell, after them.
    const cellByCell = [...moving.partial];
    for (const entry of moving.whole) {
      const [id, page] = entry;
      if (page.sparse !== undefined) {
        cellByCell.push(entry);
        continue;
      }
      const to = moving.destination(id);
      const kinds = page.kinds!;
      const numbers = page.numbers!;
      const others = page.others;
      page.others = undefined;
      if (offset > 0) {
        const tailKinds = kinds.subarray(split, PAGE_CELLS);
        if (tailKinds.some((kind) => kind !== EMPTY)) {
          const below = pageAt(pageBelow(to), true);
          below.kinds!.set(tailKinds, 0);
          below.numbers!.set(numbers.subarray(split, PAGE_CELLS), 0);
        }
        kinds.copyWithin(offset * PAGE_COLS, 0, split);
        numbers.copyWithin(offset * PAGE_COLS, 0, split);
        kinds.fill(EMPTY, 0, offset * PAGE_COLS);
      }
      created.set(to, page);
      for (const [slot, input] of others ?? []) {
        const moved = slot + offset * PAGE_COLS;
        const into = moved < PAGE_CELLS ? page : pageAt(pageBelow(to), true);
        (into.others ??= new Map()).set(moved % PAGE_CELLS, input);
      }
    }
    for (const [id, page] of cellByCell) {
      const firstRow = pageFirstRow(id);
      const firstCol = pageFirstCol(id);
      if (page.sparse !== undefined) {
        for (const [slot, input] of page.sparse)
          place(firstRow + slotRow(slot), firstCol + slotCol(slot), input);
        continue;
      }
      const kinds = page.kinds!;
      const numbers = page.numbers!;
      for (let slot = 0; slot < PAGE_CELLS; slot += 1) {
        const kind = kinds[slot];
        if (kind === EMPTY) continue;
        place(
          firstRow + slotRow(slot),
          firstCol + slotCol(slot),
          kind === NUMBER ? numbers[slot]! : page.others!.get(slot)!,
        );
      }
    }
    for (const [id, page] of created) {
      let count = page.sparse?.size ?? 0;
      if (page.kinds !== undefined)
        for (let slot = 0; slot < PAGE_CELLS; slot += 1) if (page.kinds[slot] !== EMPTY) count += 1;
      if (count === 0) continue;
      page.count = count;
      this.#pages.set(id, page);
    }
    this.#bounds.shifted(shift);
  }

  /** Calls `fn` for every cell that holds text, a boolean or a formula (numbers are skipped cheaply). */
  forEachOther(fn: (input: CellInput, key: number) => void): void {
    for (const [id, page] of this.#pages) {
      const cells = page.sparse ?? page.others;
      if (cells === undefined) continue;
      for (const [slot, input] of cells) if (typeof input !== 'number') fn(input, keyOf(id, slot));
    }
  }

  /** The smallest rectangle holding every key, or undefined when empty. */
  bounds(): RangeAddress | undefined {
    return this.#bounds.get(() => this.keys());
  }

  /** Calls `fn` for every cell, page by page (not row-major). A plain loop: a rebuild runs it over millions of cells. */
  forEach(fn: (input: CellInput, key: number) => void): void {
    ranToEnd(this.forEachSteps(fn));
  }

  /** forEach as steps, yielding every PAGES_PER_STEP pages (for a save's copy built in slices). */
  *forEachSteps(fn: (input: CellInput, key: number) => void): Generator<void, void, undefined> {
    let pages = 0;
    for (const [id, page] of this.#pages) {
      if (++pages % PAGES_PER_STEP === 0) yield;
      if (page.sparse !== undefined) {
        for (const [slot, input] of page.sparse) fn(input, keyOf(id, slot));
        continue;
      }
      const kinds = page.kinds!;
      for (let slot = 0; slot < PAGE_CELLS; slot += 1) {
        if (kinds[slot] === NUMBER) fn(page.numbers![slot]!, keyOf(id, slot));
        else if (kinds[slot] === OTHER) fn(page.others!.get(slot)!, keyOf(id, slot));
      }
    }
  }

  /**
   * The keys of the cells, row-major, one band of 64 rows at a time (each band's keys sorted on
   * their own): a reader built in slices yields between bands, where sorting every key of a
   * million cells at once held the event loop for 100–200 ms.
   */
  *rowBands(): Generator<Float64Array> {
    const ids = Float64Array.from(this.#pages.keys()).sort();
    for (let first = 0; first < ids.length;) {
      const band = Math.floor(ids[first]! / PAGES_PER_ROW_BAND);
      let end = first + 1;
      while (end < ids.length && Math.floor(ids[end]! / PAGES_PER_ROW_BAND) === band) end += 1;
      let count = 0;
      for (let index = first; index < end; index += 1) count += this.#pages.get(ids[index]!)!.count;
      const keys = new Float64Array(count);
      let at = 0;
      for (let index = first; index < end; index += 1) {
        const id = ids[index]!;
        const page = this.#pages.get(id)!;
        if (page.sparse !== undefined) {
          for (const slot of page.sparse.keys()) keys[at++] = keyOf(id, slot);
          continue;
        }
        const kinds = page.kinds!;
        for (let slot = 0; slot < PAGE_CELLS; slot += 1)
          if (kinds[slot] !== EMPTY) keys[at++] = keyOf(id, slot);
      }
      yield keys.subarray(0, at).sort();
      first = end;
    }
  }

  /**
   * Calls `fn` for every cell in row-major order, walking the pages band by band (64 rows) in
   * column order: no sort of every key and no lookup per cell, as an engine rebuild of millions
   * of cells needs. Mostly-empty pages would make that walk visit many empty slots, so then it
   * sorts the keys instead.
   */
  forEachRowMajor(fn: (input: CellInput, row: number, col: number) => void): void {
    ranToEnd(this.rowMajorSteps(fn));
  }

  /**
   * forEachRowMajor as steps: it yields after each band of 64 rows (or each CELLS_PER_STEP cells
   * of the sorted walk), so a reader built in slices (a save's copy of a million cells) can let
   * the event loop turn in between.
   */
  *rowMajorSteps(
    fn: (input: CellInput, row: number, col: number) => void,
  ): Generator<void, void, undefined> {
    if (this.#pages.size * PAGE_CELLS > 4 * this.#size) {
      yield* this.#sortedSteps(fn);
      return;
    }
    const ids = Float64Array.from(this.#pages.keys()).sort();
    for (let first = 0; first < ids.length;) {
      const band = Math.floor(ids[first]! / PAGES_PER_ROW_BAND);
      let end = first + 1;
      while (end < ids.length && Math.floor(ids[end]! / PAGES_PER_ROW_BAND) === band) end += 1;
      const pages: Page[] = [];
      for (let index = first; index < end; index += 1) pages.push(this.#pages.get(ids[index]!)!);
      for (let rowInPage = 0; rowInPage < PAGE_ROWS; rowInPage += 1) {
        const row = band * PAGE_ROWS + rowInPage;
        for (let index = 0; index < pages.length; index += 1) {
          const page = pages[index]!;
          const firstCol = (ids[first + index]! % PAGES_PER_ROW_BAND) * PAGE_COLS;
          for (let colInPage = 0; colInPage < PAGE_COLS; colInPage += 1) {
            const input = slotInput(page, rowInPage * PAGE_COLS + colInPage);
            if (input !== undefined) fn(input, row, firstCol + colInPage);
          }
        }
      }
      first = end;
      yield;
    }
  }

  *#sortedSteps(
    fn: (input: CellInput, row: number, col: number) => void,
  ): Generator<void, void, undefined> {
    const keys = new Float64Array(this.#size);
    let index = 0;
    this.forEach((_, key) => {
      keys[index++] = key;
    });
    keys.sort();
    for (index = 0; index < keys.length; index += 1) {
      const key = keys[index]!;
      fn(this.get(key)!, Math.floor(key / MAX_COLUMNS), key % MAX_COLUMNS);
      if (index % CELLS_PER_STEP === CELLS_PER_STEP - 1) yield;
    }
  }

  /** Every cell as [key, input], page by page (not row-major: callers sort). */
  *entries(): IterableIterator<[number, CellInput]> {
    for (const [id, page] of this.#pages) {
      if (page.sparse !== undefined) {
        for (const [slot, input] of page.sparse) yield [keyOf(id, slot), input];
        continue;
      }
      const kinds = page.kinds!;
      for (let slot = 0; slot < PAGE_CELLS; slot += 1) {
        if (kinds[slot] === NUMBER) yield [keyOf(id, slot), page.numbers![slot]!];
        else if (kinds[slot] === OTHER) yield [keyOf(id, slot), page.others!.get(slot)!];
      }
    }
  }

  [Symbol.iterator](): IterableIterator<[number, CellInput]> {
    return this.entries();
  }

  *keys(): IterableIterator<number> {
    for (const [key] of this.entries()) yield key;
  }

  *values(): IterableIterator<CellInput> {
    for (const [, input] of this.entries()) yield input;
  }
}
