// Rebuilds a workbook from its journal at start: the newest snapshot, then every record after
// it through the same apply path the commits first took (core's replayRecords), so versions,
// locks and charts come back exactly. The undo history is not journaled: a restored workbook
// starts with none.
import {
  replaceWorkbookOps,
  replayRecords,
  ReplayError,
  Workbook,
  type WorkbookDocument,
  type WorkbookOptions,
} from '../core/index.js';
import type { RecoveredJournal } from './commit-journal.js';
import { JournalReplayError } from './errors.js';

export interface RecoveredWorkbook {
  readonly workbook: Workbook;
  /** The seq of the last commit replayed (the base's when no record follows it, else 0). */
  readonly seq: number;
}

/** The workbook the journal holds; `seed` (the checkpoint of an older version) only when the journal is empty. */
export function recoverWorkbook(
  workbookId: string,
  journal: RecoveredJournal,
  options: WorkbookOptions,
  seed?: WorkbookDocument,
): RecoveredWorkbook {
  try {
    return replayed(journal, options, seed, true);
  } catch (error) {
    if (error instanceof ReplayError)
      throw new JournalReplayError(workbookId, error.seq, error.message);
    // The engine failed in the one build after all records: replay them as they were
    // committed, each into the engine on its own (and rolled back on its own if it fails).
  }
  try {
    return replayed(journal, options, seed, false);
  } catch (error) {
    if (error instanceof ReplayError)
      throw new JournalReplayError(workbookId, error.seq, error.message);
    throw error;
  }
}

function replayed(
  journal: RecoveredJournal,
  options: WorkbookOptions,
  seed: WorkbookDocument | undefined,
  oneEngineBuild: boolean,
): RecoveredWorkbook {
  const workbook = Workbook.create(options);
  const base = journal.base?.document ?? (journal.records.length === 0 ? seed : undefined);
  const replay = (): number => {
    if (base !== undefined) workbook.apply(replaceWorkbookOps(base));
    return replayRecords(workbook, journal.records, journal.base?.seq ?? 0);
  };
  // The snapshot and the records change the sheets alone; the engine is built once, at the end.
  const seq = oneEngineBuild ? workbook.rebuildingEngineAfter(replay) : replay();
  workbook.clearHistory();
  return { workbook, seq };
}
