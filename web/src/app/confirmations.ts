// One confirmation dialog at a time, asked for by any feature.
import { Observable } from './observable.js';
import type { ConfirmRequest } from '../ui/ConfirmDialog.js';

export class Confirmations {
  readonly current = new Observable<ConfirmRequest | null>(null);

  ask(request: ConfirmRequest): void {
    this.current.set(request);
  }

  close(): void {
    this.current.set(null);
  }
}
