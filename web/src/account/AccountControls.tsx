// The menu bar's SaaS controls: the workbook list, Share (the owner only: only they may list
// and invite collaborators), and who is signed in with Sign out.
import { useObservable } from '../app/observable.js';
import type { Account } from './account.js';
import type { WorkbooksController } from '../workbooks/workbooks-controller.js';
import type { ShareController } from '../share/share-controller.js';

interface Props {
  readonly account: Account;
  readonly workbooks: WorkbooksController;
  readonly share: ShareController;
}

export function AccountControls({ account, workbooks, share }: Props) {
  const current = useObservable(account.current);
  return (
    <>
      <button
        type="button"
        className="text-button"
        data-testid="open-workbooks"
        aria-haspopup="dialog"
        onClick={() => workbooks.show()}
      >
        Workbooks
      </button>
      {current?.role === 'owner' && (
        <button
          type="button"
          className="text-button"
          data-testid="open-share"
          aria-haspopup="dialog"
          onClick={() => share.show()}
        >
          Share…
        </button>
      )}
      <span className="account-email" data-testid="account-email">
        {account.email ?? 'Signed in'}
      </span>
      <button
        type="button"
        className="text-button"
        data-testid="sign-out"
        onClick={() => account.signOut()}
      >
        Sign out
      </button>
    </>
  );
}
