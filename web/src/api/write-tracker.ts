// Whether every change the page sent is stored. The server answers a write only once it is on
// disk (its journal), so "all changes saved" is simply: no write in flight, and the last one
// that could not reach the server has been followed by one that did.
import { ApiError, ConnectionLostError } from './errors.js';

export type WriteState =
  | { readonly kind: 'saved' }
  | { readonly kind: 'saving'; readonly pending: number }
  | { readonly kind: 'error'; readonly message: string };

/**
 * Requests that change nothing stored: dry-run evaluation, the agent's preview, the selection
 * shown to others and its taking down.
 */
const READ_ONLY_REQUESTS = new Set([
  'POST /eval',
  'POST /agent/chat',
  'POST /dev/plugins/test',
  'POST /presence',
  'DELETE /presence',
]);

export function isWorkbookWrite(method: string, path: string): boolean {
  const bare = path.split('?')[0]!;
  return (
    method !== 'GET' &&
    method !== 'HEAD' &&
    !READ_ONLY_REQUESTS.has(`${method} ${bare}`) &&
    !bare.startsWith('/settings/')
  );
}

export class WriteTracker {
  #pending = 0;
  #failure: string | undefined;
  readonly #listeners = new Set<(state: WriteState) => void>();

  get state(): WriteState {
    if (this.#pending > 0) return { kind: 'saving', pending: this.#pending };
    return this.#failure === undefined
      ? { kind: 'saved' }
      : { kind: 'error', message: this.#failure };
  }

  onChange(listener: (state: WriteState) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /**
   * Counts a change waiting its turn behind earlier writes as one on its way: the page said "All
   * changes saved" between the answer to one write and the sending of the next, while the next
   * was already shown in its cell. What it ends in is told by the request itself (track).
   */
  async waitingTurn<T>(queued: Promise<T>): Promise<T> {
    this.#pending += 1;
    this.#notify();
    try {
      return await queued;
    } finally {
      this.#pending -= 1;
      this.#notify();
    }
  }

  /** Follows one write to its answer. A refusal (4xx) stored nothing and lost nothing; a lost connection or a server failure did. */
  async track<T>(write: Promise<T>): Promise<T> {
    this.#pending += 1;
    this.#notify();
    try {
      const result = await write;
      this.#failure = undefined;
      return result;
    } catch (error) {
      if (error instanceof ConnectionLostError) this.#failure = 'the server could not be reached';
      else if (error instanceof ApiError && error.status >= 500)
        this.#failure = `the server answered ${error.status}`;
      throw error;
    } finally {
      this.#pending -= 1;
      this.#notify();
    }
  }

  #notify(): void {
    const state = this.state;
    for (const listener of this.#listeners) listener(state);
  }
}
