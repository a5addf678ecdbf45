// A sheet's inputs by cell key, remembering the rectangle they occupy. Every GET /grid reports
// the occupied bounds, and scanning 5 M keys for them took longer than reading the cells
// asked for (ui.md PERF-02): writes widen the rectangle in O(1); removing a cell on its edge
// only marks it for one rescan at the next read.
import { keyToAddress, MAX_COLUMNS, type RangeAddress } from './address/index.js';
import type { CellInput } from './value-typing.js';

export class InputMap extends Map<number, CellInput> {
  /** undefined: not known (recomputed on demand); null: no inputs. */
  #bounds: RangeAddress | null | undefined = null;

  override set(key: number, input: CellInput): this {
    super.set(key, input);
    const bounds = this.#bounds;
    if (bounds === undefined) return this;
    const row = Math.floor(key / MAX_COLUMNS);
    const col = key % MAX_COLUMNS;
    if (bounds === null) this.#bounds = { start: { row, col }, end: { row, col } };
    else if (row < bounds.start.row || row > bounds.end.row || col < bounds.start.col || col > bounds.end.col) {
      this.#bounds = {
        start: { row: Math.min(row, bounds.start.row), col: Math.min(col, bounds.start.col) },
        end: { row: Math.max(row, bounds.end.row), col: Math.max(col, bounds.end.col) },
      };
    }
    return this;
  }

  override delete(key: number): boolean {
    const removed = super.delete(key);
    const bounds = this.#bounds;
    if (!removed || bounds === undefined || bounds === null) return removed;
    const row = Math.floor(key / MAX_COLUMNS);
    const col = key % MAX_COLUMNS;
    // An inner cell leaves the rectangle as it was; an edge cell may have been the last one there.
    if (this.size === 0) this.#bounds = null;
    else if (row === bounds.start.row || row === bounds.end.row || col === bounds.start.col || col === bounds.end.col) this.#bounds = undefined;
    return removed;
  }

  override clear(): void {
    super.clear();
    this.#bounds = null;
  }

  /** The smallest rectangle holding every key, or undefined when empty. */
  bounds(): RangeAddress | undefined {
    if (this.#bounds === undefined) this.#bounds = this.#scan();
    return this.#bounds === null ? undefined : this.#bounds;
  }

  #scan(): RangeAddress | null {
    if (this.size === 0) return null;
    let minRow = Infinity;
    let maxRow = -1;
    let minCol = Infinity;
    let maxCol = -1;
    for (const key of this.keys()) {
      const { row, col } = keyToAddress(key);
      if (row < minRow) minRow = row;
      if (row > maxRow) maxRow = row;
      if (col < minCol) minCol = col;
      if (col > maxCol) maxCol = col;
    }
    return { start: { row: minRow, col: minCol }, end: { row: maxRow, col: maxCol } };
  }
}

