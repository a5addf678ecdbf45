// Turns whatever a vendor call threw into one of the typed provider errors, with every known
// key scrubbed from the vendor's text (some vendors echo part or all of a rejected key).
import type { AiSdk } from './ai-sdk.js';
import {
  ProviderAuthError,
  ProviderBadRequestError,
  ProviderCallAbortedError,
  ProviderRateLimitError,
  ProviderTransientError,
  type ProviderCallError,
} from './errors.js';
import { maskKey } from './key-store.js';
import type { ModelEntry } from './model-catalog.js';

/** Statuses a retry may cure: timeouts, conflicts of the vendor's own, server errors, Anthropic's 529 overload. */
const TRANSIENT_STATUSES = new Set([408, 409, 425, 500, 502, 503, 504, 520, 522, 524, 529]);

export function scrubKeys(text: string, keys: readonly string[]): string {
  let scrubbed = text;
  for (const key of keys) {
    if (key.length >= 4) scrubbed = scrubbed.split(key).join(maskKey(key));
  }
  return scrubbed;
}

/** Seconds from a Retry-After header (delta-seconds form only; dates are ignored). */
export function retryAfterSeconds(
  headers: Readonly<Record<string, string>> | undefined,
): number | undefined {
  const raw = headers?.['retry-after'];
  if (raw === undefined || !/^\d+(\.\d+)?$/.test(raw.trim())) return undefined;
  return Number(raw.trim());
}

function abortReason(signal: AbortSignal): string {
  const reason: unknown = signal.reason;
  if (reason instanceof Error) return reason.message || reason.name;
  return typeof reason === 'string' && reason !== '' ? reason : 'aborted by the caller';
}

/** The SDK's error classes; passed in because `ai` is loaded on first use (ai-sdk.ts). */
export type SdkErrors = Pick<AiSdk, 'APICallError' | 'AISDKError'>;

export function classifyProviderError(
  sdk: SdkErrors,
  error: unknown,
  entry: ModelEntry,
  keys: readonly string[],
  signal?: AbortSignal,
): ProviderCallError | undefined {
  const { APICallError, AISDKError } = sdk;
  const { provider, id: model } = entry;
  if (signal?.aborted) return new ProviderCallAbortedError(provider, model, abortReason(signal));
  if (APICallError.isInstance(error)) {
    const status = error.statusCode;
    const message = scrubKeys(error.message, keys);
    if (status === undefined)
      return new ProviderTransientError(provider, model, undefined, message);
    if (status === 401 || status === 403)
      return new ProviderAuthError(provider, model, status, message);
    if (status === 429)
      return new ProviderRateLimitError(
        provider,
        model,
        status,
        message,
        retryAfterSeconds(error.responseHeaders),
      );
    // A 2xx the SDK could not read is an unreadable answer, like a 5xx: worth another try.
    if (status < 400 || status >= 500 || TRANSIENT_STATUSES.has(status))
      return new ProviderTransientError(provider, model, status, message);
    return new ProviderBadRequestError(provider, model, status, message);
  }
  if (error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError')) {
    return new ProviderTransientError(provider, model, undefined, 'the request timed out');
  }
  // Other SDK errors mean the vendor's answer could not be read (bad JSON, no content): a
  // retry may well get a readable one.
  if (AISDKError.isInstance(error))
    return new ProviderTransientError(
      provider,
      model,
      undefined,
      `unreadable answer: ${scrubKeys(error.message, keys)}`,
    );
  return undefined;
}

export function isRetryable(error: ProviderCallError): boolean {
  return error instanceof ProviderTransientError || error instanceof ProviderRateLimitError;
}
