// Typed failures of the providers module. Statuses live in http/errors.ts; messages name the
// provider, the model or the field at fault and say what to do. No message ever carries a key.

/** A provider id that is not one of gemini, anthropic, groq, openrouter. */
export class UnknownProviderError extends Error {
  constructor(
    readonly provider: string,
    readonly field = 'provider',
  ) {
    super(
      `Unknown provider: ${JSON.stringify(provider)} (${field}). Use one of gemini, anthropic, groq, openrouter.`,
    );
    this.name = 'UnknownProviderError';
  }
}

export class EmptyApiKeyError extends Error {
  constructor(readonly provider: string) {
    super(`API key is empty (api_key). Paste the ${provider} API key you want Gridbook to use.`);
    this.name = 'EmptyApiKeyError';
  }
}

/** The vendor SDK refused to build a client from the key (no network call is made). */
export class ProviderInitError extends Error {
  constructor(
    readonly provider: string,
    reason: string,
  ) {
    super(`Could not initialize ${provider}: ${reason}`);
    this.name = 'ProviderInitError';
  }
}

/** No provider has a key, so no model can answer. */
export class NoProviderConfiguredError extends Error {
  constructor() {
    super(
      'No LLM provider is configured. Add an API key in Settings (POST /settings/keys/save with provider gemini, anthropic, groq or openrouter) ' +
        'or set GEMINI_API_KEY, ANTHROPIC_API_KEY, GROQ_API_KEY or OPENROUTER_API_KEY before starting the server.',
    );
    this.name = 'NoProviderConfiguredError';
  }
}

/** The key file exists but cannot be read as {"<provider>": "<key>"}. */
export class KeyFileError extends Error {
  constructor(
    readonly file: string,
    problem: string,
  ) {
    super(
      `The key file ${file} ${problem}. Fix it or delete it and save the keys again in Settings.`,
    );
    this.name = 'KeyFileError';
  }
}

/** Shared shape of the errors a vendor call can end in. */
export abstract class ProviderCallError extends Error {
  constructor(
    readonly provider: string,
    readonly model: string,
    /** The vendor's HTTP status, when it answered. */
    readonly vendorStatus: number | undefined,
    message: string,
  ) {
    super(message);
  }
}

/** The vendor rejected the key (401/403). */
export class ProviderAuthError extends ProviderCallError {
  constructor(
    provider: string,
    model: string,
    vendorStatus: number | undefined,
    vendorMessage: string,
  ) {
    super(
      provider,
      model,
      vendorStatus,
      `${provider} rejected the API key for model ${model} (${describe(vendorStatus, vendorMessage)}). Save a valid ${provider} key in Settings.`,
    );
    this.name = 'ProviderAuthError';
  }
}

/** The vendor said "too many requests" (429) and retries did not get through. */
export class ProviderRateLimitError extends ProviderCallError {
  constructor(
    provider: string,
    model: string,
    vendorStatus: number | undefined,
    vendorMessage: string,
    /** Seconds the vendor asked us to wait (Retry-After), when it said. */
    readonly retryAfterSeconds: number | undefined,
  ) {
    const wait = retryAfterSeconds === undefined ? 'later' : `in ${retryAfterSeconds} s`;
    super(
      provider,
      model,
      vendorStatus,
      `${provider} is rate-limiting requests to model ${model} (${describe(vendorStatus, vendorMessage)}). Try again ${wait} or pick another model.`,
    );
    this.name = 'ProviderRateLimitError';
  }
}

/** The vendor failed or could not be reached (5xx, timeout, connection error) after the retries. */
export class ProviderTransientError extends ProviderCallError {
  constructor(
    provider: string,
    model: string,
    vendorStatus: number | undefined,
    vendorMessage: string,
  ) {
    super(
      provider,
      model,
      vendorStatus,
      `${provider} did not answer for model ${model} (${describe(vendorStatus, vendorMessage)}). Try again shortly or pick another model.`,
    );
    this.name = 'ProviderTransientError';
  }
}

/** The vendor refused the request itself (400/404/413/422: unknown model, prompt too long …). */
export class ProviderBadRequestError extends ProviderCallError {
  constructor(
    provider: string,
    model: string,
    vendorStatus: number | undefined,
    vendorMessage: string,
  ) {
    super(
      provider,
      model,
      vendorStatus,
      `${provider} refused the request for model ${model} (${describe(vendorStatus, vendorMessage)}). Shorten the prompt or pick another model.`,
    );
    this.name = 'ProviderBadRequestError';
  }
}

/** The caller's AbortSignal fired before the vendor answered. */
export class ProviderCallAbortedError extends ProviderCallError {
  constructor(provider: string, model: string, reason: string) {
    super(
      provider,
      model,
      undefined,
      `The request to ${provider} for model ${model} was cancelled before it finished (${reason}).`,
    );
    this.name = 'ProviderCallAbortedError';
  }
}

function describe(status: number | undefined, vendorMessage: string): string {
  const message = vendorMessage.trim().slice(0, 300);
  if (status === undefined) return message === '' ? 'no answer' : message;
  return message === '' ? `HTTP ${status}` : `HTTP ${status}: ${message}`;
}
