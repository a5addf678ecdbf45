// The OSS journal (docs/design.md §3.4): per workbook a snapshot plus an append-only log of
// checksummed commit records in `<data dir>/journal/<id>/` (journal-files.ts). `append`
// resolves once the record is fsynced (group commit, segment-writer.ts); `writeSnapshot` makes a
// new base and starts a new segment; `recover` reads it all back (read-journal.ts) and readies
// the tail for appending. When the log since the base passes `compactAfterBytes`, a worker
// thread folds it into a new base (compaction.ts) while appends go on to a new segment.
import path from 'node:path';
import type { CommitRecord, WorkbookDocument } from '../../core/index.js';
import { takeProcessLock, writeFileAtomically, type FileSystem } from '../../files/index.js';
import { saveFileTextHere, type DocumentEncoder } from '../save-file-text.js';
import { JournalInUseError, JournalStateError } from '../errors.js';
import { compactInWorker } from './compaction.js';
import { baseFileName, journalDirectory, listJournal, logFileName } from './journal-files.js';
import { readJournal, type JournalContents } from './read-journal.js';
import { encodeFrame } from './record-framing.js';
import { SegmentWriter } from './segment-writer.js';
import { syncDirectory, truncateFile } from './journal-io.js';

export const DEFAULT_COMPACT_AFTER_BYTES = 64 * 1024 * 1024;

export interface FileJournalOptions {
  readonly dataDir: string;
  readonly files: FileSystem;
  readonly now: () => Date;
  /** Log bytes after the base that start a background compaction; 0 never compacts. */
  readonly compactAfterBytes: number;
  /** Told of what compaction could not do (the journal stays correct, only longer). */
  readonly report?: (problem: string, error: unknown) => void;
  /** Writes a snapshot's text; default: on this thread, a slice per turn of the event loop. */
  readonly encode?: DocumentEncoder;
  /** The process id the journal's lock file holds (tests pass another process's). */
  readonly pid?: number;
}

/**
 * The name a segment holding nothing acknowledged is set aside under: `<segment>.unacknowledged`,
 * or `.unacknowledged-2`, `-3` … when an earlier start set a segment of the same name aside.
 * A name is reused once its segment was set aside (the next start numbers commits from the last
 * good one again), and the file there may be the only copy of records an older version
 * acknowledged (docs/decisions/2026-11-30-segments-named-past-the-last-commit.md): it is never
 * replaced (docs/decisions/2026-11-30-set-aside-segments-are-never-replaced.md).
 */
function setAsideName(segment: string, present: ReadonlySet<string>): string {
  let name = `${segment}.unacknowledged`;
  for (let copy = 2; present.has(name); copy += 1) name = `${segment}.unacknowledged-${copy}`;
  return name;
}

/** In a workbook's journal directory: the process that has it open. */
const LOCK_FILE = 'writer.lock';

interface OpenWorkbook {
  readonly dir: string;
  /** Removes this process's lock file (see recover). */
  readonly unlock: () => Promise<void>;
  segment: SegmentWriter;
  /** The seq of the newest base asked for (durable or being written). */
  baseSeq: number;
  /** The last seq handed to `append` or `writeSnapshot`. */
  lastSeq: number;
  /** Log bytes since the base the next compaction would replace. */
  bytesSinceBase: number;
  /** The last append, to wait for before folding the log in. */
  lastAppend: Promise<void>;
  /** Base changes (snapshots, compactions) one after another. */
  bases: Promise<void>;
  compacting: boolean;
}

export class FileJournal {
  readonly #open = new Map<string, OpenWorkbook>();

  constructor(private readonly options: FileJournalOptions) {}

  async recover(workbookId: string): Promise<JournalContents> {
    const dir = journalDirectory(this.options.dataDir, workbookId);
    // Private: the journal holds everything the workbook ever held.
    await this.options.files.mkdir(dir, { recursive: true, mode: 0o700 });
    const previous = this.#open.get(workbookId);
    const unlock = previous?.unlock ?? (await this.#lock(dir));
    if (previous !== undefined) {
      // Recovered again (a host loading the workbook anew): what the journal read back must be
      // final. A compaction or snapshot still running would, once its base is written, remove
      // the segment read back here as the tail, with every record appended to it from now on;
      // and frames the old writer still had queued would land after the tail was cut.
      await previous.bases;
      await previous.segment.close();
    }
    let contents: JournalContents;
    try {
      contents = await this.#readBack(dir);
    } catch (error) {
      if (previous === undefined) await unlock();
      throw error;
    }
    const lastSeq = contents.records.at(-1)?.seq ?? contents.base?.seq ?? 0;
    const segment = this.#segment(dir, contents.tail.segmentSeq);
    segment.bytes = contents.tail.validBytes;
    this.#open.set(workbookId, {
      dir,
      unlock,
      segment,
      baseSeq: contents.base?.seq ?? 0,
      lastSeq,
      bytesSinceBase: contents.logBytes,
      lastAppend: Promise.resolve(),
      bases: Promise.resolve(),
      compacting: false,
    });
    return contents;
  }

  append(workbookId: string, record: CommitRecord): Promise<void> {
    const open = this.#opened(workbookId);
    const frame = encodeFrame(record);
    open.lastSeq = record.seq;
    open.bytesSinceBase += frame.length;
    open.lastAppend = open.segment.append(frame);
    this.#compactIfDue(workbookId, open);
    return open.lastAppend;
  }

  writeSnapshot(workbookId: string, seq: number, document: WorkbookDocument): Promise<void> {
    const open = this.#opened(workbookId);
    // Encoded starting now, a slice per turn of the event loop or in a worker (a 1,048,576-cell
    // import's snapshot held it for ~1 s in one piece): the document is a copy, or the document
    // an import installed, so later commits do not change what is written.
    const text = (this.options.encode ?? saveFileTextHere)(document, this.options.now());
    // Awaited below; a failure before that point must not leave the rejection unhandled.
    text.catch(() => undefined);
    const previous = this.#startSegment(open, seq);
    open.bytesSinceBase = 0;
    open.baseSeq = seq;
    return this.#changeBase(open, async () => {
      await previous.close();
      await writeFileAtomically(
        this.options.files,
        path.join(open.dir, baseFileName(seq)),
        await text,
        `snapshot-${seq}`,
      );
    });
  }

  /** Closes every segment (after its queued records are written). */
  async close(): Promise<void> {
    for (const open of this.#open.values()) {
      await open.bases.catch(() => undefined);
      await open.segment.close();
      await open.unlock();
    }
    this.#open.clear();
  }

  /**
   * One process at a time: a second server on the same data directory would append its own
   * commit 1, 2 … beside this one's, every one of them acknowledged, and the next start would
   * find the journal unreadable. Taken before the journal is read, held until close.
   */
  async #lock(dir: string): Promise<() => Promise<void>> {
    const lock = await takeProcessLock(
      this.options.files,
      path.join(dir, LOCK_FILE),
      this.options.pid,
    );
    if (!lock.taken) throw new JournalInUseError(dir, lock.holder);
    return lock.release;
  }

  /** Reads the journal back and readies its tail for appending. */
  async #readBack(dir: string): Promise<JournalContents> {
    const contents = await readJournal(this.options.files, dir);
    if (contents.unacknowledged.length > 0) {
      const present = new Set(await this.options.files.readdir(dir));
      for (const seq of contents.unacknowledged) {
        const setAside = setAsideName(logFileName(seq), present);
        present.add(setAside);
        await this.options.files.rename(path.join(dir, logFileName(seq)), path.join(dir, setAside));
      }
    }
    // The torn tail is cut off so new records follow the last good one directly.
    const tailFile = path.join(dir, logFileName(contents.tail.segmentSeq));
    await truncateFile(this.options.files, tailFile, contents.tail.validBytes);
    return contents;
  }

  #opened(workbookId: string): OpenWorkbook {
    const open = this.#open.get(workbookId);
    if (open === undefined) throw new JournalStateError(workbookId);
    return open;
  }

  #segment(dir: string, seq: number): SegmentWriter {
    return new SegmentWriter(this.options.files, path.join(dir, logFileName(seq)), () =>
      syncDirectory(this.options.files, dir),
    );
  }

  /** New records go to a segment after `seq` from now on; returns the one they went to before. */
  #startSegment(open: OpenWorkbook, seq: number): SegmentWriter {
    const previous = open.segment;
    open.segment = this.#segment(open.dir, seq);
    return previous;
  }

  /** Runs `write` after the earlier base changes, then removes what the newest base replaces. */
  #changeBase(open: OpenWorkbook, write: () => Promise<void>): Promise<void> {
    const done = open.bases.then(write).then(() => this.#removeReplaced(open));
    open.bases = done.catch(() => undefined);
    return done;
  }

  async #removeReplaced(open: OpenWorkbook): Promise<void> {
    const listing = listJournal(await this.options.files.readdir(open.dir));
    const newest = listing.bases.at(-1) ?? 0;
    for (const seq of listing.bases)
      if (seq < newest) await this.options.files.unlink(path.join(open.dir, baseFileName(seq)));
    for (const seq of listing.logs)
      if (seq < newest) await this.options.files.unlink(path.join(open.dir, logFileName(seq)));
  }

  #compactIfDue(workbookId: string, open: OpenWorkbook): void {
    const limit = this.options.compactAfterBytes;
    if (limit <= 0 || open.compacting || open.bytesSinceBase < limit) return;
    open.compacting = true;
    const upTo = open.lastSeq;
    const folded = open.lastAppend;
    const previous = this.#startSegment(open, upTo);
    open.bytesSinceBase = 0;
    const compaction = this.#changeBase(open, async () => {
      await folded;
      await previous.close();
      await compactInWorker({ dir: open.dir, upTo, exportedAt: this.options.now().toISOString() });
      open.baseSeq = Math.max(open.baseSeq, upTo);
    });
    compaction
      .catch((error: unknown) =>
        this.options.report?.(
          `compacting the journal of workbook "${workbookId}" failed; it will be tried again after another ${limit} bytes`,
          error,
        ),
      )
      .finally(() => {
        open.compacting = false;
      });
  }
}
