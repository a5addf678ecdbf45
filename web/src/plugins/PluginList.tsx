// The loaded plugins, one row each with the formulas it adds, and the plugins that failed to
// load with the server's reason. Delete asks first, inside the row: a second modal over this
// one would fight it for focus (docs/ui-rules.md A11Y-02).
import { useEffect, useRef, useState } from 'react';
import type { PluginProblem, PluginRecord } from '../api/plugins-api.js';
import type { PluginsController } from './plugins-controller.js';

function DeleteControl({
  plugin,
  controller,
}: {
  plugin: PluginRecord;
  controller: PluginsController;
}) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const keep = useRef<HTMLButtonElement>(null);

  // The Delete button just vanished under the keyboard: land on the safe choice.
  useEffect(() => {
    if (confirming) keep.current?.focus();
  }, [confirming]);

  const remove = async () => {
    setBusy(true);
    const problem = await controller.remove(plugin.slug);
    // On success the row is gone with this component; only a failure needs the state back.
    if (problem !== undefined) {
      setBusy(false);
      setConfirming(false);
      setError(problem);
    }
  };

  return (
    <>
      {confirming ? (
        <div className="provider-form">
          <span>Delete {plugin.slug}? Cells that call its formulas will show #NAME?.</span>
          <button
            type="button"
            className="danger"
            data-testid="plugin-delete-confirm"
            disabled={busy}
            onClick={() => void remove()}
          >
            Delete
          </button>
          <button ref={keep} type="button" onClick={() => setConfirming(false)}>
            Keep
          </button>
        </div>
      ) : (
        <button
          type="button"
          data-testid="plugin-delete"
          aria-label={`Delete plugin ${plugin.slug}`}
          onClick={() => {
            setError(undefined);
            setConfirming(true);
          }}
        >
          Delete
        </button>
      )}
      {error !== undefined && (
        <p role="alert" className="inline-error" data-testid="plugin-delete-error">
          {error}
        </p>
      )}
    </>
  );
}

function PluginRow({
  plugin,
  controller,
  canDelete,
}: {
  plugin: PluginRecord;
  controller: PluginsController;
  canDelete: boolean;
}) {
  return (
    <li className="provider-row" data-testid="plugin-row" data-slug={plugin.slug}>
      <div className="provider-head">
        <strong>{plugin.name || plugin.slug}</strong>
        <code className="hint">{plugin.slug}</code>
        <span className="badge">{plugin.category}</span>
        {plugin.version !== '' && <span className="hint">v{plugin.version}</span>}
      </div>
      {plugin.description !== '' && <p className="hint plugin-description">{plugin.description}</p>}
      {plugin.formulas.length > 0 && (
        <ul className="chips plugin-formulas" aria-label={`Formulas of ${plugin.slug}`}>
          {plugin.formulas.map((name) => (
            <li key={name}>
              <code className="plugin-formula" data-testid="plugin-formula">
                ={name}()
              </code>
            </li>
          ))}
        </ul>
      )}
      {canDelete && <DeleteControl plugin={plugin} controller={controller} />}
    </li>
  );
}

export function PluginList({
  plugins,
  controller,
  canDelete,
}: {
  plugins: readonly PluginRecord[];
  controller: PluginsController;
  canDelete: boolean;
}) {
  if (plugins.length === 0) return <p className="hint">No plugins are loaded.</p>;
  return (
    <ul className="provider-list" data-testid="plugin-list">
      {plugins.map((plugin) => (
        <PluginRow
          key={plugin.slug}
          plugin={plugin}
          controller={controller}
          canDelete={canDelete}
        />
      ))}
    </ul>
  );
}

export function PluginLoadErrors({ errors }: { errors: readonly PluginProblem[] }) {
  if (errors.length === 0) return null;
  return (
    <>
      <h3>Not loaded</h3>
      <ul className="provider-list" data-testid="plugin-load-errors">
        {errors.map((problem) => (
          <li key={problem.plugin} className="provider-row" data-testid="plugin-load-error">
            <strong>{problem.plugin}</strong>
            <pre className="inline-error plugin-error-text">{problem.error}</pre>
          </li>
        ))}
      </ul>
    </>
  );
}
