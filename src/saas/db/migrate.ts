// Numbered migrations (`NNN_name.sql` in saas/db/migrations), the same files on Postgres and
// PGlite, applied at start in number order. They run in one transaction under an advisory lock
// (per schema), so processes starting together apply each file once, and a failing file leaves
// the database as it was. A database migrated by a newer Gridbook is refused.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { DatabaseError, type Database } from './database.js';

export interface Migration {
  readonly version: number;
  readonly name: string;
  readonly sql: string;
}

const FILE_NAME = /^(\d{3})_([a-z0-9_]+)\.sql$/;

/** The migration files of `dir`, in number order; a gap or a repeated number is refused. */
export async function readMigrations(dir: string): Promise<Migration[]> {
  const names = (await readdir(dir)).filter((name) => name.endsWith('.sql')).sort();
  const migrations: Migration[] = [];
  for (const name of names) {
    const match = FILE_NAME.exec(name);
    if (match === null)
      throw new DatabaseError(`Migration file ${name} is not named NNN_lowercase_words.sql.`);
    const version = Number(match[1]);
    if (version !== migrations.length + 1)
      throw new DatabaseError(
        `Migration ${name} should be number ${String(migrations.length + 1).padStart(3, '0')}: migrations are numbered 001, 002 … without gaps or repeats.`,
      );
    migrations.push({ version, name, sql: await readFile(path.join(dir, name), 'utf8') });
  }
  return migrations;
}

/** Applies the migrations the database lacks; resolves with the names of those it applied. */
export async function migrate(
  database: Database,
  migrations: readonly Migration[],
): Promise<string[]> {
  return database.transaction(async (tx) => {
    await tx.query(
      `SELECT pg_advisory_xact_lock(hashtext('gridbook.migrate.' || coalesce(current_schema(), '')))`,
    );
    await tx.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version integer PRIMARY KEY,
      name text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const { rows } = await tx.query<{ version: number; name: string }>(
      'SELECT version, name FROM schema_migrations ORDER BY version',
    );
    const newest = rows.at(-1);
    if (newest !== undefined && newest.version > migrations.length)
      throw new DatabaseError(
        `The database was migrated by a newer Gridbook (migration ${newest.name}); this version knows ${migrations.length}. Run the newer version.`,
      );
    const applied: string[] = [];
    for (const migration of migrations.slice(rows.length)) {
      await tx.exec(migration.sql);
      await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [
        migration.version,
        migration.name,
      ]);
      applied.push(migration.name);
    }
    return applied;
  });
}
