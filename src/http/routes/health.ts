// Liveness: answers as soon as the server can serve requests.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

export const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/healthz', { schema: { tags: ['system'], summary: 'Liveness check' } }, async () => ({
    ok: true,
  }));
};
