// The workbook list (SaaS): create a workbook, the user's own workbooks, and the ones shared
// with them ("title · from owner").
import { useState, type FormEvent } from 'react';
import { useObservable } from '../app/observable.js';
import { Dialog } from '../ui/Dialog.js';
import { OwnWorkbookRow } from './OwnWorkbookRow.js';
import type { WorkbooksController } from './workbooks-controller.js';

function NewWorkbookForm({ controller }: { controller: WorkbooksController }) {
  const [title, setTitle] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const create = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const refused = await controller.create(title);
    setBusy(false);
    setProblem(refused);
  };
  return (
    <form className="workbook-row-form" onSubmit={(event) => void create(event)}>
      <input
        data-testid="new-workbook-title"
        aria-label="Name of the new workbook"
        placeholder="Name of the new workbook"
        maxLength={200}
        value={title}
        onChange={(event) => setTitle(event.target.value)}
      />
      <button
        type="submit"
        className="primary"
        data-testid="create-workbook"
        disabled={busy || title.trim() === ''}
      >
        New workbook
      </button>
      {problem !== undefined && (
        <p role="alert" className="inline-error">
          {problem}
        </p>
      )}
    </form>
  );
}

export function WorkbooksDialog({ controller }: { controller: WorkbooksController }) {
  const lists = useObservable(controller.lists);
  const problem = useObservable(controller.problem);
  return (
    <Dialog
      title="Workbooks"
      onClose={() => controller.open.set(false)}
      testId="workbooks-dialog"
      wide
    >
      <NewWorkbookForm controller={controller} />
      {problem !== null && (
        <p role="alert" className="inline-error">
          {problem}
        </p>
      )}
      <h3>Your workbooks</h3>
      {lists === null ? (
        <p className="hint">Loading…</p>
      ) : (
        <ul className="workbook-list" data-testid="own-workbooks">
          {lists.own.map((workbook) => (
            <OwnWorkbookRow key={workbook.id} workbook={workbook} controller={controller} />
          ))}
        </ul>
      )}
      <h3>Shared with me</h3>
      {lists !== null && lists.shared.length === 0 && (
        <p className="hint" data-testid="shared-empty">
          Nobody has shared a workbook with you yet.
        </p>
      )}
      {lists !== null && lists.shared.length > 0 && (
        <ul className="workbook-list" data-testid="shared-workbooks">
          {lists.shared.map((workbook) => (
            <li
              key={workbook.id}
              className="workbook-row"
              data-testid="shared-workbook"
              data-workbook-id={workbook.id}
            >
              <button
                type="button"
                className="workbook-open"
                data-testid="open-workbook"
                aria-current={controller.isOpen(workbook.id) ? 'page' : undefined}
                onClick={() => controller.openWorkbook(workbook.id)}
              >
                {workbook.title}
              </button>
              <span className="hint">
                from {workbook.owner_email ?? 'an unknown owner'} · {workbook.role}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}
