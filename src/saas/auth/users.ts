// The users table: built-in accounts and users of an external identity provider, who exist
// from their first authenticated request.
import type { Database, Queryable } from '../db/index.js';

export interface User {
  readonly id: string;
  readonly email: string | undefined;
}

/** Emails are kept trimmed and lowercased, and matched case-insensitively. */
export function normalEmail(email: string): string {
  return email.trim().toLowerCase();
}

export class Users {
  readonly #database: Database;
  /** Users known to exist (so an external token costs no write per request), bounded. */
  readonly #known = new Map<string, string | undefined>();

  constructor(database: Database) {
    this.#database = database;
  }

  async byEmail(
    tx: Queryable,
    email: string,
  ): Promise<(User & { readonly passwordHash: string | undefined }) | undefined> {
    const { rows } = await tx.query<{ id: string; email: string; password_hash: string | null }>(
      'SELECT id, email, password_hash FROM users WHERE lower(email) = $1',
      [normalEmail(email)],
    );
    const row = rows[0];
    return row === undefined
      ? undefined
      : { id: row.id, email: row.email, passwordHash: row.password_hash ?? undefined };
  }

  async byId(id: string): Promise<User | undefined> {
    const { rows } = await this.#database.query<{ id: string; email: string | null }>(
      'SELECT id, email FROM users WHERE id = $1',
      [id],
    );
    const row = rows[0];
    return row === undefined ? undefined : { id: row.id, email: row.email ?? undefined };
  }

  /**
   * Makes sure the external identity provider's user `id` exists (created on its first request,
   * `onCreate` running in the same transaction), keeping its email current.
   */
  async ensureExternal(
    id: string,
    email: string | undefined,
    onCreate: (tx: Queryable, user: User) => Promise<void>,
  ): Promise<void> {
    const normal = email === undefined ? undefined : normalEmail(email);
    if (this.#known.has(id) && this.#known.get(id) === normal) return;
    await this.#database.transaction(async (tx) => {
      const taken =
        normal === undefined
          ? false
          : (
              await tx.query<{ id: string }>(
                'SELECT id FROM users WHERE lower(email) = $1 AND id <> $2',
                [normal, id],
              )
            ).rows.length > 0;
      // An email another account holds is not given to this one (it could take its invites).
      const kept = taken ? undefined : normal;
      const { rows } = await tx.query<{ inserted: boolean }>(
        `INSERT INTO users (id, email) VALUES ($1, $2)
         ON CONFLICT (id) DO UPDATE SET email = excluded.email
         RETURNING (xmax = 0) AS inserted`,
        [id, kept ?? null],
      );
      if (rows[0]?.inserted === true) await onCreate(tx, { id, email: kept });
    });
    if (this.#known.size >= 10_000) this.#known.clear();
    this.#known.set(id, normal);
  }
}
