// Chart.js, loaded on first use (it is not needed to open the grid), with the Colors plugin
// so series get distinct colours without configuration.
import type { Chart as ChartInstance, ChartConfiguration } from 'chart.js';
import type { ChartData } from './chart-data.js';
import type { ChartType } from '../api/types.js';

type ChartModule = typeof import('chart.js');
let loading: Promise<ChartModule> | undefined;

export function loadChartJs(): Promise<ChartModule> {
  loading ??= import('chart.js').then((module) => {
    module.Chart.register(
      module.BarController,
      module.BarElement,
      module.LineController,
      module.LineElement,
      module.PointElement,
      module.PieController,
      module.ArcElement,
      module.CategoryScale,
      module.LinearScale,
      module.Legend,
      module.Title,
      module.Tooltip,
      module.Colors,
    );
    return module;
  });
  return loading;
}

/** Above this many points a line is drawn without point markers and axis labels are measured from a sample. */
const DENSE_POINTS = 100;

/**
 * A line without empty cells has no gaps to break it at: Chart.js then skips splitting it into
 * segments (its advice for large data). A line with empty cells keeps its gaps.
 */
function unbrokenLine(values: readonly (number | null)[]): { spanGaps?: boolean } {
  return values.includes(null) ? {} : { spanGaps: true };
}

export function chartConfig(type: ChartType, title: string, data: ChartData): ChartConfiguration {
  const series = type === 'pie' ? data.series.slice(0, 1) : data.series;
  const dense = data.labels.length > DENSE_POINTS;
  // Chart.js's own advice for large data: no markers (a circle per point), and tick labels
  // measured on a sample instead of all of them. A one-pixel line is drawn as a hairline,
  // which software rendering does far faster than a wider stroke: ten 1,000-point lines took
  // ~70 ms of canvas time per redraw at Chart.js's default 3 px, ~45 ms at 1.5 px and ~4 ms at 1 px.
  const markers =
    type === 'line' && dense ? { pointRadius: 0, pointHitRadius: 4, borderWidth: 1 } : {};
  const ticks = dense ? { ticks: { sampleSize: DENSE_POINTS, maxRotation: 0 } } : {};
  return {
    type,
    data: {
      labels: [...data.labels],
      datasets: series.map((entry) => ({
        label: entry.name,
        data: [...entry.values],
        ...markers,
        ...(type === 'line' ? unbrokenLine(entry.values) : {}),
      })),
    },
    options: {
      responsive: false,
      maintainAspectRatio: false,
      animation: false,
      plugins: {
        colors: { forceOverride: type === 'pie' },
        legend: { display: type === 'pie' || series.length > 1, position: 'bottom' },
        title: { display: false, text: title },
      },
      ...(type === 'pie'
        ? {}
        : { scales: { x: { ...ticks }, y: { beginAtZero: true, ...ticks } } }),
    },
  };
}

export type { ChartInstance };
