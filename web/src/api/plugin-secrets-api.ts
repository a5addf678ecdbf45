// SaaS: the caller's secrets for a plugin (docs/contract.md §4 Plugin secrets). Values are
// write-only: the server answers which slots are set, never what they hold. The shapes are the
// spec's (§2 Plugin secret schema), written out here until the server publishes them.
import type { ApiClient } from './client.js';

/** One secret a plugin's manifest declares. */
export interface DeclaredSecretSlot {
  readonly key: string;
  readonly label?: string;
  readonly placeholder?: string;
  readonly help?: string;
}

export interface PluginSecretsJson {
  readonly plugin_slug: string;
  readonly declared: readonly DeclaredSecretSlot[];
  readonly set_keys: readonly string[];
}

const secretsPath = (slug: string) => `/settings/plugin-secrets/${encodeURIComponent(slug)}`;

export class PluginSecretsApi {
  constructor(private readonly client: ApiClient) {}

  read(slug: string): Promise<PluginSecretsJson> {
    return this.client.get(secretsPath(slug));
  }

  /** Sets the slots sent; `""` deletes that slot; slots not sent stay as they are. */
  write(slug: string, secrets: Readonly<Record<string, string>>): Promise<unknown> {
    return this.client.json('PUT', secretsPath(slug), { body: { secrets } });
  }

  /** Deletes every secret the caller keeps for the plugin. */
  wipe(slug: string): Promise<unknown> {
    return this.client.json('DELETE', secretsPath(slug));
  }
}
