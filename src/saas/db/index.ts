export {
  DatabaseError,
  notifyAll,
  schemaChannel,
  type Database,
  type ListenHandlers,
  type Queryable,
} from './database.js';
export { PostgresDatabase, quoteIdentifier, type PostgresOptions } from './postgres.js';
export { PgliteDatabase, type PgliteOptions } from './pglite.js';
export { migrate, readMigrations, type Migration } from './migrate.js';
