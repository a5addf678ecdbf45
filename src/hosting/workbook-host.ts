// "Which workbook does this caller act on?" Tenant isolation lives here and nowhere else.
import type { JournaledWorkbook } from './journaled-workbook.js';

/** Who is asking, as the HTTP layer knows it (nothing in OSS mode). */
export interface Caller {
  readonly userId?: string | undefined;
  readonly workbookId?: string | undefined;
  /** The signed-in user's email (SaaS), shown to the collaborators it shares a workbook with. */
  readonly email?: string | undefined;
  /**
   * Given the release of the workbook this request uses (SaaS): the caller calls it when the
   * request is over, and until then the workbook is not evicted from memory.
   */
  readonly hold?: ((release: () => void) => void) | undefined;
}

export interface WorkbookHost {
  /** The handle through which the caller reads and changes its workbook. */
  handleFor(caller: Caller): Promise<JournaledWorkbook>;
}
