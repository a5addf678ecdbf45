// A chart's labels and series from the cells of its data range (docs/contract.md §2 Chart
// orientation): `columns` — the first column holds labels, every other column is a series; `rows` —
// the first row holds labels, every other row is a series. A leading row (or column) of text names
// the series. Pie charts draw the first series only.
import type { CellValue } from '../api/types.js';
import type { ChartOrientation, ChartType } from '../api/types.js';
import { namesSeries, plottedNumber } from '../../../src/core/chart.js';

export interface ChartSeries {
  readonly name: string;
  readonly values: readonly (number | null)[];
}

export interface ChartData {
  readonly labels: readonly string[];
  readonly series: readonly ChartSeries[];
}

function text(value: CellValue | undefined): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'boolean' ? (value ? 'TRUE' : 'FALSE') : String(value);
}

function transpose(grid: readonly (readonly CellValue[])[]): CellValue[][] {
  const width = Math.max(0, ...grid.map((row) => row.length));
  return Array.from({ length: width }, (_, col) => grid.map((row) => row[col] ?? null));
}

const UNNAMED_SERIES = /^Series \d+$/;

/**
 * The title a chart shows: its own, or, as Excel titles a chart of one series (a pie draws only
 * its first), that series' name from the header; "Chart" when neither names it.
 */
export function shownTitle(title: string, type: ChartType, data: ChartData): string {
  if (title !== '') return title;
  const titled = data.series.length === 1 || type === 'pie' ? data.series[0]?.name : undefined;
  return titled === undefined || titled === '' || UNNAMED_SERIES.test(titled) ? 'Chart' : titled;
}

/** `grid` is the range's computed values, row-major. */
export function chartData(
  grid: readonly (readonly CellValue[])[],
  orientation: ChartOrientation,
): ChartData {
  // Work in "columns" form: each column after the first is a series.
  const table = orientation === 'rows' ? transpose(grid) : grid.map((row) => [...row]);
  if (table.length === 0) return { labels: [], series: [] };
  const width = Math.max(0, ...table.map((row) => row.length));
  const first = table[0]!;
  // A first row whose series cells are all non-numeric (and not all empty) is the header.
  const seriesCells = first.slice(1);
  const hasHeader = namesSeries(seriesCells, (value) => text(value as CellValue));
  const body = hasHeader ? table.slice(1) : table;
  const labels = body.map((row, index) => text(row[0]) || String(index + 1));
  const series: ChartSeries[] = [];
  for (let col = 1; col < Math.max(width, 2); col += 1) {
    series.push({
      name: hasHeader ? text(first[col]) || `Series ${col}` : `Series ${col}`,
      values: body.map((row) => plottedNumber(row[col])),
    });
  }
  // A single column of numbers: it is the series, labelled 1, 2, 3 …
  if (width === 1)
    return {
      labels: body.map((_, index) => String(index + 1)),
      series: [
        {
          name: hasHeader ? text(first[0]) : 'Series 1',
          values: body.map((row) => plottedNumber(row[0])),
        },
      ],
    };
  return { labels, series };
}
