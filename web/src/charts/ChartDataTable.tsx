// The visually hidden table of every plotted point (docs/ui-rules.md CHART-02), so the numbers are
// readable without the canvas. A thousand-point chart means thousands of cells: the rows are
// written as one HTML string (no React element per cell to build, diff and collect), after
// the canvas has drawn so the table never delays the chart, and an edit rewrites only the
// cells whose text changed.
import { memo, useEffect, useRef, type CSSProperties } from 'react';
import type { ChartType } from '../api/types.js';
import type { ChartData } from './chart-data.js';
import { cellTexts, chartRowsHtml } from './chart-table-rows.js';

interface Props {
  readonly type: ChartType;
  readonly title: string;
  /** Undefined until the chart has drawn: the table then has its header only. */
  readonly data: ChartData | undefined;
}

/** Rewrites the changed cells in place; false when the shape changed and the rows must be rebuilt. */
function patchRows(body: HTMLTableSectionElement, before: ChartData, after: ChartData): boolean {
  if (
    before.labels.length !== after.labels.length ||
    before.series.length !== after.series.length ||
    body.rows.length !== after.labels.length
  )
    return false;
  for (let index = 0; index < after.labels.length; index += 1) {
    const unchanged =
      before.labels[index] === after.labels[index] &&
      after.series.every(
        (series, column) => series.values[index] === before.series[column]!.values[index],
      );
    if (unchanged) continue;
    const cells = body.rows[index]!.cells;
    cellTexts(after, index).forEach((text, column) => {
      if (cells[column]!.textContent !== text) cells[column]!.textContent = text;
    });
  }
  return true;
}

// A wrapper moved far outside its clipped card and marked content-visibility: auto: the browser
// skips styling and laying out the thousands of rows nobody sees, while the table stays in the
// accessibility tree (unlike display: none or content-visibility: hidden). Set on the table
// element itself, Chromium still laid out every row: ten 1,000-row tables took ~370 ms of
// layout on first render (trace of the perf suite's CHART-01 case).
const OFF_SCREEN: CSSProperties = {
  contentVisibility: 'auto',
  containIntrinsicSize: '1px 1px',
  left: -100_000,
  top: 0,
};

export const ChartDataTable = memo(function ChartDataTable({ type, title, data }: Props) {
  const body = useRef<HTMLTableSectionElement>(null);
  const shown = useRef<ChartData | undefined>(undefined);
  useEffect(() => {
    const timer = setTimeout(() => {
      const element = body.current;
      if (element === null || data === undefined) return;
      const before = shown.current;
      if (before === undefined || !patchRows(element, before, data))
        element.innerHTML = chartRowsHtml(data);
      shown.current = data;
    });
    return () => clearTimeout(timer);
  }, [data]);
  return (
    <div className="visually-hidden" style={OFF_SCREEN}>
      <table data-testid="chart-data-table">
        <caption>{title === '' ? `${type} chart data` : title}</caption>
        <thead>
          <tr>
            <th scope="col">Label</th>
            {(data?.series ?? []).map((series) => (
              <th scope="col" key={series.name}>
                {series.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody ref={body} />
      </table>
    </div>
  );
});
