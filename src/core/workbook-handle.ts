// The port through which everything outside core changes a workbook. Hosting implements it: it
// numbers each commit, makes it durable before the promise settles, and feeds subscribers. Core
// only defines the shape, so the agent and the use-cases depend on it without depending on
// hosting; callers read through `workbook`, which has no mutator.
import type { ChangeSet } from './change-set.js';
import type { CommitRecord } from './ops/commit-record.js';
import type { Op } from './ops/op.js';
import type { ApplyMeta, UndoGuard, Workbook } from './workbook.js';

/** The workbook's queries, without apply/undo/redo: reading never changes anything. */
export type WorkbookReader = Omit<
  Workbook,
  | 'apply'
  | 'applyBatch'
  | 'undo'
  | 'redo'
  | 'clearHistory'
  | 'onCommit'
  | 'dispose'
  | 'prepareReplace'
  | 'prepareWrite'
>;

/** A commit as its caller and subscribers learn of it: the durable record (ops, seq, time, actor, client) and what it changed. */
export interface CommittedChange extends CommitRecord {
  /** Computed values that changed (dependents included), sheet and chart changes; not journaled. */
  readonly changes: ChangeSet;
}

export interface WorkbookHandle {
  /** The workbook's state now (reads only). */
  readonly workbook: WorkbookReader;
  /**
   * Does ahead, across turns of the event loop, what committing `ops` would do in one (a
   * whole-workbook replace: checking the document, building the new engine and sheets; a large
   * cell write: its values made ready for the engine), while reads and other commits see the
   * workbook as it is; then `commit(ops)` only swaps it in or places them. Rejects with what that
   * commit would throw for an invalid document; changes nothing.
   */
  prepare?(ops: readonly Op[]): Promise<void>;
  /**
   * Applies the cell writes committed but still waiting for the end of this turn of the event
   * loop (they are grouped into one recalculation), so `workbook` then shows every commit called
   * so far. A caller that reads to decide where to write (the agent's collision resolution) calls
   * it first and commits before its next await; otherwise its write could land on cells a queued
   * write fills.
   */
  applyQueuedWrites(): void;
  /** Applies the ops atomically and resolves once the commit is durable. */
  commit(ops: readonly Op[], meta: ApplyMeta): Promise<CommittedChange>;
  /** Undoes the last step (undefined when there is none); see Workbook.undo for the guard. */
  undo(meta: ApplyMeta, guard?: UndoGuard): Promise<CommittedChange | undefined>;
  /** Redoes the last undone step (undefined when there is none). */
  redo(meta: ApplyMeta): Promise<CommittedChange | undefined>;
}
