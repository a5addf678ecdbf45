// Several processes serving one database each keep their own copy of a workbook in memory. The
// CommitFollower port is how SaasHost keeps its copies current: every process announces the
// commits it makes, hears the others', reads the missed records back from the store and applies
// them (catchUp); when that cannot be done simply, the copy is dropped and loaded again.
import type { CommitRecord } from '../core/index.js';
import type { JournaledWorkbook } from './journaled-workbook.js';

export interface CommitFollower {
  /**
   * Starts hearing commits (`heard(workbookId, seq)`: some process stored commit `seq`).
   * `connected()` is called each time the channel is (re)established: announcements made while
   * it was down were missed, so every copy must be checked against `heads`.
   */
  follow(handlers: {
    readonly heard: (workbookId: string, seq: number) => void;
    readonly connected: () => void;
  }): void;
  /** Whether announcements are being heard now; while not, each request checks its head. */
  readonly listening: boolean;
  /** Tells the other processes this one stored commit `seq` (best effort, never awaited). */
  announce(workbookId: string, seq: number): void;
  /** The highest seq stored for each workbook (absent: nothing stored). */
  heads(workbookIds: readonly string[]): Promise<ReadonlyMap<string, number>>;
  /** The stored records after `seq`, in order (they start later when a snapshot covers some). */
  recordsAfter(workbookId: string, seq: number): Promise<readonly CommitRecord[]>;
}

/**
 * Brings `handle` up to `head` with the records stored after its seq (`adopt` applies them: the
 * handle's own, wrapped by a caller that must tell them from local commits). Resolves true when it
 * is current (or stale for a reason the caller already handles), false when it must be loaded
 * again.
 */
export async function catchUp(
  handle: JournaledWorkbook,
  head: number,
  follower: Pick<CommitFollower, 'recordsAfter'>,
  adopt: (records: readonly CommitRecord[]) => boolean = (records) => handle.adopt(records),
): Promise<boolean> {
  if (handle.seq >= head) return true;
  // Its own commits first: once durable they may already be the head; if refused, it is stale.
  await handle.settled();
  if (handle.stale || handle.seq >= head) return true;
  const from = handle.seq;
  const records = await follower.recordsAfter(handle.id, from);
  // A change of its own started meanwhile: it takes a seq already stored, so it is refused and
  // the copy replaced through onStale.
  if (handle.seq !== from) return true;
  return adopt(records) && handle.seq >= head;
}
