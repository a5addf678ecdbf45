// Cut and paste: one move-cells commit (one undo step) that moves a range's cells and rewrites
// every formula that refers to them (core/ops/move-cells.ts).
import {
  formatRange,
  MAX_WRITE_CELLS,
  parseCell,
  parseRange,
  rangeSize,
  tooManyCellsInWrite,
  type ApplyMeta,
  type WorkbookHandle,
} from '../core/index.js';

export interface MoveRequest {
  /** The range cut, A1 (may name its sheet). */
  readonly source: string;
  /** Where its top-left cell lands, A1. */
  readonly targetCell: string;
  readonly sheet?: string | undefined;
  readonly targetSheet?: string | undefined;
  /** GRIDBOOK_MAX_WRITE_CELLS; MAX_WRITE_CELLS (its default) when not given. */
  readonly maxCells?: number | undefined;
}

export async function moveCells(
  handle: WorkbookHandle,
  request: MoveRequest,
  meta: ApplyMeta,
): Promise<{ sheet: string; source: string; targetSheet: string; target: string }> {
  const { start, end, sheet: named } = parseRange(request.source, 'source');
  const target = parseCell(request.targetCell, 'target_cell');
  // A move writes every cell of its source and of where it lands: bounded as a range write is.
  const maxCells = request.maxCells ?? MAX_WRITE_CELLS;
  const { cells } = rangeSize({ start, end });
  if (cells > maxCells) throw tooManyCellsInWrite(String(cells), maxCells, 'source');
  const sheet = handle.workbook.sheet(named ?? request.sheet).name;
  const targetSheet =
    request.targetSheet === undefined
      ? sheet
      : handle.workbook.sheet(request.targetSheet, 'target_sheet').name;
  // A block pasted where it was cut changes nothing: no commit, so no empty undo step that a
  // first Ctrl+Z would spend.
  const inPlace = targetSheet === sheet && target.row === start.row && target.col === start.col;
  if (!inPlace)
    await handle.commit(
      [{ type: 'move-cells', sheet, range: { start, end }, targetSheet, target }],
      meta,
    );
  const landed = {
    start: target,
    end: { row: target.row + end.row - start.row, col: target.col + end.col - start.col },
  };
  return {
    sheet,
    source: formatRange({ start, end }),
    targetSheet,
    target: formatRange(landed),
  };
}
