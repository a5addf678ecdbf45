// Fake LLM vendors for tests: one FakeVendorServer per provider id, each speaking its vendor's
// wire protocol on 127.0.0.1. See README.md beside this file.
import { FakeVendorServer } from './fake-vendor-server.js';

export { FakeVendorServer, toolResults, toolsOffered } from './fake-vendor-server.js';
export { useFakeProviders } from './use-fake-providers.js';
export { providersOnFakes } from './providers-on-fakes.js';
export type {
  CapturedRequest,
  ErrorReply,
  FakeVendorOptions,
  HangReply,
  RawReply,
  ScriptedReply,
  ScriptedToolCall,
  TextReply,
  ToolCallsReply,
} from './fake-vendor-server.js';
export type { SentToolResult, WireProtocolName } from './wire-protocols.js';

export type FakeProviderId = 'gemini' | 'anthropic' | 'groq' | 'openrouter';

export interface FakeProviders {
  readonly gemini: FakeVendorServer;
  readonly anthropic: FakeVendorServer;
  readonly groq: FakeVendorServer;
  readonly openrouter: FakeVendorServer;
  /** Ready for Config.providerBaseUrls, or as GRIDBOOK_<ID>_BASE_URL values. */
  readonly baseUrls: Readonly<Record<FakeProviderId, string>>;
  /** GRIDBOOK_GEMINI_BASE_URL … pointing at the fakes (for a server started as a child process). */
  readonly env: Readonly<Record<string, string>>;
  /** Forget every queued reply and captured request. */
  reset(): void;
  close(): Promise<void>;
}

/** Starts the four fakes, each with the base path its vendor's real base URL has. */
export async function startFakeProviders(): Promise<FakeProviders> {
  const [gemini, anthropic, groq, openrouter] = await Promise.all([
    FakeVendorServer.start({ protocol: 'gemini', pathPrefix: '/v1beta' }),
    FakeVendorServer.start({ protocol: 'anthropic', pathPrefix: '/v1' }),
    FakeVendorServer.start({ protocol: 'openai', pathPrefix: '/openai/v1' }),
    FakeVendorServer.start({ protocol: 'openai', pathPrefix: '/api/v1' }),
  ]);
  const servers = { gemini, anthropic, groq, openrouter };
  const baseUrls = {
    gemini: gemini.baseUrl,
    anthropic: anthropic.baseUrl,
    groq: groq.baseUrl,
    openrouter: openrouter.baseUrl,
  };
  return {
    ...servers,
    baseUrls,
    env: {
      GRIDBOOK_GEMINI_BASE_URL: baseUrls.gemini,
      GRIDBOOK_ANTHROPIC_BASE_URL: baseUrls.anthropic,
      GRIDBOOK_GROQ_BASE_URL: baseUrls.groq,
      GRIDBOOK_OPENROUTER_BASE_URL: baseUrls.openrouter,
    },
    reset: () => Object.values(servers).forEach((server) => server.reset()),
    close: async () => {
      await Promise.all(Object.values(servers).map((server) => server.close()));
    },
  };
}
