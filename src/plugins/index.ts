// plugins (rank 1): GridOS-format Python plugins, run out of process by a CPython host
// (python-host/host.py) that the server drives over line-delimited JSON (docs/design.md §7).
// The registry loads plugins at start and changes them at run time (the developer portal); plugin
// formulas answer from a cache or #BUSY! while the host computes them, never blocking.
export {
  HOST_SCRIPT_PATH,
  PythonPluginHost,
  PythonUnavailableError,
  type PluginHostOptions,
} from './python-host/bridge.js';
export type {
  CallOutcome,
  CheckOutcome,
  LoadOutcome,
  PluginAgent,
  PluginModel,
  PluginValue,
} from './python-host/protocol.js';
export {
  PLUGIN_SLUG,
  manifestWithDefaults,
  readManifest,
  uploadedManifest,
  type PluginManifest,
  type PluginRecord,
  type PluginSecretSlot,
} from './manifest.js';
export {
  PluginRegistry,
  type FunctionChange,
  type PluginError,
  type PluginRegistryOptions,
  type UploadOutcome,
} from './plugin-registry.js';
export { PluginFunctions, type PluginCaller } from './plugin-functions.js';
export { evaluateUntilSettled, type PluginResults } from './await-results.js';
export { testPluginFormula, type PluginTestOutcome } from './test-formula.js';
export {
  MemoryPluginSecretStore,
  type PluginSecretStore,
  type PluginSecretValues,
} from './secret-store.js';
export {
  InvalidPluginSlugError,
  PluginNotFoundError,
  PluginSecrets,
  UndeclaredSecretError,
  type DeclaredSecrets,
  type PluginSecretView,
} from './plugin-secrets.js';
