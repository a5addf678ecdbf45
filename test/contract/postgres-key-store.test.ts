// The KeyStore contract on SaaS mode's per-user store (PGlite, or the real Postgres when
// TEST_DATABASE_URL is set), plus what only a database store must hold: users apart, values
// sealed at rest, a sealed value that opens only in its own row and under its own key.
import { describe, expect, it } from 'vitest';
import {
  PostgresKeyStore,
  SecretCipher,
  SecretUnreadableError,
  type Database,
} from '../../src/saas/index.js';
import {
  openTestDatabase,
  TEST_DATABASE_KIND,
  type TestDatabase,
  useTestDatabaseForFile,
} from '../support/test-database.js';
import { keyStoreContract } from './key-store.contract.js';

useTestDatabaseForFile();

const SECRET = Buffer.alloc(32, 3);
const OTHER_SECRET = Buffer.alloc(32, 4);

async function withUsers(database: Database, ...ids: string[]): Promise<void> {
  for (const id of ids)
    await database.query('INSERT INTO users (id, email) VALUES ($1, $2)', [
      id,
      `${id}@example.com`,
    ]);
}

keyStoreContract(`PostgresKeyStore on ${TEST_DATABASE_KIND}`, async () => {
  const test = await openTestDatabase();
  await withUsers(test.database, 'user-a');
  return {
    // A restart: a new store over a new connection (and a new cipher from the same key).
    open: async () => new PostgresKeyStore(test.reconnect(), new SecretCipher(SECRET), 'user-a'),
    cleanup: () => test.drop(),
  };
});

describe(`PostgresKeyStore on ${TEST_DATABASE_KIND}: users and encryption`, () => {
  async function withDatabase(run: (test: TestDatabase) => Promise<void>): Promise<void> {
    const test = await openTestDatabase();
    try {
      await withUsers(test.database, 'user-a', 'user-b');
      await run(test);
    } finally {
      await test.drop();
    }
  }

  it("one user's keys are not another's: B lists nothing and deleting B's key leaves A's", async () => {
    await withDatabase(async ({ database }) => {
      const cipher = new SecretCipher(SECRET);
      const a = new PostgresKeyStore(database, cipher, 'user-a');
      const b = new PostgresKeyStore(database, cipher, 'user-b');
      await a.set('groq', 'gsk_user-a-only');
      expect(await b.list()).toEqual({});
      await b.set('groq', 'gsk_user-b-own');
      await b.delete('groq');
      expect(await a.list()).toEqual({ groq: 'gsk_user-a-only' });
    });
  });

  it('the row holds ciphertext with a fresh IV and the key id, never the key', async () => {
    await withDatabase(async ({ database }) => {
      const cipher = new SecretCipher(SECRET);
      const a = new PostgresKeyStore(database, cipher, 'user-a');
      const b = new PostgresKeyStore(database, cipher, 'user-b');
      const key = 'sk-ant-plaintext-must-not-be-stored';
      await a.set('anthropic', key);
      await b.set('anthropic', key);
      const { rows } = await database.query<Record<string, string>>(
        'SELECT * FROM user_provider_keys ORDER BY user_id',
      );
      expect(rows).toHaveLength(2);
      for (const row of rows) {
        expect(JSON.stringify(row)).not.toContain(key);
        expect(JSON.stringify(row)).not.toContain(Buffer.from(key).toString('base64'));
        expect(row['key_id']).toBe(cipher.keyId);
      }
      expect(rows[0]!['iv']).not.toBe(rows[1]!['iv']);
      expect(rows[0]!['ciphertext']).not.toBe(rows[1]!['ciphertext']);
    });
  });

  it("a sealed key copied into another user's row does not open there", async () => {
    await withDatabase(async ({ database }) => {
      const cipher = new SecretCipher(SECRET);
      await new PostgresKeyStore(database, cipher, 'user-a').set('gemini', 'AIza-user-a');
      await database.query(
        `INSERT INTO user_provider_keys (user_id, provider, key_id, iv, ciphertext)
         SELECT 'user-b', provider, key_id, iv, ciphertext FROM user_provider_keys
         WHERE user_id = 'user-a'`,
      );
      await expect(new PostgresKeyStore(database, cipher, 'user-b').list()).rejects.toThrow(
        SecretUnreadableError,
      );
    });
  });

  it('under another GRIDBOOK_SECRET_KEY the key does not open, and the message names both key ids; the old key listed as previous opens it', async () => {
    await withDatabase(async ({ database }) => {
      await new PostgresKeyStore(database, new SecretCipher(SECRET), 'user-a').set(
        'openrouter',
        'sk-or-rotated',
      );
      const rotated = new SecretCipher(OTHER_SECRET);
      const refused = new PostgresKeyStore(database, rotated, 'user-a').list();
      await expect(refused).rejects.toThrow(SecretUnreadableError);
      await expect(refused).rejects.toThrow(new SecretCipher(SECRET).keyId);
      await expect(refused).rejects.not.toThrow('sk-or-rotated');
      const withPrevious = new SecretCipher(OTHER_SECRET, [SECRET]);
      expect(await new PostgresKeyStore(database, withPrevious, 'user-a').list()).toEqual({
        openrouter: 'sk-or-rotated',
      });
    });
  });
});
