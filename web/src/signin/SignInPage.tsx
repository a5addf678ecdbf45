// The sign-in page (SaaS): asks the server how it signs people in, shows the matching form,
// keeps the token and returns to the page the user came from. An OSS server has no accounts
// (GET /auth/config is 404 there): the page goes straight back.
import { useEffect, useMemo, useState } from 'react';
import { ApiClient } from '../api/client.js';
import { AccountApi } from '../api/account-api.js';
import { ApiError, errorMessage } from '../api/errors.js';
import type { AuthConfigJson, MeJson, SessionJson } from '../api/types.js';
import { keepSignIn, readSignIn } from '../auth/stored-sign-in.js';
import { returnAddress } from '../auth/return-address.js';
import { PasswordForm } from './PasswordForm.js';
import { TokenForm } from './TokenForm.js';
import { tokenExpiry } from './token-expiry.js';

function goBack(): void {
  window.location.replace(returnAddress(window.location.search));
}

export function SignInPage() {
  const api = useMemo(() => new AccountApi(new ApiClient()), []);
  const [config, setConfig] = useState<AuthConfigJson | undefined>();
  const [problem, setProblem] = useState<string | undefined>();

  useEffect(() => {
    if (readSignIn() !== undefined) return goBack();
    api.config().then(setConfig, (error: unknown) => {
      if (error instanceof ApiError && error.status === 404) goBack();
      else setProblem(errorMessage(error));
    });
  }, [api]);

  const signedInWithPassword = (session: SessionJson) => {
    keepSignIn({
      token: session.token,
      expiresAt: session.expires_at,
      email: session.user.email,
      via: 'session',
    });
    goBack();
  };
  const signedInWithToken = (token: string, me: MeJson) => {
    keepSignIn({ token, expiresAt: tokenExpiry(token), email: me.user.email, via: 'external' });
    goBack();
  };

  return (
    <main className="signin" aria-busy={config === undefined && problem === undefined}>
      <p className="signin-brand">▦ Gridbook</p>
      {problem !== undefined && (
        <p role="alert" className="signin-error">
          Could not reach the server: {problem}
        </p>
      )}
      {config === undefined && problem === undefined && <p>Loading…</p>}
      {config?.built_in_accounts === true && (
        <PasswordForm api={api} onSignedIn={signedInWithPassword} />
      )}
      {config?.external_idp === true && <TokenForm api={api} onSignedIn={signedInWithToken} />}
    </main>
  );
}
