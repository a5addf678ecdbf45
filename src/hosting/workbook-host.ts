// "Which workbook does this caller act on?" Tenant isolation lives here and nowhere else.
import type { Workbook } from '../core/index.js';

/** Who is asking, as the HTTP layer knows it (nothing in OSS mode). */
export interface Caller {
  readonly userId?: string | undefined;
  readonly workbookId?: string | undefined;
}

export interface WorkbookHost {
  workbookFor(caller: Caller): Promise<Workbook>;
  /** Swaps in a whole new workbook (load, import). */
  replaceWorkbook(caller: Caller, next: Workbook): Promise<void>;
}
