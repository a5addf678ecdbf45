// Migration 008: commits must continue the head exactly. An INSERT waiting on the head row of an
// earlier one that rolls back then sees the old head and is refused, instead of committing after a
// gap as 006's "past the head" allowed.
import { describe, expect, it } from 'vitest';
import type { Database } from '../../src/saas/index.js';
import {
  openTestDatabase,
  TEST_DATABASE_KIND,
  TEST_DATABASE_URL,
  type TestDatabase,
  useTestDatabaseForFile,
} from '../support/test-database.js';

useTestDatabaseForFile();

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
