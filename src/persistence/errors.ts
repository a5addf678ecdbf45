// Persistence's domain errors. Statuses live in http/errors.ts; messages name the field (a
// path into the document) and say how to fix it.

export abstract class PersistenceError extends Error {
  override readonly name: string = this.constructor.name;
}

/** An import payload (JSON, GridOS, xlsx, CSV) that cannot become a workbook; nothing was changed. */
export class InvalidDocumentError extends PersistenceError {
  constructor(
    readonly field: string,
    problem: string,
  ) {
    super(`${field}: ${problem}`);
  }
}

/**
 * Text that is not JSON at all. `reason` is what the parser said, in the words a request body's
 * 400 uses ("it is nested too deeply" for a stack overflow), so a body decoded off the event loop
 * is answered as the JSON body parser answered it.
 */
export class MalformedJsonError extends InvalidDocumentError {
  constructor(
    field: string,
    problem: string,
    readonly reason: string,
  ) {
    super(field, problem);
  }
}

/** The save file exists but cannot be read back; the workbook in memory was left as it was. */
export class CorruptSaveFileError extends PersistenceError {
  constructor(
    readonly file: string,
    readonly reason: string,
  ) {
    super(
      `The save file ${file} could not be read (${reason}); the workbook in memory was not changed.`,
    );
  }
}

/** A journal record that was acknowledged is damaged: recovery stops rather than skip data. */
export class JournalCorruptError extends PersistenceError {
  constructor(
    readonly file: string,
    readonly offset: number,
    problem: string,
  ) {
    super(
      `The journal file ${file} is damaged at byte ${offset} (${problem}) and more records follow it, so acknowledged changes would be lost by skipping it. ` +
        'Restore the data directory from a backup, or move the journal directory away to start from the last checkpoint (system_state.gridbook).',
    );
  }
}

/** Another running process has the journal open: two writers would interleave their commits. */
export class JournalInUseError extends PersistenceError {
  constructor(
    readonly dir: string,
    readonly holder: number,
  ) {
    super(
      `The journal in ${dir} is in use by another Gridbook process (pid ${holder}). ` +
        'Stop that process first, or give this one another GRIDBOOK_DATA_DIR.',
    );
  }
}

/** The journal was asked to write for a workbook it has not recovered: a server wiring bug. */
export class JournalStateError extends PersistenceError {
  constructor(readonly workbookId: string) {
    super(
      `The journal of workbook "${workbookId}" must be recovered before commits are appended to it.`,
    );
  }
}

/** A background compaction did not produce its snapshot; the journal is unchanged and still complete. */
export class CompactionFailedError extends PersistenceError {
  constructor(
    readonly dir: string,
    readonly upTo: number,
    reason: string,
  ) {
    super(`Compacting the journal in ${dir} up to commit ${upTo} failed: ${reason}`);
  }
}

/**
 * Another writer (a second process on the same database) already stored this commit number for
 * the workbook, so the caller's copy of it is out of date: the write is not stored, and the
 * caller must recover the workbook again before it writes more.
 */
export class CommitSeqTakenError extends PersistenceError {
  constructor(
    readonly workbookId: string,
    readonly seq: number,
    detail: string,
    /** The workbook was deleted meanwhile (SaaS): no commit of it can be stored again. */
    readonly deleted = false,
  ) {
    super(
      `Commit ${seq} of workbook ${workbookId} was already written by another process (${detail}).`,
    );
  }
}

const WORKER_TASKS = {
  reading: 'Reading the .xlsx file',
  writing: 'Writing the .xlsx file',
  'reading-json': 'Reading the JSON document',
  'writing-json': 'Writing the JSON document',
} as const;

/**
 * The import worker thread ended (crashed, ran out of memory, was stopped) before it answered this
 * file's job. Only this request fails; nothing was changed, and the next job starts a new worker.
 */

export class XlsxWorkerError extends PersistenceError {
  constructor(
    readonly task: keyof typeof WORKER_TASKS,
    reason: string,
  ) {
    super(
      `${WORKER_TASKS[task]} stopped: ${reason}. Nothing was changed; the next request starts again.`,
    );
  }
}
