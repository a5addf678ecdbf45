// The share dialog's state (SaaS, owner only): the open workbook's collaborators and pending
// invites, inviting by email, revoking either (two routes: the id spaces differ).
import { Observable } from '../app/observable.js';
import { errorMessage } from '../api/errors.js';
import type { CollaboratorJson } from '../api/types.js';
import type { Account } from '../account/account.js';

export type InviteOutcome =
  | { readonly ok: true; readonly message: string }
  | { readonly ok: false; readonly message: string };

export class ShareController {
  readonly open = new Observable<boolean>(false);
  readonly collaborators = new Observable<readonly CollaboratorJson[] | null>(null);
  readonly problem = new Observable<string | null>(null);

  constructor(readonly account: Account) {}

  private get workbookId(): string | undefined {
    return this.account.current.get()?.id;
  }

  show(): void {
    this.open.set(true);
    void this.refresh();
  }

  async refresh(): Promise<void> {
    const id = this.workbookId;
    if (id === undefined) return;
    try {
      this.collaborators.set((await this.account.workbooks.collaborators(id)).collaborators);
      this.problem.set(null);
    } catch (error) {
      this.problem.set(`Could not read who has access: ${errorMessage(error)}`);
    }
  }

  async invite(email: string): Promise<InviteOutcome> {
    const id = this.workbookId;
    if (id === undefined) return { ok: false, message: 'The workbook is still loading.' };
    try {
      const { collaborator } = await this.account.workbooks.invite(id, email.trim());
      await this.refresh();
      return {
        ok: true,
        message:
          collaborator.kind === 'pending'
            ? `Invited: waiting for ${collaborator.email} to sign up.`
            : `${collaborator.email} can now open and edit this workbook.`,
      };
    } catch (error) {
      return { ok: false, message: errorMessage(error) };
    }
  }

  async revoke(entry: CollaboratorJson): Promise<string | undefined> {
    const id = this.workbookId;
    if (id === undefined) return 'The workbook is still loading.';
    try {
      if (entry.kind === 'pending' && entry.id !== undefined)
        await this.account.workbooks.revokeInvite(id, entry.id);
      else if (entry.kind === 'active' && entry.user_id !== undefined)
        await this.account.workbooks.revokeCollaborator(id, entry.user_id);
      await this.refresh();
      return undefined;
    } catch (error) {
      return errorMessage(error);
    }
  }
}
