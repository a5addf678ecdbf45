// SaaS provider keys (spec §4 Providers, §3 Provider transitions; docs/design.md §4): each user's
// keys are their own, sealed in the database; the environment's keys reach users only with
// GRIDBOOK_SHARED_PROVIDER_KEYS=1; the agent on a shared workbook calls the model with the
// caller's key. Every response body and log line of this file is checked for full keys.
import { describe, expect, it } from 'vitest';
import type { Api, ApiResponse } from '../support/index.js';
import { startSaasApp, type RunningSaasApp } from '../support/start-saas-app.js';
import { TEST_DATABASE_KIND, useTestDatabaseForFile } from '../support/test-database.js';
import { useFakeProviders } from '../fakes/index.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

const KEYS = {
  ownerGroq: 'gsk_FAKE-owner-groq-key-Q1W2E3',
  editorAnthropic: 'sk-ant-FAKE-editor-anthropic-key-R4T5Y6',
  envGroq: 'gsk_FAKE-operator-env-groq-key-U7I8O9',
};
const ALL_KEYS = Object.values(KEYS);
const simpleReply = { reasoning: 'Adds a total.', target_cell: 'D1', values: [['Total', 1]] };

const fakes = useFakeProviders();
const logLines: string[] = [];
const responseBodies: string[] = [];

useTestDatabaseForFile();

/** The API as `token`, every response body kept for the leak check at the end. */
function recording(client: Api): Api {
  const keep = async <T>(response: Promise<ApiResponse<T>>): Promise<ApiResponse<T>> => {
    const answered = await response;
    responseBodies.push(answered.text);
    return answered;
  };
  return {
    get: (path, query) => keep(client.get(path, query)),
    post: (path, body, query) => keep(client.post(path, body, query)),
    postRaw: (path, text, type) => keep(client.postRaw(path, text, type)),
    request: (method, path, init) => keep(client.request(method, path, init)),
  };
}

async function start(env: Record<string, string> = {}): Promise<RunningSaasApp> {
  return startSaasApp({
    env: { ...fakes.env, GROQ_API_KEY: KEYS.envGroq, ...env },
    logger: { level: 'trace', stream: { write: (line: string) => logLines.push(line) } },
  });
}

async function withServer(
  env: Record<string, string>,
  run: (
    server: RunningSaasApp,
    as: (token: string, headers?: Record<string, string>) => Api,
  ) => Promise<void>,
): Promise<void> {
  const server = await start(env);
  try {
    await run(server, (token, headers) => recording(server.as(token, headers)));
  } finally {
    await server.close();
  }
}

const provider = (response: ApiResponse, id: string) =>
  (response.body.providers as { id: string }[]).find((entry) => entry.id === id);

describe(`SaaS provider keys on ${TEST_DATABASE_KIND}`, () => {
  it("[PROV-SAAS-1] a user's saved key is theirs alone: another user neither sees nor removes it", async () => {
    await withServer({}, async (server, as) => {
      const a = await server.signUp('keys-a@example.com');
      const b = await server.signUp('keys-b@example.com');
      const saved = await as(a.token).post('/settings/keys/save', {
        provider: 'groq',
        api_key: KEYS.ownerGroq,
      });
      expect(saved.status).toBe(200);
      expect(saved.body).toEqual({ status: 'Success', provider: 'groq', configured: true });
      expect(provider(await as(a.token).get('/settings/providers'), 'groq')).toEqual({
        id: 'groq',
        display_name: 'Groq',
        configured: true,
        masked_key: `••••${KEYS.ownerGroq.slice(-4)}`,
        key_source: 'stored',
      });
      expect(provider(await as(b.token).get('/settings/providers'), 'groq')).toMatchObject({
        configured: false,
        masked_key: '',
        key_source: null,
      });
      expect((await as(b.token).get('/models/available')).body.default_model_id).toBeNull();
      expect((await as(a.token).get('/models/available')).body.configured_providers).toEqual([
        'groq',
      ]);
      const removedByB = await as(b.token).request('DELETE', '/settings/keys/groq');
      expect(removedByB.body).toEqual({ status: 'Success', provider: 'groq' });
      expect(provider(await as(a.token).get('/settings/providers'), 'groq')).toMatchObject({
        configured: true,
      });
      const removed = await as(a.token).request('DELETE', '/settings/keys/groq');
      expect(removed.status).toBe(200);
      expect(provider(await as(a.token).get('/settings/providers'), 'groq')).toMatchObject({
        configured: false,
      });
    });
  });

  it('[PROV-SAAS-2] the database row holds ciphertext, not the key', async () => {
    await withServer({}, async (server, as) => {
      const a = await server.signUp('cipher@example.com');
      await as(a.token).post('/settings/keys/save', { provider: 'groq', api_key: KEYS.ownerGroq });
      const { rows } = await server.database.database.query(
        'SELECT * FROM user_provider_keys WHERE user_id = $1',
        [a.userId],
      );
      expect(rows).toHaveLength(1);
      expect(JSON.stringify(rows)).not.toContain(KEYS.ownerGroq);
      expect(rows[0]).toMatchObject({ provider: 'groq', key_id: expect.stringMatching(/^v1:/) });
    });
  });

  it('[PROV-SAAS-3] bad input is a 4xx whose detail names the field; nothing is stored', async () => {
    await withServer({}, async (server, as) => {
      const a = await server.signUp('bad-keys@example.com');
      const unknown = await as(a.token).post('/settings/keys/save', {
        provider: 'openai',
        api_key: 'x-key',
      });
      expect(unknown.status).toBe(400);
      expect(unknown.body.detail).toMatch(/openai/);
      const empty = await as(a.token).post('/settings/keys/save', {
        provider: 'groq',
        api_key: '   ',
      });
      expect(empty.status).toBe(400);
      expect(empty.body.detail).toMatch(/empty/i);
      const missing = await as(a.token).post('/settings/keys/save', { provider: 'groq' });
      expect(missing.status).toBe(422);
      expect(missing.body.detail).toMatch(/^body\.api_key/);
      const badDelete = await as(a.token).request('DELETE', '/settings/keys/openai');
      expect(badDelete.status).toBe(400);
      const { rows } = await server.database.database.query('SELECT * FROM user_provider_keys');
      expect(rows).toEqual([]);
      expect((await server.http.get('/settings/providers')).status).toBe(401);
    });
  });

  it("[PROV-SAAS-4] the environment's keys are not offered to users unless GRIDBOOK_SHARED_PROVIDER_KEYS=1, and then show no character of the key", async () => {
    await withServer({}, async (server, as) => {
      const a = await server.signUp('no-share@example.com');
      expect(provider(await as(a.token).get('/settings/providers'), 'groq')).toMatchObject({
        configured: false,
      });
      const chat = await as(a.token).post('/agent/chat', { prompt: 'add a total' });
      expect(chat.status).toBe(400);
      expect(chat.body.detail).toContain('No LLM provider is configured');
      expect(fakes.groq.requests).toHaveLength(0);
    });
    await withServer({ GRIDBOOK_SHARED_PROVIDER_KEYS: '1' }, async (server, as) => {
      const a = await server.signUp('shared@example.com');
      expect(provider(await as(a.token).get('/settings/providers'), 'groq')).toEqual({
        id: 'groq',
        display_name: 'Groq',
        configured: true,
        masked_key: '••••',
        key_source: 'env',
      });
      fakes.groq.replyText(JSON.stringify(simpleReply));
      const chat = await as(a.token).post('/agent/chat', { prompt: 'add a total' });
      expect(chat.status).toBe(200);
      expect(fakes.groq.requests[0]!.headers['authorization']).toBe(`Bearer ${KEYS.envGroq}`);
      // The user's own key wins over the shared one.
      await as(a.token).post('/settings/keys/save', { provider: 'groq', api_key: KEYS.ownerGroq });
      fakes.groq.replyText(JSON.stringify(simpleReply));
      await as(a.token).post('/agent/chat', { prompt: 'add a total' });
      expect(fakes.groq.requests[1]!.headers['authorization']).toBe(`Bearer ${KEYS.ownerGroq}`);
    });
  });

  it("[PROV-SAAS-5] the agent on a shared workbook calls the model with the caller's key, not the owner's", async () => {
    await withServer({}, async (server, as) => {
      const owner = await server.signUp('agent-owner@example.com');
      const editor = await server.signUp('agent-editor@example.com');
      const id = (await as(owner.token).post('/workbooks', { title: 'Shared' })).body.workbook
        .id as string;
      await as(owner.token).post(`/workbook/${id}/collaborators`, {
        email: 'agent-editor@example.com',
      });
      await as(owner.token).post('/settings/keys/save', {
        provider: 'groq',
        api_key: KEYS.ownerGroq,
      });
      const asEditor = as(editor.token, { 'x-workbook-id': id });
      const refused = await asEditor.post('/agent/chat', { prompt: 'add a total' });
      expect(refused.status).toBe(400);
      expect(refused.body.detail).toContain('No LLM provider is configured');
      expect(fakes.groq.requests).toHaveLength(0);

      await as(editor.token).post('/settings/keys/save', {
        provider: 'anthropic',
        api_key: KEYS.editorAnthropic,
      });
      fakes.anthropic.replyText(JSON.stringify(simpleReply));
      const chat = await asEditor.post('/agent/chat', { prompt: 'add a total' });
      expect(chat.status).toBe(200);
      expect(chat.body.provider).toBe('anthropic');
      expect(fakes.anthropic.requests[0]!.headers['x-api-key']).toBe(KEYS.editorAnthropic);
      expect(fakes.groq.requests).toHaveLength(0);

      fakes.groq.replyText(JSON.stringify(simpleReply));
      const ownerChat = await as(owner.token, { 'x-workbook-id': id }).post('/agent/chat/chain', {
        prompt: 'add a total',
        max_iterations: 1,
      });
      expect(ownerChat.status).toBe(200);
      expect(fakes.groq.requests[0]!.headers['authorization']).toBe(`Bearer ${KEYS.ownerGroq}`);
    });
  });

  it("[PROV-SAAS-7] the agent over MCP on a shared workbook also uses the caller's key", async () => {
    await withServer({}, async (server, as) => {
      const owner = await server.signUp('mcp-owner@example.com');
      const editor = await server.signUp('mcp-editor@example.com');
      const id = (await as(owner.token).post('/workbooks', { title: 'Shared' })).body.workbook
        .id as string;
      await as(owner.token).post(`/workbook/${id}/collaborators`, {
        email: 'mcp-editor@example.com',
      });
      await as(owner.token).post('/settings/keys/save', {
        provider: 'groq',
        api_key: KEYS.ownerGroq,
      });
      await as(editor.token).post('/settings/keys/save', {
        provider: 'anthropic',
        api_key: KEYS.editorAnthropic,
      });
      const client = new Client({ name: 'saas-keys-test', version: '1.0.0' });
      await client.connect(
        new StreamableHTTPClientTransport(new URL('/mcp', server.url), {
          requestInit: {
            headers: { authorization: `Bearer ${editor.token}`, 'x-workbook-id': id },
          },
        }),
      );
      try {
        fakes.anthropic.replyText(JSON.stringify(simpleReply));
        const result = (await client.callTool({
          name: 'agent_preview',
          arguments: { prompt: 'add a total' },
        })) as { isError?: boolean; structuredContent?: { provider?: string } };
        expect(result.isError).not.toBe(true);
        expect(result.structuredContent?.provider).toBe('anthropic');
        expect(fakes.anthropic.requests[0]!.headers['x-api-key']).toBe(KEYS.editorAnthropic);
        expect(fakes.groq.requests).toHaveLength(0);
      } finally {
        await client.close();
      }
    });
  });

  it('[PROV-SAAS-6] no response body and no log line of this file carries a full key', () => {
    expect(logLines.length).toBeGreaterThan(20);
    expect(responseBodies.length).toBeGreaterThan(20);
    const leaks = [...responseBodies, ...logLines].filter((text) =>
      ALL_KEYS.some((key) => text.includes(key)),
    );
    expect(leaks).toEqual([]);
  });
});
