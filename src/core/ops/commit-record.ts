// The durable form of a commit: what the journal (and later the SaaS commit log) stores and what
// a restart replays. Plain JSON data only. A commit that replaces the whole workbook (load,
// import, and their undo and redo) is not stored as ops: its live undo data (the retired sheets)
// cannot be serialised and its document is the new state anyway, so the store takes a snapshot
// of the state after it instead, and the record names that snapshot.
import type { Op } from './op.js';
import type { Workbook } from '../workbook.js';

/** An op as a record holds it: every op but the two that swap whole workbooks. */
export type RecordedOp = Exclude<Op, { type: 'replace-workbook' } | { type: 'restore-workbook' }>;

export type RecordedKind = 'change' | 'undo' | 'redo';

export interface CommitRecord {
  /** Per workbook, gap-free and increasing from 1. */
  readonly seq: number;
  readonly kind: RecordedKind;
  /** ISO 8601 time from the injected clock. */
  readonly at: string;
  readonly actor?: string;
  /** The client that made it (X-Gridbook-Client), when it named itself. */
  readonly client?: string;
  /**
   * The ops in the order they applied, or `snapshot` when the commit replaced the whole workbook:
   * the state after it is the store's snapshot at this seq.
   */
  readonly ops: readonly RecordedOp[] | 'snapshot';
}

/** True when the ops swap the whole workbook, so their commit is stored as a snapshot. */
export function replacesWorkbook(ops: readonly Op[]): boolean {
  return ops.some((op) => op.type === 'replace-workbook' || op.type === 'restore-workbook');
}

/** The ops of a commit as its record holds them (callers check replacesWorkbook first). */
export function recordedOps(ops: readonly Op[]): readonly RecordedOp[] {
  if (replacesWorkbook(ops))
    throw new Error('A commit that replaces the workbook is recorded as a snapshot, not as ops.');
  return ops as readonly RecordedOp[];
}

/** Why a journal's records do not replay onto a workbook (a gap, or a record it refuses). */
export class ReplayError extends Error {
  constructor(
    readonly seq: number,
    problem: string,
  ) {
    super(`commit ${seq} cannot be replayed: ${problem}`);
  }
}

/**
 * Applies records after commit `fromSeq` in order, through apply, so versions, locks and charts
 * come out as the commits first left them; returns the last seq. Undo and redo records hold the
 * ops they ran, so they replay as plain changes. Callers replaying many wrap it in
 * `workbook.rebuildingEngineAfter`, so the engine is built once at the end.
 */
export function replayRecords(
  workbook: Workbook,
  records: readonly CommitRecord[],
  fromSeq: number,
): number {
  let seq = fromSeq;
  for (const record of records) {
    if (record.seq !== seq + 1)
      throw new ReplayError(record.seq, `expected commit ${seq + 1} next.`);
    if (record.ops === 'snapshot')
      throw new ReplayError(record.seq, 'a whole-workbook commit is a snapshot, not a record.');
    try {
      workbook.apply(record.ops, record.actor === undefined ? {} : { actor: record.actor });
    } catch (error) {
      throw new ReplayError(record.seq, error instanceof Error ? error.message : String(error));
    }
    seq = record.seq;
  }
  return seq;
}
