// POST /mcp: the MCP server over streamable HTTP (stateless), for external AI agents. Same
// request guard and workbook scoping as every other route; the SDK answers the JSON-RPC.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { AgentService } from '../../agent/index.js';
import { HttpError } from '../errors.js';
import { clientOf, handleOf, type RouteDeps } from '../route-deps.js';

export interface McpRouteDeps extends RouteDeps {
  /** The agent answering for this request's caller (their own provider keys in SaaS). */
  readonly agentFor: (request: FastifyRequest) => Promise<AgentService>;
  /** A fresh unique token for chart ids, as the chart routes use. */
  readonly newId: () => string;
}

/** A JSON-RPC 2.0 request or notification (the SDK answers every problem inside one). */
function isJsonRpcMessage(body: unknown): boolean {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return false;
  const message = body as { jsonrpc?: unknown; method?: unknown; id?: unknown };
  return message.jsonrpc === '2.0' && (typeof message.method === 'string' || 'id' in message);
}

/** What the SDK would refuse with a bare JSON-RPC error is refused here with a {detail}. */
function refusal(accept: string, body: unknown): HttpError | undefined {
  if (!accept.includes('application/json') || !accept.includes('text/event-stream'))
    return new HttpError(
      406,
      'Accept: an MCP client sends "application/json, text/event-stream" on every POST /mcp.',
    );
  const messages = Array.isArray(body) ? body : [body];
  if (messages.length === 0 || !messages.every(isJsonRpcMessage))
    return new HttpError(
      400,
      'body: one JSON-RPC 2.0 message ({"jsonrpc": "2.0", "method": …}) or a batch of them.',
    );
  return undefined;
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
      const refused = refusal(request.headers.accept ?? '', request.body);
      if (refused !== undefined) throw refused;
      const options = {
        handle: () => handleOf(deps, request),
        actor: clientOf(request) ?? 'mcp',
        evalBudgetMs: deps.config.evalBudgetMs,
        maxWriteCells: deps.config.maxWriteCells,
        newChartId: deps.newId,
        agent: () => deps.agentFor(request),
        logError: (error: unknown, tool: string) =>
          request.log.error({ err: error, tool }, 'MCP tool failed'),
      };
      reply.hijack();
      try {
        // The MCP SDK (and zod under it) loads on the first MCP request, not at every start.
        const { answerMcpHttp } = await import('../../mcp/index.js');
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
