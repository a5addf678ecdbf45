// A KeyStore that keeps keys in memory only: for an app built without a data directory
// (tests, embedding) and as the reference the contract suite is checked against.
import type { KeyStore, StoredKeys } from './key-store.js';
import type { ProviderId } from './provider-ids.js';

export class MemoryKeyStore implements KeyStore {
  private keys: Partial<Record<ProviderId, string>>;

  constructor(initial: StoredKeys = {}) {
    this.keys = { ...initial };
  }

  async list(): Promise<StoredKeys> {
    return { ...this.keys };
  }

  async set(provider: ProviderId, apiKey: string): Promise<void> {
    this.keys = { ...this.keys, [provider]: apiKey };
  }

  async delete(provider: ProviderId): Promise<void> {
    const { [provider]: _removed, ...rest } = this.keys;
    this.keys = rest;
  }
}
