// Each SaaS user's providers: their own keys (PostgresKeyStore), and the environment's keys only
// when the operator shares them (GRIDBOOK_SHARED_PROVIDER_KEYS=1), as a fallback for a provider
// the user has no key for. Built from the database on every request, so a key saved through one
// server process is used by every other at once; building the clients makes no network call.
import { ProviderService, type ProviderKeys } from '../../providers/index.js';
import type { Database } from '../db/index.js';
import { PostgresKeyStore } from './postgres-key-store.js';
import type { SecretCipher } from './secret-cipher.js';

export interface UserProvidersOptions {
  readonly database: Database;
  readonly cipher: SecretCipher;
  /** The environment's keys, offered to users only when `shareEnvironmentKeys` is true. */
  readonly environmentKeys: ProviderKeys;
  readonly shareEnvironmentKeys: boolean;
  readonly baseUrls: ProviderKeys;
  /** HTTP seam handed to every SDK client (tests point it nowhere real). */
  readonly fetch?: typeof fetch;
}

export class UserProviders {
  readonly #options: UserProvidersOptions;

  constructor(options: UserProvidersOptions) {
    this.#options = options;
  }

  /** The providers one user's requests use: their keys, the shared ones where they have none. */
  forUser(userId: string): Promise<ProviderService> {
    const options = this.#options;
    return ProviderService.open({
      keyStore: new PostgresKeyStore(options.database, options.cipher, userId),
      envKeys: options.shareEnvironmentKeys ? options.environmentKeys : {},
      envKeysOfOperator: true,
      baseUrls: options.baseUrls,
      ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
    });
  }
}
