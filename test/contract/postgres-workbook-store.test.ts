import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresWorkbookStore } from '../../src/saas/index.js';
import {
  closeSharedPglite,
  openTestDatabase,
  sharedPglite,
  TEST_DATABASE_KIND,
  TEST_DATABASE_URL,
} from '../support/test-database.js';
import { cellRecord, describeWorkbookStoreContract } from './workbook-store.contract.js';

beforeAll(async () => {
  if (TEST_DATABASE_URL === undefined) await sharedPglite();
});
afterAll(closeSharedPglite);

describeWorkbookStoreContract(`PostgresWorkbookStore on ${TEST_DATABASE_KIND}`, async () => {
  const test = await openTestDatabase();
  const now = (): Date => new Date(Date.UTC(2026, 0, 1));
  const stores = [new PostgresWorkbookStore({ database: test.database, now })];
  return {
    store: stores[0]!,
    // A restart: a new store over a new connection to the same tables.
    reopen: async () => {
      await stores.at(-1)!.close();
      stores.push(new PostgresWorkbookStore({ database: test.reconnect(), now }));
      return stores.at(-1)!;
    },
    corrupt: async (workbookId) => {
      await test.database.query(
        'UPDATE workbook_checkpoints SET document = $2 WHERE workbook_id = $1',
        [workbookId, '{"format": "gridbook", "version": 1, "sheets": [tor'],
      );
    },
    cleanup: async () => {
      await stores.at(-1)!.close();
      await test.drop();
    },
  };
});

describe(`PostgresWorkbookStore on ${TEST_DATABASE_KIND}: failures`, () => {
  it('after a failed journal write, later writes of that workbook fail too (no gap) until it is recovered again', async () => {
    const test = await openTestDatabase();
    try {
      const store = new PostgresWorkbookStore({ database: test.database });
      await store.recover('wb');
      await store.append('wb', cellRecord(1, 1));
      await test.database.exec('ALTER TABLE workbook_commits RENAME TO commits_away');
      await expect(store.append('wb', cellRecord(2, 2))).rejects.toThrow();
      await test.database.exec('ALTER TABLE commits_away RENAME TO workbook_commits');
      await expect(store.append('wb', cellRecord(3, 3))).rejects.toThrow();
      await store.append('other', cellRecord(1, 1));
      const recovered = await store.recover('wb');
      expect(recovered.records.map((record) => record.seq)).toEqual([1]);
      await store.append('wb', cellRecord(2, 2));
      expect((await store.recover('wb')).records.map((record) => record.seq)).toEqual([1, 2]);
    } finally {
      await test.drop();
    }
  });

  it('rows after a gap were never acknowledged: recover drops them, says so, and numbering goes on', async () => {
    const test = await openTestDatabase();
    try {
      for (const seq of [1, 2, 4])
        await test.database.query(
          'INSERT INTO workbook_commits (workbook_id, seq, record) VALUES ($1, $2, $3)',
          ['wb', seq, JSON.stringify(cellRecord(seq, seq))],
        );
      const store = new PostgresWorkbookStore({ database: test.database });
      const recovered = await store.recover('wb');
      expect(recovered.records.map((record) => record.seq)).toEqual([1, 2]);
      expect(recovered.notes.join()).toMatch(/commits from 4 follow a gap after 2/);
      await store.append('wb', cellRecord(3, 3));
      await store.append('wb', cellRecord(4, 4));
      expect((await store.recover('wb')).records.map((record) => record.seq)).toEqual([1, 2, 3, 4]);
    } finally {
      await test.drop();
    }
  });

  it('a damaged commit row stops recovery with JournalCorruptError naming the row', async () => {
    const test = await openTestDatabase();
    try {
      await test.database.query(
        'INSERT INTO workbook_commits (workbook_id, seq, record) VALUES ($1, 1, $2)',
        ['wb', '{"seq": 1, "ops": [tor'],
      );
      const store = new PostgresWorkbookStore({ database: test.database });
      await expect(store.recover('wb')).rejects.toMatchObject({
        name: 'JournalCorruptError',
        message: expect.stringMatching(/workbook wb, seq 1/),
      });
    } finally {
      await test.drop();
    }
  });
});
