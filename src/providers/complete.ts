// complete(): one text completion from a catalog model through the Vercel AI SDK, with JSON
// output asked for the way each vendor supports it, read-only tools the model may call a bounded
// number of times before it answers, typed errors, a few retries with backoff for transient
// failures and rate limits (sleep is injected so tests never wait), and cancellation through the
// caller's AbortSignal.
import type { ModelMessage, OutputInterface, ToolSet } from 'ai';
import { loadAiSdk, type AiSdk } from './ai-sdk.js';
import { classifyProviderError, isRetryable } from './classify-error.js';
import { ProviderCallAbortedError, type ProviderCallError } from './errors.js';
import type { ModelEntry } from './model-catalog.js';
import type { ProviderId } from './provider-ids.js';
import type { BoundModel } from './provider-registry.js';

export interface ChatMessage {
  readonly role: 'user' | 'assistant';
  readonly content: string;
}

export interface CompletionRequest {
  /** A catalog model id; absent, unknown or of an unconfigured provider → the default model. */
  readonly model?: string | null | undefined;
  readonly system?: string | undefined;
  /** Oldest first; the last one is normally the user's prompt. */
  readonly messages: readonly ChatMessage[];
  /** Ask for one JSON object (the text is still returned as text, unparsed). */
  readonly json?: boolean | undefined;
  readonly signal?: AbortSignal | undefined;
  readonly maxOutputTokens?: number | undefined;
  readonly temperature?: number | undefined;
  /** Tools the model may call before it answers, by name. */
  readonly tools?: Readonly<Record<string, ToolSpec>> | undefined;
  /** The most tool calls one completion may make (default 4); then the model must answer. */
  readonly maxToolCalls?: number | undefined;
}

/** A tool offered to the model: what it does, its input as JSON Schema, and how to run it. */
export interface ToolSpec {
  readonly description: string;
  /** A JSON Schema object describing the input. */
  readonly inputSchema: Readonly<Record<string, unknown>>;
  /** Never throws: a failure is returned as data the model can read. */
  execute(input: unknown): Promise<unknown>;
}

/** One tool call the model made while completing, with what it was told. */
export interface ToolCallRecord {
  readonly tool: string;
  readonly input: unknown;
  readonly output: unknown;
}

export interface CompletionUsage {
  readonly inputTokens: number | undefined;
  readonly outputTokens: number | undefined;
  readonly totalTokens: number | undefined;
}

export interface Completion {
  readonly text: string;
  readonly usage: CompletionUsage;
  /** The AI SDK's word: stop, length, content-filter, tool-calls, error or other. */
  readonly finishReason: string;
  /** The catalog id that answered (the default model when the requested one was not usable). */
  readonly model: string;
  readonly provider: ProviderId;
  /** The tool calls made before the answer, in order (empty without tools). */
  readonly toolCalls: readonly ToolCallRecord[];
}

/** What the agent depends on: anything that can complete a request. */
export interface Completer {
  complete(request: CompletionRequest): Promise<Completion>;
}

export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

export interface RetryPolicy {
  /** Calls in total, the first included. */
  readonly maxAttempts: number;
  readonly baseDelayMs: number;
  /** No single wait is longer; a Retry-After beyond it ends the retries at once. */
  readonly maxDelayMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxAttempts: 3,
  baseDelayMs: 1_000,
  maxDelayMs: 10_000,
};

export interface CompleteOptions {
  readonly retry?: RetryPolicy;
  readonly sleep?: Sleep;
}

/** Resolves a requested model id to a bound SDK model, and knows the keys to scrub from errors. */
export interface ModelSource {
  bindModel(requestedId: string | null | undefined): BoundModel;
  activeKeys(): readonly string[];
}

export const JSON_INSTRUCTION =
  'Answer with exactly one JSON object and nothing else: no prose, no code fences.';

/** JSON response format without a schema, handing back the raw text (the agent's parser accepts prose around the object). */
const rawJsonOutput: OutputInterface<string, string, never> = {
  name: 'json',
  responseFormat: Promise.resolve({ type: 'json' }),
  parseCompleteOutput: async ({ text }) => text,
  parsePartialOutput: async ({ text }) => ({ partial: text }),
  createElementStreamTransform: () => undefined,
};

export const sleepWithSignal: Sleep = (ms, signal) =>
  new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });

function systemPrompt(request: CompletionRequest): string | undefined {
  if (!request.json) return request.system;
  return request.system === undefined || request.system === ''
    ? JSON_INSTRUCTION
    : `${request.system}\n\n${JSON_INSTRUCTION}`;
}

export const DEFAULT_MAX_TOOL_CALLS = 4;

/**
 * The request's tools as AI SDK tools that record each call and stop running once the budget is
 * spent (a model may ask for several calls in one step, so the step count alone is no bound).
 */
function sdkTools(
  sdk: AiSdk,
  tools: Readonly<Record<string, ToolSpec>>,
  maxCalls: number,
  calls: ToolCallRecord[],
): ToolSet {
  // Counted when a call starts: the SDK runs one step's calls concurrently.
  let started = 0;
  const entries = Object.entries(tools).map(([name, spec]) => [
    name,
    sdk.tool({
      description: spec.description,
      inputSchema: sdk.jsonSchema(spec.inputSchema as Parameters<AiSdk['jsonSchema']>[0]),
      execute: async (input: unknown) => {
        const slot = started;
        started += 1;
        const output =
          started > maxCalls
            ? { error: `No tool calls are left in this turn (${maxCalls} used); answer now.` }
            : await spec.execute(input);
        calls[slot] = { tool: name, input, output };
        return output;
      },
    }),
  ]);
  return Object.fromEntries(entries) as ToolSet;
}

/**
 * With tools, a step may end in calls instead of the answer: allow one step per call plus the
 * answer, and take the tools away once the budget is spent so the last step must answer.
 */
function toolSettings(sdk: AiSdk, request: CompletionRequest, calls: ToolCallRecord[]) {
  const tools = request.tools;
  if (tools === undefined || Object.keys(tools).length === 0) return {};
  const maxCalls = request.maxToolCalls ?? DEFAULT_MAX_TOOL_CALLS;
  return {
    tools: sdkTools(sdk, tools, maxCalls, calls),
    stopWhen: sdk.stepCountIs(maxCalls + 1),
    prepareStep: ({ stepNumber }: { stepNumber: number }) =>
      stepNumber >= maxCalls || calls.length >= maxCalls
        ? { toolChoice: 'none' as const }
        : undefined,
  };
}

/**
 * A vendor's JSON response format, when it has one and no tools are offered: Gemini and Groq
 * refuse JSON mode together with function calling, so then the system prompt asks for JSON.
 */
function jsonOutput(bound: BoundModel, request: CompletionRequest) {
  const tools = request.tools !== undefined && Object.keys(request.tools).length > 0;
  return request.json && !tools && bound.jsonMode === 'response-format'
    ? { output: rawJsonOutput }
    : {};
}

async function callOnce(
  sdk: AiSdk,
  bound: BoundModel,
  request: CompletionRequest,
): Promise<Completion> {
  const system = systemPrompt(request);
  const toolCalls: ToolCallRecord[] = [];
  const result = await sdk.generateText({
    model: bound.languageModel,
    ...(system === undefined ? {} : { system }),
    messages: request.messages.map((message): ModelMessage => ({
      role: message.role,
      content: message.content,
    })),
    ...jsonOutput(bound, request),
    ...toolSettings(sdk, request, toolCalls),
    ...(request.maxOutputTokens === undefined ? {} : { maxOutputTokens: request.maxOutputTokens }),
    ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
    ...(request.signal === undefined ? {} : { abortSignal: request.signal }),
    // Retries are ours (typed, bounded, injectable sleep); the SDK's would sleep on the wall clock.
    maxRetries: 0,
  });
  // totalUsage sums every step: each tool round is a model call of its own.
  return {
    text: result.text,
    usage: {
      inputTokens: result.totalUsage.inputTokens,
      outputTokens: result.totalUsage.outputTokens,
      totalTokens: result.totalUsage.totalTokens,
    },
    finishReason: result.finishReason,
    model: bound.entry.id,
    provider: bound.entry.provider,
    toolCalls,
  };
}

function backoffMs(
  policy: RetryPolicy,
  attempt: number,
  error: ProviderCallError,
): number | undefined {
  const asked =
    'retryAfterSeconds' in error && typeof error.retryAfterSeconds === 'number'
      ? error.retryAfterSeconds * 1_000
      : undefined;
  const wait = asked ?? policy.baseDelayMs * 2 ** (attempt - 1);
  if (asked !== undefined && asked > policy.maxDelayMs) return undefined;
  return Math.min(wait, policy.maxDelayMs);
}

async function waitBeforeRetry(
  sleep: Sleep,
  ms: number,
  entry: ModelEntry,
  signal: AbortSignal | undefined,
): Promise<void> {
  try {
    await sleep(ms, signal);
  } catch (error) {
    if (signal?.aborted)
      throw new ProviderCallAbortedError(
        entry.provider,
        entry.id,
        'cancelled while waiting to retry',
      );
    throw error;
  }
}

/** Resolves the model, calls it, and retries transient failures and rate limits. */
export async function complete(
  source: ModelSource,
  request: CompletionRequest,
  options: CompleteOptions = {},
): Promise<Completion> {
  const bound = source.bindModel(request.model);
  const policy = options.retry ?? DEFAULT_RETRY_POLICY;
  const sleep = options.sleep ?? sleepWithSignal;
  const sdk = await loadAiSdk();
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await callOnce(sdk, bound, request);
    } catch (error) {
      const classified = classifyProviderError(
        sdk,
        error,
        bound.entry,
        source.activeKeys(),
        request.signal,
      );
      if (classified === undefined) throw error;
      const wait =
        isRetryable(classified) && attempt < policy.maxAttempts
          ? backoffMs(policy, attempt, classified)
          : undefined;
      if (wait === undefined) throw classified;
      await waitBeforeRetry(sleep, wait, bound.entry, request.signal);
    }
  }
}
