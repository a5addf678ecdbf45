// Between Glide's selection (a current cell + range, or whole columns/rows) and the page's
// rectangle + cursor.
import { CompactSelection, type GridSelection } from '@glideapps/glide-data-grid';
import { describeSelection, type CellRef, type Rect } from './address.js';

export const EMPTY_SELECTION: GridSelection = {
  columns: CompactSelection.empty(),
  rows: CompactSelection.empty(),
};

/** The contiguous span of a CompactSelection (its first to its last index). */
function span(selection: CompactSelection): [number, number] | undefined {
  const first = selection.first();
  const last = selection.last();
  return first === undefined || last === undefined ? undefined : [first, last];
}

export interface PageSelection {
  readonly rect: Rect;
  readonly cursor: CellRef;
  readonly label: string;
}

export function fromGlide(
  selection: GridSelection,
  rows: number,
  cols: number,
  topRow: number,
  leftCol: number,
): PageSelection | undefined {
  const columns = span(selection.columns);
  if (columns !== undefined) {
    const rect = { col: columns[0], row: 0, width: columns[1] - columns[0] + 1, height: rows };
    return {
      rect,
      cursor: { col: columns[0], row: topRow },
      label: describeSelection(rect, rows, cols),
    };
  }
  const rowSpan = span(selection.rows);
  if (rowSpan !== undefined) {
    const rect = { col: 0, row: rowSpan[0], width: cols, height: rowSpan[1] - rowSpan[0] + 1 };
    return {
      rect,
      cursor: { col: leftCol, row: rowSpan[0] },
      label: describeSelection(rect, rows, cols),
    };
  }
  const current = selection.current;
  if (current === undefined) return undefined;
  const rect = {
    col: current.range.x,
    row: current.range.y,
    width: current.range.width,
    height: current.range.height,
  };
  return {
    rect,
    cursor: { col: current.cell[0], row: current.cell[1] },
    label: describeSelection(rect, rows, cols),
  };
}

export function toGlide(rect: Rect, cursor: CellRef): GridSelection {
  return {
    current: {
      cell: [cursor.col, cursor.row],
      range: { x: rect.col, y: rect.row, width: rect.width, height: rect.height },
      rangeStack: [],
    },
    columns: CompactSelection.empty(),
    rows: CompactSelection.empty(),
  };
}

/** Whole rows (`axis` 'row') or whole columns, first to last, as Glide selects them from a header. */
export function wholeLines(axis: 'row' | 'col', first: number, last: number): GridSelection {
  const lines = CompactSelection.fromSingleSelection([first, last + 1]);
  return {
    columns: axis === 'col' ? lines : CompactSelection.empty(),
    rows: axis === 'row' ? lines : CompactSelection.empty(),
  };
}
