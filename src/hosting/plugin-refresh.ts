// Plugin changes reach the workbook through its commit path, like every other change: a plugin
// uploaded or removed rebuilds the engine with the new function set, and arrived plugin results
// recompute the cells that call those functions — each a commit of its own by actor `plugin`,
// journaled and seen by subscribers, never an undo step (refresh-functions is not undoable).
import type { CustomFunction, WorkbookHandle } from '../core/index.js';
import type { FunctionChange } from '../plugins/index.js';

export interface FunctionChanges {
  onChange(listener: (change: FunctionChange) => void): () => void;
}

/** The plugins as SaaS workbooks use them: functions bound to a scope (the workbook's owner). */
export interface ScopedFunctions extends FunctionChanges {
  functions(scope?: string): readonly CustomFunction[];
}

/** The commit that makes a workbook take a plugin change: rebuilt engine, or fresh results. */
export function refreshCommit(handle: WorkbookHandle, change: FunctionChange) {
  return handle.commit(
    [{ type: 'refresh-functions', names: change.names, rebuild: change.rebuild }],
    { actor: PLUGIN_ACTOR },
  );
}

export const PLUGIN_ACTOR = 'plugin';

export function followPluginChanges(
  handle: WorkbookHandle,
  plugins: FunctionChanges,
  report: (problem: string, error: unknown) => void,
): () => void {
  return plugins.onChange((change) => {
    refreshCommit(handle, change).catch((error: unknown) =>
      report('plugin results could not be shown', error),
    );
  });
}
