// SaaS isolation, adversarially (issue 15 §8): two users and a collaborator; every operation of
// /openapi.json, each with the other user's workbook id (X-Workbook-Id and ?workbook_id=), token
// ids, invite ids and slugs. A workbook the caller cannot use answers exactly as one that does not
// exist (status, body, content type, and no order-of-magnitude difference in time); nothing of
// the other user's is read, listed or changed; no token, password or key value reaches another
// user's response or any log line. The operations come from the served document, so a new
// endpoint fails this file until it is classified in SCOPES below.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSaasApp, TEST_SECRET_KEY, type RunningSaasApp } from '../support/start-saas-app.js';
import { TEST_DATABASE_KIND, useTestDatabaseForFile } from '../support/test-database.js';

/**
 * What each operation acts on, which decides how it is attacked:
 * - `workbook`: the workbook named by X-Workbook-Id / ?workbook_id= (the Engine API, grid,
 *   sheets, charts, persistence, agent, MCP);
 * - `owner-path`: a workbook named in the path, owner only (collaborators and invites);
 * - `own-workbook-id`: one of the caller's own workbooks named in the path (`/workbooks/{id}`);
 * - `own-token-id`: one of the caller's own service tokens named in the path;
 * - `caller`: the caller's own account, lists and settings (no id to attack; nothing of
 *   anyone else's may show);
 * - `server`: the same for everyone, holding no user's data;
 * - `public`: answered without a token.
 * A new endpoint joins one of these (or a new kind with its own attack below).
 */
type Scope =
  'workbook' | 'owner-path' | 'own-workbook-id' | 'own-token-id' | 'caller' | 'server' | 'public';

const SCOPES: Readonly<Record<string, Scope>> = {
  'GET /healthz': 'public',
  'GET /auth/config': 'public',
  'POST /auth/signup': 'public',
  'POST /auth/login': 'public',
  'POST /auth/refresh': 'caller',
  'GET /auth/me': 'caller',
  'POST /auth/tokens': 'caller',
  'GET /auth/tokens': 'caller',
  'DELETE /auth/tokens/{id}': 'own-token-id',
  'GET /workbooks': 'caller',
  'POST /workbooks': 'caller',
  'PATCH /workbooks/{id}': 'own-workbook-id',
  'DELETE /workbooks/{id}': 'own-workbook-id',
  'GET /workbook/shared-with-me': 'caller',
  'POST /workbook/{workbook_id}/collaborators': 'owner-path',
  'GET /workbook/{workbook_id}/collaborators': 'owner-path',
  'DELETE /workbook/{workbook_id}/collaborators/{user_id}': 'owner-path',
  'DELETE /workbook/{workbook_id}/pending-invites/{invite_id}': 'owner-path',
  // Provider keys and plugin secrets: the caller's own (the slug names a plugin, not a user).
  'GET /settings/providers': 'caller',
  'POST /settings/keys/save': 'caller',
  'DELETE /settings/keys/{provider_id}': 'caller',
  'GET /models/available': 'caller',
  'GET /settings/plugin-secrets/{plugin_slug}': 'caller',
  'PUT /settings/plugin-secrets/{plugin_slug}': 'caller',
  'DELETE /settings/plugin-secrets/{plugin_slug}': 'caller',
  'GET /functions': 'server',
  'GET /agents': 'server',
  'GET /plugins': 'server',
  // The developer portal is refused in SaaS (403), whoever asks.
  'POST /dev/plugins/upload': 'server',
  'DELETE /dev/plugins/{slug}': 'server',
  'POST /dev/plugins/test': 'server',
  'POST /eval': 'workbook',
  'GET /schema': 'workbook',
  'GET /peek': 'workbook',
  'POST /grid/cell': 'workbook',
  'POST /grid/range': 'workbook',
  'POST /grid/clear': 'workbook',
  'GET /grid': 'workbook',
  'POST /grid/lock': 'workbook',
  'POST /grid/unlock': 'workbook',
  'POST /system/unlock-all': 'workbook',
  'POST /system/clear': 'workbook',
  'POST /grid/format': 'workbook',
  'POST /grid/rows/insert': 'workbook',
  'POST /grid/columns/insert': 'workbook',
  'POST /grid/rows/delete': 'workbook',
  'POST /grid/columns/delete': 'workbook',
  'POST /grid/sort': 'workbook',
  'POST /grid/move': 'workbook',
  'GET /grid/layout': 'workbook',
  'POST /grid/freeze': 'workbook',
  'POST /grid/columns/width': 'workbook',
  'POST /grid/rows/height': 'workbook',
  'POST /grid/filter': 'workbook',
  'POST /grid/filter/clear': 'workbook',
  'POST /grid/find': 'workbook',
  'POST /grid/replace': 'workbook',
  'GET /workbook/names': 'workbook',
  'POST /workbook/names': 'workbook',
  'POST /workbook/names/delete': 'workbook',
  'GET /api/workbook': 'workbook',
  'GET /events': 'workbook',
  'POST /presence': 'workbook',
  'DELETE /presence': 'workbook',
  'POST /workbook/sheet': 'workbook',
  'POST /workbook/sheet/rename': 'workbook',
  'POST /workbook/sheet/activate': 'workbook',
  'POST /workbook/sheet/move': 'workbook',
  'POST /workbook/sheet/delete': 'workbook',
  'POST /workbook/rename': 'workbook',
  'POST /workbook/undo': 'workbook',
  'POST /workbook/redo': 'workbook',
  'GET /system/charts': 'workbook',
  'POST /system/charts': 'workbook',
  'PATCH /system/charts/{chart_id}': 'workbook',
  'DELETE /system/charts/{chart_id}': 'workbook',
  'POST /system/save': 'workbook',
  'POST /system/load': 'workbook',
  'GET /system/export': 'workbook',
  'POST /system/import': 'workbook',
  'GET /system/export.xlsx': 'workbook',
  'POST /system/import.xlsx': 'workbook',
  'GET /system/export.csv': 'workbook',
  'POST /system/import.csv': 'workbook',
  'POST /mcp': 'workbook',
  'GET /mcp': 'workbook',
  'DELETE /mcp': 'workbook',
  'POST /agent/chat': 'workbook',
  'POST /agent/apply': 'workbook',
  'POST /agent/chat/chain': 'workbook',
};

interface Operation {
  readonly method: string;
  readonly path: string;
  readonly key: string;
  /** A body that passes the route's validation (the document's example), with its type. */
  readonly body?: { readonly data: string | Uint8Array; readonly contentType: string };
}

interface Answer {
  readonly status: number;
  readonly contentType: string;
  readonly text: string;
  readonly ms: number;
}

interface User {
  readonly email: string;
  readonly password: string;
  readonly token: string;
  readonly userId: string;
  /** A long-lived service token, and its id. */
  readonly serviceToken: string;
  readonly serviceTokenId: string;
  /** The provider key the user stored for themselves. */
  readonly providerKey: string;
}

/** Values that may reach their owner only where they are created, and never a log line. */
function secretsOf(user: User): string[] {
  return [user.password, user.token, user.serviceToken, user.providerKey];
}

const MARKER = 'alice-private-marker-7f3a';

useTestDatabaseForFile();

describe(`SaaS isolation on ${TEST_DATABASE_KIND}`, () => {
  let server: RunningSaasApp;
  const logLines: string[] = [];
  /** Every answer this file saw, with who asked, for the secret checks at the end. */
  const seen: { readonly caller: User | undefined; readonly key: string; readonly text: string }[] =
    [];
  let alice: User; // owns `shared` (Carol edits it) and `private`
  let bob: User; // a stranger with a workbook of his own
  let carol: User; // Alice's collaborator on `shared` only
  let shared: string;
  let privateId: string;
  let bobsWorkbook: string;
  let pendingInvite: string;
  let operations: Operation[];
  /** Operations whose document declares a request body. */
  const withBody = new Set<string>();

  async function send(
    caller: User | undefined,
    operation: Operation,
    options: {
      readonly path?: string;
      readonly headers?: Readonly<Record<string, string>>;
      readonly query?: Readonly<Record<string, string>>;
    } = {},
  ): Promise<Answer> {
    const url = new URL(options.path ?? operation.path, server.url);
    for (const [name, value] of Object.entries(options.query ?? {}))
      url.searchParams.set(name, value);
    const headers: Record<string, string> = {
      accept: 'application/json, text/event-stream',
      ...options.headers,
    };
    if (caller !== undefined) headers['authorization'] = `Bearer ${caller.token}`;
    if (operation.body !== undefined) headers['content-type'] = operation.body.contentType;
    const started = performance.now();
    const response = await fetch(url, {
      method: operation.method,
      headers,
      ...(operation.body === undefined ? {} : { body: operation.body.data }),
    });
    const text = await response.text();
    const ms = performance.now() - started;
    seen.push({ caller, key: operation.key, text });
    return {
      status: response.status,
      contentType: response.headers.get('content-type') ?? '',
      text,
      ms,
    };
  }

  async function signUp(email: string): Promise<User> {
    const password = `pw-${randomUUID()}`;
    const { token, userId } = await server.signUp(email, password);
    const created = await server.as(token).post('/auth/tokens', { name: 'ci' });
    expect(created.status).toBe(200);
    const providerKey = `gsk_${randomUUID().replaceAll('-', '')}`;
    const saved = await server
      .as(token)
      .post('/settings/keys/save', { provider: 'groq', api_key: providerKey });
    expect(saved.status).toBe(200);
    return {
      email,
      password,
      token,
      userId,
      serviceToken: created.body.token,
      serviceTokenId: created.body.id,
      providerKey,
    };
  }

  /** Everything of Alice's an attack could change: her workbooks' contents, titles, sharing and tokens. */
  async function aliceState(): Promise<string> {
    const as = (id: string) => server.as(alice.serviceToken, { 'x-workbook-id': id });
    const parts: unknown[] = [];
    for (const id of [shared, privateId]) {
      parts.push((await as(id).get('/system/export')).text);
      parts.push((await as(id).get('/grid/layout')).text);
      parts.push((await as(id).get('/system/charts')).text);
      parts.push((await server.as(alice.token).get(`/workbook/${id}/collaborators`)).text);
    }
    parts.push((await server.as(alice.token).get('/workbooks')).body);
    parts.push((await server.as(alice.token).get('/auth/tokens')).body);
    return JSON.stringify(parts);
  }

  /** The body with the ids that differ between the two requests made equal. */
  const normalised = (text: string, ids: readonly string[]): string =>
    ids.reduce((result, id) => result.split(id).join('<id>'), text);

  /** The two answers are the same to the byte (ids aside); what a caller can tell apart. */
  function expectIndistinguishable(
    label: string,
    target: Answer,
    missing: Answer,
    ids: readonly string[],
  ): void {
    expect(target.status, `${label}: status`).toBe(missing.status);
    expect(target.contentType, `${label}: content type`).toBe(missing.contentType);
    expect(normalised(target.text, ids), `${label}: body`).toBe(normalised(missing.text, ids));
  }

  beforeAll(async () => {
    server = await startSaasApp({ logLines });
    alice = await signUp('alice@example.com');
    bob = await signUp('bob@example.com');
    carol = await signUp('carol@example.com');
    const asAlice = server.as(alice.token);
    shared = (await asAlice.post('/workbooks', { title: `Shared ${MARKER}` })).body.workbook.id;
    privateId = (await asAlice.post('/workbooks', { title: `Private ${MARKER}` })).body.workbook.id;
    bobsWorkbook = (await server.as(bob.token).post('/workbooks', { title: 'Bob' })).body.workbook
      .id;
    expect(
      (await asAlice.post(`/workbook/${shared}/collaborators`, { email: carol.email })).status,
    ).toBe(200);
    pendingInvite = (
      await asAlice.post(`/workbook/${shared}/collaborators`, { email: 'later@example.com' })
    ).body.collaborator.id;
    for (const id of [shared, privateId]) {
      const inWorkbook = server.as(alice.token, { 'x-workbook-id': id });
      expect(
        (
          await inWorkbook.post('/grid/range', {
            target_cell: 'A1',
            values: [[MARKER, 2, '=B1*2']],
          })
        ).status,
      ).toBe(200);
      expect((await inWorkbook.post('/workbook/sheet', { name: `S_${MARKER}` })).status).toBe(200);
      expect((await inWorkbook.post('/system/save')).status).toBe(200);
      expect(
        (
          await inWorkbook.post('/system/charts', {
            sheet: 'Sheet1',
            type: 'bar',
            data_range: 'A1:C1',
            title: MARKER,
          })
        ).status,
      ).toBe(200);
    }

    // The operations as served, each with a body its route validates.
    const document = (await server.http.get('/openapi.json')).body;
    const xlsx = new Uint8Array(
      await (
        await fetch(new URL('/system/export.xlsx', server.url), {
          headers: { authorization: `Bearer ${bob.token}` },
        })
      ).arrayBuffer(),
    );
    operations = [];
    for (const [path, item] of Object.entries(
      document.paths as Record<string, Record<string, { requestBody?: { content: object } }>>,
    )) {
      for (const [method, operation] of Object.entries(item)) {
        const key = `${method.toUpperCase()} ${path}`;
        const content = (operation.requestBody?.content ?? {}) as Record<
          string,
          { example?: unknown; examples?: Record<string, { value: unknown }> }
        >;
        const json = content['application/json'];
        const example = json?.example ?? Object.values(json?.examples ?? {})[0]?.value;
        let body: Operation['body'];
        if (path === '/mcp' && method === 'post')
          body = {
            contentType: 'application/json',
            data: JSON.stringify({
              jsonrpc: '2.0',
              id: 1,
              method: 'tools/call',
              params: { name: 'peek', arguments: { range: 'A1:C3' } },
            }),
          };
        else if (example !== undefined)
          body = { contentType: 'application/json', data: JSON.stringify(example) };
        else if (content['text/csv'] !== undefined)
          body = { contentType: 'text/csv', data: 'a,b\n1,2\n' };
        else if (path === '/system/import.xlsx')
          body = {
            contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
            data: xlsx,
          };
        if (operation.requestBody !== undefined) withBody.add(key);
        operations.push({ method: method.toUpperCase(), path, key, ...(body ? { body } : {}) });
      }
    }
  });

  afterAll(async () => {
    await server?.close();
  });

  it('every served operation is classified, and every classified one is served', () => {
    const served = operations.map((operation) => operation.key);
    expect(served.filter((key) => SCOPES[key] === undefined)).toEqual([]);
    expect(Object.keys(SCOPES).filter((key) => !served.includes(key))).toEqual([]);
    expect(served.length).toBeGreaterThan(70);
    // Without a valid body an attack stops at validation and never reaches the access check.
    expect(
      operations
        .filter((operation) => operation.body === undefined && operation.method !== 'GET')
        .map((operation) => operation.key)
        .filter((key) => withBody.has(key)),
    ).toEqual([]);
  });

  it("another user's workbook, named in X-Workbook-Id or ?workbook_id=, answers every workbook operation exactly as a workbook that does not exist, and changes nothing", async () => {
    const before = await aliceState();
    const attacks: [User, string, string][] = [
      [bob, shared, 'Bob → Alice’s shared workbook'],
      [bob, privateId, 'Bob → Alice’s private workbook'],
      [carol, privateId, 'Carol (editor of the other one) → Alice’s private workbook'],
    ];
    let answeredNotFound = 0;
    const workbookOperations = operations.filter((entry) => SCOPES[entry.key] === 'workbook');
    for (const operation of workbookOperations) {
      const path = operation.path
        .replace('{chart_id}', 'chart_none')
        .replace('{slug}', 'no_such_plugin');
      for (const [attacker, target, who] of attacks) {
        const nowhere = randomUUID();
        for (const form of ['header', 'query'] as const) {
          const at = (id: string) =>
            form === 'header'
              ? send(attacker, operation, { path, headers: { 'x-workbook-id': id } })
              : send(attacker, operation, { path, query: { workbook_id: id } });
          const label = `${who}: ${operation.key} (${form})`;
          const [target_, missing] = [await at(target), await at(nowhere)];
          expectIndistinguishable(label, target_, missing, [target, nowhere]);
          expect(target_.text, label).not.toContain(MARKER);
          if (target_.status === 404) answeredNotFound += 1;
        }
      }
    }
    // The access check is reached (and refuses) on nearly every one, not a validation error first.
    expect(answeredNotFound).toBeGreaterThan(0.8 * 6 * workbookOperations.length);
    expect(await aliceState()).toBe(before);
  });

  it('the same requests from the collaborator on the shared workbook do reach it (the ids above are real)', async () => {
    const read = operations.find((entry) => entry.key === 'GET /grid')!;
    for (const form of ['header', 'query'] as const) {
      const answer =
        form === 'header'
          ? await send(carol, read, { headers: { 'x-workbook-id': shared } })
          : await send(carol, read, { query: { workbook_id: shared } });
      expect(answer.status).toBe(200);
      expect(answer.text).toContain(MARKER);
    }
    const asBob = await send(bob, read, { headers: { 'x-workbook-id': shared } });
    expect(asBob.status).toBe(404);
  });

  it("another user's workbook, invite and collaborator ids in collaborator paths: the same answers as ids that do not exist, nothing revoked or listed", async () => {
    const before = await aliceState();
    const byKey = (key: string) => operations.find((entry) => entry.key === key)!;
    const collaborators = byKey('GET /workbook/{workbook_id}/collaborators');
    const invite = byKey('POST /workbook/{workbook_id}/collaborators');
    const revokeActive = byKey('DELETE /workbook/{workbook_id}/collaborators/{user_id}');
    const revokePending = byKey('DELETE /workbook/{workbook_id}/pending-invites/{invite_id}');
    for (const [attacker, target] of [
      [bob, shared],
      [bob, privateId],
      [carol, privateId],
    ] as const) {
      const nowhere = randomUUID();
      for (const [operation, path] of [
        [collaborators, (id: string) => `/workbook/${id}/collaborators`],
        [invite, (id: string) => `/workbook/${id}/collaborators`],
        [revokeActive, (id: string) => `/workbook/${id}/collaborators/${carol.userId}`],
        [revokePending, (id: string) => `/workbook/${id}/pending-invites/${pendingInvite}`],
      ] as const) {
        const label = `${attacker.email}: ${operation.key}`;
        const target_ = await send(attacker, operation, { path: path(target) });
        const missing = await send(attacker, operation, { path: path(nowhere) });
        expect(target_.status, label).toBe(404);
        expectIndistinguishable(label, target_, missing, [target, nowhere]);
      }
    }
    // Bob names Alice's invite and Carol's grant under his own workbook: as unknown ids, no effect.
    for (const [operation, path, unknown] of [
      [
        revokePending,
        (id: string) => `/workbook/${bobsWorkbook}/pending-invites/${id}`,
        randomUUID(),
      ],
      [revokeActive, (id: string) => `/workbook/${bobsWorkbook}/collaborators/${id}`, randomUUID()],
    ] as const) {
      const real = operation === revokePending ? pendingInvite : carol.userId;
      expectIndistinguishable(
        `bob: ${operation.key} under his own workbook`,
        await send(bob, operation, { path: path(real) }),
        await send(bob, operation, { path: path(unknown) }),
        [real, unknown],
      );
    }
    // The collaborator may edit the shared workbook but not manage who else may (spec §5: 403).
    for (const operation of [collaborators, invite]) {
      const answer = await send(carol, operation, { path: `/workbook/${shared}/collaborators` });
      expect(answer.status, operation.key).toBe(403);
      expect(answer.text).not.toContain('later@example.com');
    }
    expect(await aliceState()).toBe(before);
  });

  it("another user's workbook ids and token ids in /workbooks/{id} and /auth/tokens/{id}: the same answers as ids that do not exist; nothing renamed, deleted or revoked", async () => {
    const before = await aliceState();
    for (const operation of operations.filter((entry) =>
      ['own-workbook-id', 'own-token-id'].includes(SCOPES[entry.key]!),
    )) {
      const targets =
        SCOPES[operation.key] === 'own-token-id'
          ? [alice.serviceTokenId, carol.serviceTokenId]
          : [shared, privateId];
      for (const attacker of [bob, carol])
        for (const target of targets) {
          if (target === carol.serviceTokenId && attacker === carol) continue;
          if (target === shared && attacker === carol) {
            // An editor knows the workbook: renaming or deleting it needs its owner (403).
            const answer = await send(carol, operation, {
              path: operation.path.replace('{id}', shared),
            });
            expect(answer.status, operation.key).toBe(403);
            continue;
          }
          const nowhere = randomUUID();
          const label = `${attacker.email}: ${operation.key} with ${target}`;
          const target_ = await send(attacker, operation, {
            path: operation.path.replace('{id}', target),
          });
          const missing = await send(attacker, operation, {
            path: operation.path.replace('{id}', nowhere),
          });
          expect(target_.status, label).toBe(404);
          expectIndistinguishable(label, target_, missing, [target, nowhere]);
        }
    }
    expect(await aliceState()).toBe(before);
    // Alice's service token still works: Bob's revoke did not reach it.
    expect((await server.as(alice.serviceToken).get('/auth/me')).body.user.id).toBe(alice.userId);
    expect((await server.as(carol.serviceToken).get('/auth/me')).body.user.id).toBe(carol.userId);
  });

  it("no list, account or server-wide answer shows another user's workbooks, titles, contents, invites or tokens", async () => {
    for (const operation of operations.filter((entry) =>
      ['caller', 'server', 'public'].includes(SCOPES[entry.key]!),
    )) {
      if (operation.key === 'POST /auth/signup' || operation.key === 'POST /auth/login') continue;
      for (const caller of [bob, undefined]) {
        const path = operation.path
          .replace('{provider_id}', 'gemini')
          .replace('{slug}', 'no_such_plugin');
        const answer = await send(caller, operation, { path });
        const label = `${caller?.email ?? 'anonymous'}: ${operation.key}`;
        for (const foreign of [
          MARKER,
          shared,
          privateId,
          pendingInvite,
          alice.serviceTokenId,
          alice.email,
          'later@example.com',
        ])
          expect(answer.text, label).not.toContain(foreign);
        if (caller === undefined && SCOPES[operation.key] !== 'public')
          expect(answer.status, label).toBe(401);
      }
    }
    // Carol sees the one workbook shared with her, and not Alice's private one.
    const sharedWithCarol = await server.as(carol.token).get('/workbook/shared-with-me');
    expect(sharedWithCarol.body.workbooks.map((entry: { id: string }) => entry.id)).toEqual([
      shared,
    ]);
    expect(sharedWithCarol.text).not.toContain(privateId);
    const bobsList = await server.as(bob.token).get('/workbooks');
    expect(bobsList.body.workbooks.every((entry: { role: string }) => entry.role === 'owner')).toBe(
      true,
    );
  });

  it('a workbook the caller cannot use takes no order of magnitude longer (or shorter) to refuse than one that does not exist', async () => {
    const byKey = (key: string) => operations.find((entry) => entry.key === key)!;
    const median = (values: number[]): number => {
      const sorted = [...values].sort((a, b) => a - b);
      return sorted[Math.floor(sorted.length / 2)]!;
    };
    for (const operation of [byKey('GET /grid'), byKey('POST /grid/cell')]) {
      const target: number[] = [];
      const missing: number[] = [];
      // Interleaved, so load from elsewhere on the machine falls on both alike.
      for (let round = 0; round < 25; round += 1) {
        target.push((await send(bob, operation, { headers: { 'x-workbook-id': shared } })).ms);
        missing.push(
          (await send(bob, operation, { headers: { 'x-workbook-id': randomUUID() } })).ms,
        );
      }
      const ratio = median(target) / median(missing);
      expect(
        ratio,
        `${operation.key}: median ${median(target)} vs ${median(missing)} ms`,
      ).toBeLessThan(10);
      expect(ratio, operation.key).toBeGreaterThan(0.1);
    }
  });

  it('no password, session token, service token or server key is in another user’s answer or in any log line', () => {
    const users = [alice, bob, carol];
    const mayShowOwnToken = new Set([
      'POST /auth/signup',
      'POST /auth/login',
      'POST /auth/refresh',
      'POST /auth/tokens',
    ]);
    const problems: string[] = [];
    for (const answer of seen) {
      for (const user of users) {
        const own = answer.caller === user && mayShowOwnToken.has(answer.key);
        for (const secret of secretsOf(user))
          if (!own && answer.text.includes(secret))
            problems.push(
              `${answer.key} to ${answer.caller?.email ?? 'anonymous'}: ${user.email}'s secret`,
            );
      }
      if (answer.text.includes(TEST_SECRET_KEY)) problems.push(`${answer.key}: the server key`);
    }
    expect(problems).toEqual([]);
    expect(logLines.length).toBeGreaterThan(20);
    const secrets = [...users.flatMap(secretsOf), TEST_SECRET_KEY];
    const logged = logLines.filter((line) => secrets.some((secret) => line.includes(secret)));
    expect(logged).toEqual([]);
  });
});
