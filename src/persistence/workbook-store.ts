// The WorkbookStore port (docs/design.md §3.2: owned by its consumer, persistence). Save/load go
// through it; the OSS file store and the SaaS Postgres store run the same contract suite
// (test/contract/workbook-store.contract.ts).
import type { CommitRecord, WorkbookDocument } from '../core/index.js';

/** OSS mode has one workbook and saves it under this id. */
export const DEFAULT_WORKBOOK_ID = 'default';

/**
 * A document already written as the text a store keeps (Gridbook version 2, UTF-8): a save
 * writes it in a worker thread (saveFileInSlices), the store keeps it as it is.
 */
export interface EncodedDocument {
  readonly encoded: Uint8Array;
}

/** What a store's journal holds for a workbook, as a restart replays it. */
export interface RecoveredCommits {
  /**
   * The newest durable snapshot: the state after commit `seq`. Absent: an empty workbook at seq 0.
   */
  readonly base?: { readonly seq: number; readonly document: WorkbookDocument } | undefined;
  /** Every acknowledged record after the base, in seq order with no gap. */
  readonly records: readonly CommitRecord[];
  /** What recovery repaired (a torn last record dropped), for the log. */
  readonly notes: readonly string[];
}

/**
 * Two kinds of storage per workbook. The named checkpoint (`save`/`load`: the contract's
 * system_state.gridbook) is the user's to write and go back to. The journal (`append`,
 * `writeSnapshot`, `recover`) holds every acknowledged commit, so a restart loses nothing.
 */
export interface WorkbookStore {
  /**
   * Replaces what is stored under the id; a crash mid-save leaves the old or the new document,
   * never a mix.
   */
  save(workbookId: string, document: WorkbookDocument | EncodedDocument): Promise<void>;
  /**
   * The stored document, or undefined when none was saved; CorruptSaveFileError when unreadable.
   */
  load(workbookId: string): Promise<WorkbookDocument | undefined>;
  /** The journal's snapshot and records (call once per workbook, before appending to it). */
  recover(workbookId: string): Promise<RecoveredCommits>;
  /**
   * Resolves once the record is durable. Called in seq order without awaiting the previous one.
   * A store several processes share rejects a seq it already holds (or a snapshot covers) with
   * CommitSeqTakenError, and so does `writeSnapshot`.
   */
  append(workbookId: string, record: CommitRecord): Promise<void>;
  /** Resolves once `document` (the state after commit `seq`) is the journal's durable base. */
  writeSnapshot(workbookId: string, seq: number, document: WorkbookDocument): Promise<void>;
}
