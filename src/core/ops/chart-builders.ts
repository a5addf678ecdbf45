// Builders for chart changes and whole-workbook replacement. Ids come from the caller (core
// has no randomness); validation errors name the wire field.
import { patchChart, sameChart, validateChart, type Chart, type ChartDraft } from '../chart.js';
import { ChartNotFoundError } from '../errors.js';
import type { Op, WorkbookDocument } from './op.js';

/** Read access the chart builders need (a SheetView satisfies it). */
export interface SheetCharts {
  readonly name: string;
  charts(): readonly Chart[];
}

export interface ChartChange {
  readonly ops: Op[];
  readonly chart: Chart;
}

/** A new chart with the contract's defaults for what the draft leaves out. */
export function createChartOps(
  sheet: string,
  id: string,
  draft: Omit<ChartDraft, 'id'>,
): ChartChange {
  const chart = validateChart({ ...draft, id });
  return { ops: [{ type: 'put-chart', sheet, chart }], chart };
}

function existing(sheet: SheetCharts, id: string): Chart {
  const chart = sheet.charts().find((candidate) => candidate.id === id);
  if (chart === undefined) throw new ChartNotFoundError(id, sheet.name);
  return chart;
}

/** Only the sent fields change; no ops when nothing does. */
export function patchChartOps(
  sheet: SheetCharts,
  id: string,
  patch: Omit<ChartDraft, 'id'>,
): ChartChange {
  const before = existing(sheet, id);
  const chart = patchChart(before, patch);
  return {
    ops: sameChart(before, chart) ? [] : [{ type: 'put-chart', sheet: sheet.name, chart }],
    chart,
  };
}

export function deleteChartOps(sheet: SheetCharts, id: string): Op[] {
  existing(sheet, id);
  return [{ type: 'delete-chart', sheet: sheet.name, id }];
}

export function replaceWorkbookOps(document: WorkbookDocument): Op[] {
  return [{ type: 'replace-workbook', document }];
}
