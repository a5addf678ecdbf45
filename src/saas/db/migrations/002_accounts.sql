-- Users and how they sign in: built-in accounts (a scrypt hash), users of an external identity
-- provider (id = the token's `sub`, no password), and long-lived service tokens (only a SHA-256
-- hash is kept; revoked_at set on revocation).
CREATE TABLE users (
  id text PRIMARY KEY,
  email text,
  password_hash text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email_key ON users (lower(email)) WHERE email IS NOT NULL;

CREATE TABLE service_tokens (
  id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name text NOT NULL,
  prefix text NOT NULL,
  token_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz
);
CREATE INDEX service_tokens_user ON service_tokens (user_id, created_at);
