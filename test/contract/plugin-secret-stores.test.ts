// Runs the PluginSecretStore contract against the memory reference and SaaS mode's database store
// (PGlite, or the real Postgres when TEST_DATABASE_URL is set), plus what only the database store
// must hold: values sealed at rest, opening only in their own row.
import { describe, expect, it } from 'vitest';
import { MemoryPluginSecretStore } from '../../src/plugins/index.js';
import {
  PostgresPluginSecretStore,
  SecretCipher,
  SecretUnreadableError,
} from '../../src/saas/index.js';
import {
  openTestDatabase,
  TEST_DATABASE_KIND,
  useTestDatabaseForFile,
} from '../support/test-database.js';
import { pluginSecretStoreContract } from './plugin-secret-store.contract.js';

useTestDatabaseForFile();

const SECRET = Buffer.alloc(32, 5);

pluginSecretStoreContract('MemoryPluginSecretStore', async () => {
  const store = new MemoryPluginSecretStore();
  return { open: async () => store, cleanup: async () => {} };
});

async function databaseWithUsers() {
  const test = await openTestDatabase();
  for (const id of ['user-a', 'user-b'])
    await test.database.query('INSERT INTO users (id) VALUES ($1)', [id]);
  return test;
}

pluginSecretStoreContract(`PostgresPluginSecretStore on ${TEST_DATABASE_KIND}`, async () => {
  const test = await databaseWithUsers();
  return {
    open: async () => new PostgresPluginSecretStore(test.reconnect(), new SecretCipher(SECRET)),
    cleanup: () => test.drop(),
  };
});

describe(`PostgresPluginSecretStore on ${TEST_DATABASE_KIND}: encryption`, () => {
  it('rows hold ciphertext under the key id, never the value', async () => {
    const test = await databaseWithUsers();
    try {
      const cipher = new SecretCipher(SECRET);
      const store = new PostgresPluginSecretStore(test.database, cipher);
      const value = 'plugin-token-plaintext-must-not-be-stored';
      await store.update('user-a', 'weather', { TOKEN: value });
      const { rows } = await test.database.query<Record<string, string>>(
        'SELECT * FROM user_plugin_secrets',
      );
      expect(rows).toHaveLength(1);
      expect(JSON.stringify(rows)).not.toContain(value);
      expect(rows[0]).toMatchObject({
        user_id: 'user-a',
        plugin_slug: 'weather',
        secret_key: 'TOKEN',
        key_id: cipher.keyId,
      });
    } finally {
      await test.drop();
    }
  });

  it('a value moved to another key of the row does not open', async () => {
    const test = await databaseWithUsers();
    try {
      const store = new PostgresPluginSecretStore(test.database, new SecretCipher(SECRET));
      await store.update('user-a', 'weather', { TOKEN: 'moved' });
      await test.database.query("UPDATE user_plugin_secrets SET secret_key = 'OTHER'");
      await expect(store.read('user-a', 'weather')).rejects.toThrow(SecretUnreadableError);
    } finally {
      await test.drop();
    }
  });
});
