// The fill handle: Glide reports the source block and the dragged-out rectangle; the new
// cells are computed (series, moved formulas) and written in one request, then given the source
// cells' formats as Excel's fill does (the whole fill is one undo step).
import type { Rectangle } from '@glideapps/glide-data-grid';
import type { Session } from '../app/session.js';
import { formatRect } from './address.js';
import { fillBlock, type FillDirection } from './fill-series.js';
import { formatsIn, pasteFormats } from './clipboard.js';
import { isDateFormat } from './number-formats.js';
import { shiftFormula } from '../../../src/core/formula-text/index.js';
import type { Rect } from './address.js';
import { isBlank } from './cell-drawing.js';
import { jumpTarget } from './data-edge.js';

export async function fillDrag(
  session: Session,
  source: Rectangle,
  destination: Rectangle,
): Promise<void> {
  const sheet = session.activeSheet;
  let direction: FillDirection;
  let count: number;
  let anchor: { col: number; row: number };
  if (destination.height > source.height) {
    count = destination.height - source.height;
    direction = destination.y < source.y ? 'up' : 'down';
    anchor = {
      col: source.x,
      row: direction === 'down' ? source.y + source.height : destination.y,
    };
  } else if (destination.width > source.width) {
    count = destination.width - source.width;
    direction = destination.x < source.x ? 'left' : 'right';
    anchor = {
      col: direction === 'right' ? source.x + source.width : destination.x,
      row: source.y,
    };
  } else {
    return;
  }
  await session.track(() => fill(session, sheet, source, destination, direction, count, anchor));
}

async function fill(
  session: Session,
  sheet: string,
  source: Rectangle,
  destination: Rectangle,
  direction: FillDirection,
  count: number,
  anchor: { col: number; row: number },
): Promise<void> {
  try {
    const rect = { col: source.x, row: source.y, width: source.width, height: source.height };
    const response = await session.grid.read(sheet, formatRect(rect));
    const inputs = Array.from({ length: rect.height }, () => Array<string>(rect.width).fill(''));
    for (const cell of response.cells) {
      const match = /^([A-Z]+)(\d+)$/.exec(cell.cell)!;
      let col = 0;
      for (const char of match[1]!) col = col * 26 + (char.charCodeAt(0) - 64);
      inputs[Number(match[2]) - 1 - rect.row]![col - 1 - rect.col] = cell.input ?? '';
    }
    const formatOf = formatsIn(response, rect);
    const numberFormatAt = (row: number, col: number) =>
      formatOf(rect.col + col, rect.row + row)?.number_format;
    const block = fillBlock(inputs, direction, count, (row, col) => {
      const code = numberFormatAt(row, col);
      return code !== undefined && isDateFormat(code);
    });
    const ok = await session.writeRange(sheet, anchor, block, 'Fill');
    // A filled date, percentage or amount showed its bare number (46053, 0.1): the filled cells
    // repeat the source's formats, tiled the way its values are.
    const tiled = (offset: number, size: number) => ((offset % size) + size) % size;
    const formats = block.map((line, r) =>
      line.map((_, c) =>
        formatOf(
          rect.col + tiled(anchor.col + c - rect.col, rect.width),
          rect.row + tiled(anchor.row + r - rect.row, rect.height),
        ),
      ),
    );
    const filled = { ...anchor, width: block[0]?.length ?? 0, height: block.length };
    if (ok) session.mergeLastCommits(1 + (await pasteFormats(session, sheet, filled, formats)));
    if (ok)
      session.goTo(
        {
          col: destination.x,
          row: destination.y,
          width: destination.width,
          height: destination.height,
        },
        { col: source.x, row: source.y },
      );
  } catch (error) {
    session.reportError('Fill failed', error);
  }
}

/**
 * A double-click on the fill handle, as in Excel: the selection is filled down as far as the
 * data next to it reaches (the column on its left, else the one on its right), one undo step.
 * Nothing happens when neither neighbour has data below the selection.
 */
export async function fillToAdjacentData(
  session: Session,
  selection: Rect,
  grid: { rows: number; cols: number },
): Promise<void> {
  const bottom = selection.row + selection.height - 1;
  for (const col of [selection.col - 1, selection.col + selection.width]) {
    if (col < 0 || col >= grid.cols) continue;
    // Ctrl+Down from a filled cell with a filled one below reaches the end of its block.
    if (isBlank(session.cell(col, bottom)) || isBlank(session.cell(col, bottom + 1))) continue;
    const sheet = session.activeSheet;
    const end = await jumpTarget(session.grid, sheet, { col, row: bottom }, 'down', grid);
    if (session.activeSheet !== sheet || end.row <= bottom) return;
    const source = { x: selection.col, y: selection.row, width: selection.width };
    await fillDrag(
      session,
      { ...source, height: selection.height },
      { ...source, height: end.row - selection.row + 1 },
    );
    return;
  }
}

/** One request's worth: a whole column selected is not filled a million rows deep. */
const MAX_EDGE_FILL_CELLS = 10_000;

/**
 * Ctrl+D and Ctrl+R, as in Excel and Sheets: the selection's top row (left column) is copied
 * over the rest of it, formulas moved and formats kept, no series; with one row (column)
 * selected, the row above (column to the left) is copied into it. One undo step.
 */
export async function fillFromEdge(
  session: Session,
  selection: Rect,
  direction: 'down' | 'right',
): Promise<void> {
  const down = direction === 'down';
  const along = down ? selection.height : selection.width;
  const source: Rect = down
    ? { ...selection, row: along > 1 ? selection.row : selection.row - 1, height: 1 }
    : { ...selection, col: along > 1 ? selection.col : selection.col - 1, width: 1 };
  if (source.row < 0 || source.col < 0) return;
  const target: Rect = down
    ? {
        ...selection,
        row: source.row + 1,
        height: selection.row + selection.height - source.row - 1,
      }
    : {
        ...selection,
        col: source.col + 1,
        width: selection.col + selection.width - source.col - 1,
      };
  if (target.width * target.height > MAX_EDGE_FILL_CELLS) {
    session.toasts.show(
      `Select at most ${MAX_EDGE_FILL_CELLS.toLocaleString('en-US')} cells to fill.`,
      'error',
    );
    return;
  }
  const sheet = session.activeSheet;
  // While a filter hides rows, only the rows in view are filled, as in Excel: a hidden row is an
  // empty line of the block, which writes nothing (one write, one undo step).
  const outOfView = session.layouts.rowsOutOfView(sheet);
  await session.track(async () => {
    try {
      const response = await session.grid.read(sheet, formatRect(source));
      const inputs = new Map(response.cells.map((cell) => [cell.cell, cell.input ?? '']));
      const formatOf = formatsIn(response, source);
      const at = (r: number, c: number) =>
        down ? { col: target.col + c, row: source.row } : { col: source.col, row: target.row + r };
      const block: string[][] = [];
      const formats: ReturnType<typeof formatOf>[][] = [];
      for (let r = 0; r < target.height; r += 1) {
        const line: string[] = [];
        const lineFormats: ReturnType<typeof formatOf>[] = [];
        for (let c = 0; c < target.width && !outOfView.has(target.row + r); c += 1) {
          const from = at(r, c);
          const input = inputs.get(formatRect({ ...from, width: 1, height: 1 })) ?? '';
          line.push(shiftFormula(input, target.row + r - from.row, target.col + c - from.col));
          lineFormats.push(formatOf(from.col, from.row));
        }
        block.push(line);
        formats.push(lineFormats);
      }
      if (!(await session.writeRange(sheet, target, block, down ? 'Fill down' : 'Fill right')))
        return;
      session.mergeLastCommits(1 + (await pasteFormats(session, sheet, target, formats)));
    } catch (error) {
      session.reportError(down ? 'Fill down failed' : 'Fill right failed', error);
    }
  });
}
