// Two SaaS processes on one database, as two SaasHosts each with its own store, directory and
// connection (a second `pg` pool on Postgres; a second view of the one PGlite otherwise). A commit
// the other process already numbered is never acknowledged and does not wedge the workbook; with a
// follower, each process's copy shows the other's commits, to readers and to subscribers.
import { describe, expect, it } from 'vitest';
import { parseCell, replaceWorkbookOps, writeCellOps, type Op } from '../../src/core/index.js';
import {
  SaasHost,
  WorkbookChangedElsewhereError,
  type Commit,
  type JournaledWorkbook,
} from '../../src/hosting/index.js';
import {
  DatabaseCommitFollower,
  PostgresWorkbookStore,
  WorkbookDirectory,
  type Database,
} from '../../src/saas/index.js';
import {
  openTestDatabase,
  TEST_DATABASE_KIND,
  TEST_DATABASE_URL,
  type TestDatabase,
  useTestDatabaseForFile,
} from '../support/test-database.js';
import { sampleDocument } from '../contract/workbook-store.contract.js';

useTestDatabaseForFile();

const meta = { actor: 'User' };
const write = (cell: string, value: number): Op[] => writeCellOps('Sheet1', parseCell(cell), value);

interface Process {
  readonly host: SaasHost;
  readonly store: PostgresWorkbookStore;
  readonly follower: DatabaseCommitFollower | undefined;
  handle(): Promise<JournaledWorkbook>;
}

async function startProcess(
  database: Database,
  workbookId: string,
  follow: boolean,
): Promise<Process> {
  const store = new PostgresWorkbookStore({ database });
  const follower = follow ? await DatabaseCommitFollower.open({ database }) : undefined;
  const host = new SaasHost({
    directory: new WorkbookDirectory(database),
    journal: store,
    memoryBudgetBytes: 1 << 30,
    ...(follower === undefined ? {} : { follower }),
  });
  return {
    host,
    store,
    follower,
    handle: () => host.handleFor({ userId: 'u1', workbookId }),
  };
}

async function twoProcesses(
  follow: boolean | readonly [boolean, boolean],
  run: (a: Process, b: Process, test: TestDatabase, workbookId: string) => Promise<void>,
): Promise<void> {
  const test = await openTestDatabase();
  await test.database.query("INSERT INTO users (id, email) VALUES ('u1', 'u1@example.com')");
  const workbookId = await new WorkbookDirectory(test.database).defaultFor('u1');
  const [followA, followB] = typeof follow === 'boolean' ? [follow, follow] : follow;
  const a = await startProcess(test.database, workbookId, followA);
  const b = await startProcess(test.reconnect(), workbookId, followB);
  try {
    await run(a, b, test, workbookId);
  } finally {
    for (const process of [a, b]) {
      await process.follower?.close();
      await process.store.close();
    }
    await test.drop();
  }
}

const valueOf = (handle: JournaledWorkbook, cell: string): unknown => {
  const { row, col } = parseCell(cell);
  return handle.workbook.sheet('Sheet1').value(row, col);
};

/** Polls (bounded) until `check` holds; the notification crosses processes asynchronously. */
async function eventually(check: () => boolean | Promise<boolean>): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('the condition did not hold within 5 s');
}

async function storedSeqs(test: TestDatabase, workbookId: string): Promise<number[]> {
  const { rows } = await test.database.query<{ seq: number }>(
    'SELECT seq FROM workbook_commits WHERE workbook_id = $1 ORDER BY seq',
    [workbookId],
  );
  return rows.map((row) => Number(row.seq));
}

describe(`two SaaS processes on one ${TEST_DATABASE_KIND} database`, () => {
  it('a commit whose seq the other process already stored is refused as WorkbookChangedElsewhereError, not acknowledged, and the next request works on a fresh copy', () =>
    twoProcesses(false, async (a, b, test, workbookId) => {
      const staleB = await b.handle();
      await (await a.handle()).commit(write('A1', 1), meta);
      // B's copy never heard of A's commit 1: its own write is numbered 1 too.
      await expect(staleB.commit(write('A2', 2), meta)).rejects.toBeInstanceOf(
        WorkbookChangedElsewhereError,
      );
      // The copy refuses anything more (it holds a change that was never stored)…
      await expect(staleB.commit(write('A3', 3), meta)).rejects.toBeInstanceOf(
        WorkbookChangedElsewhereError,
      );
      // …but the workbook is not wedged: the next request gets it as stored, and writes.
      const freshB = await b.handle();
      expect(freshB).not.toBe(staleB);
      expect(valueOf(freshB, 'A1')).toBe(1);
      expect(valueOf(freshB, 'A2')).toBeNull();
      const commit = await freshB.commit(write('A2', 2), meta);
      expect(commit.seq).toBe(2);
      expect(await storedSeqs(test, workbookId)).toEqual([1, 2]);
      const { records } = await a.store.recover(workbookId);
      expect(records.map((record) => record.ops)).toEqual([write('A1', 1), write('A2', 2)]);
    }));

  it("a stale whole-workbook replacement (a snapshot) is refused and does not delete the other process's acknowledged commits", () =>
    twoProcesses(false, async (a, b, test, workbookId) => {
      const staleB = await b.handle();
      const handleA = await a.handle();
      await handleA.commit(write('A1', 1), meta);
      await handleA.commit(write('A2', 2), meta);
      await expect(
        staleB.commit(replaceWorkbookOps(sampleDocument('Stale import')), meta),
      ).rejects.toBeInstanceOf(WorkbookChangedElsewhereError);
      expect(await storedSeqs(test, workbookId)).toEqual([1, 2]);
      const freshB = await b.handle();
      expect(valueOf(freshB, 'A2')).toBe(2);
    }));

  it('with followers, a read in one process shows what the other committed, and its subscribers get the commit', () =>
    twoProcesses(true, async (a, b) => {
      const handleB = await b.handle();
      const seen: Commit[] = [];
      handleB.subscribe(handleB.seq, (commit) => seen.push(commit));
      const handleA = await a.handle();
      await handleA.commit(write('A1', 7), meta);
      await handleA.commit(writeCellOps('Sheet1', parseCell('B1'), '=A1*2'), meta);
      await eventually(async () => valueOf(await b.handle(), 'B1') === 14);
      // Caught up in place (same copy), so subscribers stay attached.
      expect(await b.handle()).toBe(handleB);
      expect(seen.map((commit) => commit.seq)).toEqual([1, 2]);
      expect(seen[1]!.changes).toBeDefined();
      // And B's own next commit follows A's numbering, and A hears it back.
      expect((await handleB.commit(write('A1', 8), meta)).seq).toBe(3);
      await eventually(() => valueOf(handleA, 'B1') === 16);
    }));

  it('with followers, after a whole-workbook replacement elsewhere the copy is loaded again', () =>
    twoProcesses(true, async (a, b) => {
      const handleB = await b.handle();
      await (await a.handle()).commit(replaceWorkbookOps(sampleDocument('Imported')), meta);
      await eventually(async () => (await b.handle()) !== handleB);
      expect((await b.handle()).workbook.sheetNames).toEqual(['Inputs', 'Model', 'Report']);
    }));

  it.skipIf(TEST_DATABASE_URL === undefined)(
    'a listening connection the server drops is opened again, and the head check on reconnecting brings the commits it did not hear',
    () =>
      // A announces nothing: only B's check of heads when it listens again can find A's commit.
      twoProcesses([false, true], async (a, b, test) => {
        const handleB = await b.handle();
        await (await a.handle()).commit(write('A1', 3), meta);
        await new Promise((resolve) => setTimeout(resolve, 100));
        expect(valueOf(handleB, 'A1')).toBeNull();
        const terminate = async (): Promise<void> => {
          await test.database.query(
            `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
             WHERE datname = current_database()
               AND query = 'LISTEN "gridbook_commits_' || current_schema() || '"'`,
          );
        };
        await terminate();
        await eventually(() => !b.follower!.listening);
        // Read through the copy itself (no request, so no per-request check).
        await eventually(() => b.follower!.listening && valueOf(handleB, 'A1') === 3);
        expect(await b.handle()).toBe(handleB);
      }),
  );

  it('when announcements may have been missed (not listening), each request checks the head and catches up', () =>
    twoProcesses(false, async (a, b, test, workbookId) => {
      // A process whose follower is not hearing anything: only the per-request check helps.
      const deaf = await DatabaseCommitFollower.open({ database: test.reconnect() });
      await deaf.close();
      expect(deaf.listening).toBe(false);
      const host = new SaasHost({
        directory: new WorkbookDirectory(test.database),
        journal: b.store,
        memoryBudgetBytes: 1 << 30,
        follower: deaf,
      });
      const before = await host.handleFor({ userId: 'u1', workbookId });
      await (await a.handle()).commit(write('A1', 5), meta);
      const after = await host.handleFor({ userId: 'u1', workbookId });
      expect(valueOf(after, 'A1')).toBe(5);
      expect(after).toBe(before);
    }));
});
