// The Plugins dialog's state: what the server has loaded and, with the developer portal on,
// uploading, deleting and trying out plugin code (docs/ui-rules.md DEV-01). Kept out of the
// dialog's chunk so the menu bar can open it without loading the dialog (PERF-12).
import { Observable } from '../app/observable.js';
import type { Session } from '../app/session.js';
import { ApiError, errorMessage } from '../api/errors.js';
import {
  PluginsApi,
  type PluginRecord,
  type PluginUploadRequest,
  type PluginsJson,
} from '../api/plugins-api.js';

export type UploadOutcome =
  | { readonly kind: 'uploaded'; readonly record: PluginRecord }
  /** The server read the code and refused it: its words, shown verbatim. */
  | { readonly kind: 'refused'; readonly message: string }
  /** The request itself failed (malformed, portal off, connection lost). */
  | { readonly kind: 'failed'; readonly message: string };

export type TestOutcome =
  { readonly ok: true; readonly text: string } | { readonly ok: false; readonly text: string };

/** A formula value as a cell would show it. */
export function describeValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '(empty)';
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (typeof value === 'number' || typeof value === 'string') return String(value);
  return JSON.stringify(value);
}

export class PluginsController {
  readonly api: PluginsApi;
  readonly open = new Observable<boolean>(false);
  readonly state = new Observable<PluginsJson | null>(null);
  readonly loadError = new Observable<string | null>(null);

  constructor(readonly session: Session) {
    this.api = new PluginsApi(session.client);
  }

  show(): void {
    this.open.set(true);
    void this.refresh();
  }

  async refresh(): Promise<void> {
    try {
      this.state.set(await this.api.list());
      this.loadError.set(null);
    } catch (error) {
      this.loadError.set(errorMessage(error));
    }
  }

  /**
   * Formulas that call a plugin's functions change value when it comes or goes (a number, or
   * `#NAME?`): re-read the cells on screen rather than wait for the next heartbeat.
   */
  private functionsChanged(): void {
    this.session.store.invalidate();
  }

  async upload(request: PluginUploadRequest): Promise<UploadOutcome> {
    try {
      const answer = await this.api.upload(request);
      if (!answer.ok) return { kind: 'refused', message: answer.error.error };
      this.functionsChanged();
      await this.refresh();
      return { kind: 'uploaded', record: answer.record };
    } catch (error) {
      // A failed registration may still have changed what is loaded (or its errors list).
      await this.refresh();
      return { kind: 'failed', message: errorMessage(error) };
    }
  }

  /** Returns why the plugin could not be deleted, or undefined once it is gone. */
  async remove(slug: string): Promise<string | undefined> {
    try {
      await this.api.remove(slug);
      this.functionsChanged();
      await this.refresh();
      return undefined;
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) {
        await this.refresh();
        return `${slug} is not loaded (it may have been deleted already).`;
      }
      return errorMessage(error);
    }
  }

  async test(formula: string): Promise<TestOutcome> {
    try {
      const answer = await this.api.test(formula);
      return answer.ok
        ? { ok: true, text: describeValue(answer.value) }
        : { ok: false, text: answer.error };
    } catch (error) {
      return { ok: false, text: errorMessage(error) };
    }
  }
}
