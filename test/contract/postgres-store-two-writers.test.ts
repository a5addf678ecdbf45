// Two processes on one database, each with its own PostgresWorkbookStore (own write queue, own
// connection): a commit number the database already holds for the workbook — as a row, or covered
// by a snapshot that replaced those rows — is refused with CommitSeqTakenError, never stored.
import { describe, expect, it } from 'vitest';
import { CommitSeqTakenError } from '../../src/persistence/index.js';
import { PostgresWorkbookStore } from '../../src/saas/index.js';
import {
  openTestDatabase,
  TEST_DATABASE_KIND,
  type TestDatabase,
  useTestDatabaseForFile,
} from '../support/test-database.js';
import { cellRecord, sampleDocument } from './workbook-store.contract.js';

useTestDatabaseForFile();

async function twoStores(
  run: (
    first: PostgresWorkbookStore,
    second: PostgresWorkbookStore,
    test: TestDatabase,
  ) => Promise<void>,
): Promise<void> {
  const test = await openTestDatabase();
  const first = new PostgresWorkbookStore({ database: test.database });
  const second = new PostgresWorkbookStore({ database: test.reconnect() });
  try {
    await run(first, second, test);
  } finally {
    await first.close();
    await second.close();
    await test.drop();
  }
}

const seqs = async (store: PostgresWorkbookStore): Promise<number[]> =>
  (await store.recover('wb')).records.map((record) => record.seq);

describe(`PostgresWorkbookStore on ${TEST_DATABASE_KIND}: two writers of one workbook`, () => {
  it('an append of a seq the other store already wrote is refused with CommitSeqTakenError and the first record stays', () =>
    twoStores(async (first, second) => {
      await first.recover('wb');
      await second.recover('wb');
      await first.append('wb', cellRecord(1, 10));
      await expect(second.append('wb', cellRecord(1, 99))).rejects.toBeInstanceOf(
        CommitSeqTakenError,
      );
      const recovered = await first.recover('wb');
      expect(recovered.records).toEqual([JSON.parse(JSON.stringify(cellRecord(1, 10)))]);
    }));

  it('an append of a seq a snapshot already covers is refused, though the snapshot deleted that row', () =>
    twoStores(async (first, second) => {
      await first.recover('wb');
      await second.recover('wb');
      await first.append('wb', cellRecord(1, 10));
      await first.writeSnapshot('wb', 2, sampleDocument('Imported'));
      // The second store's copy is still at seq 0: its next commit is 1, long since replaced.
      await expect(second.append('wb', cellRecord(1, 99))).rejects.toBeInstanceOf(
        CommitSeqTakenError,
      );
      const recovered = await first.recover('wb');
      expect(recovered.base?.seq).toBe(2);
      expect(recovered.records).toEqual([]);
    }));

  it('a snapshot at a seq the other store already wrote is refused and does not replace the log', () =>
    twoStores(async (first, second) => {
      await first.recover('wb');
      await second.recover('wb');
      await first.append('wb', cellRecord(1, 10));
      await first.append('wb', cellRecord(2, 20));
      await expect(
        second.writeSnapshot('wb', 1, sampleDocument('Stale import')),
      ).rejects.toBeInstanceOf(CommitSeqTakenError);
      const recovered = await first.recover('wb');
      expect(recovered.base).toBeUndefined();
      expect(await seqs(first)).toEqual([1, 2]);
    }));

  it('after the refusal, recover gives the other store the log and its next seq is accepted', () =>
    twoStores(async (first, second) => {
      await first.recover('wb');
      await second.recover('wb');
      await first.append('wb', cellRecord(1, 10));
      await expect(second.append('wb', cellRecord(1, 99))).rejects.toBeInstanceOf(
        CommitSeqTakenError,
      );
      expect(await seqs(second)).toEqual([1]);
      await second.append('wb', cellRecord(2, 20));
      expect(await seqs(first)).toEqual([1, 2]);
    }));

  it('the two writing the same seq at the same moment: exactly one is stored', () =>
    twoStores(async (first, second) => {
      await first.recover('wb');
      await second.recover('wb');
      const outcomes = await Promise.allSettled([
        first.append('wb', cellRecord(1, 1)),
        second.append('wb', cellRecord(1, 2)),
      ]);
      expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
      const refused = outcomes.find((outcome) => outcome.status === 'rejected');
      expect((refused as PromiseRejectedResult).reason).toBeInstanceOf(CommitSeqTakenError);
      expect(await seqs(first)).toEqual([1]);
    }));

  it('deleting a workbook lets its id start again from seq 1', () =>
    twoStores(async (first, second, test) => {
      await first.recover('wb');
      await first.append('wb', cellRecord(1, 1));
      await first.writeSnapshot('wb', 2, sampleDocument());
      await test.database.transaction((tx) => PostgresWorkbookStore.deleteAll(tx, 'wb'));
      await second.recover('wb');
      await second.append('wb', cellRecord(1, 1));
      expect(await seqs(first)).toEqual([1]);
    }));
});
