// Rebuilds a workbook from its journal at start: the newest snapshot, then every record after
// it through the same apply path the commits first took (core's replayRecords), so versions,
// locks and charts come back exactly. The undo history is not journaled: a restored workbook
// starts with none.
import { replaceWorkbookOps, replayRecords, ReplayError, Workbook, type WorkbookDocument, type WorkbookOptions } from '../core/index.js';
import type { RecoveredJournal } from './commit-journal.js';
import { JournalReplayError } from './errors.js';

export interface RecoveredWorkbook {
  readonly workbook: Workbook;
  /** The seq of the last commit replayed (the base's when no record follows it, else 0). */
  readonly seq: number;
}

/** The workbook the journal holds; `seed` (the checkpoint of an older version) only when the journal is empty. */
export function recoverWorkbook(workbookId: string, journal: RecoveredJournal, options: WorkbookOptions, seed?: WorkbookDocument): RecoveredWorkbook {
  const workbook = Workbook.create(options);
  const base = journal.base?.document ?? (journal.records.length === 0 ? seed : undefined);
  if (base !== undefined) workbook.apply(replaceWorkbookOps(base));
  let seq: number;
  try {
    seq = replayRecords(workbook, journal.records, journal.base?.seq ?? 0);
  } catch (error) {
    if (error instanceof ReplayError) throw new JournalReplayError(workbookId, error.seq, error.message);
    throw error;
  }
  workbook.clearHistory();
  return { workbook, seq };
}
