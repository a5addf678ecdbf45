// The charts of the active sheet over the grid (only those near the visible window are
// drawn), plus the dashed placeholder of a chart the AI proposes.
import { useObservable } from '../app/observable.js';
import type { GridGeometry } from '../grid/GridView.js';
import { cellBox } from '../grid/geometry.js';
import { tryParseCell } from '../grid/address.js';
import type { ChartsController } from './charts-controller.js';
import type { AgentController } from '../agent/agent-controller.js';
import { ChartOverlay } from './ChartOverlay.js';

interface Props {
  readonly controller: ChartsController;
  readonly agent: AgentController;
  readonly geometry: GridGeometry;
}

const MARGIN = 400;

export function ChartLayer({ controller, agent, geometry }: Props) {
  const charts = useObservable(controller.charts);
  const viewport = useObservable(geometry.viewport);
  const preview = useObservable(agent.session.preview);
  const screenWidth = window.innerWidth;
  const screenHeight = window.innerHeight;
  const placeholder = preview?.sheet === geometry.sheet ? preview.chart : undefined;
  const placeholderBox =
    placeholder === undefined
      ? undefined
      : cellBox(geometry.layout, viewport, placeholder.anchor.col, placeholder.anchor.row);
  return (
    <>
      {charts.map((chart) => {
        const anchor = tryParseCell(chart.anchor_cell) ?? { col: 5, row: 1 };
        const box = cellBox(geometry.layout, viewport, anchor.col, anchor.row);
        const visible =
          box.left < screenWidth + MARGIN &&
          box.top < screenHeight + MARGIN &&
          box.left + chart.width > -MARGIN &&
          box.top + chart.height > -MARGIN;
        return visible ? (
          <ChartOverlay
            key={chart.id}
            chart={chart}
            session={agent.session}
            controller={controller}
            layout={geometry.layout}
            viewport={viewport}
            sheet={geometry.sheet}
          />
        ) : null;
      })}
      {placeholder !== undefined && placeholderBox !== undefined && (
        <div
          className="chart-placeholder"
          data-testid="chart-placeholder"
          style={{
            left: placeholderBox.left,
            top: placeholderBox.top,
            width: placeholder.width,
            height: placeholder.height,
          }}
        >
          Proposed chart{placeholder.title === '' ? '' : `: ${placeholder.title}`}
        </div>
      )}
    </>
  );
}
