// A CommitJournal held in memory, for tests of hosting's commit path: it keeps what it is given
// exactly as the file journal would, can be told to fail, and counts its calls. Never used by
// the server (acknowledged writes must reach the disk there).
import type { CommitRecord, WorkbookDocument } from '../../src/core/index.js';
import type { CommitJournal, RecoveredJournal } from '../../src/hosting/index.js';

interface Stored {
  base?: { seq: number; document: WorkbookDocument };
  records: CommitRecord[];
}

export class MemoryJournal implements CommitJournal {
  readonly #workbooks = new Map<string, Stored>();
  /** When set, the next writes reject with this error. */
  failWith: Error | undefined;
  appends = 0;
  snapshots = 0;

  #stored(workbookId: string): Stored {
    let stored = this.#workbooks.get(workbookId);
    if (stored === undefined) this.#workbooks.set(workbookId, (stored = { records: [] }));
    return stored;
  }

  async append(workbookId: string, record: CommitRecord): Promise<void> {
    if (this.failWith !== undefined) throw this.failWith;
    this.appends += 1;
    // A deep copy, as a write to disk would take: later changes to live objects cannot leak in.
    this.#stored(workbookId).records.push(structuredClone(record) as CommitRecord);
  }

  async writeSnapshot(workbookId: string, seq: number, document: WorkbookDocument): Promise<void> {
    if (this.failWith !== undefined) throw this.failWith;
    this.snapshots += 1;
    const stored = this.#stored(workbookId);
    stored.base = { seq, document: structuredClone(document) };
    stored.records = stored.records.filter((record) => record.seq > seq);
  }

  async recover(workbookId: string): Promise<RecoveredJournal> {
    const stored = this.#stored(workbookId);
    return { base: stored.base, records: [...stored.records], notes: [] };
  }
}
