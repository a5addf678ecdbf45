// complete() through the real AI SDK providers against the fake vendor servers.
import { beforeEach, describe, expect, it } from 'vitest';
import {
  JSON_INSTRUCTION,
  MemoryKeyStore,
  ProviderService,
  type ProviderId,
  type Sleep,
} from '../../src/providers/index.js';
import { useFakeProviders } from '../fakes/index.js';

const KEYS: Record<ProviderId, string> = {
  gemini: 'AIzaFAKE-gemini-key-0001',
  anthropic: 'sk-ant-FAKE-anthropic-key-0002',
  groq: 'gsk_FAKE-groq-key-0003',
  openrouter: 'sk-or-v1-FAKE-openrouter-key-0004',
};

const fakes = useFakeProviders();
let sleeps: number[];
const recordSleep: Sleep = async (ms) => {
  sleeps.push(ms);
};

async function serviceWith(keys: Partial<Record<ProviderId, string>>): Promise<ProviderService> {
  return ProviderService.open({
    keyStore: new MemoryKeyStore(keys),
    baseUrls: fakes.baseUrls,
    sleep: recordSleep,
  });
}

beforeEach(() => {
  sleeps = [];
});

describe('complete() round trip per provider, through the real SDKs', () => {
  const cases: Array<{
    provider: ProviderId;
    model: string;
    authHeader: (h: Record<string, unknown>) => unknown;
    path: RegExp;
  }> = [
    {
      provider: 'gemini',
      model: 'gemini-2.5-flash',
      authHeader: (h) => h['x-goog-api-key'],
      path: /^\/v1beta\/models\/gemini-2\.5-flash:generateContent$/,
    },
    {
      provider: 'anthropic',
      model: 'claude-sonnet-4-6',
      authHeader: (h) => h['x-api-key'],
      path: /^\/v1\/messages$/,
    },
    {
      provider: 'groq',
      model: 'qwen/qwen3-32b',
      authHeader: (h) => h['authorization'],
      path: /^\/openai\/v1\/chat\/completions$/,
    },
    {
      provider: 'openrouter',
      model: 'meta-llama/llama-3.3-70b-instruct:free',
      authHeader: (h) => h['authorization'],
      path: /^\/api\/v1\/chat\/completions$/,
    },
  ];

  for (const { provider, model, authHeader, path } of cases) {
    it(`${provider}: sends the key, model, system and messages to the base URL override and returns text, usage and finish reason`, async () => {
      const service = await serviceWith({ [provider]: KEYS[provider] });
      fakes[provider].replyText('{"ok": true}', { inputTokens: 21, outputTokens: 7 });

      const result = await service.complete({
        model,
        system: 'You fill spreadsheets.',
        messages: [
          { role: 'user', content: 'first' },
          { role: 'assistant', content: 'noted' },
          { role: 'user', content: 'Sum column B' },
        ],
        json: true,
      });

      expect(result).toEqual({
        text: '{"ok": true}',
        usage: { inputTokens: 21, outputTokens: 7, totalTokens: 28 },
        finishReason: 'stop',
        model,
        provider,
        toolCalls: [],
      });
      const request = fakes[provider].requests[0]!;
      expect(request.path).toMatch(path);
      expect(request.model).toBe(model);
      expect(String(authHeader(request.headers))).toContain(KEYS[provider]);
      expect(JSON.stringify(request.body)).toContain('Sum column B');
      expect(JSON.stringify(request.body)).toContain('You fill spreadsheets.');
    });
  }
});

describe('JSON output is asked for the way each vendor supports it', () => {
  it('gemini: generationConfig.responseMimeType is application/json', async () => {
    const service = await serviceWith({ gemini: KEYS.gemini });
    fakes.gemini.replyText('{}');
    await service.complete({
      model: 'gemini-2.5-flash',
      messages: [{ role: 'user', content: 'hi' }],
      json: true,
    });
    expect(fakes.gemini.requests[0]!.body.generationConfig.responseMimeType).toBe(
      'application/json',
    );
  });

  it('groq and openrouter: response_format is json_object', async () => {
    const service = await serviceWith({ groq: KEYS.groq, openrouter: KEYS.openrouter });
    fakes.groq.replyText('{}');
    fakes.openrouter.replyText('{}');
    await service.complete({
      model: 'openai/gpt-oss-20b',
      messages: [{ role: 'user', content: 'hi' }],
      json: true,
    });
    await service.complete({
      model: 'openrouter/free',
      messages: [{ role: 'user', content: 'hi' }],
      json: true,
    });
    expect(fakes.groq.requests[0]!.body.response_format).toEqual({ type: 'json_object' });
    expect(fakes.openrouter.requests[0]!.body.response_format).toEqual({ type: 'json_object' });
  });

  it('anthropic: no JSON mode, the system prompt carries the instruction', async () => {
    const service = await serviceWith({ anthropic: KEYS.anthropic });
    fakes.anthropic.replyText('{}');
    await service.complete({
      model: 'claude-haiku-4-5-20251001',
      system: 'Be brief.',
      messages: [{ role: 'user', content: 'hi' }],
      json: true,
    });
    const body = fakes.anthropic.requests[0]!.body;
    expect(JSON.stringify(body.system)).toContain(JSON_INSTRUCTION);
    expect(JSON.stringify(body.system)).toContain('Be brief.');
  });

  it('without json the text comes back as sent, prose included, and no JSON format is requested', async () => {
    const service = await serviceWith({ groq: KEYS.groq });
    fakes.groq.replyText('Here you go: {"a": 1}');
    const result = await service.complete({
      model: 'openai/gpt-oss-20b',
      messages: [{ role: 'user', content: 'hi' }],
    });
    expect(result.text).toBe('Here you go: {"a": 1}');
    expect(fakes.groq.requests[0]!.body.response_format).toBeUndefined();
  });

  it('json: true still returns prose around the object unparsed (the agent parser extracts it)', async () => {
    const service = await serviceWith({ gemini: KEYS.gemini });
    fakes.gemini.replyText('```json\n{"a": 1}\n```');
    const result = await service.complete({
      model: 'gemini-2.5-flash',
      messages: [{ role: 'user', content: 'hi' }],
      json: true,
    });
    expect(result.text).toBe('```json\n{"a": 1}\n```');
  });
});

describe('I/O seam', () => {
  it('every SDK request goes through the injected fetch', async () => {
    const seen: string[] = [];
    const countingFetch: typeof fetch = async (input, init) => {
      seen.push(String(input instanceof Request ? input.url : input));
      return fetch(input, init);
    };
    const service = await ProviderService.open({
      keyStore: new MemoryKeyStore({ anthropic: KEYS.anthropic }),
      baseUrls: fakes.baseUrls,
      fetch: countingFetch,
    });
    fakes.anthropic.replyText('hi');
    await service.complete({ messages: [{ role: 'user', content: 'hello' }] });
    expect(seen).toEqual([`${fakes.baseUrls.anthropic}/messages`]);
  });

  it('with no model named, the default model of the first configured provider answers', async () => {
    const service = await serviceWith({ groq: KEYS.groq, openrouter: KEYS.openrouter });
    fakes.groq.replyText('ok');
    const result = await service.complete({ messages: [{ role: 'user', content: 'hello' }] });
    expect(result).toMatchObject({ provider: 'groq', model: 'openai/gpt-oss-120b' });
    expect(fakes.groq.requests[0]!.model).toBe('openai/gpt-oss-120b');
  });
});
