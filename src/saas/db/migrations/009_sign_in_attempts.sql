-- Sign-in attempts counted in the database, so every process sharing it (and a restarted one)
-- throttles the same failures: one row per key (an account's email, a client address) an
-- attempt counts against, kept while it counts as a failure (a successful attempt removes its
-- own rows, and a successful sign-in the account's).
CREATE TABLE sign_in_attempts (
  attempt_id text NOT NULL,
  key text NOT NULL,
  attempted_at timestamptz NOT NULL,
  PRIMARY KEY (attempt_id, key)
);
CREATE INDEX sign_in_attempts_key ON sign_in_attempts (key, attempted_at);
CREATE INDEX sign_in_attempts_time ON sign_in_attempts (attempted_at);
