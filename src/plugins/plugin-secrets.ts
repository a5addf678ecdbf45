// The plugin-secret settings of one user (spec §4 Plugin secrets): the slots a plugin declares in
// its manifest, which of them the user has set, and changing them — only declared keys, "" removes
// one, keys not sent stay. After a change the plugin's cached results of that user are forgotten
// and their workbooks recompute with the new values. Values never come back out of here.
import type { PluginSecretSlot } from './manifest.js';
import { PLUGIN_SLUG } from './manifest.js';
import type { PluginSecretStore, PluginSecretValues } from './secret-store.js';

/** 400: the slug cannot name a plugin. */
export class InvalidPluginSlugError extends Error {
  override readonly name = 'InvalidPluginSlugError';
  constructor(slug: string) {
    super(
      `plugin_slug: "${slug.slice(0, 100)}" must match ${PLUGIN_SLUG.source}: a lowercase letter, then 1–39 lowercase letters, digits or _.`,
    );
  }
}

/** 404: no plugin of that slug is loaded. */
export class PluginNotFoundError extends Error {
  override readonly name = 'PluginNotFoundError';
  constructor(slug: string) {
    super(`plugin_slug: no plugin "${slug}" is loaded on this server (GET /plugins lists them).`);
  }
}

/** 400: a key the plugin's manifest does not declare. */
export class UndeclaredSecretError extends Error {
  override readonly name = 'UndeclaredSecretError';
  constructor(slug: string, key: string, declared: readonly PluginSecretSlot[]) {
    const names = declared.map((slot) => slot.key);
    super(
      `secrets.${key.slice(0, 100)}: plugin "${slug}" declares no secret of that name; ${
        names.length === 0 ? 'it declares none' : `its secrets are ${names.join(', ')}`
      }.`,
    );
  }
}

function checkedSlug(slug: string): void {
  if (!PLUGIN_SLUG.test(slug)) throw new InvalidPluginSlugError(slug);
}

/** What the plugins registry tells this about. */
export interface DeclaredSecrets {
  declaredSecrets(slug: string): readonly PluginSecretSlot[] | undefined;
  secretsChanged(userId: string, slug: string): void;
}

export interface PluginSecretView {
  readonly declared: readonly PluginSecretSlot[];
  /** The keys with a value, sorted. */
  readonly setKeys: readonly string[];
}

export class PluginSecrets {
  readonly #plugins: DeclaredSecrets;
  readonly #store: PluginSecretStore;

  constructor(plugins: DeclaredSecrets, store: PluginSecretStore) {
    this.#plugins = plugins;
    this.#store = store;
  }

  async view(userId: string, slug: string): Promise<PluginSecretView> {
    const declared = this.#declared(slug);
    return { declared, setKeys: await this.#store.keys(userId, slug) };
  }

  async update(userId: string, slug: string, secrets: PluginSecretValues): Promise<void> {
    const declared = this.#declared(slug);
    for (const key of Object.keys(secrets))
      if (!declared.some((slot) => slot.key === key))
        throw new UndeclaredSecretError(slug, key, declared);
    if (Object.keys(secrets).length === 0) return;
    await this.#store.update(userId, slug, secrets);
    this.#plugins.secretsChanged(userId, slug);
  }

  /** Any well-formed slug: the secrets of a plugin no longer loaded can still be wiped. */
  async clear(userId: string, slug: string): Promise<void> {
    checkedSlug(slug);
    await this.#store.clear(userId, slug);
    this.#plugins.secretsChanged(userId, slug);
  }

  #declared(slug: string): readonly PluginSecretSlot[] {
    checkedSlug(slug);
    const declared = this.#plugins.declaredSecrets(slug);
    if (declared === undefined) throw new PluginNotFoundError(slug);
    return declared;
  }
}
