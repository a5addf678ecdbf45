// Someone else changed the cell since it was read (409 on expected_versions, docs/ui-rules.md EDIT-09):
// keep their value or write ours anyway.
import { useObservable } from '../app/observable.js';
import type { Session } from '../app/session.js';
import { tryParseCell } from './address.js';
import { Dialog } from '../ui/Dialog.js';

export function ConflictDialog({ session }: { session: Session }) {
  const conflict = useObservable(session.conflict);
  if (conflict === null) return null;
  const close = () => session.conflict.set(null);
  const overwrite = () => {
    close();
    const cell = tryParseCell(conflict.cell);
    if (cell !== undefined)
      void session.writeCell(conflict.sheet, cell, conflict.mine, { force: true });
  };
  return (
    <Dialog title={`${conflict.cell} changed meanwhile`} onClose={close} testId="conflict-dialog">
      <p>
        Someone else changed {conflict.cell} on {conflict.sheet} after you started editing. It now
        holds <code>{conflict.theirs === '' ? '(empty)' : conflict.theirs}</code>.
      </p>
      <div className="dialog-actions">
        <button type="button" data-autofocus data-testid="conflict-keep" onClick={close}>
          Keep theirs ({conflict.theirs === '' ? 'empty' : conflict.theirs})
        </button>
        <button
          type="button"
          className="primary"
          data-testid="conflict-overwrite"
          onClick={overwrite}
        >
          Overwrite with {conflict.mine === '' ? 'empty' : conflict.mine}
        </button>
      </div>
    </Dialog>
  );
}
