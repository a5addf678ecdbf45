// complete(): one text completion from a catalog model through the Vercel AI SDK, with JSON
// output asked for the way each vendor supports it, typed errors, a few retries with backoff
// for transient failures and rate limits (sleep is injected so tests never wait), and
// cancellation through the caller's AbortSignal.
import type { ModelMessage, OutputInterface } from 'ai';
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

async function callOnce(
  sdk: AiSdk,
  bound: BoundModel,
  request: CompletionRequest,
): Promise<Completion> {
  const system = systemPrompt(request);
  const result = await sdk.generateText({
    model: bound.languageModel,
    ...(system === undefined ? {} : { system }),
    messages: request.messages.map((message): ModelMessage => ({
      role: message.role,
      content: message.content,
    })),
    ...(request.json && bound.jsonMode === 'response-format' ? { output: rawJsonOutput } : {}),
    ...(request.maxOutputTokens === undefined ? {} : { maxOutputTokens: request.maxOutputTokens }),
    ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
    ...(request.signal === undefined ? {} : { abortSignal: request.signal }),
    // Retries are ours (typed, bounded, injectable sleep); the SDK's would sleep on the wall clock.
    maxRetries: 0,
  });
  return {
    text: result.text,
    usage: {
      inputTokens: result.usage.inputTokens,
      outputTokens: result.usage.outputTokens,
      totalTokens: result.usage.totalTokens,
    },
    finishReason: result.finishReason,
    model: bound.entry.id,
    provider: bound.entry.provider,
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
