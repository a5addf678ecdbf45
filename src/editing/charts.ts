// Chart changes as use-cases: ids come from the caller's generator (core has no randomness).
import {
  checkDataRangeSheet,
  createChartOps,
  deleteChartOps,
  patchChartOps,
  type ApplyMeta,
  type Chart,
  type ChartDraft,
  type WorkbookHandle,
  type WorkbookReader,
} from '../core/index.js';
import { ChartIdGeneratorError } from './errors.js';

const MAX_ID_ATTEMPTS = 10;

/** A chart id no sheet of the workbook uses yet (bounded retries against a colliding generator). */
function freshChartId(workbook: WorkbookReader, newId: () => string): string {
  const taken = new Set(
    workbook.sheetNames.flatMap((name) =>
      workbook
        .sheet(name)
        .charts()
        .map((chart) => chart.id),
    ),
  );
  for (let attempt = 0; attempt < MAX_ID_ATTEMPTS; attempt += 1) {
    const id = `chart_${newId()}`;
    if (!taken.has(id)) return id;
  }
  throw new ChartIdGeneratorError(MAX_ID_ATTEMPTS);
}

export async function createChart(
  handle: WorkbookHandle,
  sheetName: string | undefined,
  fields: Omit<ChartDraft, 'id'>,
  newId: () => string,
  meta: ApplyMeta,
): Promise<{ sheet: string; chart: Chart }> {
  const sheet = handle.workbook.sheet(sheetName);
  const { ops, chart } = createChartOps(sheet.name, freshChartId(handle.workbook, newId), fields);
  checkDataRangeSheet(chart, handle.workbook.sheetNames);
  await handle.commit(ops, meta);
  return { sheet: sheet.name, chart };
}

export async function patchChart(
  handle: WorkbookHandle,
  sheetName: string | undefined,
  chartId: string,
  fields: Omit<ChartDraft, 'id'>,
  meta: ApplyMeta,
): Promise<{ sheet: string; chart: Chart }> {
  const sheet = handle.workbook.sheet(sheetName);
  const { ops, chart } = patchChartOps(sheet, chartId, fields);
  if (fields.data_range !== undefined && fields.data_range !== null)
    checkDataRangeSheet(chart, handle.workbook.sheetNames);
  if (ops.length > 0) await handle.commit(ops, meta);
  return { sheet: sheet.name, chart };
}

export async function deleteChart(
  handle: WorkbookHandle,
  sheetName: string | undefined,
  chartId: string,
  meta: ApplyMeta,
): Promise<string> {
  const sheet = handle.workbook.sheet(sheetName);
  await handle.commit(deleteChartOps(sheet, chartId), meta);
  return sheet.name;
}
