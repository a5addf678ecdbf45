// The notices of app/toasts.ts, announced politely to screen readers.
import { useObservable } from '../app/observable.js';
import type { Toasts as ToastModel } from '../app/toasts.js';

export function Toasts({ toasts }: { toasts: ToastModel }) {
  const list = useObservable(toasts.list);
  return (
    <div className="toasts" aria-live="polite">
      {list.map((toast) => (
        <div
          key={toast.id}
          role={toast.kind === 'error' ? 'alert' : 'status'}
          data-testid="toast"
          data-kind={toast.kind}
          className={`toast toast-${toast.kind}`}
        >
          <span>{toast.text}</span>
          <button
            type="button"
            className="icon-button"
            aria-label="Dismiss"
            onClick={() => toasts.dismiss(toast.id)}
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
