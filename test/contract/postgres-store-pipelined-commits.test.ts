// PostgresWorkbookStore sends a workbook's next INSERT of commits while the previous one is in
// flight. That is only safe if a failed first INSERT makes the second fail too: migration 008's
// head check (commits must continue the head exactly) is what guarantees it, since the second
// waits on the head row the first updated and then sees the old head again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/saas/index.js';
import { PostgresWorkbookStore } from '../../src/saas/index.js';
import {
  closeSharedPglite,
  openTestDatabase,
  sharedPglite,
  TEST_DATABASE_KIND,
  TEST_DATABASE_URL,
  type TestDatabase,
} from '../support/test-database.js';
import { cellRecord } from './workbook-store.contract.js';

beforeAll(async () => {
  if (TEST_DATABASE_URL === undefined) await sharedPglite();
});
afterAll(closeSharedPglite);

async function withDatabase(run: (test: TestDatabase) => Promise<void>): Promise<void> {
  const test = await openTestDatabase();
  try {
    await run(test);
  } finally {
    await test.drop();
  }
}

const insertCommits = (database: Database, seqs: readonly number[]) =>
  database.query(
    `INSERT INTO workbook_commits (workbook_id, seq, record)
     SELECT 'wb', seq, 'r' FROM unnest($1::bigint[]) AS batch(seq)`,
    [seqs],
  );

const storedSeqs = async (database: Database): Promise<number[]> =>
  (
    await database.query<{ seq: string }>(
      "SELECT seq FROM workbook_commits WHERE workbook_id = 'wb' ORDER BY seq",
    )
  ).rows.map((row) => Number(row.seq));

/** Resolves when `condition` holds, polling (bounded). */
async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !condition(); i += 1)
    await new Promise((resolve) => setTimeout(resolve, 10));
  expect(condition()).toBe(true);
}

describe(`Gap-free commits on ${TEST_DATABASE_KIND}`, () => {
  it('an INSERT of commits that skips past the head is refused and stores nothing', () =>
    withDatabase(async ({ database }) => {
      await insertCommits(database, [1, 2]);
      await expect(insertCommits(database, [4])).rejects.toMatchObject({ code: '23505' });
      await expect(insertCommits(database, [3, 5])).rejects.toMatchObject({ code: '23505' });
      expect(await storedSeqs(database)).toEqual([1, 2]);
      await insertCommits(database, [3, 4]);
      expect(await storedSeqs(database)).toEqual([1, 2, 3, 4]);
    }));

  it('a first commit of a workbook must be commit 1', () =>
    withDatabase(async ({ database }) => {
      await expect(insertCommits(database, [2])).rejects.toMatchObject({ code: '23505' });
      expect(await storedSeqs(database)).toEqual([]);
    }));

  it.skipIf(TEST_DATABASE_URL === undefined)(
    'an INSERT sent while the one before it is in flight fails when that one rolls back',
    () =>
      withDatabase(async (test) => {
        await insertCommits(test.database, [1]);
        const other = test.reconnect();
        let release: () => void = () => undefined;
        const gate = new Promise<void>((resolve) => (release = resolve));
        const first = test.database.transaction(async (tx) => {
          await insertCommits(tx as Database, [2, 3]);
          await gate;
          throw new Error('the first INSERT fails after taking the head row');
        });
        const second = insertCommits(other, [4]).catch((error: unknown) => error);
        // The second waits on the head row the first holds.
        await new Promise((resolve) => setTimeout(resolve, 200));
        release();
        await expect(first).rejects.toThrow(/fails after taking/);
        expect(await second).toMatchObject({ code: '23505' });
        expect(await storedSeqs(test.database)).toEqual([1]);
      }),
  );
});

describe(`PostgresWorkbookStore on ${TEST_DATABASE_KIND}: two INSERTs in flight`, () => {
  it('an append sent behind a failing one is rejected too, and the database keeps no commit past the failure', () =>
    withDatabase(async (test) => {
      let release: () => void = () => undefined;
      const gate = new Promise<void>((resolve) => (release = resolve));
      let inserts = 0;
      let failNext = false;
      // The store's database, except that the INSERT after `failNext` is set takes the head row
      // in a transaction and rolls back once released: a write failing while in flight.
      const real = test.database;
      const database: Database = {
        kind: real.kind,
        query: (text, params) => {
          if (!text.includes('INSERT INTO workbook_commits')) return real.query(text, params);
          inserts += 1;
          if (!failNext) return real.query(text, params);
          failNext = false;
          return real.transaction(async (tx) => {
            await tx.query(text, params);
            await gate;
            throw new Error('connection lost');
          });
        },
        exec: (script) => real.exec(script),
        transaction: (work) => real.transaction(work),
        listen: (channel, handlers) => real.listen(channel, handlers),
        close: () => real.close(),
      } as Database;
      const store = new PostgresWorkbookStore({ database });
      try {
        await store.recover('wb');
        await store.append('wb', cellRecord(1, 1));
        failNext = true;
        const failing = store.append('wb', cellRecord(2, 2));
        const failingSettled = failing.catch((error: unknown) => error);
        await until(() => inserts === 2);
        const behind = store.append('wb', cellRecord(3, 3));
        const behindSettled = behind.catch((error: unknown) => error);
        // Sent beside the failing one, not after it.
        await until(() => inserts === 3);
        release();
        expect(await failingSettled).toBeInstanceOf(Error);
        expect(await behindSettled).toBeInstanceOf(Error);
        expect(await storedSeqs(test.database)).toEqual([1]);
        await store.settled();
        expect((await store.recover('wb')).records.map((record) => record.seq)).toEqual([1]);
        await store.append('wb', cellRecord(2, 20));
        expect(await storedSeqs(test.database)).toEqual([1, 2]);
      } finally {
        release();
        await store.close();
      }
    }));
});
