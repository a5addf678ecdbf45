// The commit path: numbering, the durable record, subscriptions, storage failure, and a
// restart from the journal bringing back exactly what was acknowledged.
import { describe, expect, it } from 'vitest';
import {
  createChartOps,
  parseCell,
  parseRange,
  replaceWorkbookOps,
  setLocksOps,
  writeCellOps,
  writeRangeOps,
  type CommitRecord,
  type WorkbookDocument,
} from '../../src/core/index.js';
import {
  CommitsUnavailableError,
  OssHost,
  StorageUnavailableError,
  type Commit,
  type JournaledWorkbook,
} from '../../src/hosting/index.js';
import { MemoryJournal } from '../support/memory-journal.js';

const clock = (): Date => new Date('2026-03-04T05:06:07Z');
const meta = { actor: 'User', origin: 'tab-1' };

async function open(
  journal = new MemoryJournal(),
  options: Parameters<typeof OssHost.open>[0] extends infer O ? Partial<O> : never = {},
): Promise<JournaledWorkbook> {
  const host = await OssHost.open({ journal, now: clock, ...options });
  return host.handleFor();
}

/** What a restart must bring back exactly: the whole document (versions, locks, charts) and every value. */
function stateOf(handle: JournaledWorkbook): { document: WorkbookDocument; values: unknown[] } {
  const workbook = handle.workbook;
  const values = workbook.sheetNames.flatMap((name) => {
    const sheet = workbook.sheet(name);
    return sheet
      .occupiedCells()
      .map((cell) => [name, cell.row, cell.col, JSON.stringify(sheet.value(cell.row, cell.col))]);
  });
  return { document: workbook.document(), values };
}

/**
 * A journal whose appends become durable only when the test says so: `sync()` stands for one
 * group fsync covering the appends waiting (the oldest `count`, or all), `syncNewest` for a
 * later group's fsync ending before an earlier one's.
 */
class HeldJournal extends MemoryJournal {
  readonly #held: (() => void)[] = [];
  syncs = 0;

  override append(workbookId: string, record: CommitRecord): Promise<void> {
    const stored = super.append(workbookId, record);
    return new Promise((resolve, reject) =>
      this.#held.push(() =>
        this.failure === undefined ? stored.then(resolve, reject) : reject(this.failure),
      ),
    );
  }

  get waiting(): number {
    return this.#held.length;
  }

  sync(count = this.#held.length): void {
    this.syncs += 1;
    for (const release of this.#held.splice(0, count)) release();
  }

  syncNewest(count: number): void {
    this.syncs += 1;
    for (const release of this.#held.splice(this.#held.length - count, count)) release();
  }

  /** The newest `count` appends fail (a later group's fsync failing while earlier ones run). */
  failNewest(count: number, error: Error): void {
    this.#failing.push(...this.#held.splice(this.#held.length - count, count));
    this.failure = error;
    for (const fail of this.#failing.splice(0)) fail();
  }

  failure: Error | undefined;
  readonly #failing: (() => void)[] = [];
}

async function turns(count = 5): Promise<void> {
  for (let turn = 0; turn < count; turn += 1) await new Promise((resolve) => setImmediate(resolve));
}

describe('the commit path (JournaledWorkbook)', () => {
  it('numbers commits 1, 2, 3 … with no gap, each with its time, actor, client and ops', async () => {
    const journal = new MemoryJournal();
    const handle = await open(journal);
    const first = await handle.commit(writeCellOps('Sheet1', parseCell('A1'), 5), meta);
    const second = await handle.commit(writeCellOps('Sheet1', parseCell('A2'), '=A1*2'), {
      actor: 'agent',
    });
    expect(first).toMatchObject({
      seq: 1,
      kind: 'change',
      at: '2026-03-04T05:06:07.000Z',
      actor: 'User',
      client: 'tab-1',
      ops: writeCellOps('Sheet1', parseCell('A1'), 5),
    });
    // The change set goes to callers and subscribers, never into the journal.
    expect(Object.keys((await journal.recover('default')).records[0]!)).not.toContain('changes');
    expect(second.seq).toBe(2);
    expect(second.client).toBeUndefined();
    expect(handle.seq).toBe(2);
    expect((await journal.recover('default')).records.map((record) => record.seq)).toEqual([1, 2]);
  });

  it('a commit carries what it changed: recomputed dependents on every sheet with their new values, and chart and sheet changes', async () => {
    const handle = await open();
    await handle.commit(writeRangeOps('Sheet1', parseCell('A1'), [[2, '=A1*10']]), meta);
    await handle.commit([{ type: 'add-sheet', name: 'Report' }], meta);
    await handle.commit(writeCellOps('Report', parseCell('B2'), '=Sheet1!B1+1'), meta);
    const edit = await handle.commit(writeCellOps('Sheet1', parseCell('A1'), 3), meta);
    const changed = Object.fromEntries(
      edit.changes.cells.map((sheet) => [sheet.sheet, sheet.cells]),
    );
    expect(changed).toEqual({
      Sheet1: expect.arrayContaining([
        { row: 0, col: 0, value: 3 },
        { row: 0, col: 1, value: 30 },
      ]),
      Report: [{ row: 1, col: 1, value: 31 }],
    });
    expect(edit.changes).toMatchObject({ sheets: false, charts: [], workbookReplaced: false });
    const chart = await handle.commit(
      [
        ...createChartOps('Report', 'chart_1', { data_range: 'A1:B2' }).ops,
        { type: 'rename-sheet', from: 'Report', to: 'Summary' },
      ],
      meta,
    );
    expect(chart.changes).toMatchObject({ sheets: true, charts: ['Summary'] });
    const imported = await handle.commit(
      replaceWorkbookOps({ name: 'B', activeSheet: 'S', sheets: [{ name: 'S', cells: [] }] }),
      meta,
    );
    expect(imported.changes).toEqual({
      cells: [],
      sheets: true,
      charts: [],
      layout: [],
      workbookReplaced: true,
    });
  });

  it('a rejected commit takes no seq and writes nothing to the journal', async () => {
    const journal = new MemoryJournal();
    const handle = await open(journal);
    await handle.commit(setLocksOps('Sheet1', parseRange('A1'), true), meta);
    await expect(handle.commit(writeCellOps('Sheet1', parseCell('A1'), 1), meta)).rejects.toThrow(
      /locked/i,
    );
    const next = await handle.commit(writeCellOps('Sheet1', parseCell('B1'), 1), meta);
    expect(next.seq).toBe(2);
    expect(journal.appends).toBe(2);
  });

  it('undo and redo are commits of their own kind; nothing to undo takes no seq', async () => {
    const handle = await open();
    await handle.commit(writeCellOps('Sheet1', parseCell('A1'), 5), meta);
    expect((await handle.undo(meta))?.kind).toBe('undo');
    expect((await handle.redo(meta))?.kind).toBe('redo');
    await handle.undo(meta);
    expect(await handle.undo(meta)).toBeUndefined();
    expect(handle.seq).toBe(4);
  });

  it('an import is recorded as a snapshot of the state after it, not as ops', async () => {
    const journal = new MemoryJournal();
    const handle = await open(journal);
    const document: WorkbookDocument = {
      name: 'Imported',
      activeSheet: 'Data',
      sheets: [{ name: 'Data', cells: [{ row: 0, col: 0, input: 42, version: 3, locked: true }] }],
    };
    const commit = await handle.commit(replaceWorkbookOps(document), meta);
    expect(commit.ops).toBe('snapshot');
    const recovered = await journal.recover('default');
    expect(recovered.base?.seq).toBe(1);
    expect(recovered.base?.document.sheets[0]?.cells[0]).toEqual({
      row: 0,
      col: 0,
      input: 42,
      version: 3,
      locked: true,
    });
    // Its undo puts live sheets back: that too is stored as a snapshot.
    expect((await handle.undo(meta))?.ops).toBe('snapshot');
    expect(journal.snapshots).toBe(2);
  });

  it('a subscriber from seq 0 sees every commit once, in order, then each new one', async () => {
    const handle = await open();
    await handle.commit(writeCellOps('Sheet1', parseCell('A1'), 1), meta);
    await handle.commit(writeCellOps('Sheet1', parseCell('A2'), 2), meta);
    const seen: number[] = [];
    handle.subscribe(0, (commit) => seen.push(commit.seq));
    expect(seen).toEqual([1, 2]);
    await Promise.all(
      [1, 2, 3].map((index) =>
        handle.commit(writeCellOps('Sheet1', parseCell(`B${index}`), index), meta),
      ),
    );
    expect(seen).toEqual([1, 2, 3, 4, 5]);
  });

  it('a subscriber from its last seq gets only what it missed; one too far behind is told to read again', async () => {
    const handle = await open(new MemoryJournal(), {
      feedLimits: { maxCommits: 2, maxBytes: 1 << 20 },
    });
    for (let index = 1; index <= 4; index += 1)
      await handle.commit(writeCellOps('Sheet1', parseCell(`A${index}`), index), meta);
    const seen: Commit[] = [];
    handle.subscribe(3, (commit) => seen.push(commit));
    expect(seen.map((commit) => commit.seq)).toEqual([4]);
    expect(() => handle.subscribe(1, () => undefined)).toThrow(CommitsUnavailableError);
  });

  it('a commit is published only once durable; a failing journal refuses this and every later change with StorageUnavailableError', async () => {
    const journal = new MemoryJournal();
    const handle = await open(journal);
    const seen: number[] = [];
    handle.subscribe(0, (commit) => seen.push(commit.seq));
    journal.failWith = new Error('ENOSPC: no space left on device');
    await expect(handle.commit(writeCellOps('Sheet1', parseCell('A1'), 1), meta)).rejects.toThrow(
      StorageUnavailableError,
    );
    journal.failWith = undefined;
    await expect(handle.commit(writeCellOps('Sheet1', parseCell('A2'), 2), meta)).rejects.toThrow(
      /ENOSPC/,
    );
    expect(seen).toEqual([]);
  });

  it('a later commit the journal fails while earlier ones wait for their fsync is refused only after them, and its failure is never left unhandled', async () => {
    const journal = new HeldJournal();
    const handle = await open(journal);
    const seen: number[] = [];
    handle.subscribe(0, (commit) => seen.push(commit.seq));
    const settledInOrder: string[] = [];
    const writes = ['A1', 'A2', 'A3'].map((cell, index) =>
      handle.commit(writeCellOps('Sheet1', parseCell(cell), index + 1), meta).then(
        (commit) => void settledInOrder.push(`${cell} acknowledged as ${commit.seq}`),
        (error: unknown) =>
          void settledInOrder.push(
            `${cell} refused: ${error instanceof StorageUnavailableError ? 'storage' : String(error)}`,
          ),
      ),
    );
    await turns();
    expect(journal.waiting).toBe(3);
    // A3's append fails at once; A1 and A2 are still waiting for their fsync. Vitest fails the
    // run on an unhandled rejection, so A3's failure must be handled before it is awaited.
    journal.failNewest(1, new Error('EIO: i/o error'));
    await turns();
    expect(settledInOrder).toEqual([]);
    journal.failure = undefined;
    journal.sync();
    await Promise.all(writes);
    expect(settledInOrder).toEqual([
      'A1 acknowledged as 1',
      'A2 acknowledged as 2',
      'A3 refused: storage',
    ]);
    expect(seen).toEqual([1, 2]);
  });

  it('a commit made while an import snapshot is written is refused when that snapshot fails, though its own record was written', async () => {
    // The import's snapshot is written slowly (a large workbook) and then fails; the write made
    // meanwhile goes to the log segment after it and is durable at once. At restart that record
    // follows a snapshot that does not exist and is dropped, so acknowledging it would lose it.
    class SlowSnapshotJournal extends MemoryJournal {
      failSnapshot: (error: Error) => void = () => undefined;
      override writeSnapshot(): Promise<void> {
        return new Promise((_resolve, reject) => {
          this.failSnapshot = reject;
        });
      }
    }
    const journal = new SlowSnapshotJournal();
    const handle = await open(journal);
    const seen: number[] = [];
    handle.subscribe(0, (commit) => seen.push(commit.seq));
    const outcomes: string[] = [];
    const settle = (what: string, commit: Promise<Commit | undefined>): Promise<void> =>
      commit.then(
        (done) => void outcomes.push(`${what} acknowledged as ${done?.seq}`),
        (error: unknown) =>
          void outcomes.push(
            `${what} refused: ${error instanceof StorageUnavailableError ? 'storage' : String(error)}`,
          ),
      );
    const imported = settle(
      'import',
      handle.commit(
        replaceWorkbookOps({
          name: 'Book',
          activeSheet: 'S',
          sheets: [{ name: 'S', cells: [{ row: 0, col: 0, input: 7, version: 1, locked: false }] }],
        }),
        meta,
      ),
    );
    const written = settle('A2', handle.commit(writeCellOps('S', parseCell('A2'), 2), meta));
    await turns();
    expect(journal.appends).toBe(1);
    expect(outcomes).toEqual([]);
    journal.failSnapshot(new Error('ENOSPC: no space left on device'));
    await Promise.all([imported, written]);
    expect(outcomes).toEqual(['import refused: storage', 'A2 refused: storage']);
    expect(seen).toEqual([]);
  });

  it('cell writes made in one turn share a recalculation yet stay separate commits: own seq, record, change set and outcome', async () => {
    const journal = new MemoryJournal();
    const handle = await open(journal);
    await handle.commit(writeCellOps('Sheet1', parseCell('C1'), '=SUM(A1:A50)'), meta);
    const seen: Commit[] = [];
    handle.subscribe(1, (commit) => seen.push(commit));
    const versions = (versions: Record<string, number>) => ({
      ...meta,
      expectedVersions: { sheet: 'Sheet1', versions },
    });
    // 50 writes made without waiting (as 50 connections' requests arrive), one of them stale.
    const outcomes = await Promise.allSettled([
      ...Array.from({ length: 49 }, (_, index) =>
        handle.commit(writeCellOps('Sheet1', parseCell(`A${index + 1}`), index + 1), meta),
      ),
      handle.commit(writeCellOps('Sheet1', parseCell('A1'), 100), versions({ A1: 0 })),
      handle.commit(writeCellOps('Sheet1', parseCell('A50'), 50), versions({ A50: 0 })),
    ]);
    expect(outcomes[49]!.status).toBe('rejected');
    const commits = outcomes.flatMap((outcome) =>
      outcome.status === 'fulfilled' ? [outcome.value] : [],
    );
    expect(commits.map((commit) => commit.seq)).toEqual(
      Array.from({ length: 50 }, (_, index) => index + 2),
    );
    expect(seen.map((commit) => commit.seq)).toEqual(commits.map((commit) => commit.seq));
    // Each change set names its own cell; the SUM, which every write reaches, is in the last.
    commits.forEach((commit, index) => {
      const cells = commit.changes.cells.flatMap((sheet) => sheet.cells);
      expect(cells).toContainEqual({ row: index, col: 0, value: index + 1 });
      expect(cells).toHaveLength(index === 49 ? 2 : 1);
    });
    expect(commits[49]!.changes.cells[0]!.cells).toContainEqual({ row: 0, col: 2, value: 1275 });
    const records = (await journal.recover('default')).records;
    expect(records.map((record) => record.seq)).toEqual(
      Array.from({ length: 51 }, (_, index) => index + 1),
    );
    expect(handle.workbook.undoDepth).toBe(51);
  });

  it('50 writes made at once share one sync and none is answered or published before it', async () => {
    const journal = new HeldJournal();
    const handle = await open(journal);
    const published: number[] = [];
    handle.subscribe(0, (commit) => published.push(commit.seq));
    const answered: number[] = [];
    const writes = Array.from({ length: 50 }, (_, index) =>
      handle
        .commit(writeCellOps('Sheet1', parseCell(`B${index + 1}`), index), meta)
        .then((commit) => void answered.push(commit.seq)),
    );
    await turns();
    expect(journal.waiting).toBe(50);
    expect(answered).toEqual([]);
    expect(published).toEqual([]);
    journal.sync();
    await Promise.all(writes);
    expect(journal.syncs).toBe(1);
    const inOrder = Array.from({ length: 50 }, (_, index) => index + 1);
    expect(answered).toEqual(inOrder);
    expect(published).toEqual(inOrder);
  });

  it('a later group made durable first waits for the earlier one: answers and the feed stay in seq order', async () => {
    const journal = new HeldJournal();
    const handle = await open(journal);
    const published: number[] = [];
    handle.subscribe(0, (commit) => published.push(commit.seq));
    const answered: number[] = [];
    const write = (cell: string): Promise<void> =>
      handle
        .commit(writeCellOps('Sheet1', parseCell(cell), 1), meta)
        .then((commit) => void answered.push(commit.seq));
    const first = [write('A1'), write('A2')];
    await turns();
    const second = [write('A3'), write('A4')];
    await turns();
    journal.syncNewest(2);
    await turns();
    expect(answered).toEqual([]);
    expect(published).toEqual([]);
    journal.sync();
    await Promise.all([...first, ...second]);
    expect(answered).toEqual([1, 2, 3, 4]);
    expect(published).toEqual([1, 2, 3, 4]);
  });

  it('a sheet change or an undo made after queued cell writes applies after them, in call order', async () => {
    const handle = await open();
    const first = handle.commit(writeCellOps('Sheet1', parseCell('A1'), 1), meta);
    const second = handle.commit(writeCellOps('Sheet1', parseCell('A2'), 2), meta);
    const rename = handle.commit([{ type: 'rename-sheet', from: 'Sheet1', to: 'Data' }], meta);
    const third = handle.commit(writeCellOps('Data', parseCell('A3'), 3), meta);
    const undo = handle.undo(meta);
    const seqs = await Promise.all([first, second, rename, third, undo]);
    expect(seqs.map((commit) => commit?.seq)).toEqual([1, 2, 3, 4, 5]);
    expect(handle.workbook.sheet('Data').value(1, 0)).toBe(2);
    expect(handle.workbook.sheet('Data').value(2, 0)).toBeNull();
  });

  it('a throwing subscriber neither stops the others nor fails the commit', async () => {
    const problems: string[] = [];
    const handle = await open(new MemoryJournal(), { report: (problem) => problems.push(problem) });
    const seen: number[] = [];
    handle.subscribe(0, () => {
      throw new Error('boom');
    });
    handle.subscribe(0, (commit) => seen.push(commit.seq));
    await handle.commit(writeCellOps('Sheet1', parseCell('A1'), 1), meta);
    expect(seen).toEqual([1]);
    expect(problems).toEqual(['a commit subscriber failed']);
  });
});

describe('restart from the journal', () => {
  it('brings back values, formulas, versions, locks, charts, sheets and the active sheet exactly', async () => {
    const journal = new MemoryJournal();
    const before = await open(journal);
    await before.commit(
      writeRangeOps('Sheet1', parseCell('A1'), [
        [1, 2],
        [3, '=A1+B1'],
      ]),
      meta,
    );
    await before.commit(writeCellOps('Sheet1', parseCell('A1'), 10), meta);
    await before.commit([{ type: 'add-sheet', name: 'Data' }], meta);
    await before.commit(writeCellOps('Data', parseCell('C3'), '=Sheet1!B2*2'), meta);
    await before.commit([{ type: 'rename-sheet', from: 'Sheet1', to: 'Inputs' }], meta);
    await before.commit(setLocksOps('Inputs', parseRange('A1:B1'), true), meta);
    await before.commit(createChartOps('Inputs', 'chart_1', { data_range: 'A1:B2' }).ops, meta);
    await before.commit([{ type: 'activate-sheet', name: 'Data' }], meta);
    await before.undo(meta);
    const after = await open(journal);
    expect(stateOf(after)).toEqual(stateOf(before));
    expect(after.workbook.sheet('Data').value(2, 2)).toBe(24);
    expect(after.seq).toBe(before.seq);
    // The undo history is not journaled: a restarted workbook has none.
    expect(after.workbook.undoDepth).toBe(0);
  });

  it('the first commit after a restart carries only its own changes, not what the replay recalculated', async () => {
    const journal = new MemoryJournal();
    const before = await open(journal);
    await before.commit(
      writeRangeOps('Sheet1', parseCell('A1'), [
        [1, '=A1*2'],
        [5, '=A2*3'],
      ]),
      meta,
    );
    await before.commit(writeCellOps('Sheet1', parseCell('A1'), 4), meta);
    const after = await open(journal);
    expect(after.workbook.sheet('Sheet1').value(0, 1)).toBe(8);
    const edit = await after.commit(writeCellOps('Sheet1', parseCell('A2'), 6), meta);
    expect(edit.changes.cells).toEqual([
      {
        sheet: 'Sheet1',
        cells: [
          { row: 1, col: 0, value: 6 },
          { row: 1, col: 1, value: 18 },
        ],
      },
    ]);
  });

  it('replays records after an import onto its snapshot, and numbering goes on from the last seq', async () => {
    const journal = new MemoryJournal();
    const before = await open(journal);
    await before.commit(writeCellOps('Sheet1', parseCell('A1'), 1), meta);
    await before.commit(
      replaceWorkbookOps({
        name: 'Book',
        activeSheet: 'S',
        sheets: [{ name: 'S', cells: [{ row: 0, col: 0, input: 7, version: 1, locked: false }] }],
      }),
      meta,
    );
    await before.commit(writeCellOps('S', parseCell('A2'), '=A1+1'), meta);
    const after = await open(journal);
    expect(stateOf(after)).toEqual(stateOf(before));
    expect((await after.commit(writeCellOps('S', parseCell('A3'), 3), meta)).seq).toBe(4);
  });

  it('an empty journal starts from the checkpoint of an older version once, and keeps it as its base', async () => {
    const journal = new MemoryJournal();
    const checkpoint: WorkbookDocument = {
      name: 'Budget',
      activeSheet: 'Sheet1',
      sheets: [
        { name: 'Sheet1', cells: [{ row: 0, col: 0, input: 1200, version: 4, locked: false }] },
      ],
    };
    const seeded = await open(journal, { seed: async () => checkpoint });
    await seeded.commit(writeCellOps('Sheet1', parseCell('A2'), 5), meta);
    const again = await open(journal, { seed: async () => ({ ...checkpoint, name: 'ignored' }) });
    expect(again.workbook.name).toBe('Budget');
    expect(again.workbook.sheet('Sheet1').value(1, 0)).toBe(5);
    expect(again.workbook.sheet('Sheet1').version(0, 0)).toBe(4);
  });
});
