// The Postgres server behind DATABASE_URL, through a `pg` pool. `schema` (tests) puts every table
// of this connection in its own schema by setting each connection's search_path.
import type pg from 'pg';
import type { Database, ListenHandlers, Queryable } from './database.js';
import { pgModule } from './pg-module.js';
import { listenOnPostgres } from './postgres-listener.js';

export interface PostgresOptions {
  readonly url: string;
  /** A schema to use instead of `public` (it must exist); every connection searches only it. */
  readonly schema?: string | undefined;
  /** Connections in the pool (default 10). */
  readonly maxConnections?: number | undefined;
}

/** Bigint columns (commit seqs, counts) come back as numbers; they stay far below 2^53. */
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === 20
      ? (value: string) => Number(value)
      : pgModule().types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

export class PostgresDatabase implements Database {
  readonly kind = 'postgres' as const;
  readonly #pool: pg.Pool;
  /** How a connection of its own (LISTEN) is opened: as the pool's are. */
  readonly #client: pg.ClientConfig;
  readonly #listening = new Set<() => Promise<void>>();

  constructor(options: PostgresOptions) {
    this.#client = {
      connectionString: options.url,
      types,
      ...(options.schema === undefined
        ? {}
        : { options: `-c search_path=${quoteIdentifier(options.schema)}` }),
    };
    this.#pool = new (pgModule().Pool)({ ...this.#client, max: options.maxConnections ?? 10 });
    // An idle connection the server drops must not crash the process; the next query reconnects.
    this.#pool.on('error', () => undefined);
  }

  async query<Row extends object>(
    text: string,
    params: readonly unknown[] = [],
  ): Promise<{ rows: Row[] }> {
    const result = await this.#pool.query<Row & pg.QueryResultRow>(text, params as unknown[]);
    return { rows: result.rows };
  }

  async exec(script: string): Promise<void> {
    await this.#pool.query(script);
  }

  async transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T> {
    const client = await this.#pool.connect();
    const tx: Queryable = {
      query: async <Row extends object>(text: string, params: readonly unknown[] = []) => ({
        rows: (await client.query<Row & pg.QueryResultRow>(text, params as unknown[])).rows,
      }),
      exec: async (script: string) => {
        await client.query(script);
      },
    };
    let broken = false;
    try {
      await client.query('BEGIN');
      const result = await work(tx);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      try {
        await client.query('ROLLBACK');
      } catch {
        broken = true;
      }
      throw error;
    } finally {
      client.release(broken);
    }
  }

  async listen(channel: string, handlers: ListenHandlers): Promise<() => Promise<void>> {
    const stop = await listenOnPostgres(this.#client, channel, quoteIdentifier(channel), handlers);
    const stopOnce = async (): Promise<void> => {
      if (this.#listening.delete(stopOnce)) await stop();
    };
    this.#listening.add(stopOnce);
    return stopOnce;
  }

  async close(): Promise<void> {
    await Promise.all([...this.#listening].map((stop) => stop()));
    await this.#pool.end();
  }
}

/** A Postgres identifier in double quotes (any name is safe in it). */
export function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
