// The PluginSecretStore port in SaaS mode: `user_plugin_secrets`, one row per user, plugin and
// secret key, each value sealed by the SecretCipher with its row as additional data.
import type { PluginSecretStore, PluginSecretValues } from '../../plugins/index.js';
import type { Database } from '../db/index.js';
import type { SecretCipher } from './secret-cipher.js';

interface SecretRow {
  secret_key: string;
  key_id: string;
  iv: string;
  ciphertext: string;
}

export class PostgresPluginSecretStore implements PluginSecretStore {
  readonly #database: Database;
  readonly #cipher: SecretCipher;

  constructor(database: Database, cipher: SecretCipher) {
    this.#database = database;
    this.#cipher = cipher;
  }

  async read(userId: string, slug: string): Promise<PluginSecretValues> {
    const { rows } = await this.#database.query<SecretRow>(
      `SELECT secret_key, key_id, iv, ciphertext FROM user_plugin_secrets
       WHERE user_id = $1 AND plugin_slug = $2`,
      [userId, slug],
    );
    const values: Record<string, string> = {};
    for (const row of rows)
      values[row.secret_key] = this.#cipher.open(
        { keyId: row.key_id, iv: row.iv, ciphertext: row.ciphertext },
        context(userId, slug, row.secret_key),
      );
    return values;
  }

  async keys(userId: string, slug: string): Promise<string[]> {
    const { rows } = await this.#database.query<{ secret_key: string }>(
      `SELECT secret_key FROM user_plugin_secrets WHERE user_id = $1 AND plugin_slug = $2
       ORDER BY secret_key`,
      [userId, slug],
    );
    return rows.map((row) => row.secret_key);
  }

  async update(userId: string, slug: string, changes: PluginSecretValues): Promise<void> {
    await this.#database.transaction(async (tx) => {
      for (const [key, value] of Object.entries(changes)) {
        if (value === '') {
          await tx.query(
            `DELETE FROM user_plugin_secrets
             WHERE user_id = $1 AND plugin_slug = $2 AND secret_key = $3`,
            [userId, slug, key],
          );
          continue;
        }
        const sealed = this.#cipher.seal(value, context(userId, slug, key));
        await tx.query(
          `INSERT INTO user_plugin_secrets
             (user_id, plugin_slug, secret_key, key_id, iv, ciphertext)
           VALUES ($1, $2, $3, $4, $5, $6)
           ON CONFLICT (user_id, plugin_slug, secret_key) DO UPDATE
           SET key_id = EXCLUDED.key_id, iv = EXCLUDED.iv, ciphertext = EXCLUDED.ciphertext,
               updated_at = now()`,
          [userId, slug, key, sealed.keyId, sealed.iv, sealed.ciphertext],
        );
      }
    });
  }

  async clear(userId: string, slug: string): Promise<void> {
    await this.#database.query(
      'DELETE FROM user_plugin_secrets WHERE user_id = $1 AND plugin_slug = $2',
      [userId, slug],
    );
  }
}

/** The row a value belongs to, as the cipher's additional data (JSON: no separator ambiguity). */
function context(userId: string, slug: string, key: string): string {
  return `plugin secret ${JSON.stringify([userId, slug, key])}`;
}
