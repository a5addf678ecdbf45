// Frozen panes, column widths, row heights and the filter of a sheet: each request is one
// `set-layout` commit (one undo step; journaled and replayed like any change).
import {
  columnOf,
  filterFromJson,
  InvalidOperationError,
  layoutToJson,
  rowOf,
  rowSpans,
  type ApplyMeta,
  type LayoutJson,
  type LayoutPatch,
  type SheetView,
  type WorkbookHandle,
} from '../core/index.js';

/** The most rows one height request may set (each is kept as its own entry). */
export const MAX_ROWS_PER_HEIGHT = 100_000;

export interface LayoutAnswer {
  readonly sheet: string;
  readonly layout: LayoutJson;
  /** [first, last] row numbers from 1, inclusive. */
  readonly hidden_rows: [number, number][];
}

/** A sheet's layout and the rows its filter hides, as the API answers them. */
export function layoutAnswer(
  sheet: SheetView,
  within?: { first: number; last: number },
): LayoutAnswer {
  return {
    sheet: sheet.name,
    layout: layoutToJson(sheet.layout()),
    hidden_rows: rowSpans(sheet.hiddenRows(within)),
  };
}

async function commitPatch(
  handle: WorkbookHandle,
  sheetName: string | undefined,
  patch: LayoutPatch,
  meta: ApplyMeta,
): Promise<LayoutAnswer> {
  const sheet = handle.workbook.sheet(sheetName).name;
  await handle.commit([{ type: 'set-layout', sheet, patch }], meta);
  return layoutAnswer(handle.workbook.sheet(sheet));
}

export function freezePanes(
  handle: WorkbookHandle,
  request: { sheet?: string | undefined; rows?: number | undefined; columns?: number | undefined },
  meta: ApplyMeta,
): Promise<LayoutAnswer> {
  if (request.rows === undefined && request.columns === undefined)
    throw new InvalidOperationError('rows', 'give rows, columns or both (0 unfreezes).');
  return commitPatch(
    handle,
    request.sheet,
    {
      ...(request.rows === undefined ? {} : { frozenRows: request.rows }),
      ...(request.columns === undefined ? {} : { frozenColumns: request.columns }),
    },
    meta,
  );
}

/** `B`, `2` or `B:D` (zero-based first and last). */
function band(
  raw: string | number,
  field: string,
  indexOf: (raw: unknown, field: string) => number,
): [number, number] {
  const parts = typeof raw === 'number' ? [raw] : raw.split(':');
  if (parts.length > 2) throw new InvalidOperationError(field, `"${raw}" is not one band.`);
  const ends = parts.map((part) => indexOf(typeof part === 'string' ? part.trim() : part, field));
  return [Math.min(...ends), Math.max(...ends)];
}

export function setColumnWidth(
  handle: WorkbookHandle,
  request: { sheet?: string | undefined; columns: string | number; width: number | null },
  meta: ApplyMeta,
): Promise<LayoutAnswer> {
  const [first, last] = band(request.columns, 'columns', columnOf);
  const sizes: [number, number | null][] = [];
  for (let col = first; col <= last; col += 1) sizes.push([col, request.width]);
  return commitPatch(handle, request.sheet, { columnWidths: sizes }, meta);
}

export function setRowHeight(
  handle: WorkbookHandle,
  request: { sheet?: string | undefined; rows: string | number; height: number | null },
  meta: ApplyMeta,
): Promise<LayoutAnswer> {
  const [first, last] = band(request.rows, 'rows', rowOf);
  if (last - first + 1 > MAX_ROWS_PER_HEIGHT)
    throw new InvalidOperationError('rows', `at most ${MAX_ROWS_PER_HEIGHT} rows at a time.`);
  const sizes: [number, number | null][] = [];
  for (let row = first; row <= last; row += 1) sizes.push([row, request.height]);
  return commitPatch(handle, request.sheet, { rowHeights: sizes }, meta);
}

export function setFilter(
  handle: WorkbookHandle,
  request: { sheet?: string | undefined; range: string; columns?: readonly object[] | undefined },
  meta: ApplyMeta,
): Promise<LayoutAnswer> {
  const filter = filterFromJson({ range: request.range, columns: request.columns ?? [] }, 'body');
  return commitPatch(handle, request.sheet, { filter }, meta);
}

export function clearFilter(
  handle: WorkbookHandle,
  sheet: string | undefined,
  meta: ApplyMeta,
): Promise<LayoutAnswer> {
  return commitPatch(handle, sheet, { filter: null }, meta);
}
