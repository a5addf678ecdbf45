// The three wire protocols the fakes speak, reduced to what the AI SDK providers send and parse
// for a non-streaming text call (shapes checked against the SDK response schemas in
// node_modules/@ai-sdk/{google,anthropic,groq} and @openrouter/ai-sdk-provider).
import type { TextReply } from './fake-vendor-server.js';

export type WireProtocolName = 'gemini' | 'anthropic' | 'openai';

export interface WireProtocol {
  readonly name: WireProtocolName;
  /** The version path the vendor's default base URL ends with. */
  readonly defaultPrefix: string;
  /** Whether a path (below the prefix) is this protocol's text-generation endpoint. */
  matchesPath(pathBelowPrefix: string): boolean;
  modelOf(path: string, body: any): string | undefined;
  textBody(reply: TextReply, model: string): unknown;
  errorBody(status: number, message: string): unknown;
}

/** Gemini generateContent: POST {base}/models/{model}:generateContent, key in x-goog-api-key. */
const gemini: WireProtocol = {
  name: 'gemini',
  defaultPrefix: '/v1beta',
  matchesPath: (path) => /^\/models\/[^/]+:generateContent$/.test(path),
  modelOf: (path) => /\/models\/([^/:?]+):/.exec(path)?.[1],
  textBody: (reply, model) => {
    const input = reply.inputTokens ?? 10;
    const output = reply.outputTokens ?? 5;
    return {
      candidates: [
        {
          content: { role: 'model', parts: [{ text: reply.text }] },
          finishReason: reply.finishReason ?? 'STOP',
          index: 0,
        },
      ],
      usageMetadata: {
        promptTokenCount: input,
        candidatesTokenCount: output,
        totalTokenCount: input + output,
      },
      modelVersion: model,
      responseId: 'fake-gemini-response',
    };
  },
  errorBody: (status, message) => ({
    error: { code: status, message, status: googleStatusWord(status) },
  }),
};

/** Anthropic messages: POST {base}/messages, key in x-api-key, anthropic-version header. */
const anthropic: WireProtocol = {
  name: 'anthropic',
  defaultPrefix: '/v1',
  matchesPath: (path) => path === '/messages',
  modelOf: (_path, body) => (typeof body?.model === 'string' ? body.model : undefined),
  textBody: (reply, model) => ({
    type: 'message',
    id: 'msg_fake',
    role: 'assistant',
    model,
    content: [{ type: 'text', text: reply.text }],
    stop_reason: reply.finishReason ?? 'end_turn',
    stop_sequence: null,
    usage: { input_tokens: reply.inputTokens ?? 10, output_tokens: reply.outputTokens ?? 5 },
  }),
  errorBody: (status, message) => ({
    type: 'error',
    error: { type: anthropicErrorType(status), message },
  }),
};

/** OpenAI-compatible chat completions (Groq, OpenRouter): POST {base}/chat/completions, Bearer key. */
const openai: WireProtocol = {
  name: 'openai',
  defaultPrefix: '/openai/v1',
  matchesPath: (path) => path === '/chat/completions',
  modelOf: (_path, body) => (typeof body?.model === 'string' ? body.model : undefined),
  textBody: (reply, model) => {
    const input = reply.inputTokens ?? 10;
    const output = reply.outputTokens ?? 5;
    return {
      id: 'chatcmpl-fake',
      object: 'chat.completion',
      created: 1_700_000_000,
      model,
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content: reply.text },
          finish_reason: reply.finishReason ?? 'stop',
        },
      ],
      usage: { prompt_tokens: input, completion_tokens: output, total_tokens: input + output },
    };
  },
  errorBody: (status, message) => ({
    error: { message, type: openAiErrorType(status), code: status },
  }),
};

export const PROTOCOLS: Readonly<Record<WireProtocolName, WireProtocol>> = {
  gemini,
  anthropic,
  openai,
};

function googleStatusWord(status: number): string {
  const words: Record<number, string> = {
    400: 'INVALID_ARGUMENT',
    401: 'UNAUTHENTICATED',
    403: 'PERMISSION_DENIED',
    404: 'NOT_FOUND',
    429: 'RESOURCE_EXHAUSTED',
    500: 'INTERNAL',
    503: 'UNAVAILABLE',
    504: 'DEADLINE_EXCEEDED',
  };
  return words[status] ?? 'UNKNOWN';
}

function anthropicErrorType(status: number): string {
  const types: Record<number, string> = {
    400: 'invalid_request_error',
    401: 'authentication_error',
    403: 'permission_error',
    404: 'not_found_error',
    413: 'request_too_large',
    429: 'rate_limit_error',
    529: 'overloaded_error',
  };
  return types[status] ?? 'api_error';
}

function openAiErrorType(status: number): string {
  if (status === 401) return 'invalid_api_key';
  if (status === 429) return 'rate_limit_exceeded';
  if (status >= 500) return 'server_error';
  return 'invalid_request_error';
}
