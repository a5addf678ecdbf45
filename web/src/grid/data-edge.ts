// Ctrl+Arrow as spreadsheets do it: inside a block of filled cells, jump to the block's last
// cell; otherwise jump to the next filled cell; with none ahead, to the grid's edge.
import { columnToLetters, formatCell, lettersToColumn, type CellRef } from './address.js';
import type { GridApi } from '../api/grid-api.js';

export type Direction = 'up' | 'down' | 'left' | 'right';

/**
 * How many cells to move. `filledAhead` holds the positions (1 = the neighbour) of filled
 * cells ahead of the cursor, `room` how many cells lie between the cursor and the edge.
 */
export function edgeSteps(
  cursorFilled: boolean,
  filledAhead: ReadonlySet<number>,
  room: number,
): number {
  if (room <= 0) return 0;
  if (cursorFilled && filledAhead.has(1)) {
    let step = 1;
    while (step < room && filledAhead.has(step + 1)) step += 1;
    return step;
  }
  let nearest = Infinity;
  for (const position of filledAhead)
    if (position >= 1 && position <= room && position < nearest) nearest = position;
  return Number.isFinite(nearest) ? nearest : room;
}

/** The strip of cells ahead of the cursor up to `limit` (inclusive), as an A1 range. */
function stripRange(from: CellRef, direction: Direction, limit: number): string {
  if (direction === 'down')
    return `${columnToLetters(from.col)}${from.row + 1}:${columnToLetters(from.col)}${limit + 1}`;
  if (direction === 'up')
    return `${columnToLetters(from.col)}${limit + 1}:${columnToLetters(from.col)}${from.row + 1}`;
  if (direction === 'right') return `${formatCell(from)}:${columnToLetters(limit)}${from.row + 1}`;
  return `${columnToLetters(limit)}${from.row + 1}:${formatCell(from)}`;
}

/** Reads only the cells between the cursor and the sheet's occupied edge, then picks the target. */
export async function jumpTarget(
  api: GridApi,
  sheet: string,
  from: CellRef,
  direction: Direction,
  grid: { rows: number; cols: number },
): Promise<CellRef> {
  const vertical = direction === 'up' || direction === 'down';
  const forward = direction === 'down' || direction === 'right';
  const position = vertical ? from.row : from.col;
  const edge = forward ? (vertical ? grid.rows - 1 : grid.cols - 1) : 0;
  const room = Math.abs(edge - position);
  if (room === 0) return from;
  const probe = await api.read(sheet, formatCell(from), undefined);
  const bounds = probe.occupied_bounds;
  // Nothing filled beyond the occupied bounds: read up to one past them, not to the grid's edge.
  let limit = edge;
  if (bounds !== null) {
    const last = /^([A-Z]+)(\d+)$/.exec(bounds.last)!;
    const lastIndex = vertical ? Number(last[2]) - 1 : lettersToColumn(last[1]!);
    if (forward) limit = Math.min(edge, Math.max(position, lastIndex + 1));
  }
  const strip =
    bounds === null || limit === position
      ? { cells: [] }
      : await api.read(sheet, stripRange(from, direction, limit));
  const filled = new Set<number>();
  let cursorFilled = false;
  for (const cell of strip.cells) {
    if (cell.input === null) continue;
    const match = /^([A-Z]+)(\d+)$/.exec(cell.cell)!;
    const index = vertical ? Number(match[2]) - 1 : lettersToColumn(match[1]!);
    const distance = forward ? index - position : position - index;
    if (distance === 0) cursorFilled = true;
    else if (distance > 0) filled.add(distance);
  }
  const steps = edgeSteps(cursorFilled, filled, room);
  const delta = forward ? steps : -steps;
  return vertical
    ? { col: from.col, row: from.row + delta }
    : { col: from.col + delta, row: from.row };
}
