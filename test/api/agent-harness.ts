// Shared set-up of the agent's black-box tests: the real app on 127.0.0.1 with its providers
// pointed at the fake vendor servers (never a real vendor), Groq configured by default. The
// scripted "model" is the fake Groq server's reply queue.
import type { ProviderId } from '../../src/providers/index.js';
import { afterEach, beforeEach } from 'vitest';
import {
  providersOnFakes,
  useFakeProviders,
  type FakeProviders,
  type FakeVendorServer,
} from '../fakes/index.js';
import { startApp, type RunningApp } from '../support/index.js';

export const GROQ_KEY = 'gsk_agent-test-key-0001';
export const GROQ_DEFAULT_MODEL = 'openai/gpt-oss-120b';

export interface AgentAppOptions {
  /** Keys as environment fallbacks; default: only Groq. */
  readonly keys?: Partial<Record<ProviderId, string>>;
  /** Environment of the app's config (GRIDBOOK_AGENT_TOOL_CALLS …). */
  readonly env?: Readonly<Record<string, string>>;
}

export async function startAgentApp(
  fakes: FakeProviders,
  options: AgentAppOptions = {},
): Promise<RunningApp> {
  const providers = await providersOnFakes(fakes, options.keys ?? { groq: GROQ_KEY });
  return startApp({
    deps: { providers },
    ...(options.env === undefined ? {} : { env: options.env }),
  });
}

export interface AgentSuite {
  /** The fake vendor servers, shared by the file's tests and reset before each. */
  readonly fakes: FakeProviders;
  /** A fresh app per test. */
  readonly running: RunningApp;
  /** Replace this test's app by one started with other options. */
  restart(options: AgentAppOptions): Promise<void>;
}

/** Registers the hooks of an agent test file: fake vendors per file, a fresh app per test. */
export function useAgentApp(): AgentSuite {
  const fakes = useFakeProviders();
  let running: RunningApp | undefined;
  const suite: AgentSuite = {
    fakes,
    get running() {
      return running!;
    },
    async restart(options) {
      await running?.close();
      running = await startAgentApp(fakes, options);
    },
  };
  beforeEach(async () => {
    running = await startAgentApp(fakes);
  });
  afterEach(async () => running?.close());
  return suite;
}

/** Queues one model reply (an object is sent as its JSON text). */
export function scriptReply(server: FakeVendorServer, reply: unknown): void {
  server.replyText(typeof reply === 'string' ? reply : JSON.stringify(reply));
}

/** The system prompt of an OpenAI-compatible request the fake received. */
export function systemPromptOf(body: any): string {
  const system = (body?.messages ?? []).find(
    (message: { role: string }) => message.role === 'system',
  );
  return typeof system?.content === 'string' ? system.content : '';
}

/** The chat messages after the system prompt (history, then the prompt). */
export function conversationOf(body: any): { role: string; content: string }[] {
  return (body?.messages ?? []).filter((message: { role: string }) => message.role !== 'system');
}
