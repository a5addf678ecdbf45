// POST /mcp: the MCP server over streamable HTTP (stateless), for external AI agents. Same
// request guard and workbook scoping as every other route; the SDK answers the JSON-RPC.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AgentService } from '../../agent/index.js';
import { answerMcpHttp } from '../../mcp/index.js';
import { HttpError } from '../errors.js';
import { clientOf, handleOf, type RouteDeps } from '../route-deps.js';

export interface McpRouteDeps extends RouteDeps {
  readonly agent: AgentService;
  /** A fresh unique token for chart ids, as the chart routes use. */
  readonly newId: () => string;
}

export const mcpRoutes: FastifyPluginAsyncTypebox<McpRouteDeps> = async (app, deps) => {
  app.post(
    '/mcp',
    {
      schema: {
        tags: ['mcp'],
        summary:
          'Model Context Protocol over streamable HTTP (stateless; JSON-RPC; send Accept: application/json, text/event-stream)',
      },
    },
    async (request, reply) => {
      const options = {
        handle: () => handleOf(deps, request),
        actor: clientOf(request) ?? 'mcp',
        evalBudgetMs: deps.config.evalBudgetMs,
        newChartId: deps.newId,
        agent: deps.agent,
        logError: (error: unknown, tool: string) =>
          request.log.error({ err: error, tool }, 'MCP tool failed'),
      };
      reply.hijack();
      try {
        await answerMcpHttp(options, request.raw, reply.raw, request.body);
      } catch (error) {
        request.log.error({ err: error }, 'MCP request failed');
        if (!reply.raw.headersSent) {
          reply.raw.writeHead(500, { 'content-type': 'application/json' });
          reply.raw.end(JSON.stringify({ detail: 'The MCP request failed; see the server log.' }));
        }
      }
    },
  );

  for (const method of ['GET', 'DELETE'] as const) {
    app.route({
      method,
      url: '/mcp',
      schema: { tags: ['mcp'], summary: 'Not used: this MCP endpoint is stateless (405)' },
      handler: () => {
        throw new HttpError(
          405,
          'This MCP endpoint is stateless: POST each JSON-RPC message; there is no session stream to open or close.',
        );
      },
    });
  }
};
