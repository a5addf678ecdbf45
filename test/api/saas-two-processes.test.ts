// Issue 15: "a second process loses nothing". Two real server processes (`tsx src/main.ts`) on one
// Postgres database serve the same shared workbook at once. Every write answered 200 is in the
// commit log and shows in both processes; every other answer is the retryable 503 (a `detail`,
// `Retry-After`) of a commit the other process had numbered first, and sending it again lands it.
// Postgres only: the embedded PGlite is one process by design (its lock file keeps a second out).
// With REDIS_URL (and TEST_REDIS_URL to run against) they wake each other up through Redis
// instead of NOTIFY; an unreachable REDIS_URL stops a start with the reason.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PostgresDatabase, quoteIdentifier } from '../../src/saas/index.js';
import { api, type Api } from '../support/api.js';
import { EventReader } from '../support/event-reader.js';
import { freePort, startServerProcess, type ServerProcess } from '../support/server-process.js';
import { TEST_SECRET_KEY } from '../support/start-saas-app.js';
import { TEST_DATABASE_URL } from '../support/test-database.js';
import { redisTitle, TEST_REDIS_URL } from '../support/test-redis.js';

const WRITERS_PER_PROCESS = 4;
const WRITES_PER_WRITER = 25;
const started: ServerProcess[] = [];
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  await Promise.all(started.splice(0).map((server) => server.stop('SIGTERM')));
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** A database of its own on the test server (the servers run their migrations in `public`). */
async function freshDatabase(url: string): Promise<string> {
  const name = `gbtest_multi_${randomBytes(5).toString('hex')}`;
  const admin = new PostgresDatabase({ url, maxConnections: 1 });
  await admin.exec(`CREATE DATABASE ${quoteIdentifier(name)}`);
  cleanups.push(async () => {
    await admin.exec(`DROP DATABASE IF EXISTS ${quoteIdentifier(name)} WITH (FORCE)`);
    await admin.close();
  });
  const target = new URL(url);
  target.pathname = `/${name}`;
  return target.toString();
}

/** Sends until it is not the retryable 503 (bounded); a 503 must say why and when to retry. */
async function sendUntilStored(
  send: () => Promise<{ status: number; body: any; headers: Headers }>,
) {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const response = await send();
    if (response.status !== 503) return { response, retries: attempt };
    expect(response.body.detail).toMatch(/another server process/);
    expect(response.headers.get('retry-after')).toBe('0');
  }
  throw new Error('still 503 after 20 attempts');
}

describe.skipIf(TEST_DATABASE_URL === undefined)(
  'two server processes on one Postgres database',
  () => {
    it('both write one shared workbook at once: every 200 is stored and seen by both, every refusal a retryable 503; a selection published on one reaches a follower of the other', async () => {
      const databaseUrl = await freshDatabase(TEST_DATABASE_URL!);
      const env = {
        GRIDBOOK_MODE: 'saas',
        GRIDBOOK_SECRET_KEY: TEST_SECRET_KEY,
        DATABASE_URL: databaseUrl,
        GRIDBOOK_LOG_LEVEL: 'warn',
      };
      const servers: ServerProcess[] = [];
      for (let index = 0; index < 2; index += 1) {
        const dataDir = await mkdtemp(path.join(tmpdir(), 'gridbook-multi-'));
        cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
        const server = await startServerProcess(dataDir, env);
        started.push(server);
        servers.push(server);
      }
      const [first, second] = servers as [ServerProcess, ServerProcess];
      const signUp = await api(first.url).post('/auth/signup', {
        email: 'owner@example.com',
        password: 'correct horse battery',
      });
      expect(signUp.status, signUp.text).toBe(200);
      const headers = { authorization: `Bearer ${signUp.body.token as string}` };
      const created = await api(first.url, headers).post('/workbooks', { title: 'Shared' });
      const workbookId = created.body.workbook.id as string;
      const as = (server: ServerProcess, client: string): Api =>
        api(server.url, { ...headers, 'x-workbook-id': workbookId, 'x-gridbook-client': client });

      // Both processes load the workbook, then one writes: the other's next read shows it.
      expect((await as(second, 'reader').get('/grid', { range: 'Z1' })).status).toBe(200);
      expect((await as(first, 'w').post('/grid/cell', { cell: 'Z1', value: '41' })).status).toBe(
        200,
      );
      let seen: unknown;
      for (let attempt = 0; attempt < 200 && seen !== '41'; attempt += 1) {
        seen = (await as(second, 'reader').get('/grid', { range: 'Z1' })).body.cells?.[0]?.input;
        if (seen !== '41') await new Promise((resolve) => setTimeout(resolve, 25));
      }
      expect(seen).toBe('41');

      // A selection published through one process reaches a follower of the other (RT-02).
      const follower = await EventReader.open(`${first.url}/events`, {
        ...headers,
        'x-workbook-id': workbookId,
        'x-gridbook-client': 'follower',
      });
      try {
        expect((await follower.next())[0]!.event).toBe('hello');
        const moved = await as(second, 'mover').post('/presence', { sheet: 'Sheet1', range: 'C3' });
        expect(moved.status).toBe(200);
        expect((await follower.next())[0]).toMatchObject({
          event: 'presence',
          data: { user: 'owner@example.com', range: 'C3' },
        });
      } finally {
        follower.close();
      }

      // Writers on both processes, each on cells of its own column, all at once.
      let retried = 0;
      const writer = async (server: ServerProcess, column: string): Promise<void> => {
        const http = as(server, `writer-${column}`);
        for (let row = 1; row <= WRITES_PER_WRITER; row += 1) {
          const { response, retries } = await sendUntilStored(() =>
            http.post('/grid/cell', { cell: `${column}${row}`, value: String(row) }),
          );
          expect(response.status, JSON.stringify(response.body)).toBe(200);
          retried += retries;
        }
      };
      const columns = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'].slice(0, WRITERS_PER_PROCESS * 2);
      await Promise.all(
        columns.map((column, index) => writer(index % 2 === 0 ? first : second, column)),
      );

      // The log holds each acknowledged write once, numbered without a gap; both processes show all.
      const database = new PostgresDatabase({ url: databaseUrl, maxConnections: 1 });
      try {
        const { rows } = await database.query<{ seq: number; record: string }>(
          'SELECT seq, record FROM workbook_commits WHERE workbook_id = $1 ORDER BY seq',
          [workbookId],
        );
        expect(rows.map((row) => Number(row.seq))).toEqual(rows.map((_, index) => index + 1));
        // The name the title gave the new workbook, Z1, then every write.
        expect(rows).toHaveLength(2 + columns.length * WRITES_PER_WRITER);
      } finally {
        await database.close();
      }
      const range = `A1:${columns.at(-1)}${WRITES_PER_WRITER}`;
      for (const server of servers) {
        let cells: { cell: string; input: string }[] = [];
        for (let attempt = 0; attempt < 200; attempt += 1) {
          cells = (await as(server, 'reader').get('/grid', { range })).body.cells;
          if (
            cells.filter((cell) => cell.input !== '').length ===
            columns.length * WRITES_PER_WRITER
          )
            break;
          await new Promise((resolve) => setTimeout(resolve, 25));
        }
        for (const cell of cells.filter((entry) => entry.input !== ''))
          expect(cell.input).toBe(cell.cell.slice(1));
        expect(cells.filter((cell) => cell.input !== '')).toHaveLength(
          columns.length * WRITES_PER_WRITER,
        );
      }
      // How often a process had to reload (for the report; any number is correct).
      console.info(`two processes: ${retried} writes answered 503 and sent again`);
    }, 240_000);
  },
);

describe.skipIf(TEST_DATABASE_URL === undefined || TEST_REDIS_URL === undefined)(
  redisTitle('two server processes with REDIS_URL set'),
  () => {
    it('a commit made through one process reaches a commit stream on the other through Redis (no LISTEN on Postgres), and SIGTERM ends both at once', async () => {
      const databaseUrl = await freshDatabase(TEST_DATABASE_URL!);
      const env = {
        GRIDBOOK_MODE: 'saas',
        GRIDBOOK_SECRET_KEY: TEST_SECRET_KEY,
        DATABASE_URL: databaseUrl,
        REDIS_URL: TEST_REDIS_URL!,
        GRIDBOOK_LOG_LEVEL: 'warn',
      };
      const servers: ServerProcess[] = [];
      for (let index = 0; index < 2; index += 1) {
        const dataDir = await mkdtemp(path.join(tmpdir(), 'gridbook-redis-'));
        cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
        const server = await startServerProcess(dataDir, env);
        started.push(server);
        servers.push(server);
      }
      const [first, second] = servers as [ServerProcess, ServerProcess];
      const signUp = await api(first.url).post('/auth/signup', {
        email: 'owner@example.com',
        password: 'correct horse battery',
      });
      const headers = {
        authorization: `Bearer ${signUp.body.token as string}`,
        'x-workbook-id': (
          await api(first.url, { authorization: `Bearer ${signUp.body.token as string}` }).post(
            '/workbooks',
            { title: 'Shared' },
          )
        ).body.workbook.id as string,
      };
      const stream = await EventReader.open(`${second.url}/events`, {
        ...headers,
        'x-gridbook-client': 'reader',
      });
      try {
        expect((await stream.next())[0]!.event).toBe('hello');
        const write = await api(first.url, { ...headers, 'x-gridbook-client': 'writer' }).post(
          '/grid/cell',
          { cell: 'A1', value: '5' },
        );
        expect(write.status).toBe(200);
        expect((await stream.next())[0]).toMatchObject({
          event: 'commit',
          data: {
            client: 'writer',
            cells: [{ sheet: 'Sheet1', cells: [{ cell: 'A1', value: 5 }] }],
          },
        });
      } finally {
        stream.close();
      }
      // Redis carried it: neither process listens on the database.
      const database = new PostgresDatabase({ url: databaseUrl, maxConnections: 1 });
      try {
        const { rows } = await database.query<{ listening: string }>(
          "SELECT count(*) AS listening FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN %'",
        );
        expect(Number(rows[0]!.listening)).toBe(0);
      } finally {
        await database.close();
      }
      // Shutdown closes the Redis connections too: nothing keeps a process alive.
      for (const server of servers) {
        const stopping = Date.now();
        await server.stop('SIGTERM');
        expect(await server.exited).toBe(0);
        expect(Date.now() - stopping).toBeLessThan(5_000);
      }
    }, 120_000);
  },
);

describe.skipIf(TEST_DATABASE_URL === undefined)(
  'a server process with an unreachable REDIS_URL',
  () => {
    it('does not start, and says which Redis it could not reach, why, and what to do', async () => {
      const port = await freePort();
      const dataDir = await mkdtemp(path.join(tmpdir(), 'gridbook-redis-'));
      cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
      const starting = startServerProcess(dataDir, {
        GRIDBOOK_MODE: 'saas',
        GRIDBOOK_SECRET_KEY: TEST_SECRET_KEY,
        DATABASE_URL: await freshDatabase(TEST_DATABASE_URL!),
        REDIS_URL: `redis://:hunter2@127.0.0.1:${port}`,
      });
      const failure = await starting.then(
        () => undefined,
        (error: Error) => error.message,
      );
      expect(failure).toMatch(/^the server exited \(1\) before listening/);
      expect(failure).toContain(
        `Gridbook cannot start: Redis at redis://127.0.0.1:${port} cannot be reached: connect ECONNREFUSED 127.0.0.1:${port}. Start Redis there or correct REDIS_URL`,
      );
      expect(failure).not.toContain('hunter2');
    }, 60_000);
  },
);
