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

  constructor(private readonly lifetimeMs = 5000) {}

  show(text: string, kind: ToastKind = 'info'): void {
    const toast = { id: this.nextId++, kind, text };
    this.list.update((current) => [...current.slice(-3), toast]);
    setTimeout(() => this.dismiss(toast.id), kind === 'error' ? this.lifetimeMs * 1.6 : this.lifetimeMs);
  }

  dismiss(id: number): void {
    this.list.update((current) => current.filter((toast) => toast.id !== id));
  }
}
