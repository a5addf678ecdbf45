-- Each user's workbooks. A user's default workbook (the one a request without X-Workbook-Id acts
-- on) is created on first use; at most one per user. The store's rows (001) are keyed by id.
CREATE TABLE workbooks (
  id text PRIMARY KEY,
  owner_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  title text NOT NULL,
  is_default boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX workbooks_owner ON workbooks (owner_id, updated_at DESC);
CREATE UNIQUE INDEX workbooks_one_default ON workbooks (owner_id) WHERE is_default;
