// Secrets at rest in SaaS mode: the cipher (AES-256-GCM under GRIDBOOK_SECRET_KEY) and the two
// stores built on it, provider keys (KeyStore) and plugin secrets (PluginSecretStore).
export { SecretCipher, SecretUnreadableError, type SealedValue } from './secret-cipher.js';
export { PostgresKeyStore } from './postgres-key-store.js';
export { PostgresPluginSecretStore } from './postgres-plugin-secret-store.js';
export { UserProviders, type UserProvidersOptions } from './user-providers.js';
