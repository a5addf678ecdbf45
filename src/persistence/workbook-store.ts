// The WorkbookStore port (DESIGN §3.2: owned by its consumer, persistence). Save/load go
// through it; the OSS file store and the SaaS Postgres store run the same contract suite
// (test/contract/workbook-store.contract.ts).
import type { WorkbookDocument } from '../core/index.js';

/** OSS mode has one workbook and saves it under this id. */
export const DEFAULT_WORKBOOK_ID = 'default';

export interface WorkbookStore {
  /** Replaces what is stored under the id; a crash mid-save leaves the old or the new document, never a mix. */
  save(workbookId: string, document: WorkbookDocument): Promise<void>;
  /** The stored document, or undefined when none was saved; CorruptSaveFileError when unreadable. */
  load(workbookId: string): Promise<WorkbookDocument | undefined>;
}
