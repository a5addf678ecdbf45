// Dynamic arrays as a sheet shows them: a formula whose array result spills fills the cells to its
// right and below. Those cells hold no input (nothing was typed there) but show values, so reads
// that list a sheet's cells (grid, peek, exports, the agent's context) ask these helpers too.
import type { CellAddress, RangeAddress } from './address/index.js';
import type { SpillArea } from './formula/index.js';

/** The rectangle a spill covers, anchor included. */
export function spillRange(area: SpillArea): RangeAddress {
  return {
    start: { row: area.row, col: area.col },
    end: { row: area.row + area.height - 1, col: area.col + area.width - 1 },
  };
}

/** The spill covering a cell (its anchor included), if any. */
export function spillAt(
  areas: readonly SpillArea[],
  row: number,
  col: number,
): SpillArea | undefined {
  for (const area of areas) {
    if (area.row > row) break; // sorted by anchor row
    if (row < area.row + area.height && col >= area.col && col < area.col + area.width) return area;
  }
  return undefined;
}

/** The anchor whose spill shows in a cell that is not itself the anchor. */
export function spilledFrom(
  areas: readonly SpillArea[],
  row: number,
  col: number,
): CellAddress | undefined {
  const area = spillAt(areas, row, col);
  if (area === undefined || (area.row === row && area.col === col)) return undefined;
  return { row: area.row, col: area.col };
}

/** The smallest rectangle holding `bounds` and every spill. */
export function withSpills(
  bounds: RangeAddress | undefined,
  areas: readonly SpillArea[],
): RangeAddress | undefined {
  let result = bounds;
  for (const area of areas) {
    const range = spillRange(area);
    result =
      result === undefined
        ? range
        : {
            start: {
              row: Math.min(result.start.row, range.start.row),
              col: Math.min(result.start.col, range.start.col),
            },
            end: {
              row: Math.max(result.end.row, range.end.row),
              col: Math.max(result.end.col, range.end.col),
            },
          };
  }
  return result;
}

/** The spilled cells (anchors left out) inside `range`, or all of them, row-major. */
export function spilledCells(
  areas: readonly SpillArea[],
  range: RangeAddress | undefined,
): CellAddress[] {
  const cells: CellAddress[] = [];
  for (const area of areas) {
    const rows = clip(area.row, area.row + area.height - 1, range?.start.row, range?.end.row);
    const cols = clip(area.col, area.col + area.width - 1, range?.start.col, range?.end.col);
    if (rows === undefined || cols === undefined) continue;
    for (let row = rows[0]; row <= rows[1]; row += 1)
      for (let col = cols[0]; col <= cols[1]; col += 1)
        if (row !== area.row || col !== area.col) cells.push({ row, col });
  }
  return cells.sort((a, b) => a.row - b.row || a.col - b.col);
}

function clip(
  from: number,
  to: number,
  min: number | undefined,
  max: number | undefined,
): [number, number] | undefined {
  const start = Math.max(from, min ?? from);
  const end = Math.min(to, max ?? to);
  return start > end ? undefined : [start, end];
}
