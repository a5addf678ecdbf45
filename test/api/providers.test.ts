// Black-box HTTP tests of provider keys and the model list: GET /settings/providers,
// POST /settings/keys/save, DELETE /settings/keys/{provider_id}, GET /models/available, and the
// HTTP statuses of provider failures. Every response body and every log line the app writes
// during these tests is collected and checked for full keys at the end.
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { MemoryJournal } from '../support/memory-journal.js';
import { OssHost } from '../../src/hosting/index.js';
import { buildApp, type App } from '../../src/http/index.js';
import { FileKeyStore, ProviderService } from '../../src/providers/index.js';
import { useFakeProviders } from '../fakes/index.js';

const KEYS = {
  gemini: 'AIzaSyFAKE-gemini-full-key-A1B2',
  anthropic: 'sk-ant-api03-FAKE-anthropic-full-key-C3D4',
  groq: 'gsk_FAKE-groq-full-key-E5F6',
  openrouter: 'sk-or-v1-FAKE-openrouter-full-key-G7H8',
  envGemini: 'AIzaSyFAKE-env-gemini-key-I9J0',
  envGroq: 'gsk_FAKE-env-groq-key-K1L2',
};
const ALL_KEYS = Object.values(KEYS);

const fakes = useFakeProviders();
const logLines: string[] = [];
const responseBodies: string[] = [];
const openApps: App[] = [];
const dataDirs: string[] = [];

interface Started {
  readonly app: App;
  readonly providers: ProviderService;
  readonly dataDir: string;
}

/** Builds the app as main.ts does (FileKeyStore in the data dir, env keys, base URLs from env), logging everything at trace level. */
async function start(env: Record<string, string> = {}, dataDir?: string): Promise<Started> {
  const dir = dataDir ?? (await mkdtemp(path.join(tmpdir(), 'gridbook-providers-api-')));
  if (dataDir === undefined) dataDirs.push(dir);
  const config = loadConfig({ GRIDBOOK_DATA_DIR: dir, ...fakes.env, ...env });
  const providers = await ProviderService.open({
    keyStore: new FileKeyStore(config.dataDir),
    envKeys: config.providerKeys,
    baseUrls: config.providerBaseUrls,
    sleep: async () => {},
  });
  const app = await buildApp({
    config,
    host: await OssHost.open({ journal: new MemoryJournal(), workbookOptions: { undoDepth: 10 } }),
    providers,
    logger: { level: 'trace', stream: { write: (line: string) => logLines.push(line) } },
  });
  // A stand-in for the agent's route (next issue): shows how provider errors map to statuses.
  app.post('/test/complete', async (request) => {
    const body = (request.body ?? {}) as { model?: string };
    return providers.complete({
      model: body.model,
      messages: [{ role: 'user', content: 'hello' }],
      json: true,
    });
  });
  openApps.push(app);
  return { app, providers, dataDir: dir };
}

async function call(app: App, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) {
  const response = await app.inject({
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  responseBodies.push(response.body);
  return { status: response.statusCode, body: response.json() as any };
}

afterAll(async () => {
  await Promise.all(openApps.map((app) => app.close()));
  await Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

describe('GET /settings/providers', () => {
  it('[PROV-1] lists the four providers in the fixed order, unconfigured, with empty masked keys', async () => {
    const { app } = await start();
    const { status, body } = await call(app, 'GET', '/settings/providers');
    expect(status).toBe(200);
    expect(body.providers).toEqual([
      {
        id: 'gemini',
        display_name: 'Google Gemini',
        configured: false,
        masked_key: '',
        key_source: null,
      },
      {
        id: 'anthropic',
        display_name: 'Anthropic Claude',
        configured: false,
        masked_key: '',
        key_source: null,
      },
      { id: 'groq', display_name: 'Groq', configured: false, masked_key: '', key_source: null },
      {
        id: 'openrouter',
        display_name: 'OpenRouter',
        configured: false,
        masked_key: '',
        key_source: null,
      },
    ]);
  });

  it('[PROV-2] shows an env key as configured, masked to its last 4 characters', async () => {
    const { app } = await start({ GEMINI_API_KEY: KEYS.envGemini });
    const { body } = await call(app, 'GET', '/settings/providers');
    expect(body.providers[0]).toEqual({
      id: 'gemini',
      display_name: 'Google Gemini',
      configured: true,
      masked_key: '••••I9J0',
      key_source: 'env',
    });
  });
});

describe('GET /models/available', () => {
  it('[MODEL-1] with no keys: default_model_id is null, nothing available, no configured providers', async () => {
    const { app } = await start();
    const { status, body } = await call(app, 'GET', '/models/available');
    expect(status).toBe(200);
    expect(body.default_model_id).toBeNull();
    expect(body.configured_providers).toEqual([]);
    expect(body.models.length).toBeGreaterThanOrEqual(8);
    for (const model of body.models) {
      expect(model).toMatchObject({
        id: expect.any(String),
        provider: expect.any(String),
        display_name: expect.any(String),
        available: false,
      });
    }
  });

  it('[MODEL-2] after saving keys: their models are available, the default follows the provider order, configured_providers is sorted', async () => {
    const { app } = await start();
    await call(app, 'POST', '/settings/keys/save', {
      provider: 'openrouter',
      api_key: KEYS.openrouter,
    });
    await call(app, 'POST', '/settings/keys/save', {
      provider: 'anthropic',
      api_key: KEYS.anthropic,
    });
    const { body } = await call(app, 'GET', '/models/available');
    expect(body.configured_providers).toEqual(['anthropic', 'openrouter']);
    expect(body.default_model_id).toBe('claude-haiku-4-5-20251001');
    const byId = new Map(body.models.map((model: any) => [model.id, model]));
    expect(byId.get('claude-opus-4-7')).toMatchObject({ provider: 'anthropic', available: true });
    expect(byId.get('gemini-2.5-flash')).toMatchObject({ provider: 'gemini', available: false });
    expect(
      body.models.every(
        (model: any) =>
          model.available === (model.provider === 'anthropic' || model.provider === 'openrouter'),
      ),
    ).toBe(true);
  });
});

describe('POST /settings/keys/save', () => {
  it('[PROV-3] persists the key to <data dir>/keys.json (mode 0600), reports configured, and masks it in the listing', async () => {
    const { app, dataDir } = await start();
    const saved = await call(app, 'POST', '/settings/keys/save', {
      provider: 'anthropic',
      api_key: KEYS.anthropic,
    });
    expect(saved).toEqual({
      status: 200,
      body: { status: 'Success', provider: 'anthropic', configured: true },
    });

    const file = path.join(dataDir, 'keys.json');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ anthropic: KEYS.anthropic });

    const { body } = await call(app, 'GET', '/settings/providers');
    expect(body.providers[1]).toEqual({
      id: 'anthropic',
      display_name: 'Anthropic Claude',
      configured: true,
      masked_key: '••••C3D4',
      key_source: 'stored',
    });
  });

  it('[PROV-3] initialises the client at once: the next completion reaches the vendor with the saved key', async () => {
    const { app, providers } = await start();
    await call(app, 'POST', '/settings/keys/save', { provider: 'groq', api_key: KEYS.groq });
    fakes.groq.replyText('{"ok": true}');
    const result = await providers.complete({
      model: 'qwen/qwen3-32b',
      messages: [{ role: 'user', content: 'hi' }],
    });
    expect(result).toMatchObject({
      text: '{"ok": true}',
      provider: 'groq',
      model: 'qwen/qwen3-32b',
    });
    expect(fakes.groq.requests[0]!.headers['authorization']).toBe(`Bearer ${KEYS.groq}`);
  });

  it('[PROV-4] a stored key takes precedence over the env key', async () => {
    const { app, providers } = await start({ GROQ_API_KEY: KEYS.envGroq });
    await call(app, 'POST', '/settings/keys/save', { provider: 'groq', api_key: KEYS.groq });
    const { body } = await call(app, 'GET', '/settings/providers');
    expect(body.providers[2]).toMatchObject({
      configured: true,
      masked_key: '••••E5F6',
      key_source: 'stored',
    });
    fakes.groq.replyText('x');
    await providers.complete({
      model: 'openai/gpt-oss-20b',
      messages: [{ role: 'user', content: 'hi' }],
    });
    expect(fakes.groq.requests[0]!.headers['authorization']).toBe(`Bearer ${KEYS.groq}`);
  });

  it('accepts the provider id in any case and with spaces', async () => {
    const { app } = await start();
    const { status, body } = await call(app, 'POST', '/settings/keys/save', {
      provider: ' Gemini ',
      api_key: KEYS.gemini,
    });
    expect(status).toBe(200);
    expect(body.provider).toBe('gemini');
  });

  it('[PROV-5] 400 for an unknown provider, naming it and the accepted ids', async () => {
    const { app } = await start();
    const { status, body } = await call(app, 'POST', '/settings/keys/save', {
      provider: 'openai',
      api_key: 'sk-something-long',
    });
    expect(status).toBe(400);
    expect(body.detail).toMatch(/Unknown provider: "openai".*gemini, anthropic, groq, openrouter/);
  });

  it('[PROV-5] 400 for an empty or blank api_key; nothing is stored', async () => {
    const { app, dataDir } = await start();
    for (const apiKey of ['', '   ']) {
      const { status, body } = await call(app, 'POST', '/settings/keys/save', {
        provider: 'groq',
        api_key: apiKey,
      });
      expect(status).toBe(400);
      expect(body.detail).toMatch(/API key is empty/);
    }
    await expect(stat(path.join(dataDir, 'keys.json'))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('[PROV-5] 400 when no client can be built from the key (an inner line break), without echoing it', async () => {
    const { app } = await start();
    const { status, body } = await call(app, 'POST', '/settings/keys/save', {
      provider: 'gemini',
      api_key: 'AIzaSyFAKE-half\nsecond-half',
    });
    expect(status).toBe(400);
    expect(body.detail).toMatch(/^Could not initialize gemini: /);
    expect(body.detail).not.toContain('second-half');
  });

  it('422 naming the field when api_key is missing', async () => {
    const { app } = await start();
    const { status, body } = await call(app, 'POST', '/settings/keys/save', { provider: 'groq' });
    expect(status).toBe(422);
    expect(body.detail).toContain('api_key');
  });
});

describe('DELETE /settings/keys/{provider_id}', () => {
  it('[PROV-6] removes the stored key from memory and file, and is idempotent', async () => {
    const { app, dataDir } = await start();
    await call(app, 'POST', '/settings/keys/save', { provider: 'gemini', api_key: KEYS.gemini });
    await call(app, 'POST', '/settings/keys/save', { provider: 'groq', api_key: KEYS.groq });
    expect(await call(app, 'DELETE', '/settings/keys/gemini')).toEqual({
      status: 200,
      body: { status: 'Success', provider: 'gemini' },
    });
    expect(await call(app, 'DELETE', '/settings/keys/gemini')).toEqual({
      status: 200,
      body: { status: 'Success', provider: 'gemini' },
    });
    expect(JSON.parse(await readFile(path.join(dataDir, 'keys.json'), 'utf8'))).toEqual({
      groq: KEYS.groq,
    });
    const { body } = await call(app, 'GET', '/settings/providers');
    expect(body.providers[0]).toMatchObject({ id: 'gemini', configured: false, masked_key: '' });
  });

  it('[PROV-6] 400 for an unknown provider', async () => {
    const { app } = await start();
    const { status, body } = await call(app, 'DELETE', '/settings/keys/mistral');
    expect(status).toBe(400);
    expect(body.detail).toContain('Unknown provider: "mistral"');
  });

  it('[PROV-7] does not bring the env fallback back until a restart', async () => {
    const env = { GEMINI_API_KEY: KEYS.envGemini };
    const first = await start(env);
    await call(first.app, 'POST', '/settings/keys/save', {
      provider: 'gemini',
      api_key: KEYS.gemini,
    });
    await call(first.app, 'DELETE', '/settings/keys/gemini');
    const afterDelete = await call(first.app, 'GET', '/settings/providers');
    expect(afterDelete.body.providers[0]).toMatchObject({ configured: false, masked_key: '' });
    expect((await call(first.app, 'GET', '/models/available')).body.default_model_id).toBeNull();

    const restarted = await start(env, first.dataDir);
    const afterRestart = await call(restarted.app, 'GET', '/settings/providers');
    expect(afterRestart.body.providers[0]).toMatchObject({
      configured: true,
      masked_key: '••••I9J0',
      key_source: 'env',
    });
  });
});

describe('restart', () => {
  it('[PROV-8] keys saved through the API are configured again after a restart over the same data dir', async () => {
    const first = await start();
    await call(first.app, 'POST', '/settings/keys/save', {
      provider: 'openrouter',
      api_key: KEYS.openrouter,
    });
    await first.app.close();

    const second = await start({}, first.dataDir);
    const { body } = await call(second.app, 'GET', '/settings/providers');
    expect(body.providers[3]).toEqual({
      id: 'openrouter',
      display_name: 'OpenRouter',
      configured: true,
      masked_key: '••••G7H8',
      key_source: 'stored',
    });
    expect((await call(second.app, 'GET', '/models/available')).body.default_model_id).toBe(
      'openrouter/free',
    );
  });
});

describe('provider failures as HTTP errors', () => {
  it('[MODEL-4] no provider configured: 400 naming what to configure', async () => {
    const { app } = await start();
    const { status, body } = await call(app, 'POST', '/test/complete', {});
    expect(status).toBe(400);
    expect(body.detail).toMatch(/No LLM provider is configured.*POST \/settings\/keys\/save/);
  });

  it('[LLM-1] a vendor 401: 400 naming provider and model and saying to save a valid key', async () => {
    const { app } = await start({ ANTHROPIC_API_KEY: KEYS.anthropic });
    fakes.anthropic.replyError(401, `invalid x-api-key ${KEYS.anthropic}`);
    const { status, body } = await call(app, 'POST', '/test/complete', {
      model: 'claude-sonnet-4-6',
    });
    expect(status).toBe(400);
    expect(body.detail).toMatch(/anthropic rejected the API key for model claude-sonnet-4-6/);
    expect(body.detail).not.toContain(KEYS.anthropic);
  });

  it('[LLM-1] a vendor 429 that persists: 429', async () => {
    const { app } = await start({ GROQ_API_KEY: KEYS.envGroq });
    fakes.groq.setDefaultReply({ kind: 'error', status: 429, message: 'rate limited' });
    const { status, body } = await call(app, 'POST', '/test/complete', {
      model: 'openai/gpt-oss-120b',
    });
    fakes.groq.setDefaultReply(undefined);
    expect(status).toBe(429);
    expect(body.detail).toMatch(/groq is rate-limiting requests to model openai\/gpt-oss-120b/);
  });

  it('[LLM-1] a vendor that keeps failing with 5xx: 502', async () => {
    const { app } = await start({ GEMINI_API_KEY: KEYS.envGemini });
    fakes.gemini.setDefaultReply({ kind: 'error', status: 500, message: 'internal' });
    const { status, body } = await call(app, 'POST', '/test/complete', { model: 'gemini-2.5-pro' });
    fakes.gemini.setDefaultReply(undefined);
    expect(status).toBe(502);
    expect(body.detail).toMatch(/gemini did not answer for model gemini-2\.5-pro/);
  });

  it('[MODEL-3] a model of an unconfigured provider falls back to the default model', async () => {
    const { app } = await start({ GROQ_API_KEY: KEYS.envGroq });
    fakes.groq.replyText('{}');
    const { status, body } = await call(app, 'POST', '/test/complete', {
      model: 'claude-opus-4-7',
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ provider: 'groq', model: 'openai/gpt-oss-120b' });
  });
});

describe('no full key leaves the server', () => {
  it('[LLM-4] the logger redacts api_key fields and authorization headers', async () => {
    const { app } = await start();
    app.log.info(
      {
        api_key: KEYS.gemini,
        body: { api_key: KEYS.groq },
        req: { headers: { authorization: `Bearer ${KEYS.openrouter}` } },
      },
      'redaction probe',
    );
    const probe = logLines.find((line) => line.includes('redaction probe'));
    expect(probe).toBeDefined();
    expect(probe).toContain('[Redacted]');
    for (const key of ALL_KEYS) expect(probe).not.toContain(key);
  });

  it('[PROV-2] [LLM-4] the OpenAPI document and every response and log line of this file carry no full key', async () => {
    const { app } = await start();
    const openapi = await app.inject({ method: 'GET', url: '/openapi.json' });
    expect(openapi.json().paths['/settings/keys/save']).toBeDefined();
    responseBodies.push(openapi.body);
    expect(logLines.length).toBeGreaterThan(20);
    const leaks = [...responseBodies, ...logLines].filter((text) =>
      ALL_KEYS.some((key) => text.includes(key)),
    );
    expect(leaks).toEqual([]);
  });
});
