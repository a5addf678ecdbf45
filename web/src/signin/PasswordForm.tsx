// Built-in accounts: email and password, switching between signing in and creating an account.
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../api/errors.js';
import type { AccountApi } from '../api/account-api.js';
import type { SessionJson } from '../api/types.js';

interface Props {
  readonly api: AccountApi;
  readonly onSignedIn: (session: SessionJson) => void;
}

export function PasswordForm({ api, onSignedIn }: Props) {
  const [creating, setCreating] = useState(false);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setProblem(undefined);
    try {
      const session = creating
        ? await api.signUp(email, password)
        : await api.signIn(email, password);
      onSignedIn(session);
    } catch (error) {
      setProblem(errorMessage(error));
      setBusy(false);
    }
  };

  return (
    <>
      <h1>{creating ? 'Create your account' : 'Sign in'}</h1>
      {problem !== undefined && (
        <p role="alert" className="signin-error" data-testid="signin-error">
          {problem}
        </p>
      )}
      <form onSubmit={(event) => void submit(event)} data-testid="password-form">
        <label>
          Email
          <input
            type="email"
            autoComplete="email"
            required
            data-testid="signin-email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </label>
        <label>
          Password
          <input
            type="password"
            autoComplete={creating ? 'new-password' : 'current-password'}
            required
            minLength={creating ? 8 : undefined}
            data-testid="signin-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </label>
        <button type="submit" className="primary" data-testid="signin-submit" disabled={busy}>
          {creating ? 'Create account' : 'Sign in'}
        </button>
      </form>
      <p className="signin-hint">
        {creating ? 'Already have an account? ' : 'New here? '}
        <button
          type="button"
          className="link-button"
          data-testid="signin-switch"
          onClick={() => {
            setCreating(!creating);
            setProblem(undefined);
          }}
        >
          {creating ? 'Sign in' : 'Create an account'}
        </button>
      </p>
    </>
  );
}
