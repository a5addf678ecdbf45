// The file journal's own promises beyond the store contract: a record cut short at any byte is
// dropped (and only it), damage followed by more records is an error, an unfinished snapshot is
// ignored, 50 concurrent appends share fsyncs, and a compaction loses nothing written meanwhile.
import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { useWorkbooks } from '../../../test/support/workbook-bed.js';
import {
  parseCell,
  recordedOps,
  replaceWorkbookOps,
  replayRecords,
  writeCellOps,
  type CommitRecord,
} from '../../core/index.js';
import { nodeFileSystem, type FileSystem } from '../../files/index.js';
import { JournalCorruptError, JournalInUseError } from '../errors.js';
import { FileJournal } from './file-journal.js';
import { journalDirectory, logFileName } from './journal-files.js';
import { encodeFrame } from './record-framing.js';

const { open } = useWorkbooks();

const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

async function dataDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'gridbook-journal-'));
  dirs.push(dir);
  return dir;
}

function record(seq: number, value: number | string = seq): CommitRecord {
  return {
    seq,
    kind: 'change',
    at: '2026-01-02T03:04:05.000Z',
    actor: 'User',
    ops: recordedOps(writeCellOps('Sheet1', parseCell(`A${(seq % 50) + 1}`), value)),
  };
}

function journalIn(
  dir: string,
  options: { files?: FileSystem; compactAfterBytes?: number; pid?: number } = {},
): FileJournal {
  return new FileJournal({
    dataDir: dir,
    files: options.files ?? nodeFileSystem,
    now: () => new Date(0),
    compactAfterBytes: options.compactAfterBytes ?? 0,
    ...(options.pid === undefined ? {} : { pid: options.pid }),
  });
}

/** A promise and the call that settles it. */
function gate(): { promise: Promise<void>; resolve: () => void } {
  let resolve = (): void => undefined;
  const promise = new Promise<void>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

/** The id of a process that has ended. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], {
    encoding: 'utf8',
  });
  return Number(child.stdout);
}

async function journalWith(dir: string, count: number): Promise<string> {
  const journal = journalIn(dir);
  await journal.recover('default');
  for (let seq = 1; seq <= count; seq += 1) await journal.append('default', record(seq));
  await journal.close();
  return path.join(journalDirectory(dir, 'default'), logFileName(0));
}

describe('the file journal', () => {
  it('a last record cut short at any byte is dropped with a note, the ones before it kept, and appends go on after it', async () => {
    const dir = await dataDir();
    const log = await journalWith(dir, 3);
    const full = await readFile(log);
    const lastStart = await (async () => {
      const two = await dataDir();
      return (await stat(await journalWith(two, 2))).size;
    })();
    for (let cut = lastStart; cut < full.length; cut += 1) {
      await writeFile(log, full.subarray(0, cut));
      const journal = journalIn(dir);
      const recovered = await journal.recover('default');
      expect(
        recovered.records.map((kept) => kept.seq),
        `cut at ${cut}`,
      ).toEqual([1, 2]);
      expect(recovered.notes.join(' '), `cut at ${cut}`).toMatch(
        cut === lastStart ? /^$/ : /cut short|checksum/,
      );
      await journal.append('default', record(3, 'again'));
      await journal.close();
      const after = await journalIn(dir).recover('default');
      expect(after.records.map((kept) => kept.seq)).toEqual([1, 2, 3]);
      expect(after.notes).toEqual([]);
    }
  });

  it('keeps the journal private: its directories 0700, its segments 0600 (an older 0644 one is tightened)', async () => {
    const dir = await dataDir();
    const log = await journalWith(dir, 1);
    const mode = async (file: string): Promise<number> => (await stat(file)).mode & 0o777;
    expect(await mode(log)).toBe(0o600);
    expect(await mode(path.dirname(log))).toBe(0o700);
    expect(await mode(path.join(dir, 'journal'))).toBe(0o700);
    const { chmod } = await import('node:fs/promises');
    await chmod(log, 0o644);
    const journal = journalIn(dir);
    await journal.recover('default');
    await journal.append('default', record(2));
    await journal.close();
    expect(await mode(log)).toBe(0o600);
  });

  it('a damaged record with more records after it stops recovery with JournalCorruptError naming the file', async () => {
    const dir = await dataDir();
    const log = await journalWith(dir, 3);
    const data = await readFile(log);
    data[12] = data[12]! ^ 0xff;
    await writeFile(log, data);
    await expect(journalIn(dir).recover('default')).rejects.toThrow(JournalCorruptError);
    await expect(journalIn(dir).recover('default')).rejects.toThrow(
      /log-000000000000\.journal is damaged at byte 0/,
    );
  });

  it('a snapshot whose write never finished (its temp file) is ignored', async () => {
    const dir = await dataDir();
    await journalWith(dir, 2);
    await writeFile(
      path.join(journalDirectory(dir, 'default'), '.base-000000000002.gridbook.snapshot-2.tmp'),
      '{"format":"gridb',
    );
    const recovered = await journalIn(dir).recover('default');
    expect(recovered.base).toBeUndefined();
    expect(recovered.records.map((kept) => kept.seq)).toEqual([1, 2]);
  });

  it("a snapshot keeps the workbook's character set (an import from Excel for the Mac)", async () => {
    const dir = await dataDir();
    const workbook = open();
    workbook.apply(writeCellOps('Sheet1', parseCell('A1'), '=CHAR(128)'));
    workbook.apply(replaceWorkbookOps({ ...workbook.document(), characterSet: 'mac-roman' }));
    const journal = journalIn(dir);
    await journal.recover('default');
    await journal.writeSnapshot('default', 1, workbook.document());
    await journal.close();
    const recovered = await journalIn(dir).recover('default');
    expect(recovered.base?.document.characterSet).toBe('mac-roman');
    const restarted = open();
    restarted.apply(replaceWorkbookOps(recovered.base!.document));
    expect(restarted.sheet('Sheet1').value(0, 0)).toBe('Ä');
  });

  it('a damaged snapshot whose replaced logs are gone stops recovery with JournalCorruptError, instead of starting without its commits', async () => {
    const dir = await dataDir();
    const journal = journalIn(dir);
    await journal.recover('default');
    for (let seq = 1; seq <= 3; seq += 1) await journal.append('default', record(seq));
    const workbook = open();
    for (let seq = 1; seq <= 3; seq += 1) workbook.apply(record(seq).ops as never);
    await journal.writeSnapshot('default', 3, workbook.document());
    await journal.append('default', record(4));
    await journal.close();
    const folder = journalDirectory(dir, 'default');
    // The snapshot replaced log-0: commits 1 to 3 live only in it now.
    expect((await readdir(folder)).sort()).toEqual(['base-000000000003.gridbook', logFileName(3)]);
    const snapshot = path.join(folder, 'base-000000000003.gridbook');
    const text = await readFile(snapshot);
    await writeFile(snapshot, text.subarray(0, text.length >> 1));
    await expect(journalIn(dir).recover('default')).rejects.toThrow(JournalCorruptError);
    await expect(journalIn(dir).recover('default')).rejects.toThrow(
      /base-000000000003\.gridbook is damaged.*ends at commit 0/,
    );
    // Nothing was set aside: the data directory is as it was, for a restore.
    expect((await readdir(folder)).sort()).toEqual(['base-000000000003.gridbook', logFileName(3)]);
  });

  it('a damaged snapshot is stood in for by an older one whose logs still reach past it', async () => {
    const dir = await dataDir();
    await journalWith(dir, 4);
    const folder = journalDirectory(dir, 'default');
    // A snapshot at 2 that became unreadable before the log it replaces was deleted.
    await writeFile(path.join(folder, 'base-000000000002.gridbook'), '{"format":"gridb');
    const recovered = await journalIn(dir).recover('default');
    expect(recovered.base).toBeUndefined();
    expect(recovered.records.map((kept) => kept.seq)).toEqual([1, 2, 3, 4]);
    expect(recovered.notes.join(' ')).toMatch(/could not be read/);
  });

  it('records after a gap were never acknowledged: they are set aside, not replayed', async () => {
    const dir = await dataDir();
    await journalWith(dir, 1);
    // A whole-workbook commit at 2 whose snapshot never reached the disk, and the record after
    // it in the next segment: on disk, but never acknowledged (that waited for commit 2).
    await writeFile(
      path.join(journalDirectory(dir, 'default'), logFileName(2)),
      encodeFrame(record(3)),
    );
    const recovered = await journalIn(dir).recover('default');
    expect(recovered.records.map((kept) => kept.seq)).toEqual([1]);
    expect(recovered.notes.join(' ')).toMatch(/never acknowledged/);
    expect(await readdir(journalDirectory(dir, 'default'))).toContain(
      `${logFileName(2)}.unacknowledged`,
    );
  });

  it('an empty segment started after a commit that never reached the disk does not take the next records: acknowledged ones are never dropped at the next start', async () => {
    // A compaction after commit 4 started log-4 and the server was killed before 4 itself was
    // written. The next server appends 4 again; were log-4 its tail, the compaction 4 starts
    // would open a second writer on that same file, the two would interleave (5 before 4), and
    // the start after that would read 5 after 3 as a gap and drop every acknowledged record.
    const dir = await dataDir();
    await journalWith(dir, 3);
    const folder = journalDirectory(dir, 'default');
    await writeFile(path.join(folder, logFileName(4)), '');
    const appendingOpens = new Map<string, number>();
    const counting: FileSystem = {
      ...nodeFileSystem,
      open: (file, flags, mode) => {
        if (flags === 'a')
          appendingOpens.set(
            path.basename(file),
            (appendingOpens.get(path.basename(file)) ?? 0) + 1,
          );
        return nodeFileSystem.open(file, flags, mode);
      },
    };
    const journal = journalIn(dir, { files: counting, compactAfterBytes: 1 });
    await journal.recover('default');
    await Promise.all([4, 5, 6].map((seq) => journal.append('default', record(seq))));
    await journal.close();
    // One writer per segment file.
    expect([...appendingOpens].filter(([, opens]) => opens > 1)).toEqual([]);
    const recovered = await journalIn(dir).recover('default');
    expect(recovered.records.map((kept) => kept.seq)).toEqual(
      recovered.base === undefined
        ? [1, 2, 3, 4, 5, 6]
        : [5, 6].filter((seq) => seq > recovered.base!.seq),
    );
  });

  it('a segment set aside under a name an earlier start already set one aside under keeps both files', async () => {
    // log-4 was set aside once (by this version, or by the one before it, whose loss left
    // acknowledged records in it: the decision of 2026-11-30 keeps them for a person to read).
    // The next server numbered from 4 again, started log-4 once more and was killed before 4
    // reached the disk: setting the new log-4 aside must not replace the first one.
    const dir = await dataDir();
    await journalWith(dir, 3);
    const folder = journalDirectory(dir, 'default');
    const earlier = Buffer.concat([encodeFrame(record(5)), encodeFrame(record(6))]);
    await writeFile(path.join(folder, `${logFileName(4)}.unacknowledged`), earlier);
    for (const start of [1, 2]) {
      await writeFile(path.join(folder, logFileName(4)), '');
      const journal = journalIn(dir);
      const recovered = await journal.recover('default');
      expect(
        recovered.records.map((kept) => kept.seq),
        `start ${start}`,
      ).toEqual([1, 2, 3]);
      await journal.close();
    }
    const entries = (await readdir(folder)).filter((entry) => entry.includes('.unacknowledged'));
    expect(entries.sort()).toEqual([
      `${logFileName(4)}.unacknowledged`,
      `${logFileName(4)}.unacknowledged-2`,
      `${logFileName(4)}.unacknowledged-3`,
    ]);
    expect(await readFile(path.join(folder, `${logFileName(4)}.unacknowledged`))).toEqual(earlier);
    const after = await journalIn(dir).recover('default');
    expect(after.records.map((kept) => kept.seq)).toEqual([1, 2, 3]);
  });

  it('50 appends made at once share fsyncs (group commit)', async () => {
    const dir = await dataDir();
    let syncs = 0;
    const counting: FileSystem = {
      ...nodeFileSystem,
      fdatasync: (fd, done) => {
        syncs += 1;
        nodeFileSystem.fdatasync(fd, done);
      },
    };
    const journal = journalIn(dir, { files: counting });
    await journal.recover('default');
    await Promise.all(
      Array.from({ length: 50 }, (_, index) => journal.append('default', record(index + 1))),
    );
    expect(syncs).toBeGreaterThan(0);
    expect(syncs).toBeLessThanOrEqual(3);
    await journal.close();
    expect((await journalIn(dir).recover('default')).records).toHaveLength(50);
  });

  it('compaction folds the log into a snapshot in the background while appends go on, losing nothing', async () => {
    const dir = await dataDir();
    const journal = journalIn(dir, { compactAfterBytes: 4_000 });
    await journal.recover('default');
    const written: Promise<void>[] = [];
    for (let seq = 1; seq <= 400; seq += 1) {
      written.push(journal.append('default', record(seq, seq * 3)));
      if (seq % 50 === 0) await Promise.all(written);
    }
    await Promise.all(written);
    const folder = journalDirectory(dir, 'default');
    // Bounded wait for the worker: a snapshot newer than 0 appears.
    for (
      let attempt = 0;
      attempt < 300 &&
      !(await readdir(folder)).some((entry) => /^base-0*[1-9]\d*\.gridbook$/.test(entry));
      attempt += 1
    ) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await journal.close();
    const recovered = await journalIn(dir).recover('default');
    expect(recovered.base?.seq).toBeGreaterThan(0);
    const replayed = open();
    if (recovered.base !== undefined) replayed.apply(replaceWorkbookOps(recovered.base.document));
    expect(replayRecords(replayed, recovered.records, recovered.base?.seq ?? 0)).toBe(400);
    const direct = open();
    for (let seq = 1; seq <= 400; seq += 1) direct.apply(record(seq, seq * 3).ops as never);
    expect(replayed.document().sheets).toEqual(direct.document().sheets);
    // What the base replaced is gone: at most one base and the logs after it remain.
    expect((await readdir(folder)).filter((entry) => entry.startsWith('base-'))).toHaveLength(1);
  }, 30_000);

  it('recovering a workbook again while its compaction runs loses none of the records appended after', async () => {
    // The compaction after commit 1 is still closing log-0 when the workbook is recovered again
    // (a host loading it anew). Were log-0 read back as the tail and commit 2 appended to it,
    // that compaction's base-1 would remove log-0, and commit 2 with it, while it was
    // acknowledged; the start after would read commit 3 after base-1 as a gap.
    const dir = await dataDir();
    const folder = journalDirectory(dir, 'default');
    const gates = { first: gate(), later: gate() };
    let segmentsOpened = 0;
    const held: FileSystem = {
      ...nodeFileSystem,
      open: async (file, flags, mode) => {
        const handle = await nodeFileSystem.open(file, flags, mode);
        if (flags !== 'a') return handle;
        segmentsOpened += 1;
        // The first segment's writer closes only at gates.first; every later one at gates.later.
        const gate = segmentsOpened === 1 ? gates.first : gates.later;
        const close = handle.close.bind(handle);
        handle.close = async () => {
          await gate.promise;
          await close();
        };
        return handle;
      },
    };
    const journal = journalIn(dir, { files: held, compactAfterBytes: 1 });
    await journal.recover('default');
    await journal.append('default', record(1));
    setTimeout(() => gates.first.resolve(), 300);
    await journal.recover('default');
    await Promise.all([2, 3].map((seq) => journal.append('default', record(seq))));
    await gates.first.promise;
    // Bounded wait for the first compaction's worker to have written base-1 and removed log-0.
    for (
      let attempt = 0;
      attempt < 300 && (await readdir(folder)).includes(logFileName(0));
      attempt += 1
    ) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    gates.later.resolve();
    await journal.close();
    const recovered = await journalIn(dir).recover('default');
    const baseSeq = recovered.base?.seq ?? 0;
    expect(recovered.records.map((kept) => kept.seq)).toEqual(
      [1, 2, 3].filter((seq) => seq > baseSeq),
    );
    const replayed = open();
    if (recovered.base !== undefined) replayed.apply(replaceWorkbookOps(recovered.base.document));
    replayRecords(replayed, recovered.records, baseSeq);
    const direct = open();
    for (const seq of [1, 2, 3]) direct.apply(record(seq).ops as never);
    expect(replayed.document().sheets).toEqual(direct.document().sheets);
  }, 30_000);

  it('a journal another running process has open is refused, its files untouched; one left by an ended process is taken over', async () => {
    const dir = await dataDir();
    const folder = journalDirectory(dir, 'default');
    const lock = path.join(folder, 'writer.lock');
    await mkdir(folder, { recursive: true });
    await writeFile(lock, `${deadPid()}\n`);
    const first = journalIn(dir);
    await first.recover('default');
    expect((await readFile(lock, 'utf8')).split('\n')[0]).toBe(String(process.pid));
    await first.append('default', record(1));
    // A torn tail a second opener would cut off while the first still appends after it.
    await writeFile(path.join(folder, logFileName(0)), Buffer.from([1, 2, 3]), { flag: 'a' });
    const before = await readFile(path.join(folder, logFileName(0)));
    // Another process (its own pid) opening the same journal: this one is still running.
    const second = journalIn(dir, { pid: process.pid + 1 });
    await expect(second.recover('default')).rejects.toThrow(JournalInUseError);
    await expect(second.recover('default')).rejects.toThrow(
      new RegExp(`in use by another Gridbook process \\(pid ${process.pid}\\)`),
    );
    expect(await readFile(path.join(folder, logFileName(0)))).toEqual(before);
    await first.close();
    expect(await readdir(folder)).not.toContain('writer.lock');
    const after = journalIn(dir, { pid: process.pid + 1 });
    expect((await after.recover('default')).records.map((kept) => kept.seq)).toEqual([1]);
    await after.close();
  });

  it('nothing is appended for a workbook that was not recovered first', async () => {
    const journal = journalIn(await dataDir());
    expect(() => journal.append('default', record(1))).toThrow(/must be recovered/);
  });
});
