// The rectangle a sheet's inputs (cell-inputs.ts) or locks occupy, kept as keys come and go.
// Every GET /grid reports those bounds, and scanning 5 M keys for them took longer than reading
// the cells asked for (docs/ui-rules.md PERF-02): an added key widens the rectangle in O(1); removing a
// key on its edge only marks it for one rescan at the next read.
import { keyToAddress, MAX_COLUMNS, type RangeAddress } from './address/index.js';
import { shiftedKey, type KeyShift } from './key-shift.js';

export class KeyBounds {
  /** undefined: not known (rescanned on demand); null: no keys. */
  #bounds: RangeAddress | null | undefined = null;

  added(key: number): void {
    const bounds = this.#bounds;
    if (bounds === undefined) return;
    const row = Math.floor(key / MAX_COLUMNS);
    const col = key % MAX_COLUMNS;
    if (bounds === null) this.#bounds = { start: { row, col }, end: { row, col } };
    else if (
      row < bounds.start.row ||
      row > bounds.end.row ||
      col < bounds.start.col ||
      col > bounds.end.col
    ) {
      this.#bounds = {
        start: { row: Math.min(row, bounds.start.row), col: Math.min(col, bounds.start.col) },
        end: { row: Math.max(row, bounds.end.row), col: Math.max(col, bounds.end.col) },
      };
    }
  }

  removed(key: number, remaining: number): void {
    const bounds = this.#bounds;
    if (bounds === undefined || bounds === null) return;
    const row = Math.floor(key / MAX_COLUMNS);
    const col = key % MAX_COLUMNS;
    // An inner key leaves the rectangle as it was; an edge key may have been the last one there.
    if (remaining === 0) this.#bounds = null;
    else if (
      row === bounds.start.row ||
      row === bounds.end.row ||
      col === bounds.start.col ||
      col === bounds.end.col
    )
      this.#bounds = undefined;
  }

  cleared(): void {
    this.#bounds = null;
  }

  /**
   * The keys moved (key-shift.ts). Exact without a rescan: an edge at or past `from` moved with
   * its key, one before it stayed, and a shift never lands a key between them.
   */
  shifted(shift: KeyShift): void {
    const bounds = this.#bounds;
    if (bounds === undefined || bounds === null) return;
    const move = (index: number) => (index >= shift.from ? index + shift.delta : index);
    this.#bounds =
      shift.axis === 'row'
        ? {
            start: { row: move(bounds.start.row), col: bounds.start.col },
            end: { row: move(bounds.end.row), col: bounds.end.col },
          }
        : {
            start: { row: bounds.start.row, col: move(bounds.start.col) },
            end: { row: bounds.end.row, col: move(bounds.end.col) },
          };
  }

  get(keys: () => Iterable<number>): RangeAddress | undefined {
    if (this.#bounds === undefined) this.#bounds = scan(keys());
    return this.#bounds ?? undefined;
  }
}

function scan(keys: Iterable<number>): RangeAddress | null {
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
  return maxRow < 0
    ? null
    : { start: { row: minRow, col: minCol }, end: { row: maxRow, col: maxCol } };
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
