// The PluginSecretStore contract (spec §4 Plugin secrets): every implementation runs these cases.
// `storage()` gives a fresh, empty storage per test with users `user-a` and `user-b`; `open()`
// returns a new store over that same storage (a restart).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PluginSecretStore } from '../../src/plugins/index.js';

export interface PluginSecretStorage {
  open(): Promise<PluginSecretStore>;
  cleanup(): Promise<void>;
}

export function pluginSecretStoreContract(
  name: string,
  storage: () => Promise<PluginSecretStorage>,
): void {
  describe(`PluginSecretStore contract: ${name}`, () => {
    let current: PluginSecretStorage;
    let store: PluginSecretStore;

    beforeEach(async () => {
      current = await storage();
      store = await current.open();
    });
    afterEach(async () => {
      await current.cleanup();
    });

    it('starts empty', async () => {
      expect(await store.read('user-a', 'weather')).toEqual({});
      expect(await store.keys('user-a', 'weather')).toEqual([]);
    });

    it('stores values and lists their keys sorted', async () => {
      await store.update('user-a', 'weather', { TOKEN: 't-1', REGION: 'eu' });
      expect(await store.read('user-a', 'weather')).toEqual({ TOKEN: 't-1', REGION: 'eu' });
      expect(await store.keys('user-a', 'weather')).toEqual(['REGION', 'TOKEN']);
    });

    it('"" deletes a slot and keys not sent stay as they were', async () => {
      await store.update('user-a', 'weather', { TOKEN: 't-1', REGION: 'eu' });
      await store.update('user-a', 'weather', { TOKEN: '', UNITS: 'metric' });
      expect(await store.read('user-a', 'weather')).toEqual({ REGION: 'eu', UNITS: 'metric' });
    });

    it('replaces a value', async () => {
      await store.update('user-a', 'weather', { TOKEN: 'old' });
      await store.update('user-a', 'weather', { TOKEN: 'new' });
      expect(await store.read('user-a', 'weather')).toEqual({ TOKEN: 'new' });
    });

    it('clear wipes the plugin of that user only', async () => {
      await store.update('user-a', 'weather', { TOKEN: 'a-weather' });
      await store.update('user-a', 'stocks', { TOKEN: 'a-stocks' });
      await store.update('user-b', 'weather', { TOKEN: 'b-weather' });
      await store.clear('user-a', 'weather');
      expect(await store.read('user-a', 'weather')).toEqual({});
      expect(await store.read('user-a', 'stocks')).toEqual({ TOKEN: 'a-stocks' });
      expect(await store.read('user-b', 'weather')).toEqual({ TOKEN: 'b-weather' });
    });

    it('users and plugins are apart: the same key of another user or plugin is its own value', async () => {
      await store.update('user-a', 'weather', { TOKEN: 'a' });
      await store.update('user-b', 'weather', { TOKEN: 'b' });
      await store.update('user-a', 'stocks', { TOKEN: 'c' });
      expect(await store.read('user-a', 'weather')).toEqual({ TOKEN: 'a' });
      expect(await store.read('user-b', 'weather')).toEqual({ TOKEN: 'b' });
      expect(await store.read('user-a', 'stocks')).toEqual({ TOKEN: 'c' });
    });

    it('secrets survive a restart (a new instance over the same storage reads them)', async () => {
      await store.update('user-a', 'weather', { TOKEN: 'kept', GONE: 'x' });
      await store.update('user-a', 'weather', { GONE: '' });
      const reopened = await current.open();
      expect(await reopened.read('user-a', 'weather')).toEqual({ TOKEN: 'kept' });
    });

    it('a value keeps every character as sent (unicode, spaces, newlines)', async () => {
      const value = '  ключ with spaces\nand a newline ✓  ';
      await store.update('user-a', 'weather', { TOKEN: value });
      expect((await store.read('user-a', 'weather'))['TOKEN']).toBe(value);
    });
  });
}
