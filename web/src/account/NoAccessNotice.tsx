// Shown when the open workbook is neither the user's nor shared with them (deleted, never
// shared, or access revoked): the server answers 404 for it, so say so and offer the list.
import { useObservable } from '../app/observable.js';
import type { Account } from './account.js';
import type { WorkbooksController } from '../workbooks/workbooks-controller.js';

export function NoAccessNotice({
  account,
  workbooks,
}: {
  account: Account;
  workbooks: WorkbooksController;
}) {
  const current = useObservable(account.current);
  if (current === null || current.role !== null) return null;
  return (
    <div role="alert" className="connection-banner" data-testid="no-access">
      This workbook does not exist or you no longer have access to it.{' '}
      <button type="button" className="text-button" onClick={() => workbooks.show()}>
        Your workbooks
      </button>
    </div>
  );
}
