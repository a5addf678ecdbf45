// LISTEN on the Postgres server: one connection of its own outside the pool (a pooled one would
// be handed to queries and lose its LISTEN), reconnected after a loss with a growing pause
// (0.1 s doubling to 5 s). Notifications sent while it was down are lost; `connected` says so.
import type pg from 'pg';
import type { ListenHandlers } from './database.js';
import { pgModule } from './pg-module.js';

const FIRST_PAUSE_MS = 100;
const LONGEST_PAUSE_MS = 5_000;

/** `quotedChannel` is `channel` as an SQL identifier (postgres.ts quotes it). */
export async function listenOnPostgres(
  config: pg.ClientConfig,
  channel: string,
  quotedChannel: string,
  handlers: ListenHandlers,
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | undefined;
  let timer: NodeJS.Timeout | undefined;
  let pause = FIRST_PAUSE_MS;

  const retry = (): void => {
    if (stopped || timer !== undefined) return;
    timer = setTimeout(() => {
      timer = undefined;
      void open();
    }, pause);
    timer.unref();
    pause = Math.min(pause * 2, LONGEST_PAUSE_MS);
  };

  const open = async (): Promise<void> => {
    const next = new (pgModule().Client)(config);
    let lost = false;
    const onLost = (): void => {
      if (lost) return;
      lost = true;
      if (client === next) client = undefined;
      next.end().catch(() => undefined);
      if (stopped) return;
      handlers.disconnected();
      retry();
    };
    next.on('error', onLost);
    next.on('end', onLost);
    next.on('notification', (message) => {
      if (message.channel === channel) handlers.notify(message.payload ?? '');
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${quotedChannel}`);
    } catch {
      onLost();
      return;
    }
    if (stopped || lost) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    pause = FIRST_PAUSE_MS;
    handlers.connected();
  };

  await open();
  return async () => {
    stopped = true;
    if (timer !== undefined) clearTimeout(timer);
    const open = client;
    client = undefined;
    await open?.end().catch(() => undefined);
  };
}
