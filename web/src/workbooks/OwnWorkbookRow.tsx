// One of the user's own workbooks in the list: open it, rename it in place, or delete it after
// a confirmation.
import { useState, type FormEvent } from 'react';
import type { WorkbookSummaryJson } from '../api/types.js';
import type { WorkbooksController } from './workbooks-controller.js';

interface Props {
  readonly workbook: WorkbookSummaryJson;
  readonly controller: WorkbooksController;
}

type Mode = 'idle' | 'renaming' | 'confirming-delete';

export function OwnWorkbookRow({ workbook, controller }: Props) {
  const [mode, setMode] = useState<Mode>('idle');
  const [title, setTitle] = useState(workbook.title);
  const [problem, setProblem] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const isOpen = controller.isOpen(workbook.id);

  const run = async (work: () => Promise<string | undefined>) => {
    setBusy(true);
    const refused = await work();
    setBusy(false);
    setProblem(refused);
    if (refused === undefined) setMode('idle');
  };
  const rename = (event: FormEvent) => {
    event.preventDefault();
    void run(() => controller.rename(workbook.id, title));
  };

  return (
    <li className="workbook-row" data-testid="own-workbook" data-workbook-id={workbook.id}>
      {mode === 'renaming' ? (
        <form className="workbook-row-form" onSubmit={rename}>
          <input
            data-autofocus
            data-testid="rename-input"
            aria-label={`New name for ${workbook.title}`}
            value={title}
            maxLength={200}
            onChange={(event) => setTitle(event.target.value)}
          />
          <button type="submit" className="primary" disabled={busy || title.trim() === ''}>
            Save
          </button>
          <button type="button" onClick={() => setMode('idle')}>
            Cancel
          </button>
        </form>
      ) : mode === 'confirming-delete' ? (
        <div className="workbook-row-form">
          <span>Delete “{workbook.title}” and everything in it?</span>
          <button
            type="button"
            className="danger"
            data-testid="delete-confirm"
            disabled={busy}
            onClick={() => void run(() => controller.delete(workbook.id))}
          >
            Delete
          </button>
          <button type="button" onClick={() => setMode('idle')}>
            Keep
          </button>
        </div>
      ) : (
        <div className="workbook-row-form">
          <button
            type="button"
            className="workbook-open"
            data-testid="open-workbook"
            aria-current={isOpen ? 'page' : undefined}
            onClick={() => controller.openWorkbook(workbook.id)}
          >
            {workbook.title}
          </button>
          {isOpen && <span className="badge">open</span>}
          <button
            type="button"
            data-testid="rename-workbook"
            aria-label={`Rename ${workbook.title}`}
            onClick={() => {
              setTitle(workbook.title);
              setMode('renaming');
            }}
          >
            Rename
          </button>
          <button
            type="button"
            data-testid="delete-workbook"
            aria-label={`Delete ${workbook.title}`}
            onClick={() => setMode('confirming-delete')}
          >
            Delete
          </button>
        </div>
      )}
      {problem !== undefined && (
        <p role="alert" className="inline-error" data-testid="workbook-error">
          {problem}
        </p>
      )}
    </li>
  );
}
