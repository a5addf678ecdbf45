// Insert or delete rows and columns: one commit (one undo step) that moves the sheet's cells and
// rewrites every formula that refers to them (core/ops/structure-change.ts).
import {
  bandName,
  InvalidOperationError,
  lettersToColumn,
  MAX_COLUMNS,
  type ApplyMeta,
  type WorkbookHandle,
} from '../core/index.js';

export interface StructureRequest {
  readonly sheet?: string | undefined;
  readonly axis: 'row' | 'col';
  readonly kind: 'insert' | 'delete';
  /** Zero-based first row or column. */
  readonly at: number;
  readonly count: number;
}

/** A column given as letters (`C`) or as a 1-based number, zero-based. */
export function columnIndexOf(at: number | string): number {
  if (typeof at === 'number') return at - 1;
  if (!/^[A-Za-z]{1,3}$/.test(at) || lettersToColumn(at) >= MAX_COLUMNS)
    throw new InvalidOperationError('at', `"${at}" is not a column (A..XFD, or a number).`);
  return lettersToColumn(at);
}

export async function changeStructure(
  handle: WorkbookHandle,
  request: StructureRequest,
  meta: ApplyMeta,
): Promise<{ sheet: string; band: string }> {
  const sheet = handle.workbook.sheet(request.sheet).name;
  await handle.commit(
    [
      {
        type: 'change-structure',
        change: {
          sheet,
          axis: request.axis,
          kind: request.kind,
          at: request.at,
          count: request.count,
        },
      },
    ],
    meta,
  );
  return { sheet, band: bandName(request.axis, request.at, request.count) };
}
