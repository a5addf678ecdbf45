// The Chart.js drawing of one chart, plus a visually hidden table of the same numbers so the
// data is readable without the canvas (docs/ui-rules.md CHART-02).
import { memo, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { ChartType } from '../api/types.js';
import type { ChartData } from './chart-data.js';
import { ChartDataTable } from './ChartDataTable.js';
import { chartConfig, loadChartJs, type ChartInstance } from './chart-render.js';

interface Props {
  readonly type: ChartType;
  readonly title: string;
  readonly data: ChartData;
  readonly width: number;
  readonly height: number;
}

// Memoised: a chart card re-renders on every scroll, selection and chart-list refresh, and
// none of those change what is drawn.
export const ChartCanvas = memo(function ChartCanvas({ type, title, data, width, height }: Props) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const chart = useRef<ChartInstance | undefined>(undefined);
  // The table follows the drawing, so writing its rows never holds up the canvas.
  const [drawn, setDrawn] = useState<ChartData | undefined>();

  // A layout effect draws in the same task as React's commit instead of a frame later.
  useLayoutEffect(() => {
    let cancelled = false;
    void loadChartJs().then(({ Chart }) => {
      if (cancelled || canvas.current === null) return;
      const config = chartConfig(type, title, data);
      const existing = chart.current;
      if (existing !== undefined && (existing.config as { type?: string }).type === type) {
        existing.data = config.data;
        // resize() lays the chart out and redraws it with the new data; update() is for an unchanged size.
        if (existing.width !== width || existing.height !== height) existing.resize(width, height);
        else existing.update('none');
      } else {
        existing?.destroy();
        chart.current = new Chart(canvas.current, config);
      }
      canvas.current.dataset['rendered'] = 'true';
      setDrawn(data);
    });
    return () => {
      cancelled = true;
    };
  }, [type, title, data, width, height]);

  useEffect(() => () => chart.current?.destroy(), []);

  return (
    <>
      <canvas
        ref={canvas}
        width={width}
        height={height}
        data-testid="chart-canvas"
        role="img"
        aria-label={`${type} chart${title === '' ? '' : `: ${title}`}`}
      />
      <ChartDataTable type={type} title={title} data={drawn} />
    </>
  );
});
