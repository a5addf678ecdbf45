// Settings — service tokens (SaaS): long-lived tokens for scripts and MCP clients, each acting
// as this user. Create (shown once), list (name, first characters, date), revoke.
import { useCallback, useEffect, useState } from 'react';
import { errorMessage } from '../api/errors.js';
import type { AccountApi } from '../api/account-api.js';
import type { TokenJson } from '../api/types.js';
import { NewTokenForm } from './NewTokenForm.js';

function TokenRow({ token, onRevoke }: { token: TokenJson; onRevoke: () => Promise<void> }) {
  const [confirming, setConfirming] = useState(false);
  return (
    <li className="workbook-row" data-testid="token-row" data-token-id={token.id}>
      <div className="workbook-row-form">
        <strong>{token.name}</strong>
        <code aria-label="First characters of the token">{token.prefix}…</code>
        <span className="hint">created {new Date(token.created_at).toLocaleDateString()}</span>
        {confirming ? (
          <>
            <button
              type="button"
              className="danger"
              data-testid="revoke-token-confirm"
              onClick={() => void onRevoke()}
            >
              Revoke
            </button>
            <button type="button" onClick={() => setConfirming(false)}>
              Keep
            </button>
          </>
        ) : (
          <button
            type="button"
            data-testid="revoke-token"
            aria-label={`Revoke ${token.name}`}
            onClick={() => setConfirming(true)}
          >
            Revoke
          </button>
        )}
      </div>
    </li>
  );
}

export function TokensSection({ api }: { api: AccountApi }) {
  const [tokens, setTokens] = useState<readonly TokenJson[] | undefined>();
  const [problem, setProblem] = useState<string | undefined>();
  const refresh = useCallback(async () => {
    try {
      setTokens((await api.tokens()).tokens.filter((token) => token.revoked_at === null));
      setProblem(undefined);
    } catch (error) {
      setProblem(errorMessage(error));
    }
  }, [api]);
  useEffect(() => void refresh(), [refresh]);

  const revoke = async (id: string) => {
    try {
      await api.revokeToken(id);
    } catch (error) {
      setProblem(errorMessage(error));
    }
    await refresh();
  };

  return (
    <section aria-labelledby="tokens-heading" data-testid="tokens-section">
      <h3 id="tokens-heading">Service tokens</h3>
      <p className="hint">
        A service token lets a script or an MCP client read and write your workbooks as you
        (Authorization: Bearer …). Revoking one stops it at once.
      </p>
      <NewTokenForm api={api} onCreated={() => void refresh()} />
      {problem !== undefined && (
        <p role="alert" className="inline-error">
          {problem}
        </p>
      )}
      {tokens !== undefined && tokens.length === 0 && <p className="hint">No tokens yet.</p>}
      {tokens !== undefined && tokens.length > 0 && (
        <ul className="workbook-list" data-testid="token-list">
          {tokens.map((token) => (
            <TokenRow key={token.id} token={token} onRevoke={() => revoke(token.id)} />
          ))}
        </ul>
      )}
    </section>
  );
}
