// plugins (rank 1): GridOS-format Python plugins, run out of process by a CPython host
// (python-host/host.py) that the server drives over line-delimited JSON (docs/design.md §7).
// Today it exports the host; the registry and the dev portal that will use it are planned.
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
