// Failed sign-ins counted per key (an account's email, a client address) in a sliding window, in
// the database (migration 009), so every process sharing it counts the same failures and a
// restart forgets none. Over the limit, further attempts are refused until the oldest failure
// leaves the window. An attempt is stored before its password is checked and refused when the
// others stored by then (failures, and attempts still being checked) reach the limit, so
// guesses sent at once get no more tries than guesses sent one after another; a refused
// attempt removes its rows (it is not a failure), a successful one its own rows.
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/index.js';
import { SignInThrottledError } from './auth-errors.js';

export interface ThrottleLimit {
  readonly failures: number;
  readonly windowMs: number;
}

/** One key an attempt counts against, and its limit. */
export interface ThrottledKey {
  readonly key: string;
  readonly limit: ThrottleLimit;
}

/** A stored attempt: `succeeded` removes it (and forgets `forget`'s failures). */
export interface SignInAttempt {
  succeeded(forget?: string): Promise<void>;
}

export class FailureThrottle {
  readonly #database: Queryable;
  readonly #now: () => number;

  constructor(database: Queryable, now: () => number) {
    this.#database = database;
    this.#now = now;
  }

  /**
   * Stores an attempt against `keys` and resolves with it, or throws `SignInThrottledError`
   * (storing nothing) when one of them already has its limit of attempts in its window.
   */
  async begin(keys: readonly ThrottledKey[]): Promise<SignInAttempt> {
    const id = randomUUID();
    const now = this.#now();
    const longest = Math.max(...keys.map(({ limit }) => limit.windowMs));
    // Attempts that left every window are not needed again.
    await this.#database.query('DELETE FROM sign_in_attempts WHERE attempted_at <= $1', [
      new Date(now - longest),
    ]);
    await this.#database.query(
      'INSERT INTO sign_in_attempts (attempt_id, key, attempted_at) SELECT $1, unnest($2::text[]), $3',
      [id, keys.map(({ key }) => key), new Date(now)],
    );
    const { rows } = await this.#database.query<{ key: string; at: Date }>(
      `SELECT key, attempted_at AS at FROM sign_in_attempts
        WHERE key = ANY($1::text[]) AND attempted_at > $2 AND attempt_id <> $3
        ORDER BY attempted_at`,
      [keys.map(({ key }) => key), new Date(now - longest), id],
    );
    let wait = 0;
    for (const { key, limit } of keys) {
      const since = now - limit.windowMs;
      const others = rows
        .filter((row) => row.key === key)
        .map((row) => new Date(row.at).getTime())
        .filter((at) => at > since);
      if (others.length < limit.failures) continue;
      const oldest = others[others.length - limit.failures]!;
      wait = Math.max(wait, 1, Math.ceil((oldest + limit.windowMs - now) / 1000));
    }
    if (wait > 0) {
      await this.#remove(id);
      throw new SignInThrottledError(wait);
    }
    return {
      succeeded: async (forget) => {
        await this.#remove(id);
        if (forget !== undefined)
          await this.#database.query('DELETE FROM sign_in_attempts WHERE key = $1', [forget]);
      },
    };
  }

  async #remove(id: string): Promise<void> {
    await this.#database.query('DELETE FROM sign_in_attempts WHERE attempt_id = $1', [id]);
  }
}
