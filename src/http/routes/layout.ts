// A sheet's layout: frozen panes, column widths, row heights and the filter (one commit each).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ColumnWidthBody,
  FilterBody,
  FreezeBody,
  LayoutChangeResponse,
  LayoutQuery,
  LayoutResponse,
  RowHeightBody,
} from '../../contract/index.js';
import {
  clearFilter,
  freezePanes,
  layoutAnswer,
  setColumnWidth,
  setFilter,
  setRowHeight,
} from '../../editing/index.js';
import { changeMeta, handleOf, workbookOf, type RouteDeps } from '../route-deps.js';

const changed = <T extends object>(answer: T) => ({ status: 'Success' as const, ...answer });

export const layoutRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (app, deps) => {
  app.get(
    '/grid/layout',
    {
      schema: {
        tags: ['grid'],
        summary: 'Frozen panes, column widths, row heights, the filter and the rows it hides',
        querystring: LayoutQuery,
        response: { 200: LayoutResponse },
      },
    },
    async (request) => layoutAnswer((await workbookOf(deps, request)).sheet(request.query.sheet)),
  );

  app.post(
    '/grid/freeze',
    {
      schema: {
        tags: ['grid'],
        summary: 'Freeze rows at the top and/or columns at the left (0 unfreezes)',
        body: FreezeBody,
        response: { 200: LayoutChangeResponse },
      },
    },
    async (request) =>
      changed(await freezePanes(await handleOf(deps, request), request.body, changeMeta(request))),
  );

  app.post(
    '/grid/columns/width',
    {
      schema: {
        tags: ['grid'],
        summary: 'Set the width of a column or a band of columns (null: the default)',
        body: ColumnWidthBody,
        response: { 200: LayoutChangeResponse },
      },
    },
    async (request) =>
      changed(
        await setColumnWidth(await handleOf(deps, request), request.body, changeMeta(request)),
      ),
  );

  app.post(
    '/grid/rows/height',
    {
      schema: {
        tags: ['grid'],
        summary: 'Set the height of a row or a band of rows (null: the default)',
        body: RowHeightBody,
        response: { 200: LayoutChangeResponse },
      },
    },
    async (request) =>
      changed(await setRowHeight(await handleOf(deps, request), request.body, changeMeta(request))),
  );

  app.post(
    '/grid/filter',
    {
      schema: {
        tags: ['grid'],
        summary:
          "Filter a range (the sheet's one filter): rows failing a column's values or conditions are hidden in every view; formulas still see them",
        body: FilterBody,
        response: { 200: LayoutChangeResponse },
      },
    },
    async (request) =>
      changed(await setFilter(await handleOf(deps, request), request.body, changeMeta(request))),
  );

  app.post(
    '/grid/filter/clear',
    {
      schema: {
        tags: ['grid'],
        summary: "Remove the sheet's filter: every row shows again",
        querystring: LayoutQuery,
        response: { 200: LayoutChangeResponse },
      },
    },
    async (request) =>
      changed(
        await clearFilter(await handleOf(deps, request), request.query.sheet, changeMeta(request)),
      ),
  );
};
