// The fill handle: Glide reports the source block and the dragged-out rectangle; the new
// cells are computed (series, moved formulas) and written in one request, then given the source
// cells' formats as Excel's fill does (the whole fill is one undo step).
import type { Rectangle } from '@glideapps/glide-data-grid';
import type { Session } from '../app/session.js';
import { formatRect } from './address.js';
import { fillBlock, type FillDirection } from './fill-series.js';
import { formatsIn, pasteFormats } from './clipboard.js';

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
    const block = fillBlock(inputs, direction, count);
    const ok = await session.writeRange(sheet, anchor, block, 'Fill');
    // A filled date, percentage or amount showed its bare number (46053, 0.1): the filled cells
    // repeat the source's formats, tiled the way its values are.
    const formatOf = formatsIn(response, rect);
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
