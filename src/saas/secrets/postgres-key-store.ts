// The KeyStore port in SaaS mode: one user's provider keys in `user_provider_keys`, sealed by the
// SecretCipher (the row's user and provider are its additional data). An instance is bound to
// one user; hosting never hands a store of one user to another's request.
import {
  isProviderId,
  type KeyStore,
  type ProviderId,
  type StoredKeys,
} from '../../providers/index.js';
import type { Queryable } from '../db/index.js';
import type { SecretCipher } from './secret-cipher.js';

interface KeyRow {
  provider: string;
  key_id: string;
  iv: string;
  ciphertext: string;
}

export class PostgresKeyStore implements KeyStore {
  readonly #database: Queryable;
  readonly #cipher: SecretCipher;
  readonly #userId: string;

  constructor(database: Queryable, cipher: SecretCipher, userId: string) {
    this.#database = database;
    this.#cipher = cipher;
    this.#userId = userId;
  }

  async list(): Promise<StoredKeys> {
    const { rows } = await this.#database.query<KeyRow>(
      'SELECT provider, key_id, iv, ciphertext FROM user_provider_keys WHERE user_id = $1',
      [this.#userId],
    );
    const keys: Partial<Record<ProviderId, string>> = {};
    for (const row of rows) {
      if (!isProviderId(row.provider)) continue;
      keys[row.provider] = this.#cipher.open(
        { keyId: row.key_id, iv: row.iv, ciphertext: row.ciphertext },
        this.#context(row.provider),
      );
    }
    return keys;
  }

  async set(provider: ProviderId, apiKey: string): Promise<void> {
    const sealed = this.#cipher.seal(apiKey, this.#context(provider));
    await this.#database.query(
      `INSERT INTO user_provider_keys (user_id, provider, key_id, iv, ciphertext)
       VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (user_id, provider) DO UPDATE
       SET key_id = EXCLUDED.key_id, iv = EXCLUDED.iv, ciphertext = EXCLUDED.ciphertext,
           updated_at = now()`,
      [this.#userId, provider, sealed.keyId, sealed.iv, sealed.ciphertext],
    );
  }

  async delete(provider: ProviderId): Promise<void> {
    await this.#database.query(
      'DELETE FROM user_provider_keys WHERE user_id = $1 AND provider = $2',
      [this.#userId, provider],
    );
  }

  #context(provider: string): string {
    return `provider key ${JSON.stringify([this.#userId, provider])}`;
  }
}
