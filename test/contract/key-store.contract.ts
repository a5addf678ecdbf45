// The KeyStore contract: every implementation (the OSS key file, the SaaS per-user store)
// runs these cases. `storage()` gives a fresh, empty storage per test; its `open()` returns a
// new store instance over that same storage, which is how a restart is simulated.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { KeyStore } from '../../src/providers/index.js';

export interface KeyStoreStorage {
  open(): Promise<KeyStore>;
  cleanup(): Promise<void>;
}

export function keyStoreContract(name: string, storage: () => Promise<KeyStoreStorage>): void {
  describe(`KeyStore contract: ${name}`, () => {
    let current: KeyStoreStorage;
    let store: KeyStore;

    beforeEach(async () => {
      current = await storage();
      store = await current.open();
    });
    afterEach(async () => {
      await current.cleanup();
    });

    it('starts empty', async () => {
      expect(await store.list()).toEqual({});
    });

    it('returns a stored key exactly as given', async () => {
      await store.set('gemini', 'AIzaSy-contract-key-1');
      expect(await store.list()).toEqual({ gemini: 'AIzaSy-contract-key-1' });
    });

    it('replaces the key of a provider that already has one', async () => {
      await store.set('groq', 'gsk_old');
      await store.set('groq', 'gsk_new');
      expect(await store.list()).toEqual({ groq: 'gsk_new' });
    });

    it('keeps providers independent', async () => {
      await store.set('anthropic', 'sk-ant-a');
      await store.set('openrouter', 'sk-or-b');
      await store.delete('anthropic');
      expect(await store.list()).toEqual({ openrouter: 'sk-or-b' });
    });

    it('delete is idempotent: removing an absent key is not an error', async () => {
      await store.delete('gemini');
      await store.set('gemini', 'AIza-1');
      await store.delete('gemini');
      await store.delete('gemini');
      expect(await store.list()).toEqual({});
    });

    it('[PROV-8] keys survive a restart (a new instance over the same storage reads them)', async () => {
      await store.set('gemini', 'AIza-survives');
      await store.set('anthropic', 'sk-ant-survives');
      await store.delete('anthropic');
      const reopened = await current.open();
      expect(await reopened.list()).toEqual({ gemini: 'AIza-survives' });
    });

    it('concurrent saves of different providers are all kept', async () => {
      await Promise.all([
        store.set('gemini', 'k-gemini'),
        store.set('anthropic', 'k-anthropic'),
        store.set('groq', 'k-groq'),
        store.set('openrouter', 'k-openrouter'),
      ]);
      const reopened = await current.open();
      expect(await reopened.list()).toEqual({
        gemini: 'k-gemini',
        anthropic: 'k-anthropic',
        groq: 'k-groq',
        openrouter: 'k-openrouter',
      });
    });

    it('list returns a copy: changing it does not change the store', async () => {
      await store.set('groq', 'gsk_copy');
      const listed = (await store.list()) as Record<string, string>;
      listed['groq'] = 'tampered';
      expect(await store.list()).toEqual({ groq: 'gsk_copy' });
    });
  });
}
