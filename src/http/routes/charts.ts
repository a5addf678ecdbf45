// Chart CRUD (spec §4 Charts): thin routes over the core's chart ops. Ids are assigned here
// through the injected `newId`; a chart is looked up on the given sheet or the active one.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { createChartOps, deleteChartOps, patchChartOps, type Workbook } from '../../core/index.js';
import { ChartParams, CreateChartBody, PatchChartBody, SheetQuery } from '../../contract/index.js';
import { changeMeta, workbookOf, type RouteDeps } from '../route-deps.js';

export interface ChartRouteDeps extends RouteDeps {
  /** A fresh unique token; chart ids are `chart_<token>`. */
  readonly newId: () => string;
}

const MAX_ID_ATTEMPTS = 10;

/** A chart id no sheet of the workbook uses yet (bounded retries against a colliding generator). */
function freshChartId(workbook: Workbook, newId: () => string): string {
  const taken = new Set(workbook.sheetNames.flatMap((name) => workbook.sheet(name).charts().map((chart) => chart.id)));
  for (let attempt = 0; attempt < MAX_ID_ATTEMPTS; attempt += 1) {
    const id = `chart_${newId()}`;
    if (!taken.has(id)) return id;
  }
  throw new Error(`newId produced ${MAX_ID_ATTEMPTS} chart ids already in use; it is not generating unique ids.`);
}

/** Some clients send DELETE's `sheet` in a JSON body instead of the query. */
function sheetInBody(body: unknown): string | undefined {
  const sheet = typeof body === 'object' && body !== null ? (body as { sheet?: unknown }).sheet : undefined;
  return typeof sheet === 'string' && sheet !== '' ? sheet : undefined;
}

export const chartRoutes: FastifyPluginAsyncTypebox<ChartRouteDeps> = async (app, deps) => {
  app.get('/system/charts', { schema: { tags: ['charts'], summary: 'Charts of a sheet (default: the active sheet)', querystring: SheetQuery } }, async (request) => {
    const workbook = await workbookOf(deps, request);
    const sheet = workbook.sheet(request.query.sheet);
    return { sheet: sheet.name, charts: sheet.charts() };
  });

  app.post(
    '/system/charts',
    { schema: { tags: ['charts'], summary: 'Create a chart; only data_range is required (defaults: "", bar, F2, 400×280, columns)', body: CreateChartBody } },
    async (request) => {
      const workbook = await workbookOf(deps, request);
      const { sheet: sheetName, ...fields } = request.body;
      const sheet = workbook.sheet(sheetName);
      const { ops, chart } = createChartOps(sheet.name, freshChartId(workbook, deps.newId), fields);
      workbook.apply(ops, changeMeta(request));
      return { status: 'Success', sheet: sheet.name, chart };
    },
  );

  app.patch(
    '/system/charts/:chart_id',
    {
      schema: {
        tags: ['charts'],
        summary: 'Change the sent fields of a chart on the given (or active) sheet',
        params: ChartParams,
        querystring: SheetQuery,
        body: PatchChartBody,
      },
    },
    async (request) => {
      const workbook = await workbookOf(deps, request);
      const { sheet: sheetName, ...fields } = request.body;
      const sheet = workbook.sheet(sheetName ?? request.query.sheet);
      const { ops, chart } = patchChartOps(sheet, request.params.chart_id, fields);
      if (ops.length > 0) workbook.apply(ops, changeMeta(request));
      return { status: 'Success', sheet: sheet.name, chart };
    },
  );

  app.delete(
    '/system/charts/:chart_id',
    { schema: { tags: ['charts'], summary: 'Delete a chart from the given (or active) sheet; cells are untouched', params: ChartParams, querystring: SheetQuery } },
    async (request) => {
      const workbook = await workbookOf(deps, request);
      const sheet = workbook.sheet(request.query.sheet ?? sheetInBody(request.body));
      workbook.apply(deleteChartOps(sheet, request.params.chart_id), changeMeta(request));
      return { status: 'Success', sheet: sheet.name, chart_id: request.params.chart_id };
    },
  );
};
