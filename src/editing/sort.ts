// Sort a range by key columns: one set-cells commit (one undo step); see core sort-builders.ts.
import {
  formatRange,
  looksLikeHeader,
  parseRange,
  sortRangeOps,
  type ApplyMeta,
  type WorkbookHandle,
} from '../core/index.js';
import { columnIndexOf } from './structure.js';

export interface SortRequest {
  readonly range: string;
  readonly sheet?: string | undefined;
  readonly keys: readonly { readonly column: string | number; readonly order?: 'asc' | 'desc' }[];
  readonly header?: boolean | 'auto' | undefined;
}

export async function sortRange(
  handle: WorkbookHandle,
  request: SortRequest,
  meta: ApplyMeta,
): Promise<{ sheet: string; range: string; header: boolean; rows: number }> {
  const range = parseRange(request.range, 'range');
  const sheet = handle.workbook.sheet(range.sheet ?? request.sheet);
  const keys = request.keys.map((key) => ({
    col: columnIndexOf(key.column),
    descending: key.order === 'desc',
  }));
  const header =
    request.header === undefined || request.header === 'auto'
      ? looksLikeHeader(sheet, range)
      : request.header;
  const { ops, rows } = sortRangeOps(sheet, range, keys, header);
  if (ops.length > 0) await handle.commit(ops, meta);
  return { sheet: sheet.name, range: formatRange(range), header, rows };
}
