// Insert and delete rows and columns (one commit each; formulas everywhere follow, as in Excel),
// sort a range's rows, and move (cut and paste) a range's cells.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ColumnsChangeBody,
  MoveBody,
  MoveResponse,
  RowsChangeBody,
  SortBody,
  SortResponse,
  StructureChangeResponse,
} from '../../contract/index.js';
import { changeStructure, columnIndexOf, moveCells, sortRange } from '../../editing/index.js';
import { changeMeta, handleOf, type RouteDeps } from '../route-deps.js';

const SUMMARIES = {
  row: {
    insert: 'Insert rows above `at`: cells move down, references follow, ranges across them grow',
    delete: 'Delete rows from `at`: references into them become #REF!; a locked cell refuses',
  },
  col: {
    insert: 'Insert columns left of `at`: cells move right, references follow, ranges grow',
    delete: 'Delete columns from `at`: references into them become #REF!; a locked cell refuses',
  },
} as const;

export const structureRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (app, deps) => {
  for (const kind of ['insert', 'delete'] as const) {
    app.post(
      `/grid/rows/${kind}`,
      {
        schema: {
          tags: ['grid'],
          summary: SUMMARIES.row[kind],
          body: RowsChangeBody,
          response: { 200: StructureChangeResponse },
        },
      },
      async (request) => {
        const { sheet, band } = await changeStructure(
          await handleOf(deps, request),
          {
            sheet: request.body.sheet,
            axis: 'row',
            kind,
            at: request.body.at - 1,
            count: request.body.count ?? 1,
          },
          changeMeta(request),
        );
        return { status: 'Success' as const, sheet, kind, rows: band };
      },
    );
    app.post(
      `/grid/columns/${kind}`,
      {
        schema: {
          tags: ['grid'],
          summary: SUMMARIES.col[kind],
          body: ColumnsChangeBody,
          response: { 200: StructureChangeResponse },
        },
      },
      async (request) => {
        const { sheet, band } = await changeStructure(
          await handleOf(deps, request),
          {
            sheet: request.body.sheet,
            axis: 'col',
            kind,
            at: columnIndexOf(request.body.at),
            count: request.body.count ?? 1,
          },
          changeMeta(request),
        );
        return { status: 'Success' as const, sheet, kind, columns: band };
      },
    );
  }

  app.post(
    '/grid/sort',
    {
      schema: {
        tags: ['grid'],
        summary:
          "Sort a range's rows by key columns (Excel's order; formulas move with their rows; a locked cell refuses)",
        body: SortBody,
        response: { 200: SortResponse },
      },
    },
    async (request) => {
      const sorted = await sortRange(
        await handleOf(deps, request),
        request.body,
        changeMeta(request),
      );
      return { status: 'Success' as const, ...sorted };
    },
  );

  app.post(
    '/grid/move',
    {
      schema: {
        tags: ['grid'],
        summary:
          "Move (cut and paste) a range's cells and formats: formulas anywhere that read them follow; a locked cell refuses",
        body: MoveBody,
        response: { 200: MoveResponse },
      },
    },
    async (request) => {
      const moved = await moveCells(
        await handleOf(deps, request),
        {
          source: request.body.source,
          targetCell: request.body.target_cell,
          sheet: request.body.sheet,
          targetSheet: request.body.target_sheet,
          maxCells: deps.config.maxWriteCells,
        },
        changeMeta(request),
      );
      return {
        status: 'Success' as const,
        sheet: moved.sheet,
        source: moved.source,
        target_sheet: moved.targetSheet,
        target: moved.target,
      };
    },
  );
};
