// The providers facade the routes and the agent use: provider statuses and key management
// (delegated to the registry), the model list, model resolution and complete().
import {
  complete,
  type CompleteOptions,
  type Completer,
  type Completion,
  type CompletionRequest,
  type ModelSource,
} from './complete.js';
import type { KeyStore } from './key-store.js';
import type { ModelEntry } from './model-catalog.js';
import { modelAvailability, resolveModel, type ModelAvailability } from './model-resolution.js';
import type { ProviderId } from './provider-ids.js';
import {
  ProviderRegistry,
  type BoundModel,
  type ProviderKeys,
  type ProviderStatus,
} from './provider-registry.js';
import type { Vendor } from './vendors/index.js';

export interface ProviderServiceOptions extends CompleteOptions {
  readonly keyStore: KeyStore;
  /** Environment fallback keys (Config.providerKeys); omit where there is none (SaaS). */
  readonly envKeys?: ProviderKeys;
  /** GRIDBOOK_<ID>_BASE_URL overrides (Config.providerBaseUrls). */
  readonly baseUrls?: ProviderKeys;
  /** HTTP seam handed to every SDK client. */
  readonly fetch?: typeof fetch;
  readonly vendors?: Readonly<Record<ProviderId, Vendor>>;
  /** The environment keys are the operator's, shared with callers: masked without any character. */
  readonly envKeysOfOperator?: boolean;
}

export class ProviderService implements Completer, ModelSource {
  private constructor(
    private readonly registry: ProviderRegistry,
    private readonly completeOptions: CompleteOptions,
  ) {}

  static async open(options: ProviderServiceOptions): Promise<ProviderService> {
    const registry = await ProviderRegistry.open({
      keyStore: options.keyStore,
      envKeys: options.envKeys ?? {},
      baseUrls: options.baseUrls ?? {},
      ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
      ...(options.vendors === undefined ? {} : { vendors: options.vendors }),
      ...(options.envKeysOfOperator === undefined
        ? {}
        : { envKeysOfOperator: options.envKeysOfOperator }),
    });
    return new ProviderService(registry, {
      ...(options.retry === undefined ? {} : { retry: options.retry }),
      ...(options.sleep === undefined ? {} : { sleep: options.sleep }),
    });
  }

  providers(): ProviderStatus[] {
    return this.registry.statuses();
  }

  configuredProviders(): ReadonlySet<ProviderId> {
    return this.registry.configuredProviders();
  }

  saveKey(
    provider: string,
    apiKey: string,
  ): Promise<{ provider: ProviderId; configured: boolean }> {
    return this.registry.saveKey(provider, apiKey);
  }

  deleteKey(provider: string): Promise<{ provider: ProviderId }> {
    return this.registry.deleteKey(provider);
  }

  models(): ModelAvailability {
    return modelAvailability(this.registry.configuredProviders());
  }

  /** The catalog entry that would answer a request for `modelId` (NoProviderConfiguredError when none can). */
  resolveModel(modelId?: string | null): ModelEntry {
    return resolveModel(modelId, this.registry.configuredProviders());
  }

  bindModel(modelId: string | null | undefined): BoundModel {
    return this.registry.bind(this.resolveModel(modelId));
  }

  activeKeys(): readonly string[] {
    return this.registry.activeKeys();
  }

  complete(request: CompletionRequest): Promise<Completion> {
    return complete(this, request, this.completeOptions);
  }
}
