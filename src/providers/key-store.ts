// The KeyStore port: where provider API keys are kept. OSS keeps them in <data dir>/keys.json
// (FileKeyStore); SaaS will keep them per user in its database. Both run the contract suite in
// test/contract/key-store.contract.ts.
import type { ProviderId } from './provider-ids.js';

export type StoredKeys = Readonly<Partial<Record<ProviderId, string>>>;

export interface KeyStore {
  /** Every stored key (providers without one are absent). */
  list(): Promise<StoredKeys>;
  /** Stores or replaces one provider's key; durable when the promise resolves. */
  set(provider: ProviderId, apiKey: string): Promise<void>;
  /** Removes one provider's key; removing an absent key is not an error. */
  delete(provider: ProviderId): Promise<void>;
}

const MASK = '••••';
/** Keys this short would be mostly revealed by their last four characters, so none are shown. */
const SHORTEST_KEY_SHOWING_A_TAIL = 9;

/** "" without a key; bullets and at most the last 4 characters otherwise. Never the full key. */
export function maskKey(apiKey: string | undefined): string {
  if (apiKey === undefined || apiKey === '') return '';
  if (apiKey.length < SHORTEST_KEY_SHOWING_A_TAIL) return '•'.repeat(apiKey.length);
  return `${MASK}${apiKey.slice(-4)}`;
}
