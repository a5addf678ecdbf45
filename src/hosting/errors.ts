// Hosting's typed errors; http/errors.ts maps them to statuses.
export class HostingError extends Error {}

/** Storage failed under a commit: the workbook refuses changes until restarted from its journal. */
export class StorageUnavailableError extends HostingError {
  constructor(readonly reason: string) {
    super(
      `The workbook's journal could not be written (${reason}). No change is accepted until the server restarts, so nothing acknowledged can be lost; check the data directory (disk space, permissions) and restart.`,
    );
  }
}

/**
 * Another process serving the same database committed to the workbook first, so this copy of it
 * was out of date: the change was not stored (nor acknowledged), the copy is dropped, and the
 * next request works on the workbook as the database holds it. Sending the change again is safe.
 */
export class WorkbookChangedElsewhereError extends HostingError {
  constructor(
    readonly workbookId: string,
    message = 'The workbook was changed through another server process at the same moment, so this change was not saved. It has been reloaded with that change: send this one again.',
  ) {
    super(message);
  }
}

/**
 * The workbook was deleted through another server process while this one still had it in
 * memory: the change was not stored, the copy is dropped, and there is nothing to send it to.
 */
export class WorkbookDeletedElsewhereError extends WorkbookChangedElsewhereError {
  constructor(workbookId: string) {
    super(workbookId, 'Workbook not found: it has been deleted, so this change was not saved.');
  }
}

/** A subscriber asked for commits older than the ones still kept in memory. */
export class CommitsUnavailableError extends HostingError {
  constructor(
    readonly fromSeq: number,
    readonly oldestKept: number,
  ) {
    super(
      `Commits after seq ${fromSeq} are no longer kept (the oldest kept is ${oldestKept}); read the workbook again and subscribe from its current seq.`,
    );
  }
}

/** The journal does not replay into a workbook (a gap in seq, or a record the workbook refuses). */
export class JournalReplayError extends HostingError {
  constructor(
    readonly workbookId: string,
    readonly seq: number,
    problem: string,
  ) {
    super(
      `The journal of workbook "${workbookId}" cannot be replayed at commit ${seq}: ${problem}`,
    );
  }
}
