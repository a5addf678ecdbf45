// The database the SaaS mode keeps everything in, as one small port over the two drivers: the
// Postgres server (`pg`, DATABASE_URL) and the embedded PGlite (<data dir>/db). The same SQL and
// the same migrations run on both.

/** Something SQL can be sent to: the database itself or one transaction of it. */
export interface Queryable {
  query<Row extends object = Record<string, unknown>>(
    text: string,
    params?: readonly unknown[],
  ): Promise<{ readonly rows: Row[] }>;
  /** Runs a script of several statements without parameters (a migration). */
  exec(script: string): Promise<void>;
}

export interface Database extends Queryable {
  /** `postgres` (a server through DATABASE_URL) or `pglite` (embedded, in the data directory). */
  readonly kind: 'postgres' | 'pglite';
  /**
   * Runs `work` in one transaction on one connection: committed when it resolves, rolled back
   * when it throws (the error propagates).
   */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Receives the NOTIFY payloads of `channel` until the returned stop is called. `connected` is
   * called each time LISTEN takes effect (again, after a lost connection: what was sent meanwhile
   * is missed) and `disconnected` when it is lost. Resolves once the first attempt has been made.
   */
  listen(channel: string, handlers: ListenHandlers): Promise<() => Promise<void>>;
  /** Waits for queries in flight and closes the connections (and, for PGlite, its lock). */
  close(): Promise<void>;
}

export interface ListenHandlers {
  readonly notify: (payload: string) => void;
  readonly connected: () => void;
  readonly disconnected: () => void;
}

/** The database could not be opened or used; the message says why and what to do. */
export class DatabaseError extends Error {
  override readonly name = 'DatabaseError';
}

/**
 * A NOTIFY channel of `topic` for the database's current schema: processes on one database
 * but in different schemas (tests, tenants) must not hear each other.
 */
export async function schemaChannel(database: Queryable, topic: string): Promise<string> {
  const { rows } = await database.query<{ schema: string }>('SELECT current_schema() AS schema');
  return `gridbook_${topic}_${rows[0]?.schema ?? 'public'}`;
}

/** Sends each payload on `channel` in one statement (one NOTIFY each, delivered in order). */
export async function notifyAll(
  database: Queryable,
  channel: string,
  payloads: readonly string[],
): Promise<void> {
  await database.query('SELECT pg_notify($1, payload) FROM unnest($2::text[]) AS payload', [
    channel,
    payloads,
  ]);
}
