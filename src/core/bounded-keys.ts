// The rectangle a sheet's inputs (cell-inputs.ts) or locks occupy, kept as keys come and go.
// Every GET /grid reports those bounds, and scanning 5 M keys for them took longer than reading
// the cells asked for (docs/ui-rules.md PERF-02): an added key widens the rectangle in O(1); removing a
// key on its edge only marks it for one rescan at the next read.
import { keyToAddress, MAX_COLUMNS, type RangeAddress } from './address/index.js';
import { shiftedKey, type KeyShift } from './key-shift.js';

/** Whether the edges below hold the keys' rectangle, none is known (a rescan is due), or no key is left. */
type BoundsState = 'known' | 'unknown' | 'empty';

export class KeyBounds {
  // Four numbers, not a rectangle object: a column written row by row widens the bounds with
  // every cell, and an object per widening was ~130 bytes a cell of an import's garbage.
  #state: BoundsState = 'empty';
  #minRow = 0;
  #maxRow = 0;
  #minCol = 0;
  #maxCol = 0;

  added(key: number): void {
    if (this.#state === 'unknown') return;
    const row = Math.floor(key / MAX_COLUMNS);
    const col = key % MAX_COLUMNS;
    if (this.#state === 'empty') {
      this.#set(row, row, col, col);
      return;
    }
    if (row < this.#minRow) this.#minRow = row;
    else if (row > this.#maxRow) this.#maxRow = row;
    if (col < this.#minCol) this.#minCol = col;
    else if (col > this.#maxCol) this.#maxCol = col;
  }

  removed(key: number, remaining: number): void {
    if (this.#state !== 'known') return;
    const row = Math.floor(key / MAX_COLUMNS);
    const col = key % MAX_COLUMNS;
    // An inner key leaves the rectangle as it was; an edge key may have been the last one there.
    if (remaining === 0) this.#state = 'empty';
    else if (
      row === this.#minRow ||
      row === this.#maxRow ||
      col === this.#minCol ||
      col === this.#maxCol
    )
      this.#state = 'unknown';
  }

  cleared(): void {
    this.#state = 'empty';
  }

  /**
   * The keys moved (key-shift.ts). Exact without a rescan: an edge at or past `from` moved with
   * its key, one before it stayed, and a shift never lands a key between them.
   */
  shifted(shift: KeyShift): void {
    if (this.#state !== 'known') return;
    const move = (index: number) => (index >= shift.from ? index + shift.delta : index);
    if (shift.axis === 'row') {
      this.#minRow = move(this.#minRow);
      this.#maxRow = move(this.#maxRow);
    } else {
      this.#minCol = move(this.#minCol);
      this.#maxCol = move(this.#maxCol);
    }
  }

  get(keys: () => Iterable<number>): RangeAddress | undefined {
    if (this.#state === 'unknown') this.#rescan(keys());
    return this.#state === 'empty'
      ? undefined
      : {
          start: { row: this.#minRow, col: this.#minCol },
          end: { row: this.#maxRow, col: this.#maxCol },
        };
  }

  #set(minRow: number, maxRow: number, minCol: number, maxCol: number): void {
    this.#state = 'known';
    this.#minRow = minRow;
    this.#maxRow = maxRow;
    this.#minCol = minCol;
    this.#maxCol = maxCol;
  }

  #rescan(keys: Iterable<number>): void {
    let minRow = Infinity;
    let maxRow = -1;
    let minCol = Infinity;
    let maxCol = -1;
    for (const key of keys) {
      const { row, col } = keyToAddress(key);
      if (row < minRow) minRow = row;
      if (row > maxRow) maxRow = row;
      if (col < minCol) minCol = col;
      if (col > maxCol) maxCol = col;
    }
    if (maxRow < 0) this.#state = 'empty';
    else this.#set(minRow, maxRow, minCol, maxCol);
  }
}

export class LockSet extends Set<number> {
  readonly #bounds = new KeyBounds();

  override add(key: number): this {
    super.add(key);
    this.#bounds.added(key);
    return this;
  }

  override delete(key: number): boolean {
    const removed = super.delete(key);
    if (removed) this.#bounds.removed(key, this.size);
    return removed;
  }

  override clear(): void {
    super.clear();
    this.#bounds.cleared();
  }

  /** The smallest rectangle holding every locked cell, or undefined when none is. */
  bounds(): RangeAddress | undefined {
    return this.#bounds.get(() => this.values());
  }

  /** Moves the locks as key-shift.ts describes (locks are few: the set is rebuilt). */
  shift(shift: KeyShift): void {
    const keys = [...this.values()];
    this.clear();
    for (const key of keys) this.add(shiftedKey(key, shift));
  }
}
