// Engine API: read-only /eval, /schema, /peek for external agents and tools.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  EvalBody,
  PeekQuery,
  EvalResponse,
  FunctionsResponse,
  SchemaResponse,
  PeekJsonResponse,
  PeekTextResponse,
} from '../../contract/index.js';
import {
  describeSchemaInSlices,
  evaluateFormulasInSlices,
  peekRangeInSlices,
} from '../../engine-api/index.js';
import { SENTINELS } from '../../core/index.js';
import { evaluateUntilSettled } from '../../plugins/index.js';
import { sentInPieces } from '../pieces.js';
import { READ_CLOCK, workbookOf, type RouteDeps } from '../route-deps.js';

const CONTENT_TYPES = {
  json: 'application/json; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  tsv: 'text/tab-separated-values; charset=utf-8',
} as const;

export const engineApiRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (app, deps) => {
  app.post(
    '/eval',
    {
      schema: {
        response: { 200: EvalResponse },
        tags: ['engine'],
        summary: 'Dry-run formulas; nothing is written',
        body: EvalBody,
      },
    },
    async (request) => {
      const workbook = await workbookOf(deps, request);
      // Plugin formulas answer #BUSY! until the plugin host replies: wait for them, within the
      // request's budget, and evaluate again.
      return evaluateUntilSettled(
        () =>
          evaluateFormulasInSlices(
            workbook,
            request.body.sheet,
            request.body.formulas,
            { ms: deps.config.evalBudgetMs, now: () => performance.now() },
            request.body.display === true,
          ),
        (answer) => answer.results.some((item) => item.error === SENTINELS.busy),
        deps.plugins,
        Math.min(deps.config.evalBudgetMs, deps.config.plugins.budgetMs),
      );
    },
  );

  app.get(
    '/schema',
    {
      schema: {
        response: { 200: SchemaResponse },
        tags: ['engine'],
        summary: 'Sheets, occupied bounds, column headers and types',
      },
    },
    async (request) => describeSchemaInSlices(await workbookOf(deps, request), READ_CLOCK),
  );

  app.get(
    '/functions',
    {
      schema: {
        response: { 200: FunctionsResponse },
        tags: ['engine'],
        summary: 'Every function formulas may call, with its signature, category and description',
      },
    },
    async (request) => {
      const catalogue = (await workbookOf(deps, request)).functionCatalogue();
      return {
        count: catalogue.length,
        functions: catalogue.map((fn) => ({
          name: fn.name,
          signature: fn.signature,
          category: fn.category,
          description: fn.description,
          parameters: fn.parameters.map(({ name, optional }) => ({ name, optional })),
          repeat_last_args: fn.repeatLastArgs,
        })),
      };
    },
  );

  app.get(
    '/peek',
    {
      schema: {
        response: {
          200: {
            content: {
              'application/json': { schema: PeekJsonResponse },
              'text/csv': { schema: PeekTextResponse },
              'text/tab-separated-values': { schema: PeekTextResponse },
            },
          },
        },
        tags: ['engine'],
        summary: 'A range of values or formulas as JSON, CSV or TSV',
        querystring: PeekQuery,
      },
    },
    async (request, reply) => {
      const peek = await peekRangeInSlices(
        await workbookOf(deps, request),
        request.query,
        READ_CLOCK,
      );
      if (peek.body === undefined)
        return sentInPieces(reply.type(CONTENT_TYPES[peek.format]), peek.pieces);
      if (peek.format === 'json') return peek.body;
      return reply.type(CONTENT_TYPES[peek.format]).send(peek.body);
    },
  );
};
