// The PluginSecretStore port: plugin secrets kept per user, plugin and secret key (SaaS mode keeps
// them sealed in its database; saas/secrets/postgres-plugin-secret-store.ts). Values only go to
// the plugin host with a call; no endpoint returns them.
export type PluginSecretValues = Readonly<Record<string, string>>;

export interface PluginSecretStore {
  /** The user's secrets for the plugin, by key (keys without a value are absent). */
  read(userId: string, slug: string): Promise<PluginSecretValues>;
  /** The keys the user has a value for, sorted. */
  keys(userId: string, slug: string): Promise<string[]>;
  /**
   * Stores every non-empty value and removes every key sent as ""; keys not sent stay as they
   * are. All of it or none of it.
   */
  update(userId: string, slug: string, changes: PluginSecretValues): Promise<void>;
  /** Removes all of the user's secrets for the plugin. */
  clear(userId: string, slug: string): Promise<void>;
}

/** The store in memory only: the reference the contract suite is checked against. */
export class MemoryPluginSecretStore implements PluginSecretStore {
  readonly #values = new Map<string, Map<string, string>>();

  async read(userId: string, slug: string): Promise<PluginSecretValues> {
    return Object.fromEntries(this.#values.get(this.#id(userId, slug)) ?? []);
  }

  async keys(userId: string, slug: string): Promise<string[]> {
    return [...(this.#values.get(this.#id(userId, slug))?.keys() ?? [])].sort();
  }

  async update(userId: string, slug: string, changes: PluginSecretValues): Promise<void> {
    const id = this.#id(userId, slug);
    const values = new Map(this.#values.get(id));
    for (const [key, value] of Object.entries(changes)) {
      if (value === '') values.delete(key);
      else values.set(key, value);
    }
    this.#values.set(id, values);
  }

  async clear(userId: string, slug: string): Promise<void> {
    this.#values.delete(this.#id(userId, slug));
  }

  #id(userId: string, slug: string): string {
    return JSON.stringify([userId, slug]);
  }
}
