// Direct writes (no guardrails, docs/contract.md §4), locks and the grid read the UI renders from:
// thin routes over the editing use-cases.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { formatCell, parseRange, type RangeAddress, type SheetView } from '../../core/index.js';
import {
  GridQuery,
  LockBody,
  SheetQuery,
  WriteCellBody,
  WriteRangeBody,
  WriteCellResponse,
  WriteRangeResponse,
  ClearRangeResponse,
  GridResponse,
  LockResponse,
  UnlockAllResponse,
  ClearSheetResponse,
} from '../../contract/index.js';
import {
  clearRange,
  clearSheet,
  listedCells,
  setLocks,
  unlockAll,
  writeCell,
  writeRange,
  cellJson,
  layoutAnswer,
  formatRangesJson,
  lockJson,
  writtenCellJson,
} from '../../editing/index.js';
import { changeMeta, handleOf, workbookOf, type RouteDeps } from '../route-deps.js';

function boundsJson(bounds: RangeAddress | undefined): { first: string; last: string } | null {
  return bounds === undefined
    ? null
    : { first: formatCell(bounds.start), last: formatCell(bounds.end) };
}

function unionBounds(
  a: RangeAddress | undefined,
  b: RangeAddress | undefined,
): RangeAddress | undefined {
  if (a === undefined || b === undefined) return a ?? b;
  return {
    start: { row: Math.min(a.start.row, b.start.row), col: Math.min(a.start.col, b.start.col) },
    end: { row: Math.max(a.end.row, b.end.row), col: Math.max(a.end.col, b.end.col) },
  };
}

/** Where empty cells with a fill colour are: the page draws them, so it must read those blocks. */
function filledBounds(sheet: SheetView): RangeAddress | undefined {
  if (!sheet.hasFormats) return undefined;
  let found: RangeAddress | undefined;
  for (const rect of sheet.formatRects()) {
    if (rect.format.fill === undefined) continue;
    found = unionBounds(found, {
      start: { row: rect.top, col: rect.left },
      end: { row: rect.bottom, col: rect.right },
    });
  }
  return found;
}

function layoutAnswerWithin(sheet: SheetView, range: RangeAddress | undefined) {
  const { layout, hidden_rows } = layoutAnswer(
    sheet,
    range === undefined ? undefined : { first: range.start.row, last: range.end.row },
  );
  return { layout, hidden_rows };
}

export const gridRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (app, deps) => {
  app.post(
    '/grid/cell',
    {
      schema: {
        response: { 200: WriteCellResponse },
        tags: ['grid'],
        summary: 'Write one cell ("" clears)',
        body: WriteCellBody,
      },
    },
    async (request) => {
      const { cell, value = '', sheet, expected_versions: expectedVersions } = request.body;
      const written = await writeCell(
        await handleOf(deps, request),
        { cell, value, sheet, expectedVersions },
        changeMeta(request),
      );
      return writtenCellJson(written.sheet, written.address);
    },
  );

  app.post(
    '/grid/range',
    {
      schema: {
        response: { 200: WriteRangeResponse },
        tags: ['grid'],
        summary: 'Write a rectangle of values at target_cell',
        body: WriteRangeBody,
      },
    },
    async (request) => {
      const {
        target_cell: target,
        values,
        sheet,
        expected_versions: expectedVersions,
      } = request.body;
      const written = await writeRange(
        await handleOf(deps, request),
        { target, values, sheet, expectedVersions, maxCells: deps.config.maxWriteCells },
        changeMeta(request),
      );
      return {
        status: 'Success' as const,
        target: formatCell(written.anchor),
        sheet: written.sheet,
      };
    },
  );

  app.post(
    '/grid/clear',
    {
      schema: {
        response: { 200: ClearRangeResponse },
        tags: ['grid'],
        summary: 'Clear the unlocked cells of a range; locked cells are skipped',
        body: LockBody,
      },
    },
    async (request) => {
      const result = await clearRange(
        await handleOf(deps, request),
        request.body.range,
        request.body.sheet,
        changeMeta(request),
      );
      return {
        status: 'Success' as const,
        sheet: result.sheet,
        cleared: result.cleared,
        skipped_locked: result.skippedLocked,
      };
    },
  );

  app.get(
    '/grid',
    {
      schema: {
        response: { 200: GridResponse },
        tags: ['grid'],
        summary: 'Cells with input, computed value, formula, version and lock',
        querystring: GridQuery,
      },
    },
    async (request) => {
      const workbook = await workbookOf(deps, request);
      const range =
        request.query.range === undefined || request.query.range === ''
          ? undefined
          : parseRange(request.query.range, 'range');
      const sheet = workbook.sheet(range?.sheet ?? request.query.sheet);
      const bounds = sheet.occupiedBounds();
      const listed = unionBounds(unionBounds(bounds, sheet.lockedBounds()), filledBounds(sheet));
      return {
        sheet: sheet.name,
        occupied_bounds: boundsJson(bounds),
        // Nothing outside this rectangle would be listed or drawn (no input, no lock, no fill): the
        // UI skips reading there.
        listed_bounds: boundsJson(listed),
        cells: listedCells(sheet, range).map((cell) => cellJson(sheet, cell)),
        // Frozen panes, sizes, the filter, and the rows it hides (within the range when one is given).
        ...layoutAnswerWithin(sheet, range),
        ...(sheet.hasFormats ? { formats: formatRangesJson(sheet, range) } : {}),
      };
    },
  );

  for (const [path, locked] of [
    ['/grid/lock', true],
    ['/grid/unlock', false],
  ] as const) {
    app.post(
      path,
      {
        schema: {
          response: { 200: LockResponse },
          tags: ['grid'],
          summary: locked ? 'Lock a range' : 'Unlock a range',
          body: LockBody,
        },
      },
      async (request) => {
        const result = await setLocks(
          await handleOf(deps, request),
          request.body.range,
          request.body.sheet,
          locked,
          changeMeta(request),
        );
        return lockJson(result, request.body.range, locked);
      },
    );
  }

  app.post(
    '/system/unlock-all',
    {
      schema: {
        response: { 200: UnlockAllResponse },
        tags: ['grid'],
        summary: 'Unlock every cell of every sheet',
      },
    },
    async (request) => {
      return {
        status: 'Success' as const,
        unlocked: await unlockAll(await handleOf(deps, request), changeMeta(request)),
      };
    },
  );

  app.post(
    '/system/clear',
    {
      schema: {
        response: { 200: ClearSheetResponse },
        tags: ['grid'],
        summary: 'Clear every unlocked cell of a sheet; locked cells and charts stay',
        querystring: SheetQuery,
      },
    },
    async (request) => {
      return {
        status: 'Success' as const,
        sheet: await clearSheet(
          await handleOf(deps, request),
          request.query.sheet,
          changeMeta(request),
        ),
      };
    },
  );
};
