// Provider keys and the model catalogue (docs/contract.md §4 Providers and models).
import type { ApiClient } from './client.js';
import type { ModelsJson, ProviderJson } from './types.js';

export class SettingsApi {
  constructor(private readonly client: ApiClient) {}

  providers(): Promise<{ providers: ProviderJson[] }> {
    return this.client.get('/settings/providers');
  }

  saveKey(
    provider: string,
    apiKey: string,
  ): Promise<{ status: string; provider: string; configured: boolean }> {
    return this.client.post('/settings/keys/save', { provider, api_key: apiKey });
  }

  removeKey(provider: string): Promise<{ status: string; provider: string }> {
    return this.client.json('DELETE', `/settings/keys/${encodeURIComponent(provider)}`);
  }

  models(): Promise<ModelsJson> {
    return this.client.get('/models/available');
  }
}
