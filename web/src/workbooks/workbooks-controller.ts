// The workbook list (SaaS): the user's own workbooks (open, create, rename, delete) and the ones
// shared with them (open). Opening one loads the workbook page for it.
import { Observable } from '../app/observable.js';
import type { Session } from '../app/session.js';
import { errorMessage } from '../api/errors.js';
import type { SharedWorkbookJson, WorkbookSummaryJson } from '../api/types.js';
import type { Account } from '../account/account.js';

export interface WorkbookLists {
  readonly own: readonly WorkbookSummaryJson[];
  readonly shared: readonly SharedWorkbookJson[];
}

export class WorkbooksController {
  readonly open = new Observable<boolean>(false);
  readonly lists = new Observable<WorkbookLists | null>(null);
  readonly problem = new Observable<string | null>(null);

  constructor(
    readonly account: Account,
    private readonly session: Session,
  ) {}

  show(): void {
    this.open.set(true);
    void this.refresh();
  }

  async refresh(): Promise<void> {
    try {
      const [own, shared] = await Promise.all([
        this.account.workbooks.list(),
        this.account.workbooks.sharedWithMe(),
      ]);
      this.lists.set({ own: own.workbooks, shared: shared.workbooks });
      this.problem.set(null);
    } catch (error) {
      this.problem.set(`Could not read your workbooks: ${errorMessage(error)}`);
    }
  }

  isOpen(id: string): boolean {
    return this.account.auth.workbookId === id;
  }

  openWorkbook(id: string): void {
    this.account.open(id);
  }

  /** Creates a workbook and opens it; returns the server's message when it refused. */
  async create(title: string): Promise<string | undefined> {
    try {
      const { workbook } = await this.account.workbooks.create(title.trim());
      this.account.open(workbook.id);
      return undefined;
    } catch (error) {
      return errorMessage(error);
    }
  }

  /**
   * Renames a workbook: its own name (what its page shows) first, since that is the stricter
   * check, then its title in the list.
   */
  async rename(id: string, title: string): Promise<string | undefined> {
    try {
      await this.account.workbooks.renameInside(id, title.trim());
      const { workbook } = await this.account.workbooks.retitle(id, title.trim());
      if (this.isOpen(id)) {
        await this.session.refreshWorkbook();
        this.account.current.update((current) =>
          current === null ? current : { ...current, title: workbook.title },
        );
      }
      await this.refresh();
      return undefined;
    } catch (error) {
      return errorMessage(error);
    }
  }

  /** Deletes a workbook; deleting the open one moves the page to the user's latest other one. */
  async delete(id: string): Promise<string | undefined> {
    try {
      await this.account.workbooks.delete(id);
      if (this.isOpen(id)) {
        this.account.openLatest();
        return undefined;
      }
      await this.refresh();
      return undefined;
    } catch (error) {
      return errorMessage(error);
    }
  }
}
