// An external identity provider: the user pastes a token it issued; the server is asked who it
// belongs to before the page keeps it.
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../api/errors.js';
import type { AccountApi } from '../api/account-api.js';
import type { MeJson } from '../api/types.js';

interface Props {
  readonly api: AccountApi;
  readonly onSignedIn: (token: string, me: MeJson) => void;
}

export function TokenForm({ api, onSignedIn }: Props) {
  const [token, setToken] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const pasted = token.trim();
    setBusy(true);
    setProblem(undefined);
    try {
      onSignedIn(pasted, await api.me(pasted));
    } catch (error) {
      setProblem(errorMessage(error));
      setBusy(false);
    }
  };

  return (
    <>
      <h1>Sign in with your token</h1>
      {problem !== undefined && (
        <p role="alert" className="signin-error" data-testid="signin-error">
          {problem}
        </p>
      )}
      <form onSubmit={(event) => void submit(event)} data-testid="token-form">
        <label>
          Token from your identity provider
          <textarea
            required
            spellCheck={false}
            autoComplete="off"
            data-testid="signin-token"
            value={token}
            onChange={(event) => setToken(event.target.value)}
          />
        </label>
        <button
          type="submit"
          className="primary"
          data-testid="signin-submit"
          disabled={busy || token.trim() === ''}
        >
          Sign in
        </button>
      </form>
      <p className="signin-hint">
        This server signs people in through its identity provider. Paste the JWT it gave you, or a
        service token (gb_live_…).
      </p>
    </>
  );
}
