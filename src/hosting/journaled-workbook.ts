// The workbook handle hosting gives out: the one way to change a workbook. Each commit is
// applied to the in-memory workbook in the order of the calls, numbered with the next seq,
// handed to the journal, and its promise settles only once the journal has it on disk.
// Subscribers see commits in seq order, after they are durable. Cell writes are queued until
// the event loop's check phase and applied together (Workbook.applyBatch: one recalculation
// for all of them, each still its own commit); anything else, and a cell write large enough to
// be prepared ahead, applies the queue first, then itself at once.
import {
  changeSetBytes,
  estimateOpBytes,
  recordedOps,
  replacesWorkbook,
  SLICE_MS,
  type ApplyMeta,
  type Commit as AppliedCommit,
  type CommitRecord,
  type CommittedChange,
  type Op,
  type UndoGuard,
  type Workbook,
  type WorkbookDocument,
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
import { CommitSeqTakenError } from '../persistence/index.js';
import {
  StorageUnavailableError,
  WorkbookChangedElsewhereError,
  WorkbookDeletedElsewhereError,
} from './errors.js';

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
  /**
   * Told once when the journal refused a commit because another process had stored that seq
   * (CommitSeqTakenError): this copy is out of date and refuses every change from then on.
   */
  readonly onStale?: () => void;
}

/**
 * The document a snapshot record stores. A replace's own document is what it installed (the
 * base is installed through the same checks when the journal is read back) and nothing changes
 * it, so it is stored as given rather than read out of the sheets again (~150 ms of a
 * 1,048,576-cell import on the event loop); any other snapshot (an undone import) is read.
 */
function snapshotDocument(ops: readonly Op[], workbook: Workbook): WorkbookDocument {
  const [only] = ops;
  return ops.length === 1 && only?.type === 'replace-workbook'
    ? only.document
    : workbook.document();
}

/**
 * Cell writes of this many cells or more are prepared ahead (Workbook.prepareWrite); smaller ones
 * cost a few milliseconds whole and go straight to the queue.
 */
const PREPARE_WRITES_FROM = 8_192;

function cellsWritten(ops: readonly Op[]): number {
  let cells = 0;
  for (const op of ops)
    if (op.type === 'set-cells') for (const run of op.runs) cells += run.inputs.length;
  return cells;
}

interface Queued {
  readonly ops: readonly Op[];
  readonly meta: ApplyMeta;
  readonly resolve: (commit: Commit) => void;
  readonly reject: (error: unknown) => void;
}

/** An applied commit on its way to the journal, and who waits for its answer. */
interface Applied {
  readonly meta: ApplyMeta;
  readonly applied: AppliedCommit;
  readonly resolve: (commit: Commit) => void;
  readonly reject: (error: unknown) => void;
}

const ignore = (): void => undefined;

/** A numbered commit handed to the journal: answered once durable, after every earlier one. */
interface HandedOver {
  readonly commit: Commit;
  readonly bytes: number;
  readonly durable: Promise<void>;
  readonly resolve: (commit: Commit) => void;
  readonly reject: (error: unknown) => void;
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
  #storageFailure: StorageUnavailableError | WorkbookChangedElsewhereError | undefined;
  /** Set by `close`: every later change is refused with it (the workbook is being deleted). */
  #closedWith: Error | undefined;
  readonly #onStale: (() => void) | undefined;
  /** Cell writes `prepare` made ready, until committed (they skip the queue). */
  readonly #preparedWrites = new WeakSet<readonly Op[]>();
  /** Cell writes waiting for the check phase (see #flush), in call order. */
  #queued: Queued[] = [];
  /** The last timestamp's text and its time (see #timestamp). */
  #stamp = '';
  #stampedMs = Number.NaN;

  constructor(options: JournaledWorkbookOptions) {
    this.id = options.id;
    this.#workbook = options.workbook;
    this.#journal = options.journal;
    this.#now = options.now;
    this.#seq = options.seq;
    this.#report = options.report ?? (() => undefined);
    this.#onStale = options.onStale;
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

  /** The seq of the last commit published to subscribers (durable): where a new one starts. */
  get publishedSeq(): number {
    return this.#feed.lastSeq;
  }

  commit(ops: readonly Op[], meta: ApplyMeta): Promise<Commit> {
    const refusal = this.#refusal();
    if (refusal !== undefined) return Promise.reject(refusal);
    // A write prepared ahead (see prepare) is applied on its own: in a batch, a formula written
    // before it would send its cells down the engine's cell-by-cell path.
    if (
      !this.#preparedWrites.delete(ops) &&
      ops.length > 0 &&
      ops.every((op) => op.type === 'set-cells')
    ) {
      return new Promise<Commit>((resolve, reject) => {
        this.#queued.push({ ops, meta, resolve, reject });
        if (this.#queued.length === 1) setImmediate(() => this.#flush());
      });
    }
    this.#flush();
    return this.#record('change', meta, () => this.#workbook.apply(ops, meta)) as Promise<Commit>;
  }

  applyQueuedWrites(): void {
    this.#flush();
  }

  /**
   * Prepares a whole-workbook replace (an import, a load), or a cell write of
   * PREPARE_WRITES_FROM cells or more, ahead of its commit, SLICE_MS of work per turn of
   * the event loop, so the requests meanwhile are answered from the workbook as it is (issue
   * 16); other ops need nothing ahead. Commits made meanwhile are
   * applied and numbered before the replace, which is committed when its caller commits it.
   */
  async prepare(ops: readonly Op[]): Promise<void> {
    const [only] = ops;
    const writes = cellsWritten(ops) >= PREPARE_WRITES_FROM;
    const preparing =
      ops.length === 1 && only?.type === 'replace-workbook'
        ? this.#workbook.prepareReplace(only.document)
        : writes
          ? this.#workbook.prepareWrite(ops)
          : undefined;
    if (preparing === undefined) return;
    for (;;) {
      const until = performance.now() + SLICE_MS;
      if (preparing.step(() => performance.now() < until)) {
        if (writes) this.#preparedWrites.add(ops);
        return;
      }
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
  }

  undo(meta: ApplyMeta, guard: UndoGuard = {}): Promise<Commit | undefined> {
    this.#flush();
    return this.#record('undo', meta, () => this.#workbook.undo(meta.actor, guard, meta.origin));
  }

  redo(meta: ApplyMeta): Promise<Commit | undefined> {
    this.#flush();
    return this.#record('redo', meta, () => this.#workbook.redo(meta.actor, meta.origin));
  }

  /** Replays the durable commits after `fromSeq`, then follows new ones (see CommitFeed). */
  subscribe(fromSeq: number, listener: FeedListener<Commit>): () => void {
    return this.#feed.subscribe(fromSeq, listener);
  }

  /** Whether the journal refused a commit because another process had written that seq first. */
  get stale(): boolean {
    return this.#storageFailure instanceof WorkbookChangedElsewhereError;
  }

  /**
   * Applies commits another process stored (read back from the journal, in seq order) as if they
   * had been made here, so readers and subscribers see them. Applies nothing and answers false
   * when they cannot simply follow this copy: a change of its own is queued or not yet durable,
   * the first record is not the next seq, or the copy refuses changes; stops and answers false
   * at a whole-workbook record or one that does not apply. On false the caller loads the
   * workbook again instead.
   */
  adopt(records: readonly CommitRecord[]): boolean {
    if (this.#refusal() !== undefined || this.#queued.length > 0) return false;
    if (this.#feed.lastSeq !== this.#seq) return false;
    for (const record of records) {
      if (record.seq !== this.#seq + 1 || record.ops === 'snapshot') return false;
      let applied: AppliedCommit;
      try {
        // Another process's undo (redo) takes the same step off this copy's history, so the
        // next undo here does not undo that undo; a history that differs is forgotten instead.
        const followed =
          record.kind === 'change'
            ? undefined
            : this.#workbook.followUndo(record.kind, record.ops, record.actor, record.client);
        applied =
          followed ??
          this.#workbook.apply(record.ops, {
            ...(record.actor === undefined ? {} : { actor: record.actor }),
            ...(record.client === undefined ? {} : { origin: record.client }),
          });
        if (followed === undefined && record.kind !== 'change') this.#workbook.clearHistory();
      } catch {
        return false;
      }
      this.#seq = record.seq;
      this.#feed.publish(
        { ...record, changes: applied.changes },
        estimateOpBytes(applied.ops) + changeSetBytes(applied.changes),
      );
    }
    return true;
  }

  /**
   * Refuses every change from now on with `reason` (changes already handed to the journal still
   * settle): the workbook is going away, and nothing may be stored for it after `settled()`.
   */
  close(reason: Error): void {
    this.#flush();
    this.#closedWith ??= reason;
  }

  #refusal(): Error | undefined {
    return this.#closedWith ?? this.#storageFailure;
  }

  /** Settles once every commit made so far is durable (or has failed). */
  settled(): Promise<void> {
    this.#flush();
    return this.#tail;
  }

  /**
   * Applies the queued cell writes: requests that arrive in the same turn of the event loop (50
   * connections' worth under load) share one recalculation; each keeps its own seq, record,
   * change set and outcome (a version conflict or a lock refuses that write alone).
   */
  #flush(): void {
    const queued = this.#queued;
    if (queued.length === 0) return;
    this.#queued = [];
    const refusal = this.#refusal();
    if (refusal !== undefined) {
      for (const entry of queued) entry.reject(refusal);
      return;
    }
    if (queued.length === 1) {
      const [only] = queued as [Queued];
      let applied: AppliedCommit;
      try {
        applied = this.#workbook.apply(only.ops, only.meta);
      } catch (error) {
        only.reject(error);
        return;
      }
      this.#journaled('change', [{ ...only, applied }]);
      return;
    }
    let outcomes: ReturnType<Workbook['applyBatch']>;
    try {
      outcomes = this.#workbook.applyBatch(queued);
    } catch (error) {
      for (const entry of queued) entry.reject(error);
      return;
    }
    const applied: Applied[] = [];
    outcomes.forEach((outcome, index) => {
      const { meta, resolve, reject } = queued[index]!;
      if (outcome.commit === undefined) reject(outcome.error);
      else applied.push({ meta, applied: outcome.commit, resolve, reject });
    });
    this.#journaled('change', applied);
  }

  #record(
    kind: Commit['kind'],
    meta: ApplyMeta,
    run: () => AppliedCommit | undefined,
  ): Promise<Commit | undefined> {
    // Everything up to the journal call is synchronous, so commits are numbered, applied and
    // handed to the journal in the order their calls arrived.
    const refusal = this.#refusal();
    if (refusal !== undefined) return Promise.reject(refusal);
    let applied: AppliedCommit | undefined;
    try {
      applied = run();
    } catch (error) {
      return Promise.reject(error);
    }
    if (applied === undefined) return Promise.resolve(undefined);
    const done = applied;
    return new Promise<Commit>((resolve, reject) =>
      this.#journaled(kind, [{ meta, applied: done, resolve, reject }]),
    );
  }

  /**
   * Numbers applied commits in order and hands each to the journal (synchronously, so seqs
   * follow the calls), then answers each once it is durable and every earlier commit was
   * answered or refused. One settling chain per call (a whole batch), not promises per commit.
   */
  #journaled(kind: Commit['kind'], commits: readonly Applied[]): void {
    if (commits.length === 0) return;
    const handedOver = commits.map((entry) => this.#handOver(kind, entry));
    this.#tail = this.#settle(this.#tail, handedOver);
  }

  #handOver(kind: Commit['kind'], { meta, applied, resolve, reject }: Applied): HandedOver {
    const record = this.#recordOf(kind, meta, applied);
    let durable: Promise<void>;
    try {
      durable =
        record.ops === 'snapshot'
          ? this.#journal.writeSnapshot(
              this.id,
              record.seq,
              snapshotDocument(applied.ops, this.#workbook),
            )
          : this.#journal.append(this.id, record);
    } catch (error) {
      durable = Promise.reject(error);
    }
    // Handled at once: #settle awaits it only after the commits before it, and a journal may
    // fail it before then (an unhandled rejection ends the process).
    void durable.catch(ignore);
    const commit: Commit = { ...record, changes: applied.changes };
    const bytes =
      (record.ops === 'snapshot' ? 0 : estimateOpBytes(applied.ops)) +
      changeSetBytes(applied.changes);
    return { commit, bytes, durable, resolve, reject };
  }

  /**
   * Publishes and answers each commit once it is durable, in seq order, after `earlier` (the
   * commits before them) settled; a commit the journal failed is refused with the storage error.
   * Never rejects: the next call waits on it.
   */
  async #settle(earlier: Promise<void>, commits: readonly HandedOver[]): Promise<void> {
    await earlier;
    for (const { commit, bytes, durable, resolve, reject } of commits) {
      try {
        await durable;
      } catch (error) {
        reject(this.#storageError(error));
        continue;
      }
      // Durable, yet after a commit the journal failed: a record after a lost one (the import
      // whose snapshot failed, while this record went to the segment after it) is read back as a
      // gap at restart and dropped, so it must not be acknowledged either.
      if (this.#storageFailure !== undefined) {
        reject(this.#storageFailure);
        continue;
      }
      try {
        this.#feed.publish(commit, bytes);
        resolve(commit);
      } catch (error) {
        reject(error);
      }
    }
  }

  #recordOf(kind: Commit['kind'], meta: ApplyMeta, applied: AppliedCommit): CommitRecord {
    this.#seq += 1;
    const seq = this.#seq;
    const at = this.#timestamp();
    const ops = replacesWorkbook(applied.ops) ? 'snapshot' : recordedOps(applied.ops);
    const { actor, origin: client } = meta;
    // One literal per case instead of spreads of the optional fields: this runs once per commit
    // on the path W4 measures. The keys keep the record's order.
    if (actor === undefined)
      return client === undefined ? { seq, kind, at, ops } : { seq, kind, at, client, ops };
    return client === undefined
      ? { seq, kind, at, actor, ops }
      : { seq, kind, at, actor, client, ops };
  }

  /**
   * The injected clock's time in ISO 8601. Commits of one batch (and of one millisecond) share
   * the text instead of formatting it again: the same time gives the same text.
   */
  #timestamp(): string {
    const time = this.#now();
    const ms = time.getTime();
    if (ms !== this.#stampedMs) {
      this.#stamp = time.toISOString();
      this.#stampedMs = ms;
    }
    return this.#stamp;
  }

  /** The error a commit the journal failed is refused with; from then on every change is refused. */
  #storageError(error: unknown): StorageUnavailableError | WorkbookChangedElsewhereError {
    if (error instanceof CommitSeqTakenError || this.stale) {
      // Not a storage failure: this copy missed another process's commits. Nothing after the
      // refused commit can be stored either, so the copy stops taking changes and is replaced.
      if (this.#storageFailure === undefined) {
        this.#storageFailure =
          error instanceof CommitSeqTakenError && error.deleted
            ? new WorkbookDeletedElsewhereError(this.id)
            : new WorkbookChangedElsewhereError(this.id);
        this.#onStale?.();
      }
      return this.#storageFailure;
    }
    // The in-memory workbook is now ahead of the disk: accepting more changes could acknowledge
    // writes a restart would not bring back, so every later commit is refused.
    this.#storageFailure ??= new StorageUnavailableError(
      error instanceof Error ? error.message : String(error),
    );
    this.#report(
      'the journal could not be written; the workbook refuses changes until restarted',
      error,
    );
    return this.#storageFailure;
  }
}
