// Find (read-only, paged) and replace (one commit; locked cells skipped and counted).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { FindBody, FindResponse, ReplaceBody, ReplaceResponse } from '../../contract/index.js';
import { replaceInCells } from '../../editing/index.js';
import { findCellsInSlices } from '../../engine-api/index.js';
import { changeMeta, handleOf, READ_CLOCK, workbookOf, type RouteDeps } from '../route-deps.js';

export const findRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (app, deps) => {
  app.post(
    '/grid/find',
    {
      schema: {
        tags: ['grid'],
        summary: 'Cells whose value (or typed text) matches a text or an RE2 pattern; paged',
        body: FindBody,
        response: { 200: FindResponse },
      },
    },
    async (request) => findCellsInSlices(await workbookOf(deps, request), request.body, READ_CLOCK),
  );

  app.post(
    '/grid/replace',
    {
      schema: {
        tags: ['grid'],
        summary: 'Replace matches in what cells hold (one undo step; locked cells skipped)',
        body: ReplaceBody,
        response: { 200: ReplaceResponse },
      },
    },
    async (request) => {
      const result = await replaceInCells(
        await handleOf(deps, request),
        request.body,
        changeMeta(request),
      );
      return {
        status: 'Success' as const,
        replaced: result.replaced,
        skipped_locked: result.skippedLocked,
      };
    },
  );
};
