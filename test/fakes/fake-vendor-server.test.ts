// The fakes themselves: what a test can rely on when scripting them, and that the real AI SDK
// providers understand what they answer.
import { createAnthropic } from '@ai-sdk/anthropic';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createGroq } from '@ai-sdk/groq';
import { createOpenRouter } from '@openrouter/ai-sdk-provider';
import { generateText, jsonSchema, stepCountIs, tool, type LanguageModel } from 'ai';
import { afterEach, describe, expect, it } from 'vitest';
import {
  FakeVendorServer,
  toolResults,
  toolsOffered,
  useFakeProviders,
  type FakeProviderId,
} from './index.js';

let server: FakeVendorServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function post(url: string, body: unknown): Promise<{ status: number; json: any }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: await response.json() };
}

describe('FakeVendorServer', () => {
  it('answers queued replies in order and captures each request', async () => {
    server = await FakeVendorServer.start({ protocol: 'openai', pathPrefix: '/openai/v1' });
    server.replyText('first').replyError(429, 'slow down', { 'retry-after': '3' });
    const one = await post(`${server.baseUrl}/chat/completions`, { model: 'm1', messages: [] });
    const two = await fetch(`${server.baseUrl}/chat/completions`, {
      method: 'POST',
      body: JSON.stringify({ model: 'm2' }),
    });
    expect(one.json.choices[0].message.content).toBe('first');
    expect(two.status).toBe(429);
    expect(two.headers.get('retry-after')).toBe('3');
    expect(server.requests.map((request) => request.model)).toEqual(['m1', 'm2']);
    expect(server.pendingReplies).toBe(0);
  });

  it('an unscripted request gets a 500 saying so; a default reply replaces that', async () => {
    server = await FakeVendorServer.start({ protocol: 'anthropic' });
    const unscripted = await post(`${server.baseUrl}/messages`, { model: 'claude' });
    expect(unscripted.status).toBe(500);
    expect(unscripted.json.error.message).toContain('no reply scripted');
    server.setDefaultReply({ kind: 'text', text: 'always' });
    const defaulted = await post(`${server.baseUrl}/messages`, { model: 'claude' });
    expect(defaulted.json.content[0].text).toBe('always');
  });

  it('a path outside the base path is a 404 naming the expected base path', async () => {
    server = await FakeVendorServer.start({ protocol: 'gemini', pathPrefix: '/v1beta' });
    server.replyText('unused');
    const wrong = await post(
      `${server.baseUrl.replace('/v1beta', '/v1')}/models/g:generateContent`,
      {},
    );
    expect(wrong.status).toBe(404);
    expect(wrong.json.error.message).toContain('/v1beta');
    expect(server.pendingReplies).toBe(1);
    const right = await post(`${server.baseUrl}/models/gemini-x:generateContent`, {});
    expect(right.json.candidates[0].content.parts[0].text).toBe('unused');
    expect(server.requests[1]!.model).toBe('gemini-x');
  });

  it('nextRequest resolves when a request arrives; reset forgets requests and replies', async () => {
    server = await FakeVendorServer.start({ protocol: 'openai' });
    server.replyText('a').replyText('b');
    const arriving = server.nextRequest();
    void post(`${server.baseUrl}/chat/completions`, { model: 'waited' });
    expect((await arriving).model).toBe('waited');
    server.reset();
    expect(server.requests).toEqual([]);
    expect(server.pendingReplies).toBe(0);
  });
});

describe('FakeVendorServer tool-call replies', () => {
  it('calls get call_<n> ids unless scripted with one; counting restarts on reset', async () => {
    server = await FakeVendorServer.start({ protocol: 'openai' });
    server.replyToolCalls(
      [
        { name: 'peek', input: { range: 'A1' } },
        { name: 'peek', input: { range: 'B1' }, id: 'mine' },
        { name: 'poke', input: {} },
      ],
      { text: 'Looking.' },
    );
    const { json } = await post(`${server.baseUrl}/chat/completions`, { model: 'm' });
    const message = json.choices[0].message;
    expect(message.content).toBe('Looking.');
    expect(message.tool_calls.map((call: { id: string }) => call.id)).toEqual([
      'call_1',
      'mine',
      'call_2',
    ]);
    expect(JSON.parse(message.tool_calls[0].function.arguments)).toEqual({ range: 'A1' });
    expect(json.choices[0].finish_reason).toBe('tool_calls');

    server.reset();
    server.replyToolCalls([{ name: 'peek', input: {} }]);
    const again = await post(`${server.baseUrl}/chat/completions`, { model: 'm' });
    expect(again.json.choices[0].message.tool_calls[0].id).toBe('call_1');
    expect(again.json.choices[0].message.content).toBeNull();
  });
});

const API_KEY = 'test-key-0001';

/** Each vendor's AI SDK model on its fake, built the way src/providers/vendors does. */
const MODEL_ON_FAKE: Readonly<Record<FakeProviderId, (baseURL: string) => LanguageModel>> = {
  gemini: (baseURL) =>
    createGoogleGenerativeAI({ apiKey: API_KEY, baseURL })('gemini-3.1-flash-lite-preview'),
  anthropic: (baseURL) =>
    createAnthropic({ apiKey: API_KEY, baseURL })('claude-haiku-4-5-20251001'),
  groq: (baseURL) => createGroq({ apiKey: API_KEY, baseURL })('openai/gpt-oss-120b'),
  openrouter: (baseURL) => createOpenRouter({ apiKey: API_KEY, baseURL }).chat('openai/gpt-5-mini'),
};

describe('the AI SDK providers on the fakes: a tool round trip', () => {
  const fakes = useFakeProviders();
  const PEEKED = {
    range: 'A1:B2',
    values: [
      [1, 2],
      [3, 4],
    ],
  };
  const ANSWER = '{"values":[[1]]}';

  it.each(Object.keys(MODEL_ON_FAKE) as FakeProviderId[])(
    '%s: a scripted tool call reaches the tool and its result goes back to the model',
    async (id) => {
      const fake = fakes[id];
      fake.replyToolCalls([{ name: 'peek', input: { range: 'A1:B2' } }], {
        inputTokens: 20,
        outputTokens: 7,
      });
      fake.replyText(ANSWER, { inputTokens: 40, outputTokens: 3 });
      const toolInputs: unknown[] = [];

      const result = await generateText({
        model: MODEL_ON_FAKE[id](fake.baseUrl),
        prompt: 'What is in A1:B2?',
        tools: {
          peek: tool({
            description: 'Read the values of a range',
            inputSchema: jsonSchema<{ range: string }>({
              type: 'object',
              properties: { range: { type: 'string' } },
              required: ['range'],
            }),
            execute: async (input) => {
              toolInputs.push(input);
              return PEEKED;
            },
          }),
        },
        stopWhen: stepCountIs(3),
        maxRetries: 0,
      });

      expect(toolInputs).toEqual([{ range: 'A1:B2' }]);
      expect(result.text).toBe(ANSWER);
      expect(result.steps).toHaveLength(2);
      expect(result.steps[0]!.finishReason).toBe('tool-calls');
      const [offering, answering] = fake.requests;
      expect(toolsOffered(offering!)).toContain('peek');
      expect(toolResults(answering!)).toEqual([
        { name: 'peek', id: result.steps[0]!.toolCalls[0]!.toolCallId, output: PEEKED },
      ]);
      expect(result.totalUsage.totalTokens).toBe(20 + 7 + 40 + 3);
    },
  );
});
