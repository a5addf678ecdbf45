-- The WorkbookStore's tables (persistence's port, saas/postgres-workbook-store.ts). Documents are
-- Gridbook JSON (the dense layout) as text: parsed by the server, never queried inside.

-- The named checkpoint (POST /system/save, /system/load): one document per workbook.
CREATE TABLE workbook_checkpoints (
  workbook_id text PRIMARY KEY,
  document text NOT NULL,
  saved_at timestamptz NOT NULL DEFAULT now()
);

-- The journal's base: the workbook after commit `seq`.
CREATE TABLE workbook_snapshots (
  workbook_id text PRIMARY KEY,
  seq bigint NOT NULL CHECK (seq >= 0),
  document text NOT NULL,
  written_at timestamptz NOT NULL DEFAULT now()
);

-- Every acknowledged commit after the base, one row each (the record as JSON).
CREATE TABLE workbook_commits (
  workbook_id text NOT NULL,
  seq bigint NOT NULL CHECK (seq > 0),
  record text NOT NULL,
  PRIMARY KEY (workbook_id, seq)
);
