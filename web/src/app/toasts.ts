// Short notices at the bottom of the page (data-testid="toast"), each gone after a few seconds.
import { Observable } from './observable.js';

export type ToastKind = 'info' | 'error' | 'success';

export interface Toast {
  readonly id: number;
  readonly kind: ToastKind;
  readonly text: string;
}

export class Toasts {
  readonly list = new Observable<readonly Toast[]>([]);
  private nextId = 1;
  private readonly timers = new Map<number, ReturnType<typeof setTimeout>>();

  constructor(private readonly lifetimeMs = 5000) {}

  /** A notice already on screen is not shown twice (every keystroke into a locked cell): it stays longer instead. */
  show(text: string, kind: ToastKind = 'info'): void {
    const shown = this.list.get().find((toast) => toast.text === text && toast.kind === kind);
    const toast = shown ?? { id: this.nextId++, kind, text };
    if (shown === undefined) this.list.update((current) => [...current.slice(-3), toast]);
    clearTimeout(this.timers.get(toast.id));
    this.timers.set(
      toast.id,
      setTimeout(
        () => this.dismiss(toast.id),
        kind === 'error' ? this.lifetimeMs * 1.6 : this.lifetimeMs,
      ),
    );
  }

  dismiss(id: number): void {
    clearTimeout(this.timers.get(id));
    this.timers.delete(id);
    this.list.update((current) => current.filter((toast) => toast.id !== id));
  }
}
