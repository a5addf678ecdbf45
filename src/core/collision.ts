// Collision resolution for agent writes: when the cells a write would cover are occupied or
// locked, the whole block moves right (default) or down to the nearest position where every
// cell it writes is free. Unlike GridOS (which shifted only around locked cells and overwrote
// data), occupied cells are never overwritten, so applying the same payload twice puts the
// second copy beside the first.
import {
  columnToLetters,
  formatCell,
  MAX_COLUMNS,
  MAX_ROWS,
  type CellAddress,
} from './address/index.js';
import { NoFreeSpaceError } from './guardrails/errors.js';

export type ShiftDirection = 'right' | 'down';

/** How many positions the search may visit before giving up. Each visit skips past every blocker it saw. */
export const MAX_COLLISION_ATTEMPTS = 10_000;

export interface CollisionRequest {
  readonly anchor: CellAddress;
  /** Offsets (from the anchor) of the cells the write covers; gaps in a ragged block are not covered. */
  readonly footprint: readonly CellAddress[];
  readonly direction: ShiftDirection;
  /** True when (row, col) holds data or is locked. */
  readonly isTaken: (row: number, col: number) => boolean;
}

/** Offsets of the cells a row-major block writes; `covers` says whether a value writes a cell. */
export function footprintOf<T>(
  values: readonly (readonly T[])[],
  covers: (value: T) => boolean = () => true,
): CellAddress[] {
  const cells: CellAddress[] = [];
  values.forEach((row, rowOffset) => {
    row.forEach((value, colOffset) => {
      if (covers(value)) cells.push({ row: rowOffset, col: colOffset });
    });
  });
  return cells;
}

/**
 * For each footprint line (a row when shifting right, a column when shifting down), the offsets
 * along the direction of travel. A blocker met through line L blocks exactly the anchors that
 * put one of L's cells on it, which is how the search jumps past it.
 */
function offsetsByLine(
  footprint: readonly CellAddress[],
  direction: ShiftDirection,
): Map<number, Set<number>> {
  const lines = new Map<number, Set<number>>();
  for (const offset of footprint) {
    const line = direction === 'right' ? offset.row : offset.col;
    const along = direction === 'right' ? offset.col : offset.row;
    const set = lines.get(line) ?? new Set<number>();
    set.add(along);
    lines.set(line, set);
  }
  return lines;
}

/** The nearest anchor position (along the direction) after `position` that this blocker does not block. */
function nextPastBlocker(
  position: number,
  blockerAlong: number,
  along: ReadonlySet<number>,
): number {
  let next = position + 1;
  while (along.has(blockerAlong - next)) next += 1;
  return next;
}

function fitsOnSheet(anchor: CellAddress, footprint: readonly CellAddress[]): boolean {
  return footprint.every(
    (offset) => anchor.row + offset.row < MAX_ROWS && anchor.col + offset.col < MAX_COLUMNS,
  );
}

/** The anchor where the block fits without covering a taken cell; NoFreeSpaceError when the bounded search fails. */
export function resolveCollision(request: CollisionRequest): CellAddress {
  const { footprint, direction, isTaken } = request;
  const lines = offsetsByLine(footprint, direction);
  let anchor = request.anchor;
  for (let attempt = 1; attempt <= MAX_COLLISION_ATTEMPTS; attempt += 1) {
    if (!fitsOnSheet(anchor, footprint))
      throw new NoFreeSpaceError(
        formatCell(request.anchor),
        direction,
        attempt - 1,
        direction === 'right' ? columnToLetters(MAX_COLUMNS - 1) : String(MAX_ROWS),
      );
    const position = direction === 'right' ? anchor.col : anchor.row;
    let next = position;
    for (const offset of footprint) {
      const row = anchor.row + offset.row;
      const col = anchor.col + offset.col;
      if (!isTaken(row, col)) continue;
      const line = lines.get(direction === 'right' ? offset.row : offset.col)!;
      next = Math.max(next, nextPastBlocker(position, direction === 'right' ? col : row, line));
    }
    if (next === position) return anchor;
    anchor =
      direction === 'right' ? { row: anchor.row, col: next } : { row: next, col: anchor.col };
  }
  throw new NoFreeSpaceError(formatCell(request.anchor), direction, MAX_COLLISION_ATTEMPTS);
}
