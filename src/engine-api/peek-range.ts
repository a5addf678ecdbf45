// GET /peek: a rectangle of values or formulas as JSON rows, CSV or TSV.
import {
  formatDelimited,
  formatRange,
  parseRange,
  peekRows,
  peekRowsInSlices,
  readConsistently,
  type PeekCell,
  type RangeAddress,
  type SliceClock,
  type PeekMode,
  type WorkbookReader,
} from '../core/index.js';

export type PeekFormat = 'json' | 'csv' | 'tsv';

export interface PeekRequest {
  readonly sheet?: string | undefined;
  readonly range?: string | undefined;
  readonly format?: PeekFormat | undefined;
  readonly mode?: PeekMode | undefined;
}

export type PeekResponse =
  | {
      readonly format: 'json';
      readonly body: { sheet: string; range: string | null; rows: PeekCell[][] };
    }
  | { readonly format: 'csv' | 'tsv'; readonly body: string };

function peekTarget(workbook: WorkbookReader, request: PeekRequest) {
  const parsed =
    request.range === undefined || request.range.trim() === ''
      ? undefined
      : parseRange(request.range);
  // A sheet named inside the range wins over the query's sheet: it is the more specific.
  const sheet = workbook.sheet(parsed?.sheet ?? request.sheet);
  return { sheet, range: parsed ?? sheet.occupiedBounds() };
}

export function peekRange(workbook: WorkbookReader, request: PeekRequest): PeekResponse {
  const { sheet, range } = peekTarget(workbook, request);
  const rows = range === undefined ? [] : peekRows(sheet, range, request.mode ?? 'values');
  return peekAnswer(sheet.name, range, rows, request.format ?? 'json');
}

/** peekRange a slice at a time (other requests answered between slices), from one state. */
export function peekRangeInSlices(
  workbook: WorkbookReader,
  request: PeekRequest,
  clock: SliceClock,
): Promise<PeekResponse> {
  return readConsistently(workbook, clock, async (slices) => {
    const { sheet, range } = peekTarget(workbook, request);
    const rows =
      range === undefined
        ? []
        : await peekRowsInSlices(sheet, range, request.mode ?? 'values', slices);
    const format = request.format ?? 'json';
    if (format === 'json') return peekAnswer(sheet.name, range, rows, format);
    // CSV/TSV text a stretch of rows at a time (rows are joined by line breaks either way).
    const stretch = Math.max(1, Math.floor(DELIMITED_STRETCH_CELLS / (rows[0]?.length ?? 1)));
    const lines: string[] = [];
    for (let from = 0; from < rows.length; from += stretch) {
      await slices.pause();
      lines.push(formatDelimited(rows.slice(from, from + stretch), SEPARATORS[format]));
    }
    return { format, body: lines.join('\n') };
  });
}

const SEPARATORS = { csv: ',', tsv: '\t' } as const;

/** About this many cells are written as CSV/TSV between looks at the clock. */
const DELIMITED_STRETCH_CELLS = 2_048;

function peekAnswer(
  sheet: string,
  range: RangeAddress | undefined,
  rows: PeekCell[][],
  format: PeekFormat,
): PeekResponse {
  if (format === 'json')
    return {
      format,
      body: { sheet, range: range === undefined ? null : formatRange(range), rows },
    };
  return { format, body: formatDelimited(rows, SEPARATORS[format]) };
}
