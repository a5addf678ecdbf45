// Share (SaaS, owner only): invite by email as an editor, and the people with access, pending
// invites marked. The page's own link opens the workbook for anyone invited; alone it grants
// nothing.
import { useState, type FormEvent } from 'react';
import { useObservable } from '../app/observable.js';
import { Dialog } from '../ui/Dialog.js';
import { CollaboratorRow } from './CollaboratorRow.js';
import type { InviteOutcome, ShareController } from './share-controller.js';

function InviteForm({ controller }: { controller: ShareController }) {
  const [email, setEmail] = useState('');
  const [outcome, setOutcome] = useState<InviteOutcome | undefined>();
  const [busy, setBusy] = useState(false);
  const invite = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const result = await controller.invite(email);
    setBusy(false);
    setOutcome(result);
    if (result.ok) setEmail('');
  };
  return (
    <form className="workbook-row-form" onSubmit={(event) => void invite(event)}>
      <input
        type="email"
        data-autofocus
        data-testid="invite-email"
        aria-label="Email address to invite"
        placeholder="name@example.com"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
      <button
        type="submit"
        className="primary"
        data-testid="invite"
        disabled={busy || email.trim() === ''}
      >
        Invite
      </button>
      {outcome !== undefined && (
        <p
          role={outcome.ok ? 'status' : 'alert'}
          className={outcome.ok ? 'hint' : 'inline-error'}
          data-testid="invite-outcome"
        >
          {outcome.message}
        </p>
      )}
    </form>
  );
}

export function ShareDialog({ controller }: { controller: ShareController }) {
  const collaborators = useObservable(controller.collaborators);
  const problem = useObservable(controller.problem);
  return (
    <Dialog title="Share" onClose={() => controller.open.set(false)} testId="share-dialog" wide>
      <p className="hint">
        Invite someone by email to edit this workbook with you. If they have no account yet, the
        invite waits until they sign up with that address.
      </p>
      <InviteForm controller={controller} />
      {problem !== null && (
        <p role="alert" className="inline-error">
          {problem}
        </p>
      )}
      <h3>People with access</h3>
      {collaborators === null ? (
        <p className="hint">Loading…</p>
      ) : collaborators.length === 0 ? (
        <p className="hint" data-testid="no-collaborators">
          Only you.
        </p>
      ) : (
        <ul className="collaborator-list" data-testid="collaborators">
          {collaborators.map((entry) => (
            <CollaboratorRow
              key={`${entry.kind}:${entry.user_id ?? entry.id ?? entry.email}`}
              entry={entry}
              controller={controller}
            />
          ))}
        </ul>
      )}
    </Dialog>
  );
}
