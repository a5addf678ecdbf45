// GET /peek: a rectangle of values or formulas as JSON rows, CSV or TSV.
import {
  formatDelimited,
  formatRange,
  peekRows,
  peekRowsInSlices,
  peekTarget,
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

/**
 * peekRangeInSlices's answer: small ones as peekRange answers; larger ones as the text they would
 * be sent as, in UTF-8 pieces made a stretch of rows at a time (never one long JSON.stringify, one
 * string of megabytes, or text kept until the end).
 */
export type SlicedPeek =
  | PeekResponse
  | { readonly format: PeekFormat; readonly pieces: readonly Buffer[]; readonly body?: undefined };

/** Answers with more cells than this are built in pieces. */
const SMALL_PEEK_CELLS = 4_096;

export function peekRange(workbook: WorkbookReader, request: PeekRequest): PeekResponse {
  const { sheet, range } = peekTarget(workbook, request.range, request.sheet);
  const rows = range === undefined ? [] : peekRows(sheet, range, request.mode ?? 'values');
  return peekAnswer(sheet.name, range, rows, request.format ?? 'json');
}

/** peekRange a slice at a time (other requests answered between slices), from one state. */
export function peekRangeInSlices(
  workbook: WorkbookReader,
  request: PeekRequest,
  clock: SliceClock,
): Promise<SlicedPeek> {
  return readConsistently(workbook, clock, async (slices): Promise<SlicedPeek> => {
    const { sheet, range } = peekTarget(workbook, request.range, request.sheet);
    const rows =
      range === undefined
        ? []
        : await peekRowsInSlices(sheet, range, request.mode ?? 'values', slices);
    const format = request.format ?? 'json';
    const width = rows[0]?.length ?? 1;
    if (rows.length * width <= SMALL_PEEK_CELLS) return peekAnswer(sheet.name, range, rows, format);
    // The text a stretch of rows at a time, each stretch's text made bytes at once.
    const stretch = Math.max(1, Math.floor(PIECE_STRETCH_CELLS / width));
    const pieces: Buffer[] = [];
    if (format === 'json') {
      const head = JSON.stringify({
        sheet: sheet.name,
        range: range === undefined ? null : formatRange(range),
      });
      pieces.push(Buffer.from(`${head.slice(0, -1)},"rows":[`));
    }
    for (let from = 0; from < rows.length; from += stretch) {
      await slices.pause();
      const stretchRows = rows.slice(from, from + stretch);
      const text =
        format === 'json'
          ? JSON.stringify(stretchRows).slice(1, -1)
          : formatDelimited(stretchRows, SEPARATORS[format]);
      pieces.push(Buffer.from(from === 0 ? text : `${format === 'json' ? ',' : '\n'}${text}`));
    }
    if (format === 'json') pieces.push(Buffer.from(']}'));
    return { format, pieces };
  });
}

const SEPARATORS = { csv: ',', tsv: '\t' } as const;

/** About this many cells are written as JSON, CSV or TSV between looks at the clock. */
const PIECE_STRETCH_CELLS = 2_048;

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
