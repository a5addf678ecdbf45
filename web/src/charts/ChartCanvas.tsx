// The Chart.js drawing of one chart, plus a visually hidden table of the same numbers so the
// data is readable without the canvas (ui.md CHART-02).
import { useEffect, useRef } from 'react';
import type { ChartType } from '../api/types.js';
import type { ChartData } from './chart-data.js';
import { chartConfig, loadChartJs, type ChartInstance } from './chart-render.js';

interface Props {
  readonly type: ChartType;
  readonly title: string;
  readonly data: ChartData;
  readonly width: number;
  readonly height: number;
}

export function ChartCanvas({ type, title, data, width, height }: Props) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const chart = useRef<ChartInstance | undefined>(undefined);

  useEffect(() => {
    let cancelled = false;
    void loadChartJs().then(({ Chart }) => {
      if (cancelled || canvas.current === null) return;
      const config = chartConfig(type, title, data);
      const existing = chart.current;
      if (existing !== undefined && (existing.config as { type?: string }).type === type) {
        existing.data = config.data;
        existing.resize(width, height);
        existing.update('none');
      } else {
        existing?.destroy();
        chart.current = new Chart(canvas.current, config);
      }
      canvas.current.dataset['rendered'] = 'true';
    });
    return () => {
      cancelled = true;
    };
  }, [type, title, data, width, height]);

  useEffect(() => () => chart.current?.destroy(), []);

  return (
    <>
      <canvas ref={canvas} width={width} height={height} data-testid="chart-canvas" role="img" aria-label={`${type} chart${title === '' ? '' : `: ${title}`}`} />
      <table className="visually-hidden" data-testid="chart-data-table">
        <caption>{title === '' ? `${type} chart data` : title}</caption>
        <thead>
          <tr>
            <th scope="col">Label</th>
            {data.series.map((series) => (
              <th scope="col" key={series.name}>
                {series.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {data.labels.map((label, index) => (
            <tr key={`${label}-${index}`}>
              <th scope="row">{label}</th>
              {data.series.map((series) => (
                <td key={series.name}>{series.values[index] ?? ''}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
