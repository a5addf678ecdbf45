// Which key each provider uses and the SDK client built from it. Precedence: a stored key, else the
// provider's environment variable. Deleting a key tears the client down and keeps the environment
// fallback off until the process restarts (docs/contract.md §4 Providers and models), so a user who
// removed a key in Settings is not silently switched back to the env key.
import { EmptyApiKeyError, ProviderInitError } from './errors.js';
import type { KeyStore } from './key-store.js';
import { maskKey } from './key-store.js';
import type { ModelEntry } from './model-catalog.js';
import {
  PROVIDER_DISPLAY_NAMES,
  PROVIDER_IDS,
  parseProviderId,
  type ProviderId,
} from './provider-ids.js';
import { VENDORS, type JsonMode, type ModelFactory, type Vendor } from './vendors/index.js';
import type { LanguageModel } from 'ai';

/** How a key the caller did not give shows: that one is configured, nothing of the key. */
const OPERATOR_KEY_MASK = '••••';

export type ProviderKeys = Readonly<Partial<Record<ProviderId, string | undefined>>>;

export interface ProviderRegistryOptions {
  readonly keyStore: KeyStore;
  /**
   * Fallback keys from the environment (Config.providerKeys); {} where there is no fallback (SaaS).
   */
  readonly envKeys: ProviderKeys;
  /** GRIDBOOK_<ID>_BASE_URL overrides (Config.providerBaseUrls). */
  readonly baseUrls: ProviderKeys;
  readonly fetch?: typeof fetch;
  readonly vendors?: Readonly<Record<ProviderId, Vendor>>;
  /**
   * The environment's keys belong to the server's operator, not to the caller (SaaS with
   * GRIDBOOK_SHARED_PROVIDER_KEYS=1): their masked form shows no character of the key.
   */
  readonly envKeysOfOperator?: boolean;
}

export type KeySource = 'stored' | 'env';

export interface ProviderStatus {
  readonly id: ProviderId;
  readonly displayName: string;
  readonly configured: boolean;
  readonly maskedKey: string;
  /** Where the active key came from; null when the provider has none. */
  readonly keySource: KeySource | null;
}

interface ActiveClient {
  readonly apiKey: string;
  readonly source: KeySource;
  readonly models: ModelFactory;
}

/** What a completion needs to call one catalog model. */
export interface BoundModel {
  readonly entry: ModelEntry;
  readonly languageModel: LanguageModel;
  readonly jsonMode: JsonMode;
}

export class ProviderRegistry {
  private readonly clients = new Map<ProviderId, ActiveClient>();
  /** Providers whose env key must not come back before a restart (their key was deleted). */
  private readonly envSuppressed = new Set<ProviderId>();
  private readonly vendors: Readonly<Record<ProviderId, Vendor>>;

  private constructor(private readonly options: ProviderRegistryOptions) {
    this.vendors = options.vendors ?? VENDORS;
  }

  /** Reads the stored keys and builds a client for every provider that has a key. */
  static async open(options: ProviderRegistryOptions): Promise<ProviderRegistry> {
    const registry = new ProviderRegistry(options);
    const stored = await options.keyStore.list();
    for (const id of PROVIDER_IDS) {
      const storedKey = stored[id];
      const envKey = options.envKeys[id];
      if (storedKey !== undefined) await registry.tryActivate(id, storedKey, 'stored');
      else if (envKey !== undefined && envKey.trim() !== '')
        await registry.tryActivate(id, envKey.trim(), 'env');
    }
    return registry;
  }

  configuredProviders(): ReadonlySet<ProviderId> {
    return new Set(this.clients.keys());
  }

  statuses(): ProviderStatus[] {
    return PROVIDER_IDS.map((id) => {
      const client = this.clients.get(id);
      return {
        id,
        displayName: PROVIDER_DISPLAY_NAMES[id],
        configured: client !== undefined,
        maskedKey:
          client?.source === 'env' && this.options.envKeysOfOperator === true
            ? OPERATOR_KEY_MASK
            : maskKey(client?.apiKey),
        keySource: client?.source ?? null,
      };
    });
  }

  /**
   * Builds the client first (so a key that cannot initialise is never stored), then persists it.
   */
  async saveKey(
    rawProvider: string,
    rawKey: string,
  ): Promise<{ provider: ProviderId; configured: boolean }> {
    const provider = parseProviderId(rawProvider);
    const apiKey = rawKey.trim();
    if (apiKey === '') throw new EmptyApiKeyError(provider);
    const models = await this.buildClient(provider, apiKey);
    await this.options.keyStore.set(provider, apiKey);
    this.clients.set(provider, { apiKey, source: 'stored', models });
    this.envSuppressed.delete(provider);
    return { provider, configured: true };
  }

  /** Idempotent: removing an absent key still turns the provider off until a key is saved. */
  async deleteKey(rawProvider: string): Promise<{ provider: ProviderId }> {
    const provider = parseProviderId(rawProvider);
    await this.options.keyStore.delete(provider);
    this.clients.delete(provider);
    this.envSuppressed.add(provider);
    return { provider };
  }

  /** The SDK model object for a catalog entry whose provider is configured. */
  bind(entry: ModelEntry): BoundModel {
    const client = this.clients.get(entry.provider);
    if (client === undefined)
      throw new Error(
        `bind(${entry.id}): provider ${entry.provider} is not configured; resolve the model first`,
      );
    return {
      entry,
      languageModel: client.models(entry.id),
      jsonMode: this.vendors[entry.provider].jsonMode,
    };
  }

  /** Every active key, so error text from a vendor can be scrubbed of them. */
  activeKeys(): string[] {
    return [...this.clients.values()].map((client) => client.apiKey);
  }

  private async tryActivate(id: ProviderId, apiKey: string, source: KeySource): Promise<void> {
    try {
      this.clients.set(id, { apiKey, source, models: await this.buildClient(id, apiKey) });
    } catch {
      // A key that cannot build a client leaves the provider unconfigured, as GridOS does;
      // saving a new key reports the reason.
    }
  }

  private async buildClient(provider: ProviderId, apiKey: string): Promise<ModelFactory> {
    // Header values must be visible ASCII: a pasted key with a line break or a typographic
    // character would only fail later, inside every agent call.
    if (!/^[\x21-\x7e]+$/.test(apiKey)) {
      throw new ProviderInitError(
        provider,
        'the key contains spaces, line breaks or non-ASCII characters; paste the key exactly as the vendor shows it',
      );
    }
    try {
      return await this.vendors[provider].createClient({
        apiKey,
        baseUrl: this.options.baseUrls[provider],
        fetch: this.options.fetch,
      });
    } catch (error) {
      throw new ProviderInitError(
        provider,
        error instanceof Error ? error.message.split(apiKey).join(maskKey(apiKey)) : String(error),
      );
    }
  }
}
