// A migrated database for one test: a fresh schema in the real Postgres server when
// TEST_DATABASE_URL is set (dropped afterwards, so the shared database stays clean), else a fresh
// schema in one in-memory PGlite per test file.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll } from 'vitest';
import {
  migrate,
  PgliteDatabase,
  PostgresDatabase,
  quoteIdentifier,
  readMigrations,
  type Database,
} from '../../src/saas/index.js';

export const MIGRATIONS_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../src/saas/db/migrations',
);

/** The real server's URL when the run has one. */
export const TEST_DATABASE_URL = process.env['TEST_DATABASE_URL']?.trim() || undefined;

/** Which database these tests run on, for their titles. */
export const TEST_DATABASE_KIND = TEST_DATABASE_URL === undefined ? 'PGlite' : 'Postgres';

export interface TestDatabase {
  readonly database: Database;
  readonly schema: string;
  /** Another connection to the same schema, as a second process would open (Postgres only). */
  reconnect(): Database;
  /** Closes the connections and drops the schema. */
  drop(): Promise<void>;
}

let shared: Promise<PgliteDatabase> | undefined;

/** The in-memory PGlite this file's tests share (opened once: it takes seconds). */
export function sharedPglite(): Promise<PgliteDatabase> {
  shared ??= PgliteDatabase.open();
  return shared;
}

export async function closeSharedPglite(): Promise<void> {
  const opened = shared;
  shared = undefined;
  if (opened !== undefined) await (await opened).close();
}

/** A schema of its own with every migration applied (`migrated: false` leaves it empty). */
export async function openTestDatabase(
  options: { readonly migrated?: boolean } = {},
): Promise<TestDatabase> {
  const schema = `gbtest_${process.pid}_${randomBytes(6).toString('hex')}`;
  const quoted = quoteIdentifier(schema);
  let database: Database;
  let reconnect: () => Database;
  let drop: () => Promise<void>;
  if (TEST_DATABASE_URL === undefined) {
    const pglite = await sharedPglite();
    await pglite.exec(`CREATE SCHEMA ${quoted}`);
    database = pglite.inSchema(schema);
    reconnect = () => pglite.inSchema(schema);
    drop = async () => {
      await pglite.exec(`DROP SCHEMA ${quoted} CASCADE`);
    };
  } else {
    const url = TEST_DATABASE_URL;
    const admin = new PostgresDatabase({ url, maxConnections: 1 });
    await admin.exec(`CREATE SCHEMA ${quoted}`);
    const opened: Database[] = [];
    reconnect = () => {
      const connection = new PostgresDatabase({ url, schema });
      opened.push(connection);
      return connection;
    };
    database = reconnect();
    drop = async () => {
      await Promise.all(opened.map((connection) => connection.close().catch(() => undefined)));
      await admin.exec(`DROP SCHEMA ${quoted} CASCADE`);
      await admin.close();
    };
  }
  if (options.migrated !== false) await migrate(database, await readMigrations(MIGRATIONS_DIR));
  return { database, schema, reconnect, drop };
}

/**
 * This test file's database hooks: its one PGlite opened before its tests (unless the run has a
 * real server, TEST_DATABASE_URL) and closed after them.
 */
export function useTestDatabaseForFile(): void {
  beforeAll(async () => {
    if (TEST_DATABASE_URL === undefined) await sharedPglite();
  });
  afterAll(closeSharedPglite);
}
