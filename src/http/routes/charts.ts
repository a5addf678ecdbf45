// Chart CRUD (docs/contract.md §4 Charts): thin routes over the core's chart ops. Ids are assigned
// here through the injected `newId`; a chart is looked up on the given sheet or the active one.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ChartParams,
  CreateChartBody,
  PatchChartBody,
  SheetQuery,
  ChartsResponse,
  ChartWriteResponse,
  ChartDeleteResponse,
} from '../../contract/index.js';
import { createChart, deleteChart, patchChart } from '../../editing/index.js';
import { changeMeta, handleOf, workbookOf, type RouteDeps } from '../route-deps.js';

export interface ChartRouteDeps extends RouteDeps {
  /** A fresh unique token; chart ids are `chart_<token>`. */
  readonly newId: () => string;
}

/** Some clients send DELETE's `sheet` in a JSON body instead of the query. */
function sheetInBody(body: unknown): string | undefined {
  const sheet =
    typeof body === 'object' && body !== null ? (body as { sheet?: unknown }).sheet : undefined;
  return typeof sheet === 'string' && sheet !== '' ? sheet : undefined;
}

export const chartRoutes: FastifyPluginAsyncTypebox<ChartRouteDeps> = async (app, deps) => {
  app.get(
    '/system/charts',
    {
      schema: {
        response: { 200: ChartsResponse },
        tags: ['charts'],
        summary: 'Charts of a sheet (default: the active sheet)',
        querystring: SheetQuery,
      },
    },
    async (request) => {
      const workbook = await workbookOf(deps, request);
      const sheet = workbook.sheet(request.query.sheet);
      return { sheet: sheet.name, charts: sheet.charts() };
    },
  );

  app.post(
    '/system/charts',
    {
      schema: {
        response: { 200: ChartWriteResponse },
        tags: ['charts'],
        summary:
          'Create a chart; only data_range is required (defaults: "", bar, F2, 400×280, columns)',
        body: CreateChartBody,
      },
    },
    async (request) => {
      const { sheet: sheetName, ...fields } = request.body;
      const { sheet, chart } = await createChart(
        await handleOf(deps, request),
        sheetName,
        fields,
        deps.newId,
        changeMeta(request),
      );
      return { status: 'Success' as const, sheet, chart };
    },
  );

  app.patch(
    '/system/charts/:chart_id',
    {
      schema: {
        response: { 200: ChartWriteResponse },
        tags: ['charts'],
        summary: 'Change the sent fields of a chart on the given (or active) sheet',
        params: ChartParams,
        querystring: SheetQuery,
        body: PatchChartBody,
      },
    },
    async (request) => {
      const { sheet: sheetName, ...fields } = request.body;
      const { sheet, chart } = await patchChart(
        await handleOf(deps, request),
        sheetName ?? request.query.sheet,
        request.params.chart_id,
        fields,
        changeMeta(request),
      );
      return { status: 'Success' as const, sheet, chart };
    },
  );

  app.delete(
    '/system/charts/:chart_id',
    {
      schema: {
        response: { 200: ChartDeleteResponse },
        tags: ['charts'],
        summary: 'Delete a chart from the given (or active) sheet; cells are untouched',
        params: ChartParams,
        querystring: SheetQuery,
      },
    },
    async (request) => {
      const sheet = await deleteChart(
        await handleOf(deps, request),
        request.query.sheet ?? sheetInBody(request.body),
        request.params.chart_id,
        changeMeta(request),
      );
      return { status: 'Success' as const, sheet, chart_id: request.params.chart_id };
    },
  );
};
