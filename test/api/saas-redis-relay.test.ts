// REDIS_URL (docs/design.md §9): two app instances on one database, each waking the other up
// through Redis pub/sub instead of Postgres NOTIFY. A commit made through one reaches a commit
// stream (SSE) on the other, selections and departures cross too, and an outage of Redis fails no
// write and loses no commit: the follower catches up once Redis is back. The database stays the
// source of truth: a message only says "workbook W has commits up to seq N". Each test relays on
// channels of its own (a unique prefix), so parallel runs on one Redis server do not interfere.
import { createClient } from 'redis';
import { afterEach, describe, expect, it } from 'vitest';
import { EventReader } from '../support/event-reader.js';
import { startSaasApp, type RunningSaasApp } from '../support/start-saas-app.js';
import { TcpProxy } from '../support/tcp-proxy.js';
import { TEST_DATABASE_KIND, useTestDatabaseForFile } from '../support/test-database.js';
import { redisTitle, TEST_REDIS_URL, uniqueRedisPrefix } from '../support/test-redis.js';

useTestDatabaseForFile();

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

interface Instances {
  readonly first: RunningSaasApp;
  readonly second: RunningSaasApp;
  readonly workbookId: string;
  readonly headers: Record<string, string>;
  /** Follows the workbook's commit stream on `server` as browser `client`. */
  follow(server: RunningSaasApp, client: string): Promise<EventReader>;
}

/** Two instances on one database relaying through Redis at `url`; Ada owns one workbook. */
async function twoInstances(
  url: string,
  prefix: string,
  report: (problem: string, error: unknown) => void = () => undefined,
): Promise<Instances> {
  // Streams re-check access rarely here: a check is a request, which could catch up by itself.
  const redis = { url, prefix };
  const first = await startSaasApp({ follow: true, redis, report, eventCheckMs: 600_000 });
  cleanups.push(() => first.close());
  const second = await startSaasApp({
    sameDatabaseAs: first,
    follow: true,
    redis,
    report,
    eventCheckMs: 600_000,
  });
  cleanups.push(() => second.close());
  const ada = await first.signUp('ada@example.com');
  const created = await first.as(ada.token).post('/workbooks', { title: 'Plan' });
  const workbookId = created.body.workbook.id as string;
  const headers = { authorization: `Bearer ${ada.token}`, 'x-workbook-id': workbookId };
  return {
    first,
    second,
    workbookId,
    headers,
    follow: async (server, client) => {
      const reader = await EventReader.open(`${server.url}/events`, {
        ...headers,
        'x-gridbook-client': client,
      });
      cleanups.push(async () => reader.close());
      expect((await reader.next())[0]!.event).toBe('hello');
      return reader;
    },
  };
}

describe.skipIf(TEST_REDIS_URL === undefined)(
  redisTitle(
    `REDIS_URL: two app instances on one ${TEST_DATABASE_KIND} database, relaying through Redis`,
  ),
  () => {
    it('a commit made through one instance reaches a commit stream on the other, woken up by a Redis message naming the workbook and seq', async () => {
      const prefix = uniqueRedisPrefix();
      // What crosses Redis, seen from outside: every channel under this test's prefix.
      const heard: { channel: string; message: string }[] = [];
      const watcher = createClient({ url: TEST_REDIS_URL! });
      await watcher.connect();
      cleanups.push(async () => watcher.destroy());
      await watcher.pSubscribe(`${prefix}*`, (message, channel) =>
        heard.push({ channel, message }),
      );

      const { first, second, workbookId, headers, follow } = await twoInstances(
        TEST_REDIS_URL!,
        prefix,
      );
      const stream = await follow(second, 'reader');
      const write = await first
        .as(headers.authorization!.slice('Bearer '.length), {
          'x-workbook-id': workbookId,
          'x-gridbook-client': 'writer',
        })
        .post('/grid/cell', { cell: 'B2', value: '42' });
      expect(write.status).toBe(200);
      const [commit] = await stream.next();
      expect(commit).toMatchObject({
        event: 'commit',
        data: {
          client: 'writer',
          cells: [{ sheet: 'Sheet1', cells: [{ cell: 'B2', value: 42 }] }],
        },
      });
      // The message carried only the seq and the workbook: the commit itself came from the store.
      expect(heard).toContainEqual({
        channel: expect.stringMatching(new RegExp(`^${prefix}gridbook_commits_`)),
        message: `${commit!.data.seq}:${workbookId}`,
      });
    });

    it('[RT-02] a selection published through one instance reaches a follower on the other, and so does its departure', async () => {
      const { first, second, headers, follow } = await twoInstances(
        TEST_REDIS_URL!,
        uniqueRedisPrefix(),
      );
      const stream = await follow(first, 'ada-laptop');
      const phone = second.as(headers.authorization!.slice('Bearer '.length), {
        'x-workbook-id': headers['x-workbook-id']!,
        'x-gridbook-client': 'ada-phone',
      });
      expect((await phone.post('/presence', { sheet: 'Sheet1', range: 'D7' })).status).toBe(200);
      const [selected] = await stream.next();
      expect(selected).toMatchObject({
        event: 'presence',
        data: { user: 'ada@example.com', sheet: 'Sheet1', range: 'D7' },
      });
      expect((await phone.request('DELETE', '/presence')).status).toBe(200);
      expect((await stream.next())[0]).toMatchObject({
        event: 'presence_left',
        data: { peer: selected!.data.peer },
      });
    });

    it('while Redis is unreachable writes still succeed (and the outage is logged); once it is back the other instance catches up and its stream gets the commit', async () => {
      const proxy = await TcpProxy.start(TEST_REDIS_URL!);
      cleanups.push(() => proxy.close());
      const reports: string[] = [];
      const { first, second, headers, follow } = await twoInstances(
        proxy.urlFor(TEST_REDIS_URL!),
        uniqueRedisPrefix(),
        (problem) => reports.push(problem),
      );
      const stream = await follow(second, 'reader');
      const writer = first.as(headers.authorization!.slice('Bearer '.length), {
        'x-workbook-id': headers['x-workbook-id']!,
        'x-gridbook-client': 'writer',
      });

      await proxy.cut();
      for (
        let tries = 0;
        tries < 250 && !reports.some((r) => /connection was lost/.test(r));
        tries += 1
      )
        await new Promise((resolve) => setTimeout(resolve, 20));
      expect((await writer.post('/grid/cell', { cell: 'C3', value: '7' })).status).toBe(200);
      expect((await writer.post('/grid/cell', { cell: 'C4', value: '=C3*2' })).status).toBe(200);
      expect(reports).toContainEqual(expect.stringMatching(/Redis connection was lost/));
      await proxy.restore();
      const commits = await stream.next(2);
      expect(commits.map((event) => event.event)).toEqual(['commit', 'commit']);
      expect(commits[1]!.data.cells[0].cells).toEqual([{ cell: 'C4', value: 14 }]);
      expect(reports).toContainEqual(expect.stringMatching(/Redis connection is back/));
      // And the relay works again for what follows.
      expect((await writer.post('/grid/cell', { cell: 'C3', value: '8' })).status).toBe(200);
      expect((await stream.next())[0]!.data.cells[0].cells).toEqual(
        expect.arrayContaining([{ cell: 'C4', value: 16 }]),
      );
    }, 30_000);
  },
);
