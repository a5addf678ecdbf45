-- Collaborators: active grants (a user may edit another's workbook) and pending invites for
-- emails without an account yet, promoted inside the transaction that creates that account.
-- Emails are stored lowercased. `viewer` exists in the model but the API accepts only `editor`.
CREATE TABLE workbook_collaborators (
  workbook_id text NOT NULL REFERENCES workbooks (id) ON DELETE CASCADE,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  role text NOT NULL DEFAULT 'editor' CHECK (role IN ('editor', 'viewer')),
  invited_by text REFERENCES users (id) ON DELETE SET NULL,
  invited_at timestamptz NOT NULL DEFAULT now(),
  accepted_at timestamptz,
  PRIMARY KEY (workbook_id, user_id)
);
CREATE INDEX workbook_collaborators_user ON workbook_collaborators (user_id);

CREATE TABLE pending_invites (
  id text PRIMARY KEY,
  workbook_id text NOT NULL REFERENCES workbooks (id) ON DELETE CASCADE,
  email text NOT NULL,
  role text NOT NULL DEFAULT 'editor' CHECK (role IN ('editor', 'viewer')),
  invited_by text REFERENCES users (id) ON DELETE SET NULL,
  invited_at timestamptz NOT NULL DEFAULT now(),
  accepted_at timestamptz,
  UNIQUE (workbook_id, email)
);
CREATE INDEX pending_invites_email ON pending_invites (email) WHERE accepted_at IS NULL;
