// Cell formats (issue 19): a thin route over the editing use-case.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { FormatBody, FormatResponse } from '../../contract/index.js';
import { formatCells } from '../../editing/index.js';
import { changeMeta, handleOf, type RouteDeps } from '../route-deps.js';

export const formatRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (app, deps) => {
  app.post(
    '/grid/format',
    {
      schema: {
        response: { 200: FormatResponse },
        tags: ['grid'],
        summary:
          'Format a range: number format, bold, italic, underline, strikethrough, colours, alignment, wrap (only the fields sent change; null clears)',
        body: FormatBody,
      },
    },
    async (request) => {
      const result = await formatCells(
        await handleOf(deps, request),
        request.body,
        changeMeta(request),
      );
      return { status: 'Success' as const, ...result };
    },
  );
};
