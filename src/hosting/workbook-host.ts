// "Which workbook does this caller act on?" Tenant isolation lives here and nowhere else.
import type { JournaledWorkbook } from './journaled-workbook.js';

/** Who is asking, as the HTTP layer knows it (nothing in OSS mode). */
export interface Caller {
  readonly userId?: string | undefined;
  readonly workbookId?: string | undefined;
}

export interface WorkbookHost {
  /** The handle through which the caller reads and changes its workbook. */
  handleFor(caller: Caller): Promise<JournaledWorkbook>;
}
