// Cells: the viewport read, direct writes, clears, locks, the Engine API and undo/redo.
import type { ApiClient, AtSeq } from './client.js';
import type {
  CellValue,
  ClearJson,
  ClearRangeBody,
  EvalResultJson,
  GridResponse,
  PeekJson,
  HistoryJson,
  LockBody,
  WriteCellBody,
  WriteRangeBody,
} from './types.js';
import type {
  ColumnsChangeBody,
  FindBody,
  FindResponse,
  FormatBody,
  FormatResponse,
  MoveBody,
  MoveResponse,
  ReplaceBody,
  ReplaceResponse,
  RowsChangeBody,
  StructureChangeResponse,
} from '../../../src/contract/index.js';

export class GridApi {
  constructor(private readonly client: ApiClient) {}

  /** Cells of `range`; an empty `sheet` means the active sheet. */
  read(sheet: string, range: string, signal?: AbortSignal): Promise<GridResponse> {
    return this.client.get<GridResponse>(
      '/grid',
      { sheet: sheet === '' ? undefined : sheet, range },
      signal,
    );
  }

  /** `read`, with the seq of the last commit the answer includes (the page's first screen). */
  readAtSeq(sheet: string, range: string): Promise<AtSeq<GridResponse>> {
    return this.client.getAtSeq<GridResponse>('/grid', {
      sheet: sheet === '' ? undefined : sheet,
      range,
    });
  }

  writeCell(
    body: WriteCellBody,
  ): Promise<{ status: string; cell: string; sheet: string; value?: CellValue; version?: number }> {
    return this.client.post('/grid/cell', body);
  }

  writeRange(body: WriteRangeBody): Promise<{ status: string; target: string; sheet: string }> {
    return this.client.post('/grid/range', body);
  }

  /** Clears the range; while a filter hides rows, only the rows in view (as Excel's Delete). */
  clear(sheet: string, range: string): Promise<ClearJson> {
    return this.client.post('/grid/clear', {
      range,
      sheet,
      visible_only: true,
    } satisfies ClearRangeBody);
  }

  lock(sheet: string, range: string, locked: boolean): Promise<unknown> {
    return this.client.post(locked ? '/grid/lock' : '/grid/unlock', {
      range,
      sheet,
    } satisfies LockBody);
  }

  /** Changes the formats of a range (only the fields sent; null clears one): one undo step. */
  format(body: FormatBody): Promise<FormatResponse> {
    return this.client.post('/grid/format', body);
  }

  /** Cells whose value (or typed text) matches; paged. */
  find(body: FindBody): Promise<FindResponse> {
    return this.client.post('/grid/find', body);
  }

  /** Replaces matches in what the cells hold: one change. */
  replace(body: ReplaceBody): Promise<ReplaceResponse> {
    return this.client.post('/grid/replace', body);
  }

  /** Moves a range's cells (cut and paste): formulas anywhere that read them follow; one change. */
  move(body: MoveBody): Promise<MoveResponse> {
    return this.client.post('/grid/move', body);
  }

  /** Inserts or deletes `count` rows or columns from `at` (zero-based); formulas follow. */
  changeStructure(
    sheet: string,
    axis: 'row' | 'col',
    kind: 'insert' | 'delete',
    at: number,
    count: number,
  ): Promise<StructureChangeResponse> {
    const body = { sheet, at: at + 1, count } satisfies RowsChangeBody & ColumnsChangeBody;
    return this.client.post(`/grid/${axis === 'row' ? 'rows' : 'columns'}/${kind}`, body);
  }

  /** The computed values of `range` as rows (errors as their sentinel text): the Engine API's compact read. */
  peekValues(sheet: string, range: string, signal?: AbortSignal): Promise<PeekJson> {
    return this.client.get<PeekJson>(
      '/peek',
      { sheet: sheet === '' ? undefined : sheet, range, format: 'json', mode: 'values' },
      signal,
    );
  }

  /** With `display`, each result also comes as its cell would show it (its number format). */
  evaluate(
    sheet: string,
    formulas: readonly { cell: string; formula: string }[],
    display = false,
  ): Promise<{ results: EvalResultJson[] }> {
    return this.client.post('/eval', display ? { sheet, formulas, display } : { sheet, formulas });
  }

  /** With `expected` (undo only), the server refuses with 409 when one of the cells has moved on since. */
  /** Redo, or undo: only a step this page made (its client id), and with `versions`, only if nobody changed those cells since. */
  history(
    direction: 'undo' | 'redo',
    versions?: { sheet: string; versions: Readonly<Record<string, number>> },
  ): Promise<HistoryJson> {
    if (direction === 'redo') return this.client.post('/workbook/redo');
    return this.client.post('/workbook/undo', {
      expected_origin: this.client.clientId,
      ...(versions === undefined
        ? {}
        : { sheet: versions.sheet, expected_versions: versions.versions }),
    });
  }
}

export type { CellValue };
