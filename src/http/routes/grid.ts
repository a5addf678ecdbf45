// Direct writes (no guardrails, docs/contract.md §4), locks and the grid read the UI renders from:
// thin routes over the editing use-cases.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { formatCell, parseRange } from '../../core/index.js';
import {
  GridQuery,
  ClearRangeBody,
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
  setLocks,
  unlockAll,
  writeCell,
  writeRange,
  lockJson,
  writtenCellJson,
  readGrid,
} from '../../editing/index.js';
import { changeMeta, handleOf, READ_CLOCK, workbookAtSeq, type RouteDeps } from '../route-deps.js';
import { countedGridCells } from '../json-body.js';
import { sentInPieces } from '../pieces.js';

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
      preParsing: countedGridCells(deps.config.maxWriteCells),
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
        body: ClearRangeBody,
      },
    },
    async (request) => {
      const result = await clearRange(
        await handleOf(deps, request),
        request.body.range,
        request.body.sheet,
        changeMeta(request),
        { visibleOnly: request.body.visible_only === true },
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
    async (request, reply) => {
      const range =
        request.query.range === undefined || request.query.range === ''
          ? undefined
          : parseRange(request.query.range, 'range');
      const answer = await readGrid(await workbookAtSeq(deps, request, reply), {
        sheet: request.query.sheet,
        range,
        maxCells: deps.config.maxGridCells,
        clock: READ_CLOCK,
      });
      if (answer.body !== undefined) return answer.body;
      // Built as JSON text a slice at a time: streamed as it is, not serialized again.
      return sentInPieces(
        (reply as FastifyReply).type('application/json; charset=utf-8'),
        answer.json,
      );
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
        summary:
          'Clear every unlocked cell of a sheet, values and formats, and the filter over them; locked cells, charts, sizes and frozen panes stay',
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
