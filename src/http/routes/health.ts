// Liveness: answers as soon as the server can serve requests.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { HealthResponse } from '../../contract/index.js';

export const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/healthz',
    { schema: { response: { 200: HealthResponse }, tags: ['system'], summary: 'Liveness check' } },
    async () => ({
      ok: true as const,
    }),
  );
};
