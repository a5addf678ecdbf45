// The three wire protocols the fakes speak, reduced to what the AI SDK providers send and parse
// for a non-streaming call answering text or tool calls (shapes checked against the SDK response
// schemas in node_modules/@ai-sdk/{google,anthropic,groq} and @openrouter/ai-sdk-provider), and
// the readers of the tools and tool results the SDKs put in their requests.
import type { IdentifiedToolCallsReply, TextReply } from './fake-vendor-server.js';

export type WireProtocolName = 'gemini' | 'anthropic' | 'openai';

export interface WireProtocol {
  readonly name: WireProtocolName;
  /** The version path the vendor's default base URL ends with. */
  readonly defaultPrefix: string;
  /** Whether a path (below the prefix) is this protocol's text-generation endpoint. */
  matchesPath(pathBelowPrefix: string): boolean;
  modelOf(path: string, body: any): string | undefined;
  textBody(reply: TextReply, model: string): unknown;
  toolCallsBody(reply: IdentifiedToolCallsReply, model: string): unknown;
  errorBody(status: number, message: string): unknown;
  /** Names of the tools a request body declares. */
  toolsOffered(body: any): string[];
  /** The tool results a request body carries back to the model. */
  toolResults(body: any): SentToolResult[];
}

/** A tool result as an SDK sent it back to the model; JSON text is parsed. */
export interface SentToolResult {
  /** Absent when neither the result nor the call it answers names the tool. */
  readonly name?: string;
  /** Absent when the SDK sent no id. */
  readonly id?: string;
  readonly output: unknown;
}

interface Tokens {
  readonly inputTokens?: number;
  readonly outputTokens?: number;
}

// Gemini 3 signs the first function call of a turn and wants the signature replayed; without one
// the SDK warns and sends a skip sentinel when it replays the call to a Gemini 3 model.
const FAKE_THOUGHT_SIGNATURE = Buffer.from('fake-thought-signature').toString('base64');

/** Gemini generateContent: POST {base}/models/{model}:generateContent, key in x-goog-api-key. */
const gemini: WireProtocol = {
  name: 'gemini',
  defaultPrefix: '/v1beta',
  matchesPath: (path) => /^\/models\/[^/]+:generateContent$/.test(path),
  modelOf: (path) => /\/models\/([^/:?]+):/.exec(path)?.[1],
  textBody: (reply, model) =>
    geminiResponse([{ text: reply.text }], reply.finishReason ?? 'STOP', reply, model),
  // Gemini ends a function-calling turn with STOP; the SDK tells tool calls from the parts.
  toolCallsBody: (reply, model) =>
    geminiResponse(
      [
        ...textParts(reply.text),
        ...reply.calls.map((call, index) => ({
          functionCall: { name: call.name, args: call.input },
          ...(index === 0 ? { thoughtSignature: FAKE_THOUGHT_SIGNATURE } : {}),
        })),
      ],
      'STOP',
      reply,
      model,
    ),
  errorBody: (status, message) => ({
    error: { code: status, message, status: googleStatusWord(status) },
  }),
  toolsOffered: (body) =>
    arrayOf(body?.tools)
      .flatMap((tool) => arrayOf(tool?.functionDeclarations))
      .map((declaration) => declaration?.name)
      .filter(isString),
  toolResults: (body) =>
    arrayOf(body?.contents)
      .flatMap((content) => arrayOf(content?.parts))
      .map((part) => part?.functionResponse)
      .filter((response) => response != null)
      .map((response) =>
        sentToolResult(
          response.name,
          response.id,
          geminiToolOutput(response.name, response.response),
        ),
      ),
};

function geminiResponse(parts: unknown[], finishReason: string, tokens: Tokens, model: string) {
  const { input, output } = tokenCounts(tokens);
  return {
    candidates: [{ content: { role: 'model', parts }, finishReason, index: 0 }],
    usageMetadata: {
      promptTokenCount: input,
      candidatesTokenCount: output,
      totalTokenCount: input + output,
    },
    modelVersion: model,
    responseId: 'fake-gemini-response',
  };
}

/**
 * The AI SDK wraps a tool's output as {name, content} in Gemini's free-form response object;
 * unwrapping it lets a test compare with what the tool returned, as for the other protocols.
 */
function geminiToolOutput(name: unknown, response: any): unknown {
  const isSdkWrapper =
    response != null &&
    typeof response === 'object' &&
    response.name === name &&
    'content' in response &&
    Object.keys(response).length === 2;
  return isSdkWrapper ? parsedIfJson(response.content) : response;
}

/** Anthropic messages: POST {base}/messages, key in x-api-key, anthropic-version header. */
const anthropic: WireProtocol = {
  name: 'anthropic',
  defaultPrefix: '/v1',
  matchesPath: (path) => path === '/messages',
  modelOf: (_path, body) => (typeof body?.model === 'string' ? body.model : undefined),
  textBody: (reply, model) =>
    anthropicMessage(
      [{ type: 'text', text: reply.text }],
      reply.finishReason ?? 'end_turn',
      reply,
      model,
    ),
  toolCallsBody: (reply, model) =>
    anthropicMessage(
      [
        ...textBlocks(reply.text),
        ...reply.calls.map((call) => ({
          type: 'tool_use',
          id: call.id,
          name: call.name,
          input: call.input,
        })),
      ],
      'tool_use',
      reply,
      model,
    ),
  errorBody: (status, message) => ({
    type: 'error',
    error: { type: anthropicErrorType(status), message },
  }),
  toolsOffered: (body) =>
    arrayOf(body?.tools)
      .map((tool) => tool?.name)
      .filter(isString),
  toolResults: (body) => {
    const blocks = arrayOf(body?.messages).flatMap((message) => arrayOf(message?.content));
    // A tool_result names only the call it answers; the tool's name is on that tool_use block.
    const callNames = new Map(
      blocks.filter((block) => block?.type === 'tool_use').map((block) => [block.id, block.name]),
    );
    return blocks
      .filter((block) => block?.type === 'tool_result')
      .map((block) =>
        sentToolResult(
          callNames.get(block.tool_use_id),
          block.tool_use_id,
          textContentOutput(block.content),
        ),
      );
  },
};

function anthropicMessage(content: unknown[], stopReason: string, tokens: Tokens, model: string) {
  const { input, output } = tokenCounts(tokens);
  return {
    type: 'message',
    id: 'msg_fake',
    role: 'assistant',
    model,
    content,
    stop_reason: stopReason,
    stop_sequence: null,
    usage: { input_tokens: input, output_tokens: output },
  };
}

/** OpenAI-compatible chat completions (Groq, OpenRouter): POST {base}/chat/completions, Bearer key. */
const openai: WireProtocol = {
  name: 'openai',
  defaultPrefix: '/openai/v1',
  matchesPath: (path) => path === '/chat/completions',
  modelOf: (_path, body) => (typeof body?.model === 'string' ? body.model : undefined),
  textBody: (reply, model) =>
    chatCompletion(
      { role: 'assistant', content: reply.text },
      reply.finishReason ?? 'stop',
      reply,
      model,
    ),
  toolCallsBody: (reply, model) =>
    chatCompletion(
      {
        role: 'assistant',
        content: reply.text ?? null,
        tool_calls: reply.calls.map((call) => ({
          id: call.id,
          type: 'function',
          function: { name: call.name, arguments: JSON.stringify(call.input) },
        })),
      },
      'tool_calls',
      reply,
      model,
    ),
  errorBody: (status, message) => ({
    error: { message, type: openAiErrorType(status), code: status },
  }),
  toolsOffered: (body) =>
    arrayOf(body?.tools)
      .map((tool) => tool?.function?.name)
      .filter(isString),
  toolResults: (body) => {
    const messages = arrayOf(body?.messages);
    // Groq's tool messages carry only the call id; the name is on the assistant's tool call.
    const callNames = new Map(
      messages
        .flatMap((message) => arrayOf(message?.tool_calls))
        .map((call) => [call?.id, call?.function?.name]),
    );
    return messages
      .filter((message) => message?.role === 'tool')
      .map((message) =>
        sentToolResult(
          message.name ?? callNames.get(message.tool_call_id),
          message.tool_call_id,
          textContentOutput(message.content),
        ),
      );
  },
};

function chatCompletion(message: unknown, finishReason: string, tokens: Tokens, model: string) {
  const { input, output } = tokenCounts(tokens);
  return {
    id: 'chatcmpl-fake',
    object: 'chat.completion',
    created: 1_700_000_000,
    model,
    choices: [{ index: 0, message, finish_reason: finishReason }],
    usage: { prompt_tokens: input, completion_tokens: output, total_tokens: input + output },
  };
}

export const PROTOCOLS: Readonly<Record<WireProtocolName, WireProtocol>> = {
  gemini,
  anthropic,
  openai,
};

function tokenCounts(tokens: Tokens): { input: number; output: number } {
  return { input: tokens.inputTokens ?? 10, output: tokens.outputTokens ?? 5 };
}

function textParts(text: string | undefined): { text: string }[] {
  return text === undefined || text === '' ? [] : [{ text }];
}

function textBlocks(text: string | undefined): { type: 'text'; text: string }[] {
  return textParts(text).map((part) => ({ type: 'text', ...part }));
}

function sentToolResult(name: unknown, id: unknown, output: unknown): SentToolResult {
  return {
    ...(isString(name) ? { name } : {}),
    ...(isString(id) ? { id } : {}),
    output,
  };
}

/** Tool result content is a string or a list of content blocks; text blocks read as one string. */
function textContentOutput(content: unknown): unknown {
  if (!Array.isArray(content)) return parsedIfJson(content);
  const allText = content.every((block) => block?.type === 'text' && isString(block.text));
  return allText ? parsedIfJson(content.map((block) => block.text).join('')) : content;
}

function parsedIfJson(value: unknown): unknown {
  if (!isString(value)) return value;
  try {
    return JSON.parse(value);
  } catch {
    return value; // plain text, not JSON: the output is the text itself
  }
}

function arrayOf(value: unknown): any[] {
  return Array.isArray(value) ? value : [];
}

function isString(value: unknown): value is string {
  return typeof value === 'string';
}

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
