// One chart card pinned at its anchor cell: drag the header to move it (snaps to a cell),
// drag the corner to resize it, Edit and × in the header; click selects it, Delete removes it.
import { useMemo, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useObservable } from '../app/observable.js';
import type { Session } from '../app/session.js';
import type { ChartJson } from '../api/types.js';
import { formatCell, tryParseCell } from '../grid/address.js';
import { cellBox, nearestCell, type ColumnLayout, type Viewport } from '../grid/geometry.js';
import { chartData } from './chart-data.js';
import { ChartCanvas } from './ChartCanvas.js';
import { MIN_CHART_HEIGHT, MIN_CHART_WIDTH, type ChartsController } from './charts-controller.js';
import { useChartValues } from './use-chart-values.js';

interface Props {
  readonly chart: ChartJson;
  readonly session: Session;
  readonly controller: ChartsController;
  readonly layout: ColumnLayout;
  readonly viewport: Viewport;
  readonly sheet: string;
}

const HEADER = 28;

type Gesture = { kind: 'move' | 'resize'; startX: number; startY: number; dx: number; dy: number };

export function ChartOverlay({ chart, session, controller, layout, viewport, sheet }: Props) {
  const version = useObservable(controller.dataVersion);
  const selected = useObservable(controller.selected) === chart.id;
  const values = useChartValues(session, sheet, chart.data_range, version);
  const data = useMemo(
    () => chartData(values ?? [], chart.orientation),
    [values, chart.orientation],
  );
  const [gesture, setGesture] = useState<Gesture | undefined>();
  const card = useRef<HTMLDivElement>(null);
  const anchor = tryParseCell(chart.anchor_cell) ?? { col: 5, row: 1 };
  const box = cellBox(layout, viewport, anchor.col, anchor.row);
  const moved = gesture?.kind === 'move' ? { x: gesture.dx, y: gesture.dy } : { x: 0, y: 0 };
  const width =
    gesture?.kind === 'resize' ? Math.max(MIN_CHART_WIDTH, chart.width + gesture.dx) : chart.width;
  const height =
    gesture?.kind === 'resize'
      ? Math.max(MIN_CHART_HEIGHT, chart.height + gesture.dy)
      : chart.height;

  const begin = (kind: Gesture['kind']) => (event: PointerEvent<HTMLElement>) => {
    if (event.button !== 0 || (event.target as HTMLElement).closest('button') !== null) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    controller.selected.set(chart.id);
    setGesture({ kind, startX: event.clientX, startY: event.clientY, dx: 0, dy: 0 });
  };
  const track = (event: PointerEvent<HTMLElement>) => {
    if (gesture !== undefined)
      setGesture({
        ...gesture,
        dx: event.clientX - gesture.startX,
        dy: event.clientY - gesture.startY,
      });
  };
  const finish = () => {
    if (gesture === undefined) return;
    setGesture(undefined);
    card.current?.focus({ preventScroll: true });
    if (gesture.kind === 'move') {
      const target = nearestCell(layout, viewport, box.left + gesture.dx, box.top + gesture.dy);
      const anchorCell = formatCell(target);
      if (anchorCell !== chart.anchor_cell)
        void controller.update(chart.id, { anchor_cell: anchorCell });
    } else if (width !== chart.width || height !== chart.height) {
      void controller.update(chart.id, { width: Math.round(width), height: Math.round(height) });
    }
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (
      (event.key === 'Delete' || event.key === 'Backspace') &&
      event.target === event.currentTarget
    ) {
      event.preventDefault();
      void controller.remove(chart.id);
    }
  };

  return (
    <div
      ref={card}
      className={selected ? 'chart-overlay chart-selected' : 'chart-overlay'}
      data-testid="chart-overlay"
      data-chart-id={chart.id}
      data-chart-type={chart.chart_type}
      data-anchor={chart.anchor_cell}
      tabIndex={0}
      role="figure"
      aria-label={`${chart.title === '' ? 'Untitled' : chart.title} (${chart.chart_type} chart of ${chart.data_range})`}
      style={{ left: box.left + moved.x, top: box.top + moved.y, width, height }}
      onFocus={() => controller.selected.set(chart.id)}
      onBlur={() => controller.selected.update((id) => (id === chart.id ? null : id))}
      onKeyDown={onKeyDown}
    >
      <div
        className="chart-header"
        data-testid="chart-drag"
        onPointerDown={begin('move')}
        onPointerMove={track}
        onPointerUp={finish}
        onPointerCancel={() => setGesture(undefined)}
        title={`${chart.data_range} · ${chart.chart_type} · drag to move`}
      >
        <span className="chart-title">{chart.title === '' ? 'Untitled chart' : chart.title}</span>
        <button
          type="button"
          className="icon-button"
          data-testid="chart-edit"
          aria-label="Edit chart"
          onClick={() => controller.openEdit(chart)}
        >
          ✎
        </button>
        <button
          type="button"
          className="icon-button"
          data-testid="chart-delete"
          aria-label="Delete chart"
          onClick={() => void controller.remove(chart.id)}
        >
          ×
        </button>
      </div>
      <div className="chart-body">
        {values !== undefined && (
          <ChartCanvas
            type={chart.chart_type}
            title={chart.title}
            data={data}
            width={Math.round(width) - 2}
            height={Math.round(height) - HEADER - 2}
          />
        )}
      </div>
      <div
        className="chart-resize"
        data-testid="chart-resize"
        aria-hidden="true"
        onPointerDown={begin('resize')}
        onPointerMove={track}
        onPointerUp={finish}
        onPointerCancel={() => setGesture(undefined)}
      />
    </div>
  );
}
