import { describe, expect, it } from 'vitest';
import { recoverWorkbook } from '../../src/hosting/index.js';
import { saveFileTextHere, type RecoveredCommits } from '../../src/persistence/index.js';
import { PostgresWorkbookStore } from '../../src/saas/index.js';
import {
  openTestDatabase,
  TEST_DATABASE_KIND,
  useTestDatabaseForFile,
} from '../support/test-database.js';
import {
  cellRecord,
  describeWorkbookStoreContract,
  sampleDocument,
} from './workbook-store.contract.js';

useTestDatabaseForFile();

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

  it('a snapshot whose text is still being written keeps its place: appends after it wait for it', async () => {
    const test = await openTestDatabase();
    try {
      let finish: () => void = () => undefined;
      const store = new PostgresWorkbookStore({
        database: test.database,
        encode: (document, at) =>
          new Promise((resolve) => {
            finish = () => resolve(saveFileTextHere(document, at));
          }),
      });
      await store.recover('wb');
      await store.append('wb', cellRecord(1, 1));
      const document = sampleDocument('Slow');
      const snapshot = store.writeSnapshot('wb', 2, document);
      const append = store.append('wb', cellRecord(3, 3));
      let appended = false;
      void append.then(() => (appended = true));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(appended).toBe(false);
      finish();
      await Promise.all([snapshot, append]);
      const recovered = await store.recover('wb');
      expect(recovered.base).toEqual({ seq: 2, document });
      expect(recovered.records.map((record) => record.seq)).toEqual([3]);
    } finally {
      await test.drop();
    }
  });

  it('a snapshot whose text could not be written fails the journal like a failed write', async () => {
    const test = await openTestDatabase();
    try {
      const store = new PostgresWorkbookStore({
        database: test.database,
        encode: () => Promise.reject(new Error('no text')),
      });
      await store.recover('wb');
      await store.append('wb', cellRecord(1, 1));
      await expect(store.writeSnapshot('wb', 2, sampleDocument())).rejects.toThrow('no text');
      await expect(store.append('wb', cellRecord(3, 3))).rejects.toThrow('no text');
      expect((await store.recover('wb')).records.map((record) => record.seq)).toEqual([1]);
    } finally {
      await test.drop();
    }
  });

  it('rows after a gap were never acknowledged: recover drops them, says so, and numbering goes on', async () => {
    const test = await openTestDatabase();
    try {
      // Migration 008 refuses a gap now; one stored before it is left as 006 saw it.
      await test.database.exec(
        'ALTER TABLE workbook_commits DISABLE TRIGGER workbook_commits_advance_head',
      );
      for (const seq of [1, 2, 4])
        await test.database.query(
          'INSERT INTO workbook_commits (workbook_id, seq, record) VALUES ($1, $2, $3)',
          ['wb', seq, JSON.stringify(cellRecord(seq, seq))],
        );
      await test.database.exec(
        'ALTER TABLE workbook_commits ENABLE TRIGGER workbook_commits_advance_head',
      );
      await test.database.query("INSERT INTO workbook_heads (workbook_id, seq) VALUES ('wb', 4)");
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

describe(`PostgresWorkbookStore on ${TEST_DATABASE_KIND}: compaction`, () => {
  /** Column A as a load would replay it: `A<row>` → value and version. */
  const cellsOf = (recovered: RecoveredCommits): Record<string, unknown> => {
    const { workbook } = recoverWorkbook('wb', recovered, {});
    const sheet = workbook.sheet('Sheet1');
    const cells = Object.fromEntries(
      sheet
        .occupiedCells()
        .map(({ row, col }) => [
          `${String.fromCharCode(65 + col)}${row + 1}`,
          { value: sheet.value(row, col), version: sheet.version(row, col) },
        ]),
    );
    workbook.dispose();
    return cells;
  };

  it('a log past its limit is folded into a snapshot by a worker: recover gives that base and only the later records, the same cells and versions', async () => {
    const test = await openTestDatabase();
    try {
      const store = new PostgresWorkbookStore({
        database: test.database,
        compactAfterBytes: 2_000,
      });
      await store.recover('wb');
      // About 200 bytes a record: the 10th passes 2,000 bytes and starts a fold up to it.
      for (let seq = 1; seq <= 30; seq += 1) await store.append('wb', cellRecord(seq, seq * 10));
      await store.settled();
      const everything = await new PostgresWorkbookStore({
        database: test.database,
        compactAfterBytes: 0,
      }).recover('wb');
      expect(everything.base?.seq).toBeGreaterThanOrEqual(10);
      const baseSeq = everything.base!.seq;
      expect(everything.records.map((record) => record.seq)).toEqual(
        Array.from({ length: 30 - baseSeq }, (_, index) => baseSeq + 1 + index),
      );
      const { rows } = await test.database.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM workbook_commits WHERE workbook_id = $1',
        ['wb'],
      );
      expect(rows[0]!.n).toBe(everything.records.length);
      const cells = cellsOf(everything);
      expect(Object.keys(cells)).toHaveLength(30);
      for (let seq = 1; seq <= 30; seq += 1)
        expect(cells[`A${seq}`]).toEqual({ value: seq * 10, version: 1 });
    } finally {
      await test.drop();
    }
  });

  it('records appended while a fold runs are folded when it ends, once they pass the limit', async () => {
    const test = await openTestDatabase();
    try {
      const store = new PostgresWorkbookStore({
        database: test.database,
        compactAfterBytes: 2_000,
      });
      await store.recover('wb');
      // All queued at once: the fold starts near the 10th and the other 30 arrive while it runs.
      await Promise.all(
        Array.from({ length: 40 }, (_, index) => store.append('wb', cellRecord(index + 1, index))),
      );
      await store.settled();
      const recovered = await new PostgresWorkbookStore({
        database: test.database,
        compactAfterBytes: 0,
      }).recover('wb');
      expect(recovered.base?.seq).toBe(40);
      expect(recovered.records).toEqual([]);
      expect(Object.keys(cellsOf(recovered))).toHaveLength(40);
    } finally {
      await test.drop();
    }
  });

  it('recovering a log already past its limit folds it in the background', async () => {
    const test = await openTestDatabase();
    try {
      const writer = new PostgresWorkbookStore({ database: test.database, compactAfterBytes: 0 });
      await writer.recover('wb');
      for (let seq = 1; seq <= 20; seq += 1) await writer.append('wb', cellRecord(seq, seq));
      await writer.close();
      const reader = new PostgresWorkbookStore({
        database: test.database,
        compactAfterBytes: 1_000,
      });
      const before = await reader.recover('wb');
      expect(before.base).toBeUndefined();
      await reader.settled();
      const after = await reader.recover('wb');
      expect(after.base?.seq).toBe(20);
      expect(after.records).toEqual([]);
      expect(cellsOf(after)).toEqual(cellsOf(before));
    } finally {
      await test.drop();
    }
  });

  it('a snapshot older than the stored one never replaces it (a fold finishing after a whole-workbook commit)', async () => {
    const test = await openTestDatabase();
    try {
      const store = new PostgresWorkbookStore({ database: test.database, compactAfterBytes: 0 });
      await store.recover('wb');
      await store.writeSnapshot('wb', 5, sampleDocument('Newer'));
      await store.append('wb', cellRecord(6, 6));
      await store.writeSnapshot('wb', 3, sampleDocument('Older'));
      const recovered = await store.recover('wb');
      expect(recovered.base?.seq).toBe(5);
      expect(recovered.base?.document.name).toBe('Newer');
      expect(recovered.records.map((record) => record.seq)).toEqual([6]);
    } finally {
      await test.drop();
    }
  });
});
