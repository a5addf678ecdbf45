// The Relay port: how Gridbook processes serving one database wake each other up ("workbook W has
// commits up to seq N", a collaborator's selection). Best effort by design: the database stays the
// source of truth, so a lost message costs a delay, never a commit (a follower reads the commits
// themselves from the store, and checks heads whenever it may have missed something). Its users
// are DatabaseCommitFollower and DatabasePresenceRelay; the implementations are Postgres
// LISTEN/NOTIFY (here, the default) and Redis pub/sub (realtime's RedisRelay, when REDIS_URL is
// set; matched structurally: saas does not import realtime).
import { notifyAll, type Database, type ListenHandlers, type Queryable } from './db/index.js';

export interface Relay {
  /** Sends each message on `channel`, in order; rejects when they could not be sent. */
  send(channel: string, messages: readonly string[]): Promise<void>;
  /**
   * Hands `channel`'s messages (this process's own included) to `handlers.notify` until the
   * returned stop is called. `connected` is called each time hearing (re)starts: what was sent
   * while it was down is missed. `disconnected` when it goes down.
   */
  listen(channel: string, handlers: ListenHandlers): Promise<() => Promise<void>>;
}

/** The relay over the database itself: NOTIFY to send, a LISTEN connection to hear. */
export function notifyRelay(database: Database): Relay {
  return {
    send: (channel, messages) => notifyAll(database, channel, messages),
    listen: (channel, handlers) => database.listen(channel, handlers),
  };
}

/**
 * The database's name: a relay shared beyond one database (one Redis for several deployments)
 * names its channels with it, as NOTIFY's channels are each database's own.
 */
export async function databaseName(database: Queryable): Promise<string> {
  const { rows } = await database.query<{ name: string }>('SELECT current_database() AS name');
  return rows[0]?.name ?? 'gridbook';
}
