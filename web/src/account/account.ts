// The signed-in user on the workbook page (SaaS mode): which workbook is open and the user's
// role on it, moving to another workbook, and signing out. OSS pages have no Account.
import { Observable } from '../app/observable.js';
import type { ApiClient } from '../api/client.js';
import { AccountApi } from '../api/account-api.js';
import { WorkbooksApi } from '../api/workbooks-api.js';
import type { PageAuth } from '../auth/page-auth.js';
import { ApiError } from '../api/errors.js';
import { forgetSignIn } from '../auth/stored-sign-in.js';

export interface OpenWorkbook {
  readonly id: string;
  readonly title: string;
  /** null: the workbook is not the user's and not shared with them (or no longer exists). */
  readonly role: 'owner' | 'editor' | null;
}

/** The workbook page's address for one workbook. */
export function workbookAddress(id: string): string {
  return `/workbook?id=${encodeURIComponent(id)}`;
}

/** The workbook a page address names (`?id=`), if any. */
export function workbookIdIn(search: string): string | undefined {
  const id = new URLSearchParams(search).get('id')?.trim();
  return id === undefined || id === '' ? undefined : id;
}

/** The detail of SaaS mode's 404 for a workbook the caller cannot access. */
const WORKBOOK_NOT_FOUND = 'Workbook not found.';

export class Account {
  readonly workbooks: WorkbooksApi;
  readonly api: AccountApi;
  /** The open workbook, once known. */
  readonly current = new Observable<OpenWorkbook | null>(null);

  constructor(
    readonly client: ApiClient,
    readonly auth: PageAuth,
    private readonly navigate: (url: string) => void = (url) => window.location.assign(url),
  ) {
    this.workbooks = new WorkbooksApi(client);
    this.api = new AccountApi(client);
    // The server's one answer for a workbook the caller may not use (gone, or access revoked):
    // read the lists again, so the page says so instead of failing request after request.
    client.onRefusal((error) => {
      const id = this.auth.workbookId;
      if (error.status === 404 && error.detail === WORKBOOK_NOT_FOUND && id !== undefined)
        void this.identify(id);
    });
  }

  get email(): string | null {
    return this.auth.signedIn?.email ?? null;
  }

  /**
   * Settles which workbook the page opens: the one the address names, else the most recently
   * changed of the user's own (the address then names it, so a reload or a shared link opens
   * the same one). Then learns the user's role on it, for the Share entry.
   */
  async settle(): Promise<void> {
    if (this.auth.workbookId === undefined) {
      const { workbooks } = await this.ownWorkbooks();
      const first = workbooks[0];
      if (first === undefined) return;
      this.auth.workbookId = first.id;
      window.history.replaceState(null, '', workbookAddress(first.id));
      this.current.set({ id: first.id, title: first.title, role: 'owner' });
      return;
    }
    void this.identify(this.auth.workbookId);
  }

  private identifying: Promise<void> | undefined;

  /**
   * The user's own workbooks. A SaaS server always has a list (it makes the default workbook on
   * the first look); a 404 means an OSS server answered, with a sign-in left in the browser from
   * a SaaS server once on the same address: it is forgotten and the page loads as OSS.
   */
  private async ownWorkbooks(): ReturnType<WorkbooksApi['list']> {
    try {
      return await this.workbooks.list();
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) {
        forgetSignIn();
        this.navigate(window.location.pathname + window.location.search);
      }
      throw error;
    }
  }

  /** Reads the user's role on the open workbook from their lists (one read at a time). */
  identify(id: string): Promise<void> {
    this.identifying ??= this.readRole(id).finally(() => (this.identifying = undefined));
    return this.identifying;
  }

  private async readRole(id: string): Promise<void> {
    try {
      const [owned, shared] = await Promise.all([
        this.ownWorkbooks(),
        this.workbooks.sharedWithMe(),
      ]);
      const mine = owned.workbooks.find((workbook) => workbook.id === id);
      const theirs = shared.workbooks.find((workbook) => workbook.id === id);
      this.current.set(
        mine !== undefined
          ? { id, title: mine.title, role: 'owner' }
          : theirs !== undefined
            ? { id, title: theirs.title, role: 'editor' }
            : { id, title: '', role: null },
      );
    } catch {
      // The lists could not be read (a 401 already went to sign in); the Share entry stays hidden.
    }
  }

  /** The open workbook's row title follows a rename made in the page (owners only). */
  async titleChanged(name: string): Promise<void> {
    const current = this.current.get();
    if (current?.role !== 'owner' || current.title === name) return;
    const { workbook } = await this.workbooks.retitle(current.id, name);
    this.current.set({ ...current, title: workbook.title });
  }

  open(id: string): void {
    this.navigate(workbookAddress(id));
  }

  /** The workbook page without an id: it opens the user's most recently changed workbook. */
  openLatest(): void {
    this.navigate('/workbook');
  }

  signOut(): void {
    this.auth.signOut();
  }
}
