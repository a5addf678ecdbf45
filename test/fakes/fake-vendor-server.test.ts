// The fakes themselves: what a test can rely on when scripting them.
import { afterEach, describe, expect, it } from 'vitest';
import { FakeVendorServer } from './index.js';

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
