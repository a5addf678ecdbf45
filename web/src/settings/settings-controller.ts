// Provider keys and the models they make available. Any change re-reads both, so the AI
// panel's model picker follows without a reload (docs/ui-rules.md KEYS-02, KEYS-04).
import { Observable } from '../app/observable.js';
import type { Session } from '../app/session.js';
import { errorMessage } from '../api/errors.js';
import { SettingsApi } from '../api/settings-api.js';
import type { ModelsJson, ProviderJson } from '../api/types.js';

export class SettingsController {
  readonly api: SettingsApi;
  readonly open = new Observable<boolean>(false);
  readonly providers = new Observable<readonly ProviderJson[]>([]);
  readonly models = new Observable<ModelsJson | null>(null);
  readonly loadError = new Observable<string | null>(null);

  constructor(readonly session: Session) {
    this.api = new SettingsApi(session.client);
  }

  show(): void {
    this.open.set(true);
    void this.refresh();
  }

  async refresh(): Promise<void> {
    try {
      const [providers, models] = await Promise.all([this.api.providers(), this.api.models()]);
      this.providers.set(providers.providers);
      this.models.set(models);
      this.loadError.set(null);
    } catch (error) {
      this.loadError.set(errorMessage(error));
    }
  }

  /** Returns the server's message when the key was refused. */
  async saveKey(provider: string, apiKey: string): Promise<string | undefined> {
    if (apiKey.trim() === '') return 'Paste a key first; an empty key cannot be saved.';
    try {
      await this.api.saveKey(provider, apiKey.trim());
      await this.refresh();
      return undefined;
    } catch (error) {
      await this.refresh();
      return errorMessage(error);
    }
  }

  async removeKey(provider: string): Promise<string | undefined> {
    try {
      await this.api.removeKey(provider);
      await this.refresh();
      return undefined;
    } catch (error) {
      return errorMessage(error);
    }
  }
}
