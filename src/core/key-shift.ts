// A structure change as the paged stores see it: every cell whose row (or column) is at least
// `from` moves by `delta` (negative for a delete). The caller first removes the cells that would
// collide (a delete's band) or leave the sheet (an insert's last rows), so a shift never merges
// two cells; each store then moves its cells in one pass over the pages it touches.
import { MAX_COLUMNS, MAX_ROWS } from './address/index.js';

export interface KeyShift {
  readonly axis: 'row' | 'col';
  readonly from: number;
  readonly delta: number;
}

/** The lowest row (or column) a shift writes to or reads from: pages before it stay as they are. */
export function shiftLow(shift: KeyShift): number {
  return Math.min(shift.from, shift.from + shift.delta);
}

/** A cell key after the shift. */
export function shiftedKey(key: number, shift: KeyShift): number {
  const row = Math.floor(key / MAX_COLUMNS);
  const col = key % MAX_COLUMNS;
  if (shift.axis === 'row') return row >= shift.from ? key + shift.delta * MAX_COLUMNS : key;
  return col >= shift.from ? key + shift.delta : key;
}

/** Throws when a moved cell would land off the sheet (the caller should have removed it). */
export function checkShifted(row: number, col: number): void {
  if (row < 0 || row >= MAX_ROWS || col < 0 || col >= MAX_COLUMNS)
    throw new Error(`a shift moved a cell off the sheet (row ${row}, column ${col})`);
}
