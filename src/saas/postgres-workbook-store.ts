// The SaaS WorkbookStore: the named checkpoint, the journal's snapshot and every commit record
// in Postgres (or PGlite), so a 200 means the commit is in the database. Writes of one workbook go
// through one queue: whatever arrives while a write is in flight goes in the next transaction
// (group commit: one multi-row INSERT), so records land in seq order without gaps, and a snapshot
// replaces the base and drops the records it covers in the same transaction. After a failed
// journal write the workbook's later journal writes fail too (a gap would lose acknowledged
// order) until it is recovered again. When the log outgrows the snapshot, a worker folds it
// into a new one (log-compaction.ts), written beside the queue, so loading a workbook stays one
// dense document and a short log. A snapshot never replaces a newer one (a compaction may finish
// after a whole-workbook commit wrote a later base).
import type { CommitRecord, WorkbookDocument } from '../core/index.js';
import {
  CorruptSaveFileError,
  saveFileTextHere,
  JournalCorruptError,
  parseWorkbookText,
  withName,
  type DocumentEncoder,
  type EncodedDocument,
  type RecoveredCommits,
  type WorkbookStore,
} from '../persistence/index.js';
import type { Database, Queryable } from './db/index.js';
import { DEFAULT_DB_COMPACT_AFTER_BYTES, LogCompaction, type StoredLog } from './log-compaction.js';
import { seqTakenOr } from './seq-taken.js';

export interface PostgresWorkbookStoreOptions {
  readonly database: Database;
  readonly now?: () => Date;
  /** Log bytes after the snapshot that start a compaction, at least (default 1 MiB; 0 never). */
  readonly compactAfterBytes?: number;
  /** Told of what a background compaction could not do (the log stays complete). */
  readonly report?: (problem: string, error: unknown) => void;
  /**
   * Writes the text of a document saved or snapshotted; default: on this thread, a slice per
   * turn of the event loop. The server passes saveFileTextIn(a worker of its own).
   */
  readonly encode?: DocumentEncoder;
}

/** A write as it is queued: a whole document's text may still be being written. */
type Write =
  | { readonly kind: 'append'; readonly seq: number; readonly text: string }
  | { readonly kind: 'snapshot'; readonly seq: number; readonly text: Promise<string> }
  | { readonly kind: 'checkpoint'; readonly text: Promise<string> };

/** A write whose text is ready. */
type ReadyWrite =
  | { readonly kind: 'append' | 'snapshot'; readonly seq: number; readonly text: string }
  | { readonly kind: 'checkpoint'; readonly text: string };

interface Queued {
  readonly write: Write;
  readonly resolve: () => void;
  readonly reject: (error: unknown) => void;
}

interface WorkbookQueue {
  pending: Queued[];
  running: Promise<void> | undefined;
  /** Set when a journal write failed: every later journal write fails with it. */
  failure: unknown;
}

export class PostgresWorkbookStore implements WorkbookStore {
  readonly #database: Database;
  readonly #now: () => Date;
  readonly #encoder: DocumentEncoder;
  readonly #queues = new Map<string, WorkbookQueue>();
  readonly #compaction: LogCompaction;

  constructor(options: PostgresWorkbookStoreOptions) {
    this.#database = options.database;
    this.#now = options.now ?? (() => new Date());
    this.#encoder = options.encode ?? saveFileTextHere;
    this.#compaction = new LogCompaction({
      afterBytes: options.compactAfterBytes ?? DEFAULT_DB_COMPACT_AFTER_BYTES,
      read: (workbookId, upTo) => this.#storedLog(workbookId, upTo),
      write: (workbookId, seq, text) => this.#writeFoldedBase(workbookId, seq, text),
      now: this.#now,
      report: options.report,
    });
  }

  save(workbookId: string, document: WorkbookDocument | EncodedDocument): Promise<void> {
    const text =
      'encoded' in document ? Promise.resolve(textOf(document.encoded)) : this.#encode(document);
    return this.#enqueue(workbookId, { kind: 'checkpoint', text });
  }

  async load(workbookId: string): Promise<WorkbookDocument | undefined> {
    const { rows } = await this.#database.query<{ document: string }>(
      'SELECT document FROM workbook_checkpoints WHERE workbook_id = $1',
      [workbookId],
    );
    const text = rows[0]?.document;
    if (text === undefined) return undefined;
    try {
      return withName(parseWorkbookText(text, 'checkpoint'));
    } catch (error) {
      throw new CorruptSaveFileError(
        `(the checkpoint of workbook ${workbookId})`,
        error instanceof Error ? error.message : String(error),
      );
    }
  }

  async recover(workbookId: string): Promise<RecoveredCommits> {
    const queue = this.#queues.get(workbookId);
    await queue?.running;
    if (queue !== undefined) queue.failure = undefined;
    const stored = await this.#storedLog(workbookId, Number.MAX_SAFE_INTEGER);
    const baseSeq = stored.base?.seq ?? 0;
    const base =
      stored.base === undefined
        ? undefined
        : { seq: baseSeq, document: decodeJournalDocument(workbookId, baseSeq, stored.base.text) };
    const records: CommitRecord[] = [];
    const texts: { seq: number; text: string }[] = [];
    const notes: string[] = [];
    for (const row of stored.records) {
      const seq = row.seq;
      if (seq !== baseSeq + records.length + 1) {
        // Writes are gap-free, so rows after a gap were never acknowledged; drop them so the
        // numbering can go on from the last good record.
        notes.push(
          `workbook ${workbookId}: commits from ${seq} follow a gap after ${baseSeq + records.length}; they were never acknowledged and are dropped`,
        );
        await this.#database.query(
          'DELETE FROM workbook_commits WHERE workbook_id = $1 AND seq > $2',
          [workbookId, baseSeq + records.length],
        );
        break;
      }
      records.push(decodeRecord(workbookId, seq, row.text));
      texts.push(row);
    }
    this.#compaction.recovered(workbookId, baseSeq, stored.base?.text.length ?? 0, texts);
    return { base, records, notes };
  }

  append(workbookId: string, record: CommitRecord): Promise<void> {
    const text = JSON.stringify(record);
    const durable = this.#enqueue(workbookId, { kind: 'append', seq: record.seq, text });
    this.#compaction.appended(workbookId, record.seq, text.length, durable);
    return durable;
  }

  writeSnapshot(workbookId: string, seq: number, document: WorkbookDocument): Promise<void> {
    const text = this.#encode(document);
    this.#compaction.snapshotQueued(workbookId, seq);
    text.then(
      (written) => this.#compaction.snapshotSized(workbookId, seq, written.length),
      () => undefined,
    );
    return this.#enqueue(workbookId, { kind: 'snapshot', seq, text });
  }

  /** Removes everything stored for the workbook (checkpoint, snapshot, commits), in `tx`. */
  static async deleteAll(tx: Queryable, workbookId: string): Promise<void> {
    for (const table of ['workbook_checkpoints', 'workbook_snapshots', 'workbook_commits'])
      await tx.query(`DELETE FROM ${table} WHERE workbook_id = $1`, [workbookId]);
  }

  /** Settles once every write queued so far, and every compaction running, has settled. */
  async settled(): Promise<void> {
    await this.#compaction.settled();
    await Promise.all([...this.#queues.values()].map((queue) => queue.running));
  }

  /** Waits for queued writes; the database itself is closed by its owner. */
  close(): Promise<void> {
    return this.settled();
  }

  /**
   * A compaction's snapshot: beside the write queue, on a connection of its own, since the
   * commits it covers are durable already and later ones are not touched; the appends meanwhile
   * stay one INSERT each. The guard keeps a newer base (a whole-workbook commit) in place.
   */
  #writeFoldedBase(workbookId: string, seq: number, text: string): Promise<void> {
    return this.#database.transaction(async (tx) => {
      // A fold adds no commit: migration 007 lets its snapshot sit at the head without moving it.
      await tx.query("SELECT set_config('gridbook.folding', 'on', true)");
      await this.#replaceBase(tx, workbookId, seq, text);
    });
  }

  async #replaceBase(tx: Queryable, workbookId: string, seq: number, text: string): Promise<void> {
    await tx.query(
      `INSERT INTO workbook_snapshots (workbook_id, seq, document, written_at) VALUES ($1, $2, $3, now())
       ON CONFLICT (workbook_id) DO UPDATE
         SET seq = excluded.seq, document = excluded.document, written_at = excluded.written_at
         WHERE workbook_snapshots.seq <= excluded.seq`,
      [workbookId, seq, text],
    );
    await tx.query('DELETE FROM workbook_commits WHERE workbook_id = $1 AND seq <= $2', [
      workbookId,
      seq,
    ]);
  }

  /** The stored base and the records after it up to `upTo`, as text (recovery; a compaction). */
  async #storedLog(workbookId: string, upTo: number): Promise<StoredLog> {
    // One statement, so the base and the records come from one snapshot of the database: a
    // compaction committing between two reads would otherwise look like a gap.
    const { rows } = await this.#database.query<{ seq: number; text: string; base: boolean }>(
      `SELECT s.seq, s.document AS text, true AS base FROM workbook_snapshots s WHERE s.workbook_id = $1
       UNION ALL
       SELECT c.seq, c.record, false FROM workbook_commits c
       WHERE c.workbook_id = $1 AND c.seq <= $2
         AND c.seq > coalesce((SELECT seq FROM workbook_snapshots WHERE workbook_id = $1), 0)
       ORDER BY base DESC, seq`,
      [workbookId, upTo],
    );
    const baseRow = rows[0]?.base === true ? rows[0] : undefined;
    return {
      base: baseRow === undefined ? undefined : { seq: Number(baseRow.seq), text: baseRow.text },
      records: rows
        .filter((row) => row.base !== true)
        .map((row) => ({ seq: Number(row.seq), text: row.text })),
    };
  }

  #encode(document: WorkbookDocument): Promise<string> {
    // Encoding starts at the call (the document is a copy, or one an import installed, so later
    // commits do not change it), a slice per turn of the event loop or in a worker: written in
    // one call, a 1,048,576-cell import's text held the event loop about a second.
    const text = this.#encoder(document, this.#now()).then(textOf);
    // Awaited where it is written; a failure before then must not go unhandled.
    text.catch(() => undefined);
    return text;
  }

  #enqueue(workbookId: string, write: Write): Promise<void> {
    let queue = this.#queues.get(workbookId);
    if (queue === undefined) {
      queue = { pending: [], running: undefined, failure: undefined };
      this.#queues.set(workbookId, queue);
    }
    if (write.kind !== 'checkpoint' && queue.failure !== undefined)
      return Promise.reject(queue.failure);
    const settled = new Promise<void>((resolve, reject) => {
      queue.pending.push({ write, resolve, reject });
    });
    if (queue.running === undefined) this.#startDrain(workbookId, queue);
    return settled;
  }

  #startDrain(workbookId: string, queue: WorkbookQueue): void {
    queue.running = this.#drain(workbookId, queue).finally(() => {
      queue.running = undefined;
      // A write queued between the end of the loop and here starts the next drain.
      if (queue.pending.length > 0) this.#startDrain(workbookId, queue);
      else if (queue.failure === undefined && this.#queues.get(workbookId) === queue)
        this.#queues.delete(workbookId);
    });
  }

  async #drain(workbookId: string, queue: WorkbookQueue): Promise<void> {
    // Let the calls of this tick join the first batch.
    await Promise.resolve();
    while (queue.pending.length > 0) {
      const batch = queue.pending.splice(0);
      // Checkpoints stand alone; runs of journal writes share one transaction each.
      for (const run of runs(batch)) {
        const journal = run[0]!.write.kind !== 'checkpoint';
        if (journal && queue.failure !== undefined) {
          for (const item of run) item.reject(queue.failure);
          continue;
        }
        try {
          const ready = await readyWrites(run);
          if (journal) await this.#writeJournal(workbookId, ready);
          else await this.#writeCheckpoint(workbookId, ready.at(-1)!.text);
          for (const item of run) item.resolve();
        } catch (raw) {
          const error = journal ? seqTakenOr(workbookId, firstSeq(run), raw) : raw;
          if (journal) queue.failure = error;
          for (const item of run) item.reject(error);
        }
      }
    }
  }

  async #writeCheckpoint(workbookId: string, text: string): Promise<void> {
    await this.#database.query(
      `INSERT INTO workbook_checkpoints (workbook_id, document, saved_at) VALUES ($1, $2, now())
       ON CONFLICT (workbook_id) DO UPDATE SET document = excluded.document, saved_at = excluded.saved_at`,
      [workbookId, text],
    );
  }

  #writeJournal(workbookId: string, run: readonly ReadyWrite[]): Promise<void> {
    // Appends alone are one INSERT, atomic by itself: one round trip instead of a transaction's three.
    if (run.every((write) => write.kind === 'append'))
      return this.#insertCommits(
        this.#database,
        workbookId,
        run.map((write) => write as { seq: number; text: string }),
      );
    return this.#database.transaction(async (tx) => {
      let appends: { seq: number; text: string }[] = [];
      const flushAppends = async (): Promise<void> => {
        if (appends.length === 0) return;
        await this.#insertCommits(tx, workbookId, appends);
        appends = [];
      };
      for (const write of run) {
        if (write.kind === 'append') {
          appends.push(write);
          continue;
        }
        if (write.kind !== 'snapshot') continue;
        await flushAppends();
        await this.#replaceBase(tx, workbookId, write.seq, write.text);
      }
      await flushAppends();
    });
  }

  async #insertCommits(
    into: Queryable,
    workbookId: string,
    appends: readonly { seq: number; text: string }[],
  ): Promise<void> {
    await into.query(
      `INSERT INTO workbook_commits (workbook_id, seq, record)
       SELECT $1, seq, record FROM unnest($2::bigint[], $3::text[]) AS batch(seq, record)`,
      [workbookId, appends.map((append) => append.seq), appends.map((append) => append.text)],
    );
  }
}

/** The run's writes once every text is written (the first failure to write one, thrown). */
async function readyWrites(run: readonly Queued[]): Promise<ReadyWrite[]> {
  return Promise.all(
    run.map(async ({ write }): Promise<ReadyWrite> => ({ ...write, text: await write.text })),
  );
}

/** Stored text from what an encoder wrote. */
function textOf(encoded: string | Uint8Array): string {
  return typeof encoded === 'string'
    ? encoded
    : Buffer.from(encoded.buffer, encoded.byteOffset, encoded.byteLength).toString('utf8');
}

function firstSeq(run: readonly Queued[]): number {
  const write = run[0]!.write;
  return write.kind === 'checkpoint' ? 0 : write.seq;
}

/** Consecutive items of the same sort: checkpoints one by one, journal writes together. */
function runs(batch: readonly Queued[]): Queued[][] {
  const result: Queued[][] = [];
  for (const item of batch) {
    const last = result.at(-1);
    const journal = item.write.kind !== 'checkpoint';
    if (last !== undefined && journal && last[0]!.write.kind !== 'checkpoint') last.push(item);
    else result.push([item]);
  }
  return result;
}

function decodeJournalDocument(workbookId: string, seq: number, text: string): WorkbookDocument {
  try {
    return withName(parseWorkbookText(text, 'snapshot'));
  } catch (error) {
    throw new JournalCorruptError(
      `workbook_snapshots (workbook ${workbookId}, seq ${seq})`,
      0,
      error instanceof Error ? error.message : String(error),
    );
  }
}

export function decodeRecord(workbookId: string, seq: number, text: string): CommitRecord {
  let record: CommitRecord;
  try {
    record = JSON.parse(text) as CommitRecord;
  } catch (error) {
    throw new JournalCorruptError(
      `workbook_commits (workbook ${workbookId}, seq ${seq})`,
      0,
      (error as Error).message,
    );
  }
  if (record.seq !== seq)
    throw new JournalCorruptError(
      `workbook_commits (workbook ${workbookId}, seq ${seq})`,
      0,
      `the record says seq ${String(record.seq)}`,
    );
  return record;
}
