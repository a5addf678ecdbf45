// Opens SaaS mode's database and brings its schema up to date: the Postgres server when
// DATABASE_URL is set, else the embedded PGlite in <data dir>/db. Failures say which database
// and why, never the password.
import path from 'node:path';
import {
  DatabaseError,
  migrate,
  PgliteDatabase,
  PostgresDatabase,
  readMigrations,
  type Database,
} from './db/index.js';

/** Where the migrations live, relative to the repository root (they are read at start). */
export const MIGRATIONS_DIR_NAME = path.join('src', 'saas', 'db', 'migrations');

export interface OpenDatabaseOptions {
  readonly databaseUrl: string | undefined;
  readonly dataDir: string;
  readonly migrationsDir: string;
}

export interface OpenedDatabase {
  readonly database: Database;
  /** Where it is, for the start-up line (a URL without its password, or the directory). */
  readonly description: string;
  /** The migrations this start applied. */
  readonly applied: readonly string[];
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<OpenedDatabase> {
  const migrations = await readMigrations(options.migrationsDir);
  const description =
    options.databaseUrl === undefined
      ? `embedded PGlite in ${path.join(options.dataDir, 'db')}`
      : `Postgres at ${withoutPassword(options.databaseUrl)}`;
  const database: Database =
    options.databaseUrl === undefined
      ? await PgliteDatabase.open({ dataDir: options.dataDir })
      : new PostgresDatabase({ url: options.databaseUrl });
  try {
    const applied = await migrate(database, migrations);
    return { database, description, applied };
  } catch (error) {
    await database.close().catch(() => undefined);
    if (error instanceof DatabaseError) throw error;
    throw new DatabaseError(
      `Could not prepare the database (${description}): ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

function withoutPassword(url: string): string {
  const parsed = new URL(url);
  if (parsed.password !== '') parsed.password = '***';
  return parsed.toString();
}
