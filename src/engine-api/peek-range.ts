// GET /peek: a rectangle of values or formulas as JSON rows, CSV or TSV.
import {
  formatDelimited,
  formatRange,
  parseRange,
  peekRows,
  type PeekCell,
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

export function peekRange(workbook: WorkbookReader, request: PeekRequest): PeekResponse {
  const parsed =
    request.range === undefined || request.range.trim() === ''
      ? undefined
      : parseRange(request.range);
  // A sheet named inside the range wins over the query's sheet: it is the more specific.
  const sheet = workbook.sheet(parsed?.sheet ?? request.sheet);
  const range = parsed ?? sheet.occupiedBounds();
  const rows = range === undefined ? [] : peekRows(sheet, range, request.mode ?? 'values');
  const format = request.format ?? 'json';
  if (format === 'json')
    return {
      format,
      body: { sheet: sheet.name, range: range === undefined ? null : formatRange(range), rows },
    };
  return { format, body: formatDelimited(rows, format === 'csv' ? ',' : '\t') };
}
