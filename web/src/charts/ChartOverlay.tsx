// One chart card pinned at its anchor cell: drag the header to move it (snaps to a cell),
// drag the corner to resize it, Edit and × in the header; click selects it, Delete removes it.
import {
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
  type PointerEvent,
  type RefObject,
} from 'react';
import { useObservable } from '../app/observable.js';
import type { Session } from '../app/session.js';
import type { ChartJson } from '../api/types.js';
import { formatCell, tryParseCell } from '../grid/address.js';
import { cellBox, nearestCell, type ColumnLayout, type Viewport } from '../grid/geometry.js';
import { chartData, shownTitle } from './chart-data.js';
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
  const hidden = useHiddenEdges(card, box.left + moved.x, box.top + moved.y, width, height);
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
      style={
        {
          left: box.left + moved.x,
          top: box.top + moved.y,
          width,
          height,
          '--hidden-right': `${hidden.right}px`,
          '--hidden-bottom': `${hidden.bottom}px`,
        } as CSSProperties
      }
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
        <span className="chart-title">{shownTitle(chart.title, chart.chart_type, data)}</span>
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

/**
 * How far the card runs past the right and bottom of the grid's visible area (under the
 * assistant panel, say), so that its buttons and resize corner are drawn inside it.
 */
function useHiddenEdges(
  card: RefObject<HTMLDivElement | null>,
  left: number,
  top: number,
  width: number,
  height: number,
): { right: number; bottom: number } {
  const [hidden, setHidden] = useState({ right: 0, bottom: 0 });
  const [area, setArea] = useState<{ width: number; height: number } | undefined>();
  useLayoutEffect(() => {
    // Cards are placed in grid coordinates (their offset parent); the visible area is the
    // clipping overlay layer around it.
    const origin = card.current?.offsetParent;
    const clip = card.current?.closest('.grid-overlays');
    if (!(origin instanceof HTMLElement) || !(clip instanceof HTMLElement)) return;
    const measure = () => {
      const from = origin.getBoundingClientRect();
      const to = clip.getBoundingClientRect();
      setArea({ width: to.right - from.left, height: to.bottom - from.top });
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(clip);
    return () => observer.disconnect();
  }, [card]);
  useLayoutEffect(() => {
    if (area === undefined) return;
    // Only while the card's corner region is on screen: keep a minimum visible width.
    const clamp = (start: number, size: number, visible: number) =>
      Math.max(0, Math.min(start + size - visible, size - MIN_VISIBLE));
    const next = { right: clamp(left, width, area.width), bottom: clamp(top, height, area.height) };
    setHidden((previous) =>
      previous.right === next.right && previous.bottom === next.bottom ? previous : next,
    );
  }, [area, left, top, width, height]);
  return hidden;
}

const MIN_VISIBLE = 80;
