// How complete() fails: vendor errors become typed errors naming provider and model, only
// transient failures and rate limits are retried (with an injected sleep, so no waiting), an
// abort cancels the in-flight request, and no error text carries a key.
import { beforeEach, describe, expect, it } from 'vitest';
import {
  MemoryKeyStore,
  NoProviderConfiguredError,
  ProviderAuthError,
  ProviderBadRequestError,
  ProviderCallAbortedError,
  ProviderRateLimitError,
  ProviderService,
  ProviderTransientError,
  type ProviderId,
  type Sleep,
} from '../../src/providers/index.js';
import { useFakeProviders } from '../fakes/index.js';

const GROQ_KEY = 'gsk_FAKE-groq-secret-0003';
const ANTHROPIC_KEY = 'sk-ant-FAKE-anthropic-secret-0002';
const prompt = { messages: [{ role: 'user' as const, content: 'Fill A1' }] };

const fakes = useFakeProviders();
let sleeps: number[];
const recordSleep: Sleep = async (ms) => {
  sleeps.push(ms);
};

function service(
  keys: Partial<Record<ProviderId, string>>,
  sleep: Sleep = recordSleep,
): Promise<ProviderService> {
  return ProviderService.open({
    keyStore: new MemoryKeyStore(keys),
    baseUrls: fakes.baseUrls,
    sleep,
    retry: { maxAttempts: 3, baseDelayMs: 100, maxDelayMs: 1_000 },
  });
}

beforeEach(() => {
  sleeps = [];
});

describe('error classification', () => {
  it('[LLM-1] a 401 from the vendor is a ProviderAuthError naming provider and model, not retried', async () => {
    const providers = await service({ anthropic: ANTHROPIC_KEY });
    fakes.anthropic.replyError(401, 'invalid x-api-key');
    const error = await providers
      .complete({ model: 'claude-sonnet-4-6', ...prompt })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ProviderAuthError);
    expect(error).toMatchObject({
      provider: 'anthropic',
      model: 'claude-sonnet-4-6',
      vendorStatus: 401,
    });
    expect((error as Error).message).toMatch(
      /anthropic rejected the API key for model claude-sonnet-4-6.*invalid x-api-key.*Save a valid anthropic key/,
    );
    expect(fakes.anthropic.requests).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it('a 403 is an auth error too', async () => {
    const providers = await service({ gemini: 'AIzaFAKE-gemini' });
    fakes.gemini.replyError(403, 'API key not valid');
    await expect(providers.complete({ model: 'gemini-2.5-pro', ...prompt })).rejects.toBeInstanceOf(
      ProviderAuthError,
    );
  });

  it('[LLM-2] a 429 is retried with backoff, then reported as ProviderRateLimitError with Retry-After', async () => {
    const providers = await service({ groq: GROQ_KEY });
    fakes.groq
      .replyError(429, 'rate limit reached', { 'retry-after': '0.5' })
      .replyError(429, 'again', { 'retry-after': '0.5' })
      .replyError(429, 'still', { 'retry-after': '0.5' });
    const error = await providers
      .complete({ model: 'openai/gpt-oss-20b', ...prompt })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ProviderRateLimitError);
    expect(error).toMatchObject({
      provider: 'groq',
      model: 'openai/gpt-oss-20b',
      retryAfterSeconds: 0.5,
    });
    expect(fakes.groq.requests).toHaveLength(3);
    expect(sleeps).toEqual([500, 500]);
  });

  it('a Retry-After longer than the longest wait ends the retries at once', async () => {
    const providers = await service({ groq: GROQ_KEY });
    fakes.groq.replyError(429, 'come back in a minute', { 'retry-after': '60' });
    await expect(
      providers.complete({ model: 'openai/gpt-oss-20b', ...prompt }),
    ).rejects.toMatchObject({ name: 'ProviderRateLimitError', retryAfterSeconds: 60 });
    expect(fakes.groq.requests).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it('[LLM-2] a 503 then a success: retried after an exponential wait and answers', async () => {
    const providers = await service({ openrouter: 'sk-or-FAKE-0004' });
    fakes.openrouter
      .replyError(503, 'upstream busy')
      .replyError(502, 'bad gateway')
      .replyText('done');
    const result = await providers.complete({ model: 'openrouter/free', ...prompt });
    expect(result.text).toBe('done');
    expect(sleeps).toEqual([100, 200]);
  });

  it("Anthropic's 529 overload is transient; after the last attempt it is a ProviderTransientError", async () => {
    const providers = await service({ anthropic: ANTHROPIC_KEY });
    fakes.anthropic
      .replyError(529, 'Overloaded')
      .replyError(529, 'Overloaded')
      .replyError(529, 'Overloaded');
    const error = await providers
      .complete({ model: 'claude-haiku-4-5-20251001', ...prompt })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ProviderTransientError);
    expect(error).toMatchObject({ vendorStatus: 529 });
    expect(fakes.anthropic.requests).toHaveLength(3);
  });

  it('[LLM-1] a 400 (for example an unknown model or too long a prompt) is a ProviderBadRequestError, not retried', async () => {
    const providers = await service({ gemini: 'AIzaFAKE-gemini' });
    fakes.gemini.replyError(400, 'The input token count exceeds the maximum');
    const error = await providers
      .complete({ model: 'gemini-2.5-flash', ...prompt })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ProviderBadRequestError);
    expect((error as Error).message).toContain('input token count exceeds');
    expect(fakes.gemini.requests).toHaveLength(1);
  });

  it('an unreadable 200 answer is transient and retried', async () => {
    const providers = await service({ groq: GROQ_KEY });
    fakes.groq
      .enqueue({ kind: 'raw', status: 200, body: '<html>proxy error</html>' })
      .replyText('fine');
    const result = await providers.complete({ model: 'openai/gpt-oss-20b', ...prompt });
    expect(result.text).toBe('fine');
    expect(fakes.groq.requests).toHaveLength(2);
  });

  it('a vendor that cannot be reached is a ProviderTransientError', async () => {
    const unreachable = await ProviderService.open({
      keyStore: new MemoryKeyStore({ groq: GROQ_KEY }),
      baseUrls: { groq: 'http://127.0.0.1:1/openai/v1' },
      sleep: recordSleep,
      retry: { maxAttempts: 2, baseDelayMs: 10, maxDelayMs: 10 },
    });
    const error = await unreachable
      .complete({ model: 'openai/gpt-oss-20b', ...prompt })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ProviderTransientError);
    expect(error).toMatchObject({ vendorStatus: undefined, provider: 'groq' });
    expect(sleeps).toEqual([10]);
  });

  it('[LLM-4] a vendor error that echoes the key is scrubbed to its masked form', async () => {
    const providers = await service({ groq: GROQ_KEY });
    fakes.groq.replyError(401, `Invalid API Key: ${GROQ_KEY}`);
    const error = (await providers
      .complete({ model: 'openai/gpt-oss-20b', ...prompt })
      .catch((caught: unknown) => caught)) as Error;
    expect(error).toBeInstanceOf(ProviderAuthError);
    expect(error.message).not.toContain(GROQ_KEY);
    expect(error.message).toContain('••••0003');
    expect(JSON.stringify(error)).not.toContain(GROQ_KEY);
  });

  it('[MODEL-4] with no provider configured, complete() throws NoProviderConfiguredError naming what to configure and calls nobody', async () => {
    const providers = await service({});
    const error = await providers
      .complete({ model: 'gemini-2.5-flash', ...prompt })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(NoProviderConfiguredError);
    expect((error as Error).message).toMatch(/POST \/settings\/keys\/save.*GEMINI_API_KEY/);
    expect(fakes.gemini.requests).toHaveLength(0);
  });
});

describe('cancellation', () => {
  it('[LLM-3] aborting the signal cancels the in-flight request and throws ProviderCallAbortedError', async () => {
    const providers = await service({ openrouter: 'sk-or-FAKE-0004' });
    fakes.openrouter.enqueue({ kind: 'hang' });
    const controller = new AbortController();
    const pending = providers
      .complete({ model: 'openrouter/free', ...prompt, signal: controller.signal })
      .catch((caught: unknown) => caught);
    const arrived = await fakes.openrouter.nextRequest();
    controller.abort(new Error('client went away'));
    const error = await pending;
    expect(error).toBeInstanceOf(ProviderCallAbortedError);
    expect((error as Error).message).toContain('client went away');
    await expect.poll(() => arrived.closedEarly(), { interval: 5, timeout: 2_000 }).toBe(true);
    expect(fakes.openrouter.requests).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it('an abort during the wait before a retry stops without another request', async () => {
    const controller = new AbortController();
    const abortingSleep: Sleep = async (_ms, signal) => {
      controller.abort();
      throw signal?.reason;
    };
    const providers = await service({ groq: GROQ_KEY }, abortingSleep);
    fakes.groq.replyError(503, 'busy').replyText('never sent');
    await expect(
      providers.complete({ model: 'openai/gpt-oss-20b', ...prompt, signal: controller.signal }),
    ).rejects.toBeInstanceOf(ProviderCallAbortedError);
    expect(fakes.groq.requests).toHaveLength(1);
  });
});
