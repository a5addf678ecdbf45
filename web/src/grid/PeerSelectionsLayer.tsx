// The other followers' selections over the grid (RT-02): a coloured border, a faint tint and the
// peer's name at the top-left. A layer of its own that follows the peers and the scroll position
// by itself, so a peer's move never re-renders (and so repaints) the grid's canvas.
import { useMemo } from 'react';
import { useObservable, type Observable } from '../app/observable.js';
import type { PeerSelection } from '../realtime/peer-selections.js';
import type { ColumnLayout, Viewport } from './geometry.js';
import { peerBoxes } from './peer-boxes.js';
import { HEADER_HEIGHT } from './grid-theme.js';

/** The label's height (styles.css): above the box where there is room, inside its top otherwise. */
const LABEL_HEIGHT = 14;

interface Props {
  readonly peers: Observable<readonly PeerSelection[]>;
  readonly sheet: string;
  readonly layout: ColumnLayout;
  readonly viewport: Observable<Viewport>;
}

export function PeerSelectionsLayer({ peers, sheet, layout, viewport }: Props) {
  const view = useObservable(viewport);
  const heard = useObservable(peers);
  const boxes = useMemo(() => peerBoxes(heard, sheet, layout, view), [heard, sheet, layout, view]);
  if (boxes.length === 0) return null;
  return (
    <div className="peer-selections" aria-hidden="true">
      {boxes.map((box) => (
        <div
          key={box.peer}
          className="peer-selection"
          data-testid="peer-selection"
          data-range={box.range}
          style={{
            left: box.left,
            top: box.top,
            width: box.width,
            height: box.height,
            borderColor: box.line,
            background: box.tint,
          }}
        >
          <span
            className={box.top < HEADER_HEIGHT + LABEL_HEIGHT ? 'peer-label inside' : 'peer-label'}
            style={{ background: box.line }}
          >
            {box.user}
          </span>
        </div>
      ))}
    </div>
  );
}
