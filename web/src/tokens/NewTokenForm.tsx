// Creating a service token: the token is shown here once, with a Copy button; the server keeps
// only its hash and never shows it again.
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../api/errors.js';
import type { AccountApi } from '../api/account-api.js';
import type { CreatedTokenJson } from '../api/types.js';

export function NewTokenForm({ api, onCreated }: { api: AccountApi; onCreated: () => void }) {
  const [name, setName] = useState('');
  const [created, setCreated] = useState<CreatedTokenJson | undefined>();
  const [copied, setCopied] = useState(false);
  const [problem, setProblem] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const create = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      setCreated(await api.createToken(name.trim()));
      setCopied(false);
      setName('');
      setProblem(undefined);
      onCreated();
    } catch (error) {
      setProblem(errorMessage(error));
    }
    setBusy(false);
  };
  const copy = async (token: string) => {
    try {
      await navigator.clipboard.writeText(token);
      setCopied(true);
    } catch (error) {
      setProblem(`Could not copy: ${errorMessage(error)}. Select the token and copy it by hand.`);
    }
  };

  return (
    <>
      <form className="workbook-row-form" onSubmit={(event) => void create(event)}>
        <input
          data-testid="token-name"
          aria-label="Name of the new token"
          placeholder="What the token is for"
          maxLength={80}
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
        <button type="submit" className="primary" data-testid="create-token" disabled={busy}>
          Create token
        </button>
      </form>
      {created !== undefined && (
        <div className="token-created" data-testid="token-created">
          <p className="hint">
            Copy “{created.name}” now: it is shown this once and cannot be read again.
          </p>
          <div className="workbook-row-form">
            <input
              readOnly
              data-testid="token-value"
              aria-label={`The new token ${created.name}`}
              value={created.token}
              onFocus={(event) => event.currentTarget.select()}
            />
            <button type="button" data-testid="copy-token" onClick={() => void copy(created.token)}>
              {copied ? 'Copied' : 'Copy'}
            </button>
            <button type="button" onClick={() => setCreated(undefined)}>
              Done
            </button>
          </div>
        </div>
      )}
      {problem !== undefined && (
        <p role="alert" className="inline-error">
          {problem}
        </p>
      )}
    </>
  );
}
