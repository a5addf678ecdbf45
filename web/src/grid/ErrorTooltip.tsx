// Hovering a cell that shows an error sentinel explains it (docs/ui-rules.md GRID-02).
import type { Item, Rectangle } from '@glideapps/glide-data-grid';
import type { Session } from '../app/session.js';
import { explainSentinel } from './cell-format.js';
import { formatCell } from './address.js';

export interface TooltipState {
  readonly text: string;
  readonly x: number;
  readonly y: number;
}

export function ErrorTooltip({ state }: { state: TooltipState }) {
  return (
    <div
      role="tooltip"
      data-testid="cell-tooltip"
      className="cell-tooltip"
      style={{ left: state.x, top: state.y }}
    >
      {state.text}
    </div>
  );
}

ErrorTooltip.stateFor = (
  session: Session,
  [col, row]: Item,
  bounds: Rectangle,
): TooltipState | undefined => {
  const error = session.cell(col, row)?.error;
  if (error === undefined || error === null) return undefined;
  return {
    text: `${formatCell({ col, row })}: ${error} — ${explainSentinel(error)}`,
    x: bounds.x,
    y: bounds.y + bounds.height + 4,
  };
};
