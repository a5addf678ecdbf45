// One plugin's secrets (SaaS): a password field per slot its manifest declares, marked when a
// value is stored. Save sends only the fields typed into; Clear sends "" for its slot;
// Disconnect deletes them all. Values are never read back, and the fields empty after saving.
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../api/errors.js';
import type { PluginSecretsApi, PluginSecretsJson } from '../api/plugin-secrets-api.js';
import { typedSecrets } from './secrets-to-send.js';

interface Props {
  readonly api: PluginSecretsApi;
  readonly name: string;
  readonly secrets: PluginSecretsJson;
  readonly onChanged: () => Promise<void>;
}

export function PluginSecretsForm({ api, name, secrets, onChanged }: Props) {
  const slug = secrets.plugin_slug;
  const [fields, setFields] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const typed = typedSecrets(fields);

  const send = async (work: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await work();
      setFields({});
      setProblem(undefined);
      await onChanged();
    } catch (error) {
      setProblem(errorMessage(error));
    }
    setBusy(false);
  };
  const save = (event: FormEvent) => {
    event.preventDefault();
    void send(() => api.write(slug, typed));
  };

  return (
    <form
      className="plugin-secrets"
      data-testid="plugin-secrets"
      data-plugin={slug}
      onSubmit={save}
    >
      <h4>{name}</h4>
      {secrets.declared.map((slot) => {
        const stored = secrets.set_keys.includes(slot.key);
        const label = slot.label ?? slot.key;
        return (
          <div key={slot.key} className="secret-slot" data-testid="secret-slot" data-key={slot.key}>
            <label>
              {label}
              {stored && (
                <span className="badge badge-ok" data-testid="secret-stored">
                  stored
                </span>
              )}
              <input
                type="password"
                autoComplete="off"
                data-testid="secret-input"
                placeholder={stored ? 'Stored — type to replace' : (slot.placeholder ?? '')}
                value={fields[slot.key] ?? ''}
                onChange={(event) => setFields({ ...fields, [slot.key]: event.target.value })}
              />
            </label>
            {slot.help !== undefined && slot.help !== '' && <p className="hint">{slot.help}</p>}
            {stored && (
              <button
                type="button"
                data-testid="secret-clear"
                aria-label={`Clear ${label}`}
                disabled={busy}
                onClick={() => void send(() => api.write(slug, { [slot.key]: '' }))}
              >
                Clear
              </button>
            )}
          </div>
        );
      })}
      <div className="workbook-row-form">
        <button
          type="submit"
          className="primary"
          data-testid="secrets-save"
          disabled={busy || Object.keys(typed).length === 0}
        >
          Save
        </button>
        {secrets.set_keys.length > 0 && (
          <button
            type="button"
            data-testid="secrets-disconnect"
            disabled={busy}
            onClick={() => void send(() => api.wipe(slug))}
          >
            Disconnect
          </button>
        )}
      </div>
      {problem !== undefined && (
        <p role="alert" className="inline-error">
          {problem}
        </p>
      )}
    </form>
  );
}
