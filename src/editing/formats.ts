// Cell formats: one set-format op per range (or per GridOS cell) in one commit, so one undo step.
import {
  formatRange,
  InvalidOperationError,
  lettersToColumn,
  MAX_COLUMNS,
  MAX_ROWS,
  parseCell,
  parseRange,
  rangeSize,
  type ApplyMeta,
  type FormatPatch,
  type Op,
  type RangeAddress,
  type WorkbookHandle,
} from '../core/index.js';

export interface FormatRequest {
  readonly range?: string | undefined;
  /** GridOS's form: A1 addresses. */
  readonly cells?: readonly string[] | undefined;
  readonly sheet?: string | undefined;
  readonly format?: FormatPatch | undefined;
  /** GridOS's form: display decimals, as the number format `0.00…`; null clears it. */
  readonly decimals?: number | null | undefined;
}

export interface FormatResult {
  readonly sheet: string;
  readonly ranges: string[];
  readonly cells: number;
  readonly updated?: { cell: string; decimals: number | null }[];
}

const WHOLE_COLUMNS = /^([A-Za-z]{1,3}):([A-Za-z]{1,3})$/;
const WHOLE_ROWS = /^(\d{1,7}):(\d{1,7})$/;

/** `B2:C9`, `Data!A1`, or whole columns `A:C` and rows `1:3` (of the sheet named beside it). */
function formatTarget(text: string): { sheet?: string | undefined; range: RangeAddress } {
  const columns = WHOLE_COLUMNS.exec(text.trim());
  if (columns !== null) {
    const [first, last] = [lettersToColumn(columns[1]!), lettersToColumn(columns[2]!)].sort(
      (a, b) => a - b,
    );
    if (last! < MAX_COLUMNS)
      return { range: { start: { row: 0, col: first! }, end: { row: MAX_ROWS - 1, col: last! } } };
  }
  const rows = WHOLE_ROWS.exec(text.trim());
  if (rows !== null) {
    const [first, last] = [Number(rows[1]) - 1, Number(rows[2]) - 1].sort((a, b) => a - b);
    if (first! >= 0 && last! < MAX_ROWS)
      return {
        range: { start: { row: first!, col: 0 }, end: { row: last!, col: MAX_COLUMNS - 1 } },
      };
  }
  const range = parseRange(text, 'range');
  return { sheet: range.sheet, range: { start: range.start, end: range.end } };
}

function decimalsFormat(decimals: number): string {
  return decimals === 0 ? '0' : `0.${'0'.repeat(decimals)}`;
}

export async function formatCells(
  handle: WorkbookHandle,
  request: FormatRequest,
  meta: ApplyMeta,
): Promise<FormatResult> {
  if (request.range === undefined && request.cells === undefined)
    throw new InvalidOperationError('range', 'name the cells to format: a range such as B2:B9.');
  const patch: Record<string, unknown> = { ...(request.format ?? {}) };
  if (request.decimals !== undefined)
    patch['number_format'] = request.decimals === null ? null : decimalsFormat(request.decimals);
  if (Object.keys(patch).length === 0)
    throw new InvalidOperationError('format', 'send at least one format field (or decimals).');
  const targets: { sheet?: string | undefined; range: RangeAddress }[] = [];
  if (request.range !== undefined) targets.push(formatTarget(request.range));
  request.cells?.forEach((cell, index) => {
    const address = parseCell(cell, `cells[${index}]`);
    targets.push({ range: { start: address, end: address } });
  });
  const sheet = handle.workbook.sheet(targets[0]?.sheet ?? request.sheet);
  const ops: Op[] = targets.map((target): Op => ({
    type: 'set-format',
    sheet: target.sheet ?? sheet.name,
    range: target.range,
    format: patch as FormatPatch,
  }));
  await handle.commit(ops, meta);
  const result: FormatResult = {
    sheet: sheet.name,
    ranges: targets.map((target) => formatRange(target.range)),
    cells: targets.reduce((total, target) => total + rangeSize(target.range).cells, 0),
  };
  if (request.cells === undefined || request.decimals === undefined) return result;
  return {
    ...result,
    updated: request.cells.map((cell) => ({
      cell: cell.toUpperCase(),
      decimals: request.decimals!,
    })),
  };
}
