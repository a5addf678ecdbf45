// Where the other followers' selections are drawn (RT-02, ui.md §1.15): a box per peer on the
// sheet shown, cut to the cells in view, in the grid overlays' coordinates. Painting stops once
// 600 cells are covered, so no number of peers or size of selection makes a frame expensive.
import type { PeerSelection } from '../realtime/peer-selections.js';
import { peerColour } from '../realtime/peer-colour.js';
import { MAX_ROWS, parseRange, type Rect } from './address.js';
import { cellBox, frozenBandShown, type ColumnLayout, type Viewport } from './geometry.js';
import { GRID_COLUMNS } from './grid-theme.js';

/** The most cells the peers' boxes cover in all; a box past it is not drawn. */
export const MAX_PAINTED_CELLS = 600;

export interface PeerBox {
  readonly peer: string;
  readonly user: string;
  /** The peer's whole selection, as it sent it. */
  readonly range: string;
  readonly line: string;
  readonly tint: string;
  readonly left: number;
  readonly top: number;
  readonly width: number;
  readonly height: number;
}

/**
 * The part of `from..to` (inclusive) on screen along one axis: the frozen lines (`frozen` of
 * them, always shown) and `count` lines from the first scrolled one. A span reaching from the
 * frozen lines into scrolled-away ones ends at the last frozen line.
 */
export function visibleSpan(
  from: number,
  to: number,
  frozen: number,
  first: number,
  count: number,
): [number, number] | undefined {
  const scrolled = Math.max(first, frozen);
  const low = from < frozen ? from : Math.max(from, scrolled);
  let high = Math.min(to, scrolled + count);
  if (high >= frozen && high < scrolled) high = frozen - 1;
  return low > high ? undefined : [low, high];
}

function visibleRect(rect: Rect, layout: ColumnLayout, view: Viewport): Rect | undefined {
  const frozenRows = frozenBandShown(layout, view) ? layout.frozenRows : 0;
  const cols = visibleSpan(
    rect.col,
    rect.col + rect.width - 1,
    layout.frozenColumns,
    view.col,
    view.width,
  );
  const rows = visibleSpan(rect.row, rect.row + rect.height - 1, frozenRows, view.row, view.height);
  if (cols === undefined || rows === undefined) return undefined;
  return {
    col: cols[0],
    row: rows[0],
    width: cols[1] - cols[0] + 1,
    height: rows[1] - rows[0] + 1,
  };
}

/** The boxes to draw for `peers` on `sheet`, the most recently heard first. */
export function peerBoxes(
  peers: readonly PeerSelection[],
  sheet: string,
  layout: ColumnLayout,
  view: Viewport,
): PeerBox[] {
  const boxes: PeerBox[] = [];
  let painted = 0;
  for (let index = peers.length - 1; index >= 0; index -= 1) {
    const peer = peers[index]!;
    if (peer.sheet.toLowerCase() !== sheet.toLowerCase()) continue;
    const rect = parseRange(peer.range, MAX_ROWS, GRID_COLUMNS);
    const shown = rect === undefined ? undefined : visibleRect(rect, layout, view);
    if (shown === undefined) continue;
    const cells = shown.width * shown.height;
    if (painted + cells > MAX_PAINTED_CELLS) continue;
    painted += cells;
    const first = cellBox(layout, view, shown.col, shown.row);
    const last = cellBox(layout, view, shown.col + shown.width - 1, shown.row + shown.height - 1);
    boxes.push({
      peer: peer.peer,
      user: peer.user,
      range: peer.range,
      ...peerColour(peer.user),
      left: first.left,
      top: first.top,
      width: last.left + last.width - first.left,
      height: last.top + last.height - first.top,
    });
  }
  return boxes;
}
