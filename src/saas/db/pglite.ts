// The embedded database: PGlite (Postgres compiled to WebAssembly) in <data dir>/db, for SaaS mode
// with no Postgres server. It is one connection inside this process, so a lock file next to it
// (<data dir>/db.lock, holding the process id) keeps a second process out; a lock left by a
// process that no longer runs (kill -9, or a reboot) is taken over (files/process-lock.ts).
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { nodeFileSystem, takeProcessLock } from '../../files/index.js';
import { DatabaseError, type Database, type ListenHandlers, type Queryable } from './database.js';
import { quoteIdentifier } from './postgres.js';

export interface PgliteOptions {
  /** The data directory: the database lives in `<dir>/db`. Absent: in memory (tests). */
  readonly dataDir?: string | undefined;
  /** Process id written to the lock file (tests pass another process's). */
  readonly pid?: number | undefined;
}

interface Session {
  readonly pg: PGlite;
  /** The schema the one connection searches now (views over other schemas switch it). */
  schema: string;
}

export class PgliteDatabase implements Database {
  readonly kind = 'pglite' as const;
  readonly #session: Session;
  readonly #schema: string;
  readonly #release: (() => Promise<void>) | undefined;

  private constructor(session: Session, schema: string, release?: () => Promise<void>) {
    this.#session = session;
    this.#schema = schema;
    this.#release = release;
  }

  /** Opens (creating on first use) the database; refuses when another process holds it. */
  static async open(options: PgliteOptions = {}): Promise<PgliteDatabase> {
    // Loaded here, not at the top: an OSS server or one on Postgres never opens PGlite, and its
    // module costs every such process ~5 MiB from start-up (bench/README.md, W6).
    const { PGlite } = await import('@electric-sql/pglite');
    if (options.dataDir === undefined) {
      const pg = await PGlite.create();
      return new PgliteDatabase({ pg, schema: 'public' }, 'public', () => pg.close());
    }
    await mkdir(options.dataDir, { recursive: true, mode: 0o700 });
    const lockFile = path.join(options.dataDir, 'db.lock');
    const lock = await takeProcessLock(nodeFileSystem, lockFile, options.pid ?? process.pid);
    if (!lock.taken)
      throw new DatabaseError(
        `The embedded database in ${path.join(options.dataDir, 'db')} is in use by another Gridbook process (pid ${lock.holder}). ` +
          'Stop that process, give this one another GRIDBOOK_DATA_DIR, or set DATABASE_URL so several processes share one Postgres server.',
      );
    try {
      const pg = await PGlite.create(path.join(options.dataDir, 'db'));
      return new PgliteDatabase({ pg, schema: 'public' }, 'public', async () => {
        try {
          await pg.close();
        } finally {
          await lock.release();
        }
      });
    } catch (error) {
      await lock.release();
      throw new DatabaseError(
        `The embedded database in ${path.join(options.dataDir, 'db')} could not be opened: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }

  /** The same database with every table in `schema` (tests: one schema per case, one PGlite). */
  inSchema(schema: string): PgliteDatabase {
    return new PgliteDatabase(this.#session, schema);
  }

  async query<Row extends object>(
    text: string,
    params: readonly unknown[] = [],
  ): Promise<{ rows: Row[] }> {
    await this.#useSchema(this.#session.pg);
    const result = await this.#session.pg.query<Row>(text, params as unknown[]);
    return { rows: result.rows };
  }

  async exec(script: string): Promise<void> {
    await this.#useSchema(this.#session.pg);
    await this.#session.pg.exec(script);
  }

  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T> {
    return this.#session.pg.transaction(async (raw) => {
      await this.#useSchema(raw);
      return work({
        query: async <Row extends object>(text: string, params: readonly unknown[] = []) => ({
          rows: (await raw.query<Row>(text, params as unknown[])).rows,
        }),
        exec: async (script: string) => {
          await raw.exec(script);
        },
      });
    });
  }

  /** In process, the one connection never drops: connected once, at once. */
  async listen(channel: string, handlers: ListenHandlers): Promise<() => Promise<void>> {
    const stop = await this.#session.pg.listen(quoteIdentifier(channel), handlers.notify);
    handlers.connected();
    return stop;
  }

  async close(): Promise<void> {
    await this.#release?.();
  }

  async #useSchema(target: Pick<PGlite, 'exec'>): Promise<void> {
    if (this.#session.schema === this.#schema) return;
    await target.exec(`SET search_path TO ${quoteIdentifier(this.#schema)}`);
    this.#session.schema = this.#schema;
  }
}
