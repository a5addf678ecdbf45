-- Secrets each user keeps: provider API keys (the KeyStore port in SaaS mode) and plugin secrets
-- (per user, plugin and secret key). Values are never stored in plain text: `ciphertext` is
-- AES-256-GCM (tag appended) under a key derived from GRIDBOOK_SECRET_KEY, `iv` its fresh random
-- nonce, and `key_id` names the key that sealed it so a rotation can tell old rows from new.
CREATE TABLE user_provider_keys (
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  provider text NOT NULL CHECK (provider IN ('gemini', 'anthropic', 'groq', 'openrouter')),
  key_id text NOT NULL,
  iv text NOT NULL,
  ciphertext text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, provider)
);

CREATE TABLE user_plugin_secrets (
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  plugin_slug text NOT NULL,
  secret_key text NOT NULL,
  key_id text NOT NULL,
  iv text NOT NULL,
  ciphertext text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, plugin_slug, secret_key)
);
