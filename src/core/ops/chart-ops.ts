// Executors of put-chart and delete-chart. Charts never touch cells; each executor returns the
// exact inverse (the previous chart at its previous position) so undo covers charts.
import { validateChart, type Chart } from '../chart.js';
import { ChartNotFoundError } from '../errors.js';
import type { Op } from './op.js';
import { findSheet, type Executed, type WorkbookState } from './state.js';

function restoreAt(charts: Chart[], chart: Chart, index: number): void {
  charts.splice(Math.max(0, Math.min(index, charts.length)), 0, chart);
}

export function putChart(state: WorkbookState, op: Extract<Op, { type: 'put-chart' }>): Executed {
  const sheet = findSheet(state, op.sheet);
  const chart = validateChart(op.chart);
  const charts = sheet.charts;
  const index = charts.findIndex((existing) => existing.id === chart.id);
  if (index === -1) {
    restoreAt(charts, chart, op.index ?? charts.length);
    return {
      inverse: [{ type: 'delete-chart', sheet: sheet.name, id: chart.id }],
      revert: () => {
        charts.splice(charts.indexOf(chart), 1);
      },
    };
  }
  const previous = charts[index]!;
  charts[index] = chart;
  return {
    inverse: [{ type: 'put-chart', sheet: sheet.name, chart: previous }],
    revert: () => {
      charts[charts.indexOf(chart)] = previous;
    },
  };
}

export function deleteChart(
  state: WorkbookState,
  op: Extract<Op, { type: 'delete-chart' }>,
): Executed {
  const sheet = findSheet(state, op.sheet);
  const charts = sheet.charts;
  const index = charts.findIndex((chart) => chart.id === op.id);
  if (index === -1) throw new ChartNotFoundError(op.id, sheet.name);
  const [removed] = charts.splice(index, 1);
  return {
    inverse: [{ type: 'put-chart', sheet: sheet.name, chart: removed!, index }],
    revert: () => restoreAt(charts, removed!, index),
  };
}
