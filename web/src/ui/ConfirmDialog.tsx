// "Are you sure?" for destructive actions; the message states what will be lost.
import { Dialog } from './Dialog.js';

export interface ConfirmRequest {
  readonly title: string;
  readonly message: string;
  readonly confirmLabel: string;
  readonly danger?: boolean;
  readonly onConfirm: () => void;
}

export function ConfirmDialog({
  request,
  onClose,
}: {
  request: ConfirmRequest;
  onClose: () => void;
}) {
  return (
    <Dialog title={request.title} onClose={onClose} testId="confirm-dialog">
      <p data-testid="confirm-message">{request.message}</p>
      <div className="dialog-actions">
        <button type="button" onClick={onClose} data-testid="confirm-cancel">
          Cancel
        </button>
        <button
          type="button"
          data-autofocus
          className={request.danger === true ? 'danger' : 'primary'}
          data-testid="confirm-ok"
          onClick={() => {
            onClose();
            request.onConfirm();
          }}
        >
          {request.confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}
