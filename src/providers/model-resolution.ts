// Which model answers: the requested one when its provider is configured, else the default
// model (first configured provider in the fixed order), else NoProviderConfiguredError.
import { NoProviderConfiguredError } from './errors.js';
import { DEFAULT_MODEL_BY_PROVIDER, MODEL_CATALOG, type ModelEntry } from './model-catalog.js';
import { PROVIDER_IDS, type ProviderId } from './provider-ids.js';

export interface AvailableModel extends ModelEntry {
  readonly available: boolean;
}

export interface ModelAvailability {
  readonly models: readonly AvailableModel[];
  readonly defaultModelId: string | null;
  /** Sorted by id. */
  readonly configuredProviders: readonly ProviderId[];
}

export function findModel(modelId: string): ModelEntry | undefined {
  return MODEL_CATALOG.find((entry) => entry.id === modelId);
}

export function defaultModelId(configured: ReadonlySet<ProviderId>): string | null {
  const first = PROVIDER_IDS.find((id) => configured.has(id));
  return first === undefined ? null : DEFAULT_MODEL_BY_PROVIDER[first];
}

/**
 * The catalog entry that will answer a request for `requestedId` (absent, unknown or of an
 * unconfigured provider → the default model). Throws NoProviderConfiguredError when no
 * provider has a key.
 */
export function resolveModel(
  requestedId: string | undefined | null,
  configured: ReadonlySet<ProviderId>,
): ModelEntry {
  const requested = requestedId ? findModel(requestedId) : undefined;
  if (requested !== undefined && configured.has(requested.provider)) return requested;
  const fallbackId = defaultModelId(configured);
  if (fallbackId === null) throw new NoProviderConfiguredError();
  const fallback = findModel(fallbackId);
  if (fallback === undefined)
    throw new Error(
      `DEFAULT_MODEL_BY_PROVIDER names ${fallbackId}, which is missing from MODEL_CATALOG`,
    );
  return fallback;
}

export function modelAvailability(configured: ReadonlySet<ProviderId>): ModelAvailability {
  return {
    models: MODEL_CATALOG.map((entry) => ({ ...entry, available: configured.has(entry.provider) })),
    defaultModelId: defaultModelId(configured),
    configuredProviders: [...configured].sort(),
  };
}
