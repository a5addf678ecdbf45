// Plugins: what the server has loaded and, when it runs with the developer portal on, uploading,
// deleting and testing plugin code (docs/contract.md "Developer plugins"; docs/ui-rules.md DEV-01).
// Loaded in its own chunk on first use (PERF-12).
import { useObservable } from '../app/observable.js';
import { Dialog } from '../ui/Dialog.js';
import type { PluginsJson } from '../api/plugins-api.js';
import type { PluginsController } from './plugins-controller.js';
import { PluginList, PluginLoadErrors } from './PluginList.js';
import { UploadForm } from './UploadForm.js';
import { FormulaTest } from './FormulaTest.js';

function ServerNotes({ state }: { state: PluginsJson }) {
  return (
    <>
      {!state.enabled && (
        <p className="hint" data-testid="plugins-disabled">
          Plugins are turned off on this server.
        </p>
      )}
      {state.python === null ? (
        <p role="alert" className="inline-error" data-testid="plugins-no-python">
          Python not found: plugins cannot run. Install python3 (3.9 or newer) on the server.
        </p>
      ) : (
        <p className="hint">
          Plugins run in {/^python/i.test(state.python) ? '' : 'Python '}
          {state.python} on the server.
        </p>
      )}
    </>
  );
}

function DevPortal({ controller }: { controller: PluginsController }) {
  return (
    <section aria-labelledby="plugins-portal-heading">
      <h3 id="plugins-portal-heading">Upload a plugin</h3>
      <p className="hint">
        plugin.py defines <code>register(kernel)</code>; it runs on the server without a sandbox, so
        upload only code you trust.
      </p>
      <UploadForm controller={controller} />
      <h3>Test a formula</h3>
      <FormulaTest controller={controller} />
    </section>
  );
}

export function PluginsDialog({ controller }: { controller: PluginsController }) {
  const state = useObservable(controller.state);
  const loadError = useObservable(controller.loadError);
  return (
    <Dialog title="Plugins" onClose={() => controller.open.set(false)} testId="plugins-dialog" wide>
      {loadError !== null && (
        <p role="alert" className="inline-error">
          Could not read the plugins: {loadError}
        </p>
      )}
      {state === null ? (
        loadError === null && <p className="hint">Loading…</p>
      ) : (
        <>
          <ServerNotes state={state} />
          <h3>Loaded</h3>
          <PluginList plugins={state.loaded} controller={controller} canDelete={state.dev_portal} />
          <PluginLoadErrors errors={state.errors} />
          {state.dev_portal ? (
            <DevPortal controller={controller} />
          ) : (
            <p className="hint" data-testid="plugins-portal-off">
              The developer portal is off: start the server with GRIDBOOK_DEV_PORTAL_ENABLED=1 to
              upload, delete and test plugins.
            </p>
          )}
        </>
      )}
    </Dialog>
  );
}
