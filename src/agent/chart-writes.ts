// The chart an agent write asks for (chart_spec), as ops of the same apply, so the cells and
// the chart are one undo step. A chart whose title matches an existing chart on the sheet
// updates that chart (GridOS's habit). An invalid spec does not stop the cell write: the apply
// answers Partial with chart_error.
import {
  checkDataRangeSheet,
  createChartOps,
  InvalidChartError,
  moveBlockFormula,
  patchChartOps,
  type Chart,
  type Op,
  type WorkbookReader,
} from '../core/index.js';
import { blockWidth, type PlacedBlock } from './write-plan.js';

export interface ChartWrite {
  readonly ops: readonly Op[];
  readonly chart: Chart | null;
  readonly error: string | null;
}

const NO_CHART: ChartWrite = { ops: [], chart: null, error: null };

const CHART_FIELDS = [
  'data_range',
  'chart_type',
  'title',
  'anchor_cell',
  'orientation',
  'width',
  'height',
] as const;

/**
 * The chart spec's data range, moved with the block it charts when collision resolution moved it.
 */
function movedDataRange(range: unknown, sheet: string, blocks: readonly PlacedBlock[]): unknown {
  if (typeof range !== 'string') return range;
  const block = blocks.find(
    (candidate) => candidate.moved && candidate.sheet.toLowerCase() === sheet.toLowerCase(),
  );
  if (block === undefined) return range;
  const height = block.values.length;
  const width = blockWidth(block);
  const moved = moveBlockFormula(`=${range}`, {
    sheet: block.sheet,
    block: {
      start: block.requested,
      end: { row: block.requested.row + height - 1, col: block.requested.col + width - 1 },
    },
    rows: block.target.row - block.requested.row,
    cols: block.target.col - block.requested.col,
  });
  return moved.slice(1);
}

function draftOf(
  spec: Readonly<Record<string, unknown>>,
  sheet: string,
  blocks: readonly PlacedBlock[],
): Record<string, unknown> {
  const draft: Record<string, unknown> = {};
  for (const field of CHART_FIELDS) {
    if (spec[field] !== undefined && spec[field] !== null) draft[field] = spec[field];
  }
  if (draft['data_range'] !== undefined)
    draft['data_range'] = movedDataRange(draft['data_range'], sheet, blocks);
  return draft;
}

/**
 * The spec as the preview shows it: its data range follows a moved block, so applying it later
 * charts the right cells.
 */
export function placedChartSpec(
  spec: Readonly<Record<string, unknown>> | null,
  sheet: string,
  blocks: readonly PlacedBlock[],
): Record<string, unknown> | null {
  if (spec === null) return null;
  return spec['data_range'] === undefined
    ? { ...spec }
    : { ...spec, data_range: movedDataRange(spec['data_range'], sheet, blocks) };
}

function sameTitle(chart: Chart, title: unknown): boolean {
  return (
    typeof title === 'string' &&
    title.trim() !== '' &&
    chart.title.trim().toLowerCase() === title.trim().toLowerCase()
  );
}

export function chartWrite(
  workbook: WorkbookReader,
  sheet: string,
  spec: Readonly<Record<string, unknown>> | null,
  blocks: readonly PlacedBlock[],
  newId: () => string,
): ChartWrite {
  if (spec === null || Object.keys(spec).length === 0) return NO_CHART;
  const draft = draftOf(spec, sheet, blocks);
  try {
    const existing = workbook.sheetNames.some((name) => name.toLowerCase() === sheet.toLowerCase())
      ? workbook.sheet(sheet)
      : undefined;
    const match = existing?.charts().find((chart) => sameTitle(chart, draft['title']));
    const change =
      match !== undefined && existing !== undefined
        ? patchChartOps(existing, match.id, draft)
        : createChartOps(sheet, newId(), draft);
    // The write's own sheet counts even when this apply creates it.
    if (change.chart !== null && draft['data_range'] !== undefined)
      checkDataRangeSheet(change.chart.data_range, [...workbook.sheetNames, sheet]);
    return { ops: change.ops, chart: change.chart, error: null };
  } catch (error) {
    if (error instanceof InvalidChartError)
      return { ops: [], chart: null, error: `Chart skipped: ${error.message}` };
    throw error;
  }
}
