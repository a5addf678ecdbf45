// When a workbook's commit log in the database has grown past its snapshot, a worker thread folds
// the log into a new snapshot (persistence's compaction worker, the one the file journal uses),
// so opening the workbook again (after an eviction, a restart, or in another process) loads one
// dense document and a short log instead of replaying every commit. Writes go on meanwhile: the
// fold covers the commits durable when it started, and the store writes its snapshot beside the
// write queue, dropping the commits it covers in the same transaction.
import { foldTextsInWorker } from '../persistence/index.js';

/** Log bytes after the snapshot that start a compaction, at least (default of GRIDBOOK_DB_COMPACT_BYTES). */
export const DEFAULT_DB_COMPACT_AFTER_BYTES = 1024 * 1024;

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
  /** The last record appended, and when it is durable (a fold that ends looks again from it). */
  lastSeq: number;
  lastDurable: Promise<void>;
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
    const size: LogSize = {
      baseSeq,
      baseBytes,
      logBytes,
      folding: undefined,
      lastSeq: log.at(-1)?.seq ?? baseSeq,
      lastDurable: Promise.resolve(),
    };
    this.#sizes.set(workbookId, size);
    this.#foldIfDue(workbookId, size);
  }

  /** A record was queued; `durable` settles when it is in the database. */
  appended(workbookId: string, seq: number, bytes: number, durable: Promise<void>): void {
    const size = this.#sizeOf(workbookId);
    size.logBytes += bytes;
    size.lastSeq = seq;
    size.lastDurable = durable;
    this.#foldIfDue(workbookId, size);
  }

  /** A snapshot (state after `seq`) was queued as the base: the log before it no longer counts. */
  snapshotQueued(workbookId: string, seq: number): void {
    const size = this.#sizeOf(workbookId);
    if (seq < size.baseSeq) return;
    size.baseSeq = seq;
    size.baseBytes = 0;
    size.logBytes = 0;
  }

  /** The size of a queued snapshot's text, once it is written (encoding runs after the call). */
  snapshotSized(workbookId: string, seq: number, bytes: number): void {
    const size = this.#sizeOf(workbookId);
    if (size.baseSeq === seq) size.baseBytes = bytes;
  }

  /** Settles when no compaction runs (tests; close). */
  async settled(): Promise<void> {
    // A fold that ends may start the next one (appends made while it ran): wait for those too.
    for (;;) {
      const running = [...this.#sizes.values()].flatMap((size) => size.folding ?? []);
      if (running.length === 0) return;
      await Promise.all(running);
    }
  }

  #sizeOf(workbookId: string): LogSize {
    let size = this.#sizes.get(workbookId);
    if (size === undefined) {
      // Appends before any recover (the contract asks for one first): counted from here on.
      size = {
        baseSeq: 0,
        baseBytes: 0,
        logBytes: 0,
        folding: undefined,
        lastSeq: 0,
        lastDurable: Promise.resolve(),
      };
      this.#sizes.set(workbookId, size);
    }
    return size;
  }

  #foldIfDue(workbookId: string, size: LogSize): void {
    const floor = this.#options.afterBytes;
    if (floor <= 0 || size.folding !== undefined || size.lastSeq <= size.baseSeq) return;
    if (size.logBytes < Math.max(floor, size.baseBytes / 2)) return;
    let folded = false;
    size.folding = this.#fold(workbookId, size, size.lastSeq, size.logBytes, size.lastDurable)
      .then((written) => {
        folded = written;
      })
      .catch((error: unknown) => {
        this.#options.report?.(
          `compacting the commit log of workbook ${workbookId} failed; it stays complete and is tried again as it grows`,
          error,
        );
      })
      .finally(() => {
        size.folding = undefined;
        // What was appended while it ran may be due already (after a failure, the next append tries).
        if (folded && this.#sizes.get(workbookId) === size) this.#foldIfDue(workbookId, size);
      });
  }

  async #fold(
    workbookId: string,
    size: LogSize,
    upTo: number,
    folded: number,
    durable: Promise<void>,
  ): Promise<boolean> {
    try {
      await durable;
    } catch {
      // The record never reached the database: the store refuses this workbook's writes until
      // it is recovered, and recovery measures the log again.
      return false;
    }
    const log = await this.#options.read(workbookId, upTo);
    const baseSeq = log.base?.seq ?? 0;
    // A newer base was written meanwhile (a whole-workbook commit): nothing left to fold.
    if (baseSeq >= upTo || size.baseSeq >= upTo) return false;
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
    if (size.baseSeq >= upTo) return false;
    const written = this.#options.write(workbookId, upTo, text);
    // The records it folds stop counting now; those appended since stay.
    size.baseSeq = upTo;
    size.baseBytes = text.length;
    size.logBytes = Math.max(0, size.logBytes - folded);
    await written;
    return true;
  }
}
