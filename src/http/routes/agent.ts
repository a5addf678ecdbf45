// The AI agent (docs/contract.md §4 Agent): preview, apply, chain (JSON or SSE) and the agent list.
// Thin: validate with the contract, call the AgentService, shape the reply. A client that hangs up
// aborts the in-flight LLM call (and the chain stops after the current step).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  applyInputOf,
  applyResponseOf,
  chatInputOf,
  type AgentService,
  type ChainStep,
} from '../../agent/index.js';
import {
  AgentApplyBody,
  AgentChainBody,
  AgentChatBody,
  AgentsResponse,
  AgentPreviewResponse,
  ApplyResponse,
  ChainResponse,
} from '../../contract/index.js';
import { clientOf, handleOf, workbookOf, type RouteDeps } from '../route-deps.js';
import { eventStream } from '../event-stream.js';

export interface AgentRouteDeps extends RouteDeps {
  /** The agent list and apply (no model call). */
  readonly agent: AgentService;
  /** The agent answering for this request's caller: in SaaS, through the caller's own keys. */
  readonly agentFor: (request: FastifyRequest) => Promise<AgentService>;
}

/** Aborts when the connection closes before the response was fully sent. */
function abortOnDisconnect(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) controller.abort(new Error('the client disconnected'));
  });
  return controller.signal;
}

function wantsEventStream(request: FastifyRequest): boolean {
  return (request.headers.accept ?? '').toLowerCase().includes('text/event-stream');
}

/**
 * Streams each chain step as an SSE `step` event and the final response as a `result` event.
 * Headers go out with the first step, so a chain that fails before any step answers a plain
 * JSON error with its real status.
 */
function chainStream(reply: FastifyReply) {
  const stream = eventStream(reply);
  return {
    get open() {
      return stream.open;
    },
    step: (step: ChainStep) => stream.send('step', step),
    finish: (event: string, data: unknown) => {
      stream.send(event, data);
      stream.end();
    },
  };
}

export const agentRoutes: FastifyPluginAsyncTypebox<AgentRouteDeps> = async (app, deps) => {
  app.get(
    '/agents',
    {
      schema: {
        response: { 200: AgentsResponse },
        tags: ['agent'],
        summary: 'The agents the router chooses from',
      },
    },
    async () => ({ agents: deps.agent.agents() }),
  );

  app.post(
    '/agent/chat',
    {
      schema: {
        response: { 200: AgentPreviewResponse },
        tags: ['agent'],
        summary: 'Preview what the agent would write; writes nothing',
        body: AgentChatBody,
      },
    },
    async (request, reply) => {
      const workbook = await workbookOf(deps, request);
      const agent = await deps.agentFor(request);
      return agent.chat(workbook, chatInputOf(request.body), abortOnDisconnect(reply));
    },
  );

  app.post(
    '/agent/apply',
    {
      schema: {
        response: { 200: ApplyResponse },
        tags: ['agent'],
        summary: 'Write a preview (guardrails, collision resolution, one undo step)',
        body: AgentApplyBody,
      },
    },
    async (request) => {
      const handle = await handleOf(deps, request);
      const outcome = await deps.agent.applyWrites(
        handle,
        applyInputOf(request.body, clientOf(request)),
      );
      return applyResponseOf(outcome);
    },
  );

  app.post(
    '/agent/chat/chain',
    {
      schema: {
        response: { 200: ChainResponse },
        tags: ['agent'],
        summary:
          'Prompt → apply → observe, up to max_iterations; send Accept: text/event-stream for progress events',
        body: AgentChainBody,
      },
    },
    async (request, reply) => {
      const handle = await handleOf(deps, request);
      const input = {
        ...chatInputOf(request.body),
        maxIterations: request.body.max_iterations,
        origin: clientOf(request),
      };
      const signal = abortOnDisconnect(reply);
      const agent = await deps.agentFor(request);
      if (!wantsEventStream(request)) return agent.chain(handle, input, { signal });
      const stream = chainStream(reply);
      try {
        const result = await agent.chain(handle, input, { signal, onStep: stream.step });
        stream.finish('result', result);
        return reply;
      } catch (error) {
        if (!stream.open) throw error;
        request.log.error({ err: error }, 'chain failed after streaming began');
        stream.finish('error', {
          detail:
            'The chain stopped on an internal error; the steps above were applied. See the server log.',
        });
        return reply;
      }
    },
  );
};
