// SaaS plugin secrets (spec §2 Plugin secret schema, §4 Plugin secrets, §7): the declared slots of
// a real plugin (run by the real Python plugin host), set_keys only, "" removes a slot, keys not
// sent stay, DELETE wipes all; per user; sealed in the database; resolved when formulas evaluate,
// with the workbook OWNER's secrets on a shared workbook and never the server's environment; 404
// in OSS mode. Every response body and log line is checked for secret values.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtInFunctionNames } from '../../src/core/index.js';
import { PluginRegistry, PythonPluginHost } from '../../src/plugins/index.js';
import { startApp, type Api, type ApiResponse } from '../support/index.js';
import { startSaasApp, type RunningSaasApp } from '../support/start-saas-app.js';
import {
  closeSharedPglite,
  sharedPglite,
  TEST_DATABASE_KIND,
  TEST_DATABASE_URL,
} from '../support/test-database.js';

const hasPython = spawnSync('python3', ['--version']).status === 0;
if (!hasPython) console.warn('saas-plugin-secrets.test.ts: skipped, python3 is not on PATH');

const SECRETS = {
  ownerToken: 'owner-vault-token-3f9a1c',
  ownerTokenNew: 'owner-vault-token-rotated-77d2',
  editorToken: 'editor-vault-token-b81e4d',
  region: 'eu-west-secret-region-5c0d',
  operatorEnv: 'operator-env-vault-token-9e6f',
};
const ALL_SECRETS = Object.values(SECRETS);

const MANIFEST = {
  name: 'Vault',
  description: 'Reads its secrets back (a test plugin).',
  secrets: [
    { key: 'TOKEN', label: 'Token', placeholder: 'tok_…', help: 'From the vault.' },
    { key: 'REGION', label: 'Region' },
  ],
};

/**
 * VAULT_TOKEN() shows which token the call ran with as a fingerprint ("none" when it had none), so
 * no secret value itself ever appears in a cell or a response.
 */
const PLUGIN = `import hashlib


def register(kernel):
    @kernel.formula("VAULT_TOKEN")
    def vault_token():
        token = kernel.get_secret("vault", "TOKEN", "GRIDBOOK_TEST_VAULT_TOKEN")
        return hashlib.sha256(token.encode()).hexdigest()[:16] if token else "none"
`;

/** What VAULT_TOKEN() shows for a call made with `token`. */
const seen = (token: string): string =>
  createHash('sha256').update(token).digest('hex').slice(0, 16);

const logLines: string[] = [];
const responseBodies: string[] = [];
let pluginDir: string;

beforeAll(async () => {
  if (TEST_DATABASE_URL === undefined) await sharedPglite();
  pluginDir = await mkdtemp(path.join(tmpdir(), 'gridbook-vault-'));
  await mkdir(path.join(pluginDir, 'vault'));
  await writeFile(path.join(pluginDir, 'vault', 'manifest.json'), JSON.stringify(MANIFEST));
  await writeFile(path.join(pluginDir, 'vault', 'plugin.py'), PLUGIN);
  // The plugin host inherits the server's environment: an operator's variable it must not read.
  process.env['GRIDBOOK_TEST_VAULT_TOKEN'] = SECRETS.operatorEnv;
});
afterAll(async () => {
  delete process.env['GRIDBOOK_TEST_VAULT_TOKEN'];
  await rm(pluginDir, { recursive: true, force: true });
  await closeSharedPglite();
});

function recording(client: Api): Api {
  const keep = async <T>(response: Promise<ApiResponse<T>>): Promise<ApiResponse<T>> => {
    const answered = await response;
    responseBodies.push(answered.text);
    return answered;
  };
  return {
    get: (route, query) => keep(client.get(route, query)),
    post: (route, body, query) => keep(client.post(route, body, query)),
    postRaw: (route, text, type) => keep(client.postRaw(route, text, type)),
    request: (method, route, init) => keep(client.request(method, route, init)),
  };
}

type As = (token: string, headers?: Record<string, string>) => Api;

async function withServer(run: (server: RunningSaasApp, as: As) => Promise<void>): Promise<void> {
  const server = await startSaasApp({
    logger: { level: 'trace', stream: { write: (line: string) => logLines.push(line) } },
    plugins: async (secrets) =>
      PluginRegistry.open({
        host: await PythonPluginHost.start({ python: 'python3', timeoutMs: 5_000 }),
        bundledDir: undefined,
        dataDir: pluginDir,
        budgetMs: 10_000,
        reservedNames: builtInFunctionNames(),
        secrets,
      }),
  });
  try {
    await run(server, (token, headers) => recording(server.as(token, headers)));
  } finally {
    await server.close();
  }
}

const put = (client: Api, slug: string, body: unknown) =>
  client.request('PUT', `/settings/plugin-secrets/${slug}`, { body: JSON.stringify(body) });
const del = (client: Api, slug: string) =>
  client.request('DELETE', `/settings/plugin-secrets/${slug}`);

/** What =VAULT_TOKEN() evaluates to in the workbook the client acts on. */
async function vaultToken(client: Api): Promise<unknown> {
  const response = await client.post('/eval', {
    formulas: [{ cell: 'Z1', formula: '=VAULT_TOKEN()' }],
  });
  expect(response.status).toBe(200);
  return response.body.results[0].result;
}

/** Polls the cell until it shows `expected` (the refresh commit arrives after the plugin call). */
async function cellBecomes(client: Api, cell: string, expected: unknown): Promise<void> {
  let last: unknown;
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const response = await client.get('/grid', { range: cell });
    last = response.body.cells?.[0]?.value ?? response.body;
    if (last === expected) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  expect(last).toBe(expected);
}

describe.skipIf(!hasPython)(`SaaS plugin secrets on ${TEST_DATABASE_KIND}`, () => {
  it('[PSEC-1] GET lists the declared slots and set keys only; PUT sets, "" removes, unsent keys stay; DELETE wipes all', async () => {
    await withServer(async (server, as) => {
      const a = as((await server.signUp('psec-a@example.com')).token);
      const empty = await a.get('/settings/plugin-secrets/vault');
      expect(empty.status).toBe(200);
      expect(empty.body).toEqual({
        plugin_slug: 'vault',
        declared: [
          { key: 'TOKEN', label: 'Token', placeholder: 'tok_…', help: 'From the vault.' },
          { key: 'REGION', label: 'Region', placeholder: '', help: '' },
        ],
        set_keys: [],
      });
      const set = await put(a, 'vault', { secrets: { TOKEN: SECRETS.ownerToken } });
      expect(set.status).toBe(200);
      expect(set.body).toEqual({ status: 'Success', plugin_slug: 'vault' });
      expect((await a.get('/settings/plugin-secrets/vault')).body.set_keys).toEqual(['TOKEN']);
      await put(a, 'vault', { secrets: { REGION: SECRETS.region } });
      expect((await a.get('/settings/plugin-secrets/vault')).body.set_keys).toEqual([
        'REGION',
        'TOKEN',
      ]);
      await put(a, 'vault', { secrets: { TOKEN: '' } });
      expect((await a.get('/settings/plugin-secrets/vault')).body.set_keys).toEqual(['REGION']);
      await put(a, 'vault', { secrets: {} });
      expect((await a.get('/settings/plugin-secrets/vault')).body.set_keys).toEqual(['REGION']);
      const wiped = await del(a, 'vault');
      expect(wiped.body).toEqual({ status: 'Success', plugin_slug: 'vault' });
      expect((await a.get('/settings/plugin-secrets/vault')).body.set_keys).toEqual([]);
    });
  });

  it('[PSEC-2] bad input is a 4xx whose detail names the field, and changes nothing', async () => {
    await withServer(async (server, as) => {
      const a = as((await server.signUp('psec-bad@example.com')).token);
      await put(a, 'vault', { secrets: { TOKEN: SECRETS.ownerToken } });
      const cases: [unknown, string, number, RegExp][] = [
        [{ secrets: { NOPE: 'x', TOKEN: '' } }, 'vault', 400, /^secrets\.NOPE: .*TOKEN, REGION/],
        [{ secrets: { TOKEN: 42 } }, 'vault', 422, /^body\.secrets\.TOKEN/],
        [{}, 'vault', 422, /^body\.secrets: field required/],
        [{ secrets: [] }, 'vault', 422, /^body\.secrets/],
        [{ secrets: { TOKEN: 'x' } }, 'Bad-Slug', 400, /^plugin_slug: /],
        [{ secrets: { TOKEN: 'x' } }, 'nosuch', 404, /^plugin_slug: no plugin "nosuch"/],
      ];
      for (const [body, slug, status, detail] of cases) {
        const refused = await put(a, slug, body);
        expect(refused.status, JSON.stringify(body)).toBe(status);
        expect(refused.body.detail).toMatch(detail);
      }
      expect((await a.get('/settings/plugin-secrets/nosuch')).status).toBe(404);
      expect((await a.get('/settings/plugin-secrets/Bad-Slug')).status).toBe(400);
      expect((await del(a, 'Bad-Slug')).status).toBe(400);
      expect((await a.get('/settings/plugin-secrets/vault')).body.set_keys).toEqual(['TOKEN']);
      expect(await vaultToken(a)).toBe(seen(SECRETS.ownerToken));
      expect((await server.http.get('/settings/plugin-secrets/vault')).status).toBe(401);
    });
  });

  it("[PSEC-3] user B sees only their own empty view and cannot change A's secrets; rows hold ciphertext", async () => {
    await withServer(async (server, as) => {
      const aUser = await server.signUp('psec-owner@example.com');
      const a = as(aUser.token);
      const b = as((await server.signUp('psec-other@example.com')).token);
      await put(a, 'vault', { secrets: { TOKEN: SECRETS.ownerToken, REGION: SECRETS.region } });
      expect((await b.get('/settings/plugin-secrets/vault')).body.set_keys).toEqual([]);
      expect((await del(b, 'vault')).status).toBe(200);
      await put(b, 'vault', { secrets: { TOKEN: SECRETS.editorToken } });
      await put(b, 'vault', { secrets: { REGION: '' } });
      expect((await a.get('/settings/plugin-secrets/vault')).body.set_keys).toEqual([
        'REGION',
        'TOKEN',
      ]);
      expect(await vaultToken(a)).toBe(seen(SECRETS.ownerToken));
      expect(await vaultToken(b)).toBe(seen(SECRETS.editorToken));
      const { rows } = await server.database.database.query(
        'SELECT * FROM user_plugin_secrets WHERE user_id = $1',
        [aUser.userId],
      );
      expect(rows).toHaveLength(2);
      const stored = JSON.stringify(rows);
      for (const value of ALL_SECRETS) expect(stored).not.toContain(value);
    });
  });

  it("[PSEC-4] a collaborator's formula resolves the OWNER's secret, and no user gets the server's environment variable", async () => {
    await withServer(async (server, as) => {
      const owner = await server.signUp('psec-share-owner@example.com');
      const editor = await server.signUp('psec-share-editor@example.com');
      const stranger = as((await server.signUp('psec-stranger@example.com')).token);
      const id = (await as(owner.token).post('/workbooks', { title: 'Vault' })).body.workbook
        .id as string;
      await as(owner.token).post(`/workbook/${id}/collaborators`, {
        email: 'psec-share-editor@example.com',
      });
      await put(as(owner.token), 'vault', { secrets: { TOKEN: SECRETS.ownerToken } });
      await put(as(editor.token), 'vault', { secrets: { TOKEN: SECRETS.editorToken } });
      const editorOnShared = as(editor.token, { 'x-workbook-id': id });
      expect(await vaultToken(editorOnShared)).toBe(seen(SECRETS.ownerToken));
      expect(await vaultToken(as(editor.token))).toBe(seen(SECRETS.editorToken));
      // No secret of their own: the plugin gets nothing, not the operator's environment.
      expect(await vaultToken(stranger)).toBe('none');

      // A cell the editor writes computes in the background and shows the owner's secret; when
      // the owner changes it, the cell recomputes with the new one.
      const write = await editorOnShared.post('/grid/cell', {
        cell: 'A1',
        value: '=VAULT_TOKEN()',
      });
      expect(write.status).toBe(200);
      await cellBecomes(editorOnShared, 'A1', seen(SECRETS.ownerToken));
      await put(as(owner.token), 'vault', { secrets: { TOKEN: SECRETS.ownerTokenNew } });
      await cellBecomes(editorOnShared, 'A1', seen(SECRETS.ownerTokenNew));
      await del(as(owner.token), 'vault');
      await cellBecomes(as(owner.token, { 'x-workbook-id': id }), 'A1', 'none');
    });
  });

  it('[PSEC-5] the logger redacts plugin secrets wherever a request body is logged', async () => {
    await withServer(async (server) => {
      server.app.log.info(
        {
          secrets: { TOKEN: SECRETS.region },
          body: { secrets: { TOKEN: SECRETS.region } },
          req: { body: { secrets: { TOKEN: SECRETS.region } } },
        },
        'plugin secret redaction probe',
      );
      const probe = logLines.find((line) => line.includes('plugin secret redaction probe'));
      expect(probe).toContain('[Redacted]');
      expect(probe).not.toContain(SECRETS.region);
    });
  });

  it('[PSEC-7] no response body and no log line of this file carries a secret value', () => {
    expect(logLines.length).toBeGreaterThan(20);
    expect(responseBodies.length).toBeGreaterThan(20);
    const leaks = [...responseBodies, ...logLines].filter((text) =>
      ALL_SECRETS.some((value) => text.includes(value)),
    );
    expect(leaks).toEqual([]);
  });
});

describe('plugin secrets in OSS mode', () => {
  it('[PSEC-6] every plugin-secret endpoint answers 404 saying plugins read environment variables', async () => {
    const running = await startApp();
    try {
      for (const method of ['GET', 'PUT', 'DELETE']) {
        const response = await running.http.request(method, '/settings/plugin-secrets/vault', {
          ...(method === 'PUT' ? { body: JSON.stringify({ secrets: { TOKEN: 'x' } }) } : {}),
        });
        expect(response.status, method).toBe(404);
        expect(response.body.detail).toMatch(/SaaS mode only.*environment variables/);
      }
    } finally {
      await running.close();
    }
  });
});
