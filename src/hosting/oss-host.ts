// OSS mode: one workbook for everyone, no authentication, kept durable by its journal in the
// data directory. At start it is restored from the journal; a data directory that only has the
// checkpoint of an older version (system_state.gridbook) starts from that checkpoint once.
import type { WorkbookDocument, WorkbookOptions } from '../core/index.js';
import type { CommitJournal } from './commit-journal.js';
import type { FeedLimits } from './commit-feed.js';
import { JournaledWorkbook } from './journaled-workbook.js';
import { recoverWorkbook } from './recover-workbook.js';
import type { WorkbookHost } from './workbook-host.js';

/** The id the one OSS workbook is journaled (and checkpointed) under. */
export const OSS_WORKBOOK_ID = 'default';

export interface OssHostOptions {
  readonly journal: CommitJournal;
  readonly workbookOptions?: WorkbookOptions;
  readonly now?: () => Date;
  readonly feedLimits?: FeedLimits;
  /** The checkpoint to start from when the journal is empty (an upgrade from a version without one). */
  readonly seed?: () => Promise<WorkbookDocument | undefined>;
  readonly report?: (problem: string, error: unknown) => void;
}

export class OssHost implements WorkbookHost {
  readonly #handle: JournaledWorkbook;

  private constructor(handle: JournaledWorkbook) {
    this.#handle = handle;
  }

  /** Restores the workbook from the journal (the replay is synchronous: nothing is served before it ends). */
  static async open(options: OssHostOptions): Promise<OssHost> {
    const recovered = await options.journal.recover(OSS_WORKBOOK_ID);
    for (const note of recovered.notes) options.report?.(`journal recovery: ${note}`, undefined);
    const empty = recovered.base === undefined && recovered.records.length === 0;
    const seed = empty ? await options.seed?.() : undefined;
    const { workbook, seq } = recoverWorkbook(
      OSS_WORKBOOK_ID,
      recovered,
      options.workbookOptions ?? {},
      seed,
    );
    const handle = new JournaledWorkbook({
      id: OSS_WORKBOOK_ID,
      workbook,
      journal: options.journal,
      seq,
      now: options.now ?? (() => new Date()),
      ...(options.feedLimits === undefined ? {} : { feedLimits: options.feedLimits }),
      ...(options.report === undefined ? {} : { report: options.report }),
    });
    // The seed becomes the journal's base, so the records that follow replay onto it next time.
    if (seed !== undefined)
      await options.journal.writeSnapshot(OSS_WORKBOOK_ID, 0, workbook.document());
    return new OssHost(handle);
  }

  async handleFor(): Promise<JournaledWorkbook> {
    return this.#handle;
  }
}
