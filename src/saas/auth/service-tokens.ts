// Long-lived service tokens, one user's each: `gb_live_` + 32 random bytes (base64url), shown
// once at creation; only the SHA-256 hash and a short prefix are kept. Revoking marks the row,
// and the authenticator reads the row on every request, so it takes effect at once.
import { randomBytes, randomUUID } from 'node:crypto';
import type { Database } from '../db/index.js';
import { ServiceTokenNotFoundError } from './auth-errors.js';
import { hashServiceToken, SERVICE_TOKEN_PREFIX } from './authenticator.js';

export interface ServiceTokenInfo {
  readonly id: string;
  readonly name: string;
  /** The first characters of the token, to tell tokens apart. */
  readonly prefix: string;
  readonly createdAt: Date;
  readonly revokedAt: Date | undefined;
}

export class ServiceTokens {
  readonly #database: Database;
  /** Told of each revoked token's hash, so a cache of valid tokens drops it at once. */
  readonly #onRevoked: (tokenHash: string) => void;

  constructor(database: Database, onRevoked: (tokenHash: string) => void = () => undefined) {
    this.#database = database;
    this.#onRevoked = onRevoked;
  }

  async create(
    userId: string,
    name: string,
  ): Promise<ServiceTokenInfo & { readonly token: string }> {
    const token = `${SERVICE_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
    const id = randomUUID();
    const prefix = token.slice(0, SERVICE_TOKEN_PREFIX.length + 6);
    const { rows } = await this.#database.query<{ created_at: Date }>(
      `INSERT INTO service_tokens (id, user_id, name, prefix, token_hash) VALUES ($1, $2, $3, $4, $5)
       RETURNING created_at`,
      [id, userId, name, prefix, hashServiceToken(token)],
    );
    return {
      id,
      name,
      prefix,
      createdAt: new Date(rows[0]!.created_at),
      revokedAt: undefined,
      token,
    };
  }

  async list(userId: string): Promise<ServiceTokenInfo[]> {
    const { rows } = await this.#database.query<{
      id: string;
      name: string;
      prefix: string;
      created_at: Date;
      revoked_at: Date | null;
    }>(
      'SELECT id, name, prefix, created_at, revoked_at FROM service_tokens WHERE user_id = $1 ORDER BY created_at DESC, id',
      [userId],
    );
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      prefix: row.prefix,
      createdAt: new Date(row.created_at),
      revokedAt: row.revoked_at === null ? undefined : new Date(row.revoked_at),
    }));
  }

  /** Revokes one of the user's tokens; another user's token id is "not found". */
  async revoke(userId: string, id: string): Promise<void> {
    const { rows } = await this.#database.query<{ token_hash: string }>(
      `UPDATE service_tokens SET revoked_at = coalesce(revoked_at, now())
       WHERE id = $1 AND user_id = $2 RETURNING token_hash`,
      [id, userId],
    );
    if (rows.length === 0) throw new ServiceTokenNotFoundError();
    this.#onRevoked(rows[0]!.token_hash);
  }
}
