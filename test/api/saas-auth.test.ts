// SaaS mode: every endpoint needs a token, what each refusal says, built-in accounts, service
// tokens, an external identity provider's tokens, and workbooks per user (docs/design.md §9).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import { describe, expect, it } from 'vitest';
import { api, type Api } from '../support/index.js';
import { startSaasApp, TEST_JWT_SECRET, type RunningSaasApp } from '../support/start-saas-app.js';
import { TEST_DATABASE_KIND, useTestDatabaseForFile } from '../support/test-database.js';

useTestDatabaseForFile();

async function withSaas(
  run: (server: RunningSaasApp) => Promise<void>,
  options: Parameters<typeof startSaasApp>[0] = {},
): Promise<void> {
  const server = await startSaasApp(options);
  try {
    await run(server);
  } finally {
    await server.close();
  }
}

const patch = (client: Api, path: string, body: unknown) =>
  client.request('PATCH', path, { body: JSON.stringify(body), contentType: 'application/json' });
const del = (client: Api, path: string) => client.request('DELETE', path);

/**
 * A1's computed value in the workbook the client acts on, as a formula reads it: an empty A1
 * reads 0, as in Excel (no test here writes 0 to it).
 */
async function a1(client: Api): Promise<unknown> {
  const response = await client.post('/eval', { formulas: [{ cell: 'Z1', formula: '=A1' }] });
  expect(response.status).toBe(200);
  return response.body.results[0].result;
}

function externalToken(
  claims: Record<string, unknown>,
  options: { secret?: string; expiresIn?: string | number; audience?: string } = {},
): Promise<string> {
  let jwt = new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setIssuedAt();
  jwt = jwt.setExpirationTime(options.expiresIn ?? '5m');
  if (options.audience !== undefined) jwt = jwt.setAudience(options.audience);
  return jwt.sign(new TextEncoder().encode(options.secret ?? TEST_JWT_SECRET));
}

describe(`SaaS authentication on ${TEST_DATABASE_KIND}`, () => {
  it('every workbook and Engine API endpoint answers 401 without a token, saying what is missing or malformed', () =>
    withSaas(async (server) => {
      for (const [method, path] of [
        ['POST', '/eval'],
        ['GET', '/grid'],
        ['POST', '/grid/cell'],
        ['GET', '/workbooks'],
        ['GET', '/auth/tokens'],
        ['POST', '/system/save'],
      ] as const) {
        const response = await server.http.request(
          method,
          path,
          method === 'POST' ? { body: '{}', contentType: 'application/json' } : {},
        );
        expect(response.status, `${method} ${path}`).toBe(401);
        expect(response.body.detail).toMatch(/Missing Authorization header/);
        expect(response.headers.get('www-authenticate')).toBe('Bearer');
      }
      const basic = await server.as('x').get('/grid');
      expect(basic.status).toBe(401);
      expect(basic.body.detail).toMatch(/Malformed token/);
      const wrongScheme = await api(server.url, { authorization: 'Basic dXNlcjpwdw==' }).get(
        '/grid',
      );
      expect(wrongScheme.body.detail).toMatch(/Malformed Authorization header/);
      expect((await server.http.get('/healthz')).status).toBe(200);
    }));

  it('GET /auth/config answers without a token which sign-in the server offers, for the sign-in page', async () => {
    await withSaas(async (server) => {
      const builtIn = await server.http.get('/auth/config');
      expect(builtIn.status).toBe(200);
      expect(builtIn.body).toEqual({
        built_in_accounts: true,
        external_idp: false,
        session_seconds: 3600,
      });
    });
    await withSaas(
      async (server) => {
        expect((await server.http.get('/auth/config')).body).toEqual({
          built_in_accounts: false,
          external_idp: true,
          session_seconds: 600,
        });
      },
      { env: { GRIDBOOK_JWT_SECRET: TEST_JWT_SECRET, GRIDBOOK_SESSION_SECONDS: '600' } },
    );
  });

  it('a built-in account signs up, signs in, and reads and writes its own default workbook', () =>
    withSaas(async (server) => {
      const { token, userId } = await server.signUp('  Ada@Example.com ');
      const me = await server.as(token).get('/auth/me');
      expect(me.body).toEqual({ user: { id: userId, email: 'ada@example.com' }, via: 'session' });
      expect((await server.as(token).post('/grid/cell', { cell: 'A1', value: '42' })).status).toBe(
        200,
      );
      expect(await a1(server.as(token))).toBe(42);
      const login = await server.http.post('/auth/login', {
        email: 'ADA@example.com',
        password: 'correct horse battery',
      });
      expect(login.status).toBe(200);
      expect(login.body.user).toEqual({ id: userId, email: 'ada@example.com' });
      expect(await a1(server.as(login.body.token))).toBe(42);
      const again = await server.http.post('/auth/signup', {
        email: 'ada@EXAMPLE.com',
        password: 'another password',
      });
      expect(again.status).toBe(409);
      const short = await server.http.post('/auth/signup', {
        email: 'b@example.com',
        password: 'x',
      });
      expect(short.status).toBe(400);
      expect(short.body.detail).toMatch(/^password:/);
      const badEmail = await server.http.post('/auth/signup', {
        email: 'nope',
        password: 'long enough',
      });
      expect(badEmail.body.detail).toMatch(/^email:/);
    }));

  it('a wrong password and an unknown email get the same 401; five failures throttle the account (429, Retry-After)', () =>
    withSaas(async (server) => {
      await server.signUp('bob@example.com');
      const wrong = await server.http.post('/auth/login', {
        email: 'bob@example.com',
        password: 'wrong password',
      });
      const unknown = await server.http.post('/auth/login', {
        email: 'nobody@example.com',
        password: 'wrong password',
      });
      expect([wrong.status, unknown.status]).toEqual([401, 401]);
      expect(wrong.body).toEqual(unknown.body);
      for (let attempt = 0; attempt < 4; attempt += 1)
        await server.http.post('/auth/login', { email: 'bob@example.com', password: 'nope nope' });
      const throttled = await server.http.post('/auth/login', {
        email: 'bob@example.com',
        password: 'correct horse battery',
      });
      expect(throttled.status).toBe(429);
      expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThan(0);
    }));

  it('failed sign-ins are counted in the database: five spread over two server processes throttle the account on both, and a burst of guesses at once gets at most five tries, not one per request', () =>
    withSaas(async (first) => {
      const second = await startSaasApp({ sameDatabaseAs: first });
      try {
        await first.signUp('ivy@example.com');
        const guess = (server: RunningSaasApp, password = 'wrong password') =>
          server.http.post('/auth/login', { email: 'ivy@example.com', password });
        for (const server of [first, second, first, second, first])
          expect((await guess(server)).status).toBe(401);
        const throttled = await guess(second, 'correct horse battery');
        expect(throttled.status).toBe(429);
        expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThan(0);

        await first.signUp('jay@example.com');
        const burst = await Promise.all(
          Array.from({ length: 12 }, (_, index) =>
            (index % 2 === 0 ? first : second).http.post('/auth/login', {
              email: 'jay@example.com',
              password: `guess number ${index}`,
            }),
          ),
        );
        // Guesses checked at the same moment count each other, so fewer than five may get through.
        const statuses = burst.map((response) => response.status);
        const tried = statuses.filter((status) => status === 401).length;
        expect(tried).toBeGreaterThan(0);
        expect(tried).toBeLessThanOrEqual(5);
        expect(statuses.filter((status) => status === 429)).toHaveLength(12 - tried);
      } finally {
        await second.close();
      }
    }));

  it('a session token expires: 401 "expired"; a tampered one: 401 "bad signature"', () => {
    let clock = Date.UTC(2026, 0, 1);
    return withSaas(
      async (server) => {
        const { token } = await server.signUp('carol@example.com');
        const [head, body] = token.split('.');
        const tampered = `${head}.${body}.${'A'.repeat(43)}`;
        expect((await server.as(tampered).get('/auth/me')).body.detail).toMatch(/bad signature/);
        clock += 2 * 3_600_000;
        const expired = await server.as(token).get('/auth/me');
        expect(expired.status).toBe(401);
        expect(expired.body.detail).toMatch(/expired/);
      },
      { now: () => new Date(clock) },
    );
  });

  it('service tokens: shown once, listed without the token, act as their user, and revocation is effective at once', () =>
    withSaas(async (server) => {
      const { token } = await server.signUp('dan@example.com');
      const other = await server.signUp('eve@example.com');
      const created = await server.as(token).post('/auth/tokens', { name: 'CI' });
      expect(created.status).toBe(200);
      expect(created.body.token).toMatch(/^gb_live_[A-Za-z0-9_-]{43}$/);
      const service = server.as(created.body.token);
      await service.post('/grid/cell', { cell: 'A1', value: '7' });
      expect(await a1(server.as(token))).toBe(7);
      const listed = await server.as(token).get('/auth/tokens');
      expect(listed.body.tokens).toEqual([
        {
          id: created.body.id,
          name: 'CI',
          prefix: created.body.prefix,
          created_at: created.body.created_at,
          revoked_at: null,
        },
      ]);
      expect(listed.text).not.toContain(created.body.token);
      expect((await del(server.as(other.token), `/auth/tokens/${created.body.id}`)).status).toBe(
        404,
      );
      expect((await del(server.as(token), `/auth/tokens/${created.body.id}`)).status).toBe(200);
      const revoked = await service.get('/grid');
      expect(revoked.status).toBe(401);
      expect(revoked.body.detail).toMatch(/revoked/);
      expect((await server.as('gb_live_unknown').get('/grid')).body.detail).toMatch(
        /Unknown service token/,
      );
    }));
});

describe(`SaaS with an external identity provider (HS256) on ${TEST_DATABASE_KIND}`, () => {
  const env = { GRIDBOOK_JWT_SECRET: TEST_JWT_SECRET, GRIDBOOK_JWT_AUDIENCE: 'gridbook-app' };

  it('a valid token is its user from the first request; expired, bad signature, wrong audience and other algorithms are refused by name', () =>
    withSaas(
      async (server) => {
        const good = await externalToken(
          { sub: 'idp|123', email: 'Fay@Example.com' },
          { audience: 'gridbook-app' },
        );
        const me = await server.as(good).get('/auth/me');
        expect(me.body).toEqual({
          user: { id: 'idp|123', email: 'fay@example.com' },
          via: 'external',
        });
        await server.as(good).post('/grid/cell', { cell: 'A1', value: '3' });
        expect(await a1(server.as(good))).toBe(3);
        const expired = await externalToken(
          { sub: 'idp|123' },
          { audience: 'gridbook-app', expiresIn: Math.floor(Date.now() / 1000) - 60 },
        );
        expect((await server.as(expired).get('/grid')).body.detail).toMatch(/expired/);
        const forged = await externalToken(
          { sub: 'idp|123' },
          { audience: 'gridbook-app', secret: 'another secret entirely, same length!!' },
        );
        expect((await server.as(forged).get('/grid')).body.detail).toMatch(/bad signature/);
        const elsewhere = await externalToken({ sub: 'idp|123' }, { audience: 'other-app' });
        expect((await server.as(elsewhere).get('/grid')).body.detail).toMatch(/another audience/);
        const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(
          JSON.stringify({ sub: 'idp|123', aud: 'gridbook-app' }),
        ).toString('base64url')}.`;
        expect((await server.as(unsigned).get('/grid')).status).toBe(401);
        const noSubject = await externalToken({}, { audience: 'gridbook-app' });
        expect((await server.as(noSubject).get('/grid')).body.detail).toMatch(/"sub"/);
        expect(
          (await server.http.post('/auth/login', { email: 'a@b.co', password: 'whatever1' }))
            .status,
        ).toBe(404);
      },
      { env },
    ));
});

describe(`SaaS text the database cannot store on ${TEST_DATABASE_KIND}`, () => {
  // Postgres text cannot hold U+0000: such text must be refused as the field's 4xx, not a 500
  // (422 where the request's schema refuses it, like every other schema refusal).
  const nul = '\u0000';

  it('a NUL character in any field, id or workbook id is a 4xx naming it, never a 500', () =>
    withSaas(async (server) => {
      const { token } = await server.signUp('nul@example.com');
      const me = server.as(token);
      const id = (await me.post('/workbooks', { title: 'Plan' })).body.workbook.id as string;
      const requests: [
        string,
        () => Promise<{ status: number; body: { detail: string } }>,
        RegExp,
      ][] = [
        [
          'sign-up email',
          () =>
            server.http.post('/auth/signup', {
              email: `a${nul}@example.com`,
              password: 'long enough',
            }),
          /^body\.email: must not contain/,
        ],
        [
          'sign-in email',
          () =>
            server.http.post('/auth/login', {
              email: `nul${nul}@example.com`,
              password: 'long enough',
            }),
          /^body\.email: must not contain/,
        ],
        [
          'new workbook title',
          () => me.post('/workbooks', { title: `a${nul}b` }),
          /^body\.title: must not contain/,
        ],
        ['new title', () => patch(me, `/workbooks/${id}`, { title: `a${nul}b` }), /^body\.title: /],
        [
          'renamed workbook id',
          () => patch(me, '/workbooks/a%00b', { title: 'x' }),
          /^params\.id: /,
        ],
        ['deleted workbook id', () => del(me, '/workbooks/a%00b'), /^params\.id: /],
        ['token name', () => me.post('/auth/tokens', { name: `a${nul}b` }), /^body\.name: /],
        ['revoked token id', () => del(me, '/auth/tokens/a%00b'), /^params\.id: /],
        [
          'collaborators of',
          () => me.get('/workbook/a%00b/collaborators'),
          /^params\.workbook_id: must not contain/,
        ],
        [
          'invitee email',
          () => me.post(`/workbook/${id}/collaborators`, { email: `b${nul}@example.com` }),
          /^body\.email: must not contain/,
        ],
        [
          'revoked collaborator',
          () => del(me, `/workbook/${id}/collaborators/a%00b`),
          /^params\.user_id: /,
        ],
        [
          'revoked invite',
          () => del(me, `/workbook/${id}/pending-invites/a%00b`),
          /^params\.invite_id: /,
        ],
        [
          '?workbook_id=',
          () => me.get('/grid?workbook_id=a%00b'),
          /^X-Workbook-Id \/ workbook_id: /,
        ],
      ];
      const refusedWrongly: string[] = [];
      for (const [what, send, detail] of requests) {
        const response = await send();
        if (![400, 422].includes(response.status) || !detail.test(String(response.body.detail)))
          refusedWrongly.push(`${what}: ${response.status} ${JSON.stringify(response.body)}`);
      }
      expect(refusedWrongly).toEqual([]);
      // Nothing was half written: the workbook keeps its title, and no token was made.
      expect(
        (await me.get('/workbooks')).body.workbooks.map((w: { title: string }) => w.title),
      ).toEqual(expect.arrayContaining(['Plan']));
      expect((await me.get('/auth/tokens')).body.tokens).toEqual([]);
    }));

  it('an identity provider token whose sub or email holds a NUL character is a 401 naming the claim', () =>
    withSaas(
      async (server) => {
        const badSubject = await externalToken({ sub: `idp|${nul}1` });
        const refusedSubject = await server.as(badSubject).get('/auth/me');
        expect(refusedSubject.status).toBe(401);
        expect(refusedSubject.body.detail).toMatch(/"sub"/);
        const badEmail = await externalToken({ sub: 'idp|2', email: `g${nul}@example.com` });
        const refusedEmail = await server.as(badEmail).get('/auth/me');
        expect(refusedEmail.status).toBe(401);
        expect(refusedEmail.body.detail).toMatch(/"email"/);
      },
      { env: { GRIDBOOK_JWT_SECRET: TEST_JWT_SECRET } },
    ));
});

describe(`SaaS workbooks per user on ${TEST_DATABASE_KIND}`, () => {
  it('each user has their own workbooks; another user’s workbook id is 404 exactly like a missing one', () =>
    withSaas(async (server) => {
      const ada = await server.signUp('ada@example.com');
      const bob = await server.signUp('bob@example.com');
      const created = await server.as(ada.token).post('/workbooks', { title: ' Budget ' });
      expect(created.status).toBe(200);
      expect(created.body.workbook).toMatchObject({ title: 'Budget', role: 'owner' });
      const budget = created.body.workbook.id as string;
      const inBudget = server.as(ada.token, { 'x-workbook-id': budget });
      await inBudget.post('/grid/cell', { cell: 'A1', value: '100' });
      await server.as(ada.token).post('/grid/cell', { cell: 'A1', value: '1' });
      expect(await a1(inBudget)).toBe(100);
      expect(await a1(server.as(ada.token))).toBe(1);
      const viaQuery = await server
        .as(ada.token)
        .post('/eval', { formulas: [{ cell: 'Z1', formula: '=A1' }] }, { workbook_id: budget });
      expect(viaQuery.body.results[0].result).toBe(100);
      const list = await server.as(ada.token).get('/workbooks');
      expect(
        list.body.workbooks.map((workbook: { title: string }) => workbook.title).sort(),
      ).toEqual(['Budget', 'Untitled workbook']);
      const bobs = server.as(bob.token, { 'x-workbook-id': budget });
      const missing = server.as(bob.token, { 'x-workbook-id': 'no-such-workbook' });
      for (const client of [bobs, missing]) {
        const read = await client.get('/grid');
        expect(read.status).toBe(404);
        expect(read.body).toEqual({ detail: 'Workbook not found.' });
        expect((await client.post('/grid/cell', { cell: 'A1', value: '666' })).status).toBe(404);
      }
      expect(
        (await patch(server.as(bob.token), `/workbooks/${budget}`, { title: 'Mine' })).status,
      ).toBe(404);
      expect((await del(server.as(bob.token), `/workbooks/${budget}`)).status).toBe(404);
      expect(await a1(inBudget)).toBe(100);
      expect(await a1(server.as(bob.token))).toBe(0);
    }));

  it('undo is per workbook; rename and delete are the owner’s; a deleted workbook is gone', () =>
    withSaas(async (server) => {
      const ada = await server.signUp('ada@example.com');
      const second = (await server.as(ada.token).post('/workbooks', {})).body.workbook.id as string;
      const main = server.as(ada.token);
      const other = server.as(ada.token, { 'x-workbook-id': second });
      await main.post('/grid/cell', { cell: 'A1', value: '1' });
      await other.post('/grid/cell', { cell: 'A1', value: '2' });
      expect((await main.post('/workbook/undo', {})).status).toBe(200);
      expect(await a1(main)).toBe(0);
      expect(await a1(other)).toBe(2);
      const renamed = await patch(main, `/workbooks/${second}`, { title: 'Renamed' });
      expect(renamed.body.workbook.title).toBe('Renamed');
      expect((await patch(main, `/workbooks/${second}`, { title: '   ' })).status).toBe(400);
      expect((await del(main, `/workbooks/${second}`)).status).toBe(200);
      expect((await other.get('/grid')).status).toBe(404);
      expect(await server.store.recover(second)).toMatchObject({ base: undefined, records: [] });
    }));

  it('undo and redo on one server process take the step the other process undid or redid there, as on one process: an undo after the other’s undo undoes the change before, never the undo', () =>
    withSaas(
      async (first) => {
        const second = await startSaasApp({ sameDatabaseAs: first, follow: true });
        try {
          const ada = await first.signUp('ada@example.com');
          const onFirst = first.as(ada.token);
          const onSecond = second.as(ada.token);
          const cells = async (client: Api): Promise<string> =>
            ((await client.get('/grid', { range: 'A1:A2' })).body.cells as { cell: string }[])
              .map((cell) => cell.cell)
              .join(' ');
          /** Both processes show `expected` (the other's commit arrives a moment later). */
          const bothShow = async (expected: string): Promise<void> => {
            for (let attempt = 0; attempt < 200; attempt += 1) {
              if ((await cells(onFirst)) === expected && (await cells(onSecond)) === expected)
                return;
              await new Promise((resolve) => setTimeout(resolve, 25));
            }
            expect([await cells(onFirst), await cells(onSecond)]).toEqual([expected, expected]);
          };
          await bothShow('');
          expect((await onSecond.post('/grid/cell', { cell: 'A1', value: '1' })).status).toBe(200);
          await bothShow('A1');
          expect((await onFirst.post('/grid/cell', { cell: 'A2', value: '2' })).status).toBe(200);
          await bothShow('A1 A2');
          expect((await onSecond.post('/workbook/undo', {})).body.applied).toBe(true);
          await bothShow('A1');
          expect((await onFirst.post('/workbook/undo', {})).body.applied).toBe(true);
          await bothShow('');
          expect((await onSecond.post('/workbook/redo', {})).body.applied).toBe(true);
          await bothShow('A1');
          const redone = await onFirst.post('/workbook/redo', {});
          expect(redone.body).toMatchObject({ applied: true, can_redo: false });
          await bothShow('A1 A2');
        } finally {
          await second.close();
        }
      },
      { follow: true },
    ));

  it('a workbook deleted through one server process takes no write through another that still has it loaded: 404 at once, nothing stored (nor a checkpoint it saves)', () =>
    withSaas(async (first) => {
      const second = await startSaasApp({ sameDatabaseAs: first });
      try {
        const ada = await first.signUp('ada@example.com');
        const id = (await first.as(ada.token).post('/workbooks', { title: 'Doomed' })).body.workbook
          .id as string;
        const onSecond = second.as(ada.token, { 'x-workbook-id': id });
        expect((await onSecond.get('/grid', { range: 'A1' })).status).toBe(200);
        expect((await del(first.as(ada.token), `/workbooks/${id}`)).status).toBe(200);

        await onSecond.post('/system/save', {});
        const statuses: number[] = [];
        for (let attempt = 0; attempt < 3; attempt += 1)
          statuses.push((await onSecond.post('/grid/cell', { cell: 'A1', value: '1' })).status);
        expect(statuses).toEqual([404, 404, 404]);
        expect((await onSecond.get('/grid', { range: 'A1' })).status).toBe(404);
        const { rows } = await first.database.database.query<{ count: number }>(
          'SELECT count(*)::int AS count FROM workbook_commits WHERE workbook_id = $1',
          [id],
        );
        expect(rows[0]!.count).toBe(0);
        const checkpoints = await first.database.database.query<{ count: number }>(
          'SELECT count(*)::int AS count FROM workbook_checkpoints WHERE workbook_id = $1',
          [id],
        );
        expect(checkpoints.rows[0]!.count).toBe(0);
      } finally {
        await second.close();
      }
    }));

  it('an idle workbook leaves memory over the budget and loads again with every change', () => {
    let clock = Date.UTC(2026, 0, 1);
    return withSaas(
      async (server) => {
        const ada = await server.signUp('ada@example.com');
        const client = server.as(ada.token);
        for (let row = 1; row <= 20; row += 1)
          await client.post('/grid/cell', { cell: `A${row}`, value: String(row) });
        const id = (await client.get('/workbooks')).body.workbooks[0].id as string;
        expect(server.host.isLoaded(id)).toBe(true);
        clock += 120_000;
        expect(await server.host.evictIdle()).toEqual([id]);
        expect(server.host.isLoaded(id)).toBe(false);
        const sum = await client.post('/eval', {
          formulas: [{ cell: 'Z1', formula: '=SUM(A1:A20)' }],
        });
        expect(sum.body.results[0].result).toBe(210);
        expect(server.host.isLoaded(id)).toBe(true);
      },
      { env: { GRIDBOOK_WORKBOOK_MEMORY_BYTES: '0' }, now: () => new Date(clock) },
    );
  });

  it('a workbook a request still holds (a long agent turn, a slow import) is not evicted, however long it idles; released, it may go', () => {
    let clock = Date.UTC(2026, 0, 1);
    return withSaas(
      async (server) => {
        const ada = await server.signUp('ada@example.com');
        await server.as(ada.token).post('/grid/cell', { cell: 'A1', value: '1' });
        const id = (await server.as(ada.token).get('/workbooks')).body.workbooks[0].id as string;
        const releases: (() => void)[] = [];
        const handle = await server.host.handleFor({
          userId: ada.userId,
          workbookId: id,
          hold: (release) => releases.push(release),
        });
        clock += 120_000;
        expect(await server.host.evictIdle()).toEqual([]);
        // The request goes on using its handle after the idle time: the workbook is still live.
        await handle.commit(
          [{ type: 'set-cells', sheet: 'Sheet1', runs: [{ row: 1, col: 0, inputs: [2] }] }],
          { actor: 'User' },
        );
        expect(releases).toHaveLength(1);
        releases[0]!();
        expect(await server.host.evictIdle()).toEqual([]); // just released: idle from now on
        clock += 120_000;
        expect(await server.host.evictIdle()).toEqual([id]);
        const sum = await server
          .as(ada.token)
          .post('/eval', { formulas: [{ cell: 'Z1', formula: '=A1+A2' }] });
        expect(sum.body.results[0].result).toBe(3);
      },
      { env: { GRIDBOOK_WORKBOOK_MEMORY_BYTES: '0' }, now: () => new Date(clock) },
    );
  });
});

describe(`SaaS with an external identity provider (JWKS) on ${TEST_DATABASE_KIND}`, () => {
  it('RS256 and ES256 tokens verify against the JWKS; a new key id makes the server fetch the set again; HS256 is refused', async () => {
    const rsa = await generateKeyPair('RS256');
    const ec = await generateKeyPair('ES256');
    const keys: JWK[] = [{ ...(await exportJWK(rsa.publicKey)), kid: 'rsa-1', alg: 'RS256' }];
    let fetches = 0;
    const jwks = createServer((_request, response) => {
      fetches += 1;
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ keys }));
    });
    await new Promise<void>((resolve) => jwks.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(jwks.address() as AddressInfo).port}/jwks.json`;
    try {
      await withSaas(
        async (server) => {
          const sign = (alg: string, kid: string, key: Parameters<SignJWT['sign']>[0]) =>
            new SignJWT({ email: 'gil@example.com' })
              .setProtectedHeader({ alg, kid })
              .setSubject('idp|gil')
              .setIssuer('https://idp.example.com/')
              .setExpirationTime('5m')
              .sign(key);
          const first = await server
            .as(await sign('RS256', 'rsa-1', rsa.privateKey))
            .get('/auth/me');
          expect(first.status).toBe(200);
          expect(first.body.user).toEqual({ id: 'idp|gil', email: 'gil@example.com' });
          expect(fetches).toBe(1);
          // The provider rotates in a new key: the unknown kid makes the server fetch again.
          keys.push({ ...(await exportJWK(ec.publicKey)), kid: 'ec-1', alg: 'ES256' });
          const rotated = await server
            .as(await sign('ES256', 'ec-1', ec.privateKey))
            .get('/auth/me');
          expect(rotated.status).toBe(200);
          expect(fetches).toBe(2);
          const hs = await new SignJWT({})
            .setProtectedHeader({ alg: 'HS256' })
            .setSubject('idp|gil')
            .setIssuer('https://idp.example.com/')
            .setExpirationTime('5m')
            .sign(new TextEncoder().encode(TEST_JWT_SECRET));
          expect((await server.as(hs).get('/auth/me')).body.detail).toMatch(
            /algorithm is not accepted/,
          );
          const otherIssuer = await new SignJWT({})
            .setProtectedHeader({ alg: 'RS256', kid: 'rsa-1' })
            .setSubject('idp|gil')
            .setIssuer('https://evil.example.com/')
            .setExpirationTime('5m')
            .sign(rsa.privateKey);
          expect((await server.as(otherIssuer).get('/auth/me')).body.detail).toMatch(
            /another issuer/,
          );
        },
        {
          env: { GRIDBOOK_JWKS_URL: url, GRIDBOOK_JWT_ISSUER: 'https://idp.example.com/' },
          jwksCooldownMs: 0,
        },
      );
    } finally {
      await new Promise((resolve) => jwks.close(resolve));
    }
  });
});
