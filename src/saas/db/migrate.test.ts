import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closeSharedPglite,
  MIGRATIONS_DIR,
  openTestDatabase,
  sharedPglite,
  TEST_DATABASE_KIND,
  TEST_DATABASE_URL,
} from '../../../test/support/test-database.js';
import { migrate, readMigrations, type Migration } from './migrate.js';

beforeAll(async () => {
  if (TEST_DATABASE_URL === undefined) await sharedPglite();
});
afterAll(closeSharedPglite);

const sample: Migration[] = [
  {
    version: 1,
    name: '001_first.sql',
    sql: 'CREATE TABLE first (id int); CREATE TABLE other (id int);',
  },
  { version: 2, name: '002_second.sql', sql: 'ALTER TABLE first ADD COLUMN label text;' },
];

describe(`migrations on ${TEST_DATABASE_KIND}`, () => {
  it('the project migrations are numbered files read in order', async () => {
    const migrations = await readMigrations(MIGRATIONS_DIR);
    expect(migrations.length).toBeGreaterThan(0);
    expect(migrations.map((migration) => migration.version)).toEqual(
      migrations.map((_, index) => index + 1),
    );
  });

  it('applies each missing migration once, in order, and nothing on the next start', async () => {
    const test = await openTestDatabase({ migrated: false });
    try {
      expect(await migrate(test.database, sample.slice(0, 1))).toEqual(['001_first.sql']);
      expect(await migrate(test.database, sample)).toEqual(['002_second.sql']);
      expect(await migrate(test.database, sample)).toEqual([]);
      await test.database.query("INSERT INTO first (id, label) VALUES (1, 'x')");
      const { rows } = await test.database.query<{ version: number }>(
        'SELECT version FROM schema_migrations ORDER BY version',
      );
      expect(rows.map((row) => row.version)).toEqual([1, 2]);
    } finally {
      await test.drop();
    }
  });

  it('two processes starting at once apply every migration exactly once (advisory lock)', async () => {
    const test = await openTestDatabase({ migrated: false });
    try {
      const other = test.reconnect();
      const results = await Promise.all([migrate(test.database, sample), migrate(other, sample)]);
      expect(results.flat().sort()).toEqual(['001_first.sql', '002_second.sql']);
    } finally {
      await test.drop();
    }
  });

  it('a failing migration leaves the database as it was', async () => {
    const test = await openTestDatabase({ migrated: false });
    try {
      const broken = [
        ...sample,
        { version: 3, name: '003_broken.sql', sql: 'ALTER TABLE nowhere ADD COLUMN x int;' },
      ];
      await expect(migrate(test.database, broken)).rejects.toThrow(/nowhere/);
      const { rows } = await test.database.query<{ name: string }>(
        "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_name = 'first'",
      );
      expect(rows).toEqual([]);
    } finally {
      await test.drop();
    }
  });

  it('a database migrated by a newer version is refused with the reason', async () => {
    const test = await openTestDatabase({ migrated: false });
    try {
      await migrate(test.database, sample);
      await expect(migrate(test.database, sample.slice(0, 1))).rejects.toThrow(
        /migrated by a newer Gridbook \(migration 002_second\.sql\)/,
      );
    } finally {
      await test.drop();
    }
  });

  it('misnamed or gapped migration files are refused by name', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'gridbook-migrations-'));
    try {
      await writeFile(path.join(dir, '001_ok.sql'), 'SELECT 1;');
      await writeFile(path.join(dir, '003_gap.sql'), 'SELECT 1;');
      await expect(readMigrations(dir)).rejects.toThrow(/003_gap\.sql should be number 002/);
      await rm(path.join(dir, '003_gap.sql'));
      await writeFile(path.join(dir, '002-Bad.sql'), 'SELECT 1;');
      await expect(readMigrations(dir)).rejects.toThrow(/002-Bad\.sql is not named/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
