// providers (rank 1): the four LLM providers, the model catalog and model resolution, the
// KeyStore port and its key-file implementation, the registry of SDK clients (stored key >
// env key; base URL overrides) and complete(), the one call the agent makes to a model.
// Imports only config and core of ours; vendor SDK packages are imported here and nowhere
// above (http reaches them only through this index).
export {
  complete,
  DEFAULT_MAX_TOOL_CALLS,
  DEFAULT_RETRY_POLICY,
  JSON_INSTRUCTION,
  sleepWithSignal,
  type ChatMessage,
  type CompleteOptions,
  type Completer,
  type Completion,
  type CompletionRequest,
  type CompletionUsage,
  type ModelSource,
  type RetryPolicy,
  type Sleep,
  type ToolCallRecord,
  type ToolSpec,
} from './complete.js';
export {
  EmptyApiKeyError,
  KeyFileError,
  NoProviderConfiguredError,
  ProviderAuthError,
  ProviderBadRequestError,
  ProviderCallAbortedError,
  ProviderCallError,
  ProviderInitError,
  ProviderRateLimitError,
  ProviderTransientError,
  UnknownProviderError,
} from './errors.js';
export { FileKeyStore, KEY_FILE_NAME } from './file-key-store.js';
export { maskKey, type KeyStore, type StoredKeys } from './key-store.js';
export { MemoryKeyStore } from './memory-key-store.js';
export {
  DEFAULT_MODEL_BY_PROVIDER,
  MODEL_CATALOG,
  type ModelEntry,
  type ModelTier,
} from './model-catalog.js';
export {
  defaultModelId,
  findModel,
  modelAvailability,
  resolveModel,
  type AvailableModel,
  type ModelAvailability,
} from './model-resolution.js';
export {
  isProviderId,
  parseProviderId,
  PROVIDER_DISPLAY_NAMES,
  PROVIDER_IDS,
  type ProviderId,
} from './provider-ids.js';
export type { BoundModel, KeySource, ProviderKeys, ProviderStatus } from './provider-registry.js';
export { ProviderService, type ProviderServiceOptions } from './provider-service.js';
export { VENDORS, type JsonMode, type Vendor } from './vendors/index.js';
