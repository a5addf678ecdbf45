// One person with access to the workbook, or a pending invite (PENDING badge), with a revoke
// button that asks first.
import { useState } from 'react';
import type { CollaboratorJson } from '../api/types.js';
import type { ShareController } from './share-controller.js';

function status(entry: CollaboratorJson): string {
  if (entry.kind === 'pending') return 'pending · waiting for sign-up';
  return entry.accepted_at === null || entry.accepted_at === undefined
    ? `${entry.role} · invited`
    : `${entry.role} · accepted`;
}

export function CollaboratorRow({
  entry,
  controller,
}: {
  entry: CollaboratorJson;
  controller: ShareController;
}) {
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const revoke = async () => {
    setBusy(true);
    const refused = await controller.revoke(entry);
    setBusy(false);
    setConfirming(false);
    setProblem(refused);
  };
  return (
    <li
      className="collaborator-row"
      data-testid="collaborator"
      data-kind={entry.kind}
      data-email={entry.email}
    >
      <span className="collaborator-email">{entry.email}</span>
      {entry.kind === 'pending' && (
        <span className="badge" data-testid="pending-badge">
          PENDING
        </span>
      )}
      <span className="hint">{status(entry)}</span>
      {confirming ? (
        <>
          <button
            type="button"
            className="danger"
            data-testid="revoke-confirm"
            disabled={busy}
            onClick={() => void revoke()}
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
          className="icon-button"
          data-testid="revoke"
          aria-label={`Revoke access for ${entry.email}`}
          onClick={() => setConfirming(true)}
        >
          ✕
        </button>
      )}
      {problem !== undefined && (
        <p role="alert" className="inline-error">
          {problem}
        </p>
      )}
    </li>
  );
}
