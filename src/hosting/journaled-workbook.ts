// The workbook handle hosting gives out: the one way to change a workbook. Each commit is
// applied to the in-memory workbook at once (so the order of calls is the order of commits),
// numbered with the next seq, handed to the journal, and its promise settles only once the
// journal has it on disk. Subscribers see commits in seq order, after they are durable.
import {
  changeSetBytes,
  estimateOpBytes,
  recordedOps,
  replacesWorkbook,
  type ApplyMeta,
  type Commit as AppliedCommit,
  type CommitRecord,
  type CommittedChange,
  type Op,
  type UndoGuard,
  type Workbook,
  type WorkbookHandle,
  type WorkbookReader,
} from '../core/index.js';
import type { CommitJournal } from './commit-journal.js';
import {
  CommitFeed,
  DEFAULT_FEED_LIMITS,
  type FeedLimits,
  type FeedListener,
} from './commit-feed.js';
import { StorageUnavailableError } from './errors.js';

/** A commit as subscribers and callers receive it: its durable record and its change set. */
export type Commit = CommittedChange;

export interface JournaledWorkbookOptions {
  readonly id: string;
  readonly workbook: Workbook;
  readonly journal: CommitJournal;
  /** The seq of the last commit the workbook already holds (0 for a new one). */
  readonly seq: number;
  readonly now: () => Date;
  readonly feedLimits?: FeedLimits;
  /** Told of a failing subscriber or a failed journal write (the server logs it). */
  readonly report?: (problem: string, error: unknown) => void;
}

export class JournaledWorkbook implements WorkbookHandle {
  readonly id: string;
  readonly #workbook: Workbook;
  readonly #journal: CommitJournal;
  readonly #now: () => Date;
  readonly #feed: CommitFeed<Commit>;
  readonly #report: (problem: string, error: unknown) => void;
  #seq: number;
  /** Settles when every commit so far is durable and published. */
  #tail: Promise<void> = Promise.resolve();
  #storageFailure: StorageUnavailableError | undefined;

  constructor(options: JournaledWorkbookOptions) {
    this.id = options.id;
    this.#workbook = options.workbook;
    this.#journal = options.journal;
    this.#now = options.now;
    this.#seq = options.seq;
    this.#report = options.report ?? (() => undefined);
    this.#feed = new CommitFeed<Commit>(
      options.seq,
      options.feedLimits ?? DEFAULT_FEED_LIMITS,
      (error) => this.#report('a commit subscriber failed', error),
    );
  }

  get workbook(): WorkbookReader {
    return this.#workbook;
  }

  /** The seq of the last commit applied (durable or about to be). */
  get seq(): number {
    return this.#seq;
  }

  commit(ops: readonly Op[], meta: ApplyMeta): Promise<Commit> {
    return this.#record('change', meta, () => this.#workbook.apply(ops, meta)) as Promise<Commit>;
  }

  undo(meta: ApplyMeta, guard: UndoGuard = {}): Promise<Commit | undefined> {
    return this.#record('undo', meta, () => this.#workbook.undo(meta.actor, guard, meta.origin));
  }

  redo(meta: ApplyMeta): Promise<Commit | undefined> {
    return this.#record('redo', meta, () => this.#workbook.redo(meta.actor, meta.origin));
  }

  /** Replays the durable commits after `fromSeq`, then follows new ones (see CommitFeed). */
  subscribe(fromSeq: number, listener: FeedListener<Commit>): () => void {
    return this.#feed.subscribe(fromSeq, listener);
  }

  /** Settles once every commit made so far is durable (or has failed). */
  settled(): Promise<void> {
    return this.#tail;
  }

  #record(
    kind: Commit['kind'],
    meta: ApplyMeta,
    run: () => AppliedCommit | undefined,
  ): Promise<Commit | undefined> {
    // Everything up to the journal call is synchronous, so commits are numbered, applied and
    // handed to the journal in the order their calls arrived.
    if (this.#storageFailure !== undefined) return Promise.reject(this.#storageFailure);
    let applied: AppliedCommit | undefined;
    try {
      applied = run();
    } catch (error) {
      return Promise.reject(error);
    }
    if (applied === undefined) return Promise.resolve(undefined);
    const record = this.#recordOf(kind, meta, applied);
    const durable =
      record.ops === 'snapshot'
        ? this.#journal.writeSnapshot(this.id, record.seq, this.#workbook.document())
        : this.#journal.append(this.id, record);
    const commit: Commit = { ...record, changes: applied.changes };
    const bytes =
      (record.ops === 'snapshot' ? 0 : estimateOpBytes(applied.ops)) +
      changeSetBytes(applied.changes);
    const done = Promise.all([this.#tail, durable]).then(
      () => this.#feed.publish(commit, bytes),
      (error: unknown) => this.#failStorage(error),
    );
    this.#tail = done.then(
      () => undefined,
      () => undefined,
    );
    return done.then(() => commit);
  }

  #recordOf(kind: Commit['kind'], meta: ApplyMeta, applied: AppliedCommit): CommitRecord {
    this.#seq += 1;
    return {
      seq: this.#seq,
      kind,
      at: this.#now().toISOString(),
      ...(meta.actor === undefined ? {} : { actor: meta.actor }),
      ...(meta.origin === undefined ? {} : { client: meta.origin }),
      ops: replacesWorkbook(applied.ops) ? 'snapshot' : recordedOps(applied.ops),
    };
  }

  #failStorage(error: unknown): never {
    // The in-memory workbook is now ahead of the disk: accepting more changes could acknowledge
    // writes a restart would not bring back, so every later commit is refused.
    this.#storageFailure ??= new StorageUnavailableError(
      error instanceof Error ? error.message : String(error),
    );
    this.#report(
      'the journal could not be written; the workbook refuses changes until restarted',
      error,
    );
    throw this.#storageFailure;
  }
}
