// SaaS: the database (Postgres through DATABASE_URL, or the embedded PGlite), its numbered
// migrations, and the Postgres implementations of the ports (the WorkbookStore first). Over core
// and persistence; never imports hosting or http.
export {
  DatabaseError,
  migrate,
  PgliteDatabase,
  PostgresDatabase,
  quoteIdentifier,
  readMigrations,
  type Database,
  type ListenHandlers,
  type Migration,
  type Queryable,
} from './db/index.js';
export { openDatabase, MIGRATIONS_DIR_NAME, type OpenDatabaseOptions } from './open-database.js';
export {
  DatabaseCommitFollower,
  type DatabaseCommitFollowerOptions,
  type FollowHandlers,
} from './commit-follower.js';
export { databaseName, notifyRelay, type Relay } from './relay.js';
export {
  DatabasePresenceRelay,
  type DatabasePresenceRelayOptions,
  type RelayedPresence,
} from './presence-relay.js';
export {
  PostgresWorkbookStore,
  type PostgresWorkbookStoreOptions,
} from './postgres-workbook-store.js';
export {
  DEFAULT_WORKBOOK_TITLE,
  InvalidTitleError,
  OwnerOnlyError,
  validTitle,
  WorkbookDirectory,
  WorkbookNotFoundError,
  type WorkbookRole,
  type WorkbookSummary,
} from './workbooks.js';
export * from './auth/index.js';
export {
  Collaborators,
  InvalidInviteError,
  type CollaboratorEntry,
  type SharedWorkbook,
} from './collaborators.js';
export {
  PostgresKeyStore,
  PostgresPluginSecretStore,
  SecretCipher,
  SecretUnreadableError,
  UserProviders,
  type SealedValue,
  type UserProvidersOptions,
} from './secrets/index.js';
