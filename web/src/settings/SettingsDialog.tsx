// Settings — AI providers: one row per provider (masked key, save, replace, remove) and the
// models each configured provider makes available. Full keys never come back from the
// server and are cleared from the form as soon as they are saved.
import { useState } from 'react';
import { useObservable } from '../app/observable.js';
import { Dialog } from '../ui/Dialog.js';
import type { ProviderJson } from '../api/types.js';
import type { SettingsController } from './settings-controller.js';
import type { Account } from '../account/account.js';
import { TokensSection } from '../tokens/TokensSection.js';
import { PluginSecretsSection } from '../plugin-secrets/PluginSecretsSection.js';

function ProviderRow({
  provider,
  controller,
}: {
  provider: ProviderJson;
  controller: SettingsController;
}) {
  const [key, setKey] = useState('');
  const [replacing, setReplacing] = useState(false);
  const [confirmingRemove, setConfirmingRemove] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const showInput = !provider.configured || replacing;

  const save = async () => {
    setBusy(true);
    const problem = await controller.saveKey(provider.id, key);
    setBusy(false);
    setError(problem);
    if (problem === undefined) {
      setKey('');
      setReplacing(false);
    }
  };
  const remove = async () => {
    setBusy(true);
    const problem = await controller.removeKey(provider.id);
    setBusy(false);
    setConfirmingRemove(false);
    setError(problem);
  };

  return (
    <li
      className="provider-row"
      data-testid="provider-row"
      data-provider={provider.id}
      data-configured={provider.configured}
    >
      <div className="provider-head">
        <strong>{provider.display_name}</strong>
        <span
          className={provider.configured ? 'badge badge-ok' : 'badge'}
          data-testid="provider-status"
        >
          {provider.configured ? 'Configured' : 'Not configured'}
        </span>
        {provider.configured && (
          <code data-testid="provider-masked-key" aria-label="Stored key (masked)">
            {provider.masked_key}
          </code>
        )}
      </div>
      {showInput ? (
        <form
          className="provider-form"
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <input
            type="password"
            autoComplete="off"
            data-testid="provider-key-input"
            aria-label={`${provider.display_name} API key`}
            placeholder="Paste API key"
            value={key}
            onChange={(event) => {
              setKey(event.target.value);
              setError(undefined);
            }}
          />
          <button
            type="submit"
            className="primary"
            data-testid="provider-save"
            disabled={busy || key.trim() === ''}
          >
            Save
          </button>
          {replacing && (
            <button type="button" onClick={() => setReplacing(false)}>
              Cancel
            </button>
          )}
        </form>
      ) : confirmingRemove ? (
        <div className="provider-form">
          <span>Remove the stored {provider.display_name} key?</span>
          <button
            type="button"
            className="danger"
            data-testid="provider-remove-confirm"
            disabled={busy}
            onClick={() => void remove()}
          >
            Remove
          </button>
          <button type="button" onClick={() => setConfirmingRemove(false)}>
            Keep
          </button>
        </div>
      ) : (
        <div className="provider-form">
          <button type="button" data-testid="provider-replace" onClick={() => setReplacing(true)}>
            Replace
          </button>
          <button
            type="button"
            data-testid="provider-remove"
            onClick={() => setConfirmingRemove(true)}
          >
            Remove
          </button>
        </div>
      )}
      {error !== undefined && (
        <p role="alert" className="inline-error" data-testid="provider-error">
          {error}
        </p>
      )}
    </li>
  );
}

/** `account`: SaaS mode, where keys are the user's own and tokens and plugin secrets show too. */
export function SettingsDialog({
  controller,
  account,
}: {
  controller: SettingsController;
  account?: Account | undefined;
}) {
  const providers = useObservable(controller.providers);
  const models = useObservable(controller.models);
  const loadError = useObservable(controller.loadError);
  return (
    <Dialog
      title={account === undefined ? 'Settings — AI providers' : 'Settings'}
      onClose={() => controller.open.set(false)}
      testId="settings-dialog"
      wide
    >
      {account !== undefined && <h3>AI providers</h3>}
      <p className="hint">
        {account === undefined
          ? 'Keys are stored on the server in its key file and are never shown again in full.'
          : 'Your keys are stored encrypted for your account and are never shown again in full.'}{' '}
        The AI panel can use the models of every configured provider.
      </p>
      {loadError !== null && (
        <p role="alert" className="inline-error">
          Could not read the providers: {loadError}
        </p>
      )}
      <ul className="provider-list">
        {providers.map((provider) => (
          <ProviderRow key={provider.id} provider={provider} controller={controller} />
        ))}
      </ul>
      <h3>Models</h3>
      {models === null ? (
        <p className="hint">Loading…</p>
      ) : (
        <ul className="model-list" data-testid="model-list">
          {models.models.map((model) => (
            <li
              key={model.id}
              data-testid="model-row"
              data-model={model.id}
              data-available={model.available}
              className={model.available ? 'model-available' : 'model-unavailable'}
            >
              <span>{model.display_name}</span>
              <span className="hint">
                {model.provider}
                {model.id === models.default_model_id ? ' · default' : ''} ·{' '}
                {model.available ? 'available' : 'needs a key'}
              </span>
            </li>
          ))}
        </ul>
      )}
      {account !== undefined && <TokensSection api={account.api} />}
      {account !== undefined && <PluginSecretsSection client={account.client} />}
    </Dialog>
  );
}
