// When a workbook's commit log in the database has grown past its snapshot, a worker thread folds
// the log into a new snapshot (persistence's compaction worker, the one the file journal uses),
// so opening the workbook again (after an eviction, a restart, or in another process) loads one
// dense document and a short log instead of replaying every commit. Writes go on meanwhile: the
// fold covers the commits durable when it started, and the store writes its snapshot beside the
// write queue, dropping the commits it covers in the same transaction.
import { foldTextsInWorker } from '../persistence/index.js';

/** Log bytes after the snapshot that start a compaction, at least (default of GRIDBOOK_DB_COMPACT_BYTES). */
export const DEFAULT_DB_COMPACT_AFTER_BYTES = 512 * 1024;

/** What a fold reads back: the stored base and the records after it up to the seq asked for. */
export interface StoredLog {
  readonly base?: { readonly seq: number; readonly text: string } | undefined;
  readonly records: readonly { readonly seq: number; readonly text: string }[];
}

export interface LogCompactionOptions {
  /**
   * Log bytes after the snapshot that start a compaction, at least; a larger snapshot waits for
   * half its own size, so each compaction rewrites at most about twice what the log added. 0: never.
   */
  readonly afterBytes: number;
  readonly read: (workbookId: string, upTo: number) => Promise<StoredLog>;
  /** Stores the snapshot (state after `seq`) as the workbook's new base, unless a newer one is. */
  readonly write: (workbookId: string, seq: number, text: string) => Promise<void>;
  readonly now: () => Date;
  readonly report?: ((problem: string, error: unknown) => void) | undefined;
}

interface LogSize {
  /** The seq of the newest base queued (a snapshot, or a compaction that finished). */
  baseSeq: number;
  baseBytes: number;
  /** Record bytes after the base. */
  logBytes: number;
  /** The running compaction, if any. */
  folding: Promise<void> | undefined;
}

export class LogCompaction {
  readonly #options: LogCompactionOptions;
  readonly #sizes = new Map<string, LogSize>();

  constructor(options: LogCompactionOptions) {
    this.#options = options;
  }

  /** What `recover` found; a log already past its limit is folded at once (it is all durable). */
  recovered(workbookId: string, baseSeq: number, baseBytes: number, log: StoredLog['records']) {
    let logBytes = 0;
    for (const record of log) logBytes += record.text.length;
    const size: LogSize = { baseSeq, baseBytes, logBytes, folding: undefined };
    this.#sizes.set(workbookId, size);
    const last = log.at(-1)?.seq;
    if (last !== undefined) this.#foldIfDue(workbookId, size, last, Promise.resolve());
  }

  /** A record was queued; `durable` settles when it is in the database. */
  appended(workbookId: string, seq: number, bytes: number, durable: Promise<void>): void {
    const size = this.#sizeOf(workbookId);
    size.logBytes += bytes;
    this.#foldIfDue(workbookId, size, seq, durable);
  }

  /** A snapshot (state after `seq`) was queued as the base: the log before it no longer counts. */
  snapshotQueued(workbookId: string, seq: number, bytes: number): void {
    const size = this.#sizeOf(workbookId);
    if (seq < size.baseSeq) return;
    size.baseSeq = seq;
    size.baseBytes = bytes;
    size.logBytes = 0;
  }

  /** Settles when no compaction runs (tests; close). */
  async settled(): Promise<void> {
    await Promise.all([...this.#sizes.values()].map((size) => size.folding));
  }

  forget(workbookId: string): void {
    this.#sizes.delete(workbookId);
  }

  #sizeOf(workbookId: string): LogSize {
    let size = this.#sizes.get(workbookId);
    if (size === undefined) {
      // Appends before any recover (the contract asks for one first): counted from here on.
      size = { baseSeq: 0, baseBytes: 0, logBytes: 0, folding: undefined };
      this.#sizes.set(workbookId, size);
    }
    return size;
  }

  #foldIfDue(workbookId: string, size: LogSize, upTo: number, durable: Promise<void>): void {
    const floor = this.#options.afterBytes;
    if (floor <= 0 || size.folding !== undefined) return;
    if (size.logBytes < Math.max(floor, size.baseBytes / 2)) return;
    const folded = size.logBytes;
    size.folding = this.#fold(workbookId, size, upTo, folded, durable)
      .catch((error: unknown) =>
        this.#options.report?.(
          `compacting the commit log of workbook ${workbookId} failed; it stays complete and is tried again as it grows`,
          error,
        ),
      )
      .finally(() => {
        size.folding = undefined;
      });
  }

  async #fold(
    workbookId: string,
    size: LogSize,
    upTo: number,
    folded: number,
    durable: Promise<void>,
  ): Promise<void> {
    try {
      await durable;
    } catch {
      // The record never reached the database: the store refuses this workbook's writes until
      // it is recovered, and recovery measures the log again.
      return;
    }
    const log = await this.#options.read(workbookId, upTo);
    const baseSeq = log.base?.seq ?? 0;
    // A newer base was written meanwhile (a whole-workbook commit): nothing left to fold.
    if (baseSeq >= upTo || size.baseSeq >= upTo) return;
    const gapFree = log.records.every((record, index) => record.seq === baseSeq + index + 1);
    if (!gapFree || log.records.at(-1)?.seq !== upTo)
      throw new Error(`the stored log after ${baseSeq} does not run without a gap to ${upTo}`);
    const text = await foldTextsInWorker(
      {
        base: log.base,
        records: log.records.map((record) => record.text),
        upTo,
        exportedAt: this.#options.now().toISOString(),
      },
      `workbook_commits (workbook ${workbookId})`,
    );
    if (size.baseSeq >= upTo) return;
    const written = this.#options.write(workbookId, upTo, text);
    // The records it folds stop counting now; those appended since stay.
    size.baseSeq = upTo;
    size.baseBytes = text.length;
    size.logBytes = Math.max(0, size.logBytes - folded);
    await written;
  }
}
