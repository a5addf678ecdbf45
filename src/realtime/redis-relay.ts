// The Relay over Redis pub/sub (REDIS_URL): how server processes wake each other up when a
// workbook has new commits and pass on collaborators' selections, instead of Postgres NOTIFY.
// Matches saas's Relay port structurally (realtime does not import saas). Two connections: one
// publishes, one is subscribed (a subscribed connection takes no other commands). Best effort like
// NOTIFY: a message published while Redis is unreachable fails at once (no offline queue, so an
// outage holds no memory and no write waits for it) and is the sender's to send again; what a
// subscriber misses while down, its `connected` says to look up in the database. Redis is loaded
// only when a relay opens: a start without REDIS_URL never loads the client.
import type { RedisClientType as RedisClient } from 'redis';

/** What a listener is told: its channel's messages, and when hearing (re)starts or stops. */
export interface RelayListener {
  readonly notify: (message: string) => void;
  readonly connected: () => void;
  readonly disconnected: () => void;
}

export interface RedisRelayOptions {
  /** redis:// or rediss:// (a password in it is never repeated in messages). */
  readonly url: string;
  /**
   * Put before every channel name: one Redis may serve several deployments (and test runs),
   * which must not hear each other.
   */
  readonly prefix: string;
  /** Told when the connection is lost and when it is back. */
  readonly report?: (problem: string, error: unknown) => void;
  /** How long the first connection may take before opening fails (ms). */
  readonly connectTimeoutMs?: number;
}

/** Redis could not be reached when the relay opened; the message names where and why. */
export class RedisUnavailableError extends Error {
  override readonly name = 'RedisUnavailableError';
}

const FIRST_PAUSE_MS = 100;
const LONGEST_PAUSE_MS = 5_000;

export class RedisRelay {
  readonly #prefix: string;
  readonly #report: (problem: string, error: unknown) => void;
  readonly #publisher: RedisClient;
  readonly #subscriber: RedisClient;
  readonly #ready = new Set<RedisClient>();
  readonly #listeners = new Set<RelayListener>();
  /** Both connections ready (as last told to the listeners). */
  #up = false;
  /** Set once open() has connected both: from then on a lost connection is waited out. */
  #opened = false;
  #closed = false;

  private constructor(publisher: RedisClient, subscriber: RedisClient, options: RedisRelayOptions) {
    this.#publisher = publisher;
    this.#subscriber = subscriber;
    this.#prefix = options.prefix;
    this.#report = options.report ?? (() => undefined);
  }

  /** Connects (both connections) or fails with RedisUnavailableError; retries only once open. */
  static async open(options: RedisRelayOptions): Promise<RedisRelay> {
    const { createClient } = await import('redis');
    const publisher = createClient({
      url: options.url,
      name: 'gridbook-relay',
      disableOfflineQueue: true,
      socket: {
        connectTimeout: options.connectTimeoutMs ?? 5_000,
        // Until open, a failure is the answer (a wrong REDIS_URL must not retry forever); once
        // open, an outage is waited out with a growing pause, as the LISTEN connection does.
        reconnectStrategy: (retries: number): number | false =>
          relay.#opened ? Math.min(FIRST_PAUSE_MS * 2 ** retries, LONGEST_PAUSE_MS) : false,
      },
    });
    const subscriber = publisher.duplicate();
    const relay = new RedisRelay(publisher, subscriber, options);
    for (const client of [publisher, subscriber]) relay.#watch(client);
    try {
      await publisher.connect();
      await subscriber.connect();
    } catch (error) {
      publisher.destroy();
      subscriber.destroy();
      throw new RedisUnavailableError(
        `Redis at ${withoutCredentials(options.url)} cannot be reached: ${describe(error)}`,
      );
    }
    relay.#opened = true;
    relay.#up = relay.#ready.size === 2;
    return relay;
  }

  async send(channel: string, messages: readonly string[]): Promise<void> {
    // One connection, in order: Redis delivers them in the order sent.
    await Promise.all(
      messages.map((message) => this.#publisher.publish(this.#prefix + channel, message)),
    );
  }

  async listen(channel: string, handlers: RelayListener): Promise<() => Promise<void>> {
    let stopped = false;
    // Redis subscribes again by itself after a reconnection; a stopped listener hears no more.
    const heard = (message: string): void => {
      if (!stopped) handlers.notify(message);
    };
    await this.#subscriber.subscribe(this.#prefix + channel, heard);
    this.#listeners.add(handlers);
    if (this.#up) handlers.connected();
    return async () => {
      if (stopped) return;
      stopped = true;
      this.#listeners.delete(handlers);
      // While Redis is down an unsubscribe would wait for a reconnection attempt (up to 5 s, a
      // shutdown's delay): the stopped listener drops what it may still be handed instead.
      if (this.#closed || !this.#up) return;
      await this.#subscriber.unsubscribe(this.#prefix + channel, heard).catch(() => undefined);
    };
  }

  /** Closes both connections at once (nothing is waited for: messages are best effort). */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.#listeners.clear();
    this.#publisher.destroy();
    this.#subscriber.destroy();
  }

  #watch(client: RedisClient): void {
    client.on('ready', () => {
      this.#ready.add(client);
      this.#changed(undefined);
    });
    // 'error' comes with each failed attempt too; a listener must be there or Node throws it.
    const lost = (error: unknown): void => {
      this.#ready.delete(client);
      this.#changed(error);
    };
    client.on('error', lost);
    client.on('reconnecting', () => lost(undefined));
    client.on('end', () => lost(undefined));
  }

  /** Tells the listeners when both connections become ready, or one of them is lost. */
  #changed(error: unknown): void {
    // Before open() has both connections, it answers for itself.
    if (this.#closed || !this.#opened) return;
    const up = this.#ready.size === 2;
    if (up === this.#up) return;
    this.#up = up;
    if (up) {
      this.#report('the Redis connection is back; following commits through it again', undefined);
      for (const listener of this.#listeners) listener.connected();
    } else {
      this.#report(
        'the Redis connection was lost; until it is back, each request checks the database for commits made elsewhere',
        error,
      );
      for (const listener of this.#listeners) listener.disconnected();
    }
  }
}

function withoutCredentials(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.username = '';
    parsed.password = '';
    return parsed.toString().replace(/\/$/, '');
  } catch {
    return 'REDIS_URL';
  }
}

/** A connection error's message (a refused `localhost` is an AggregateError without one). */
function describe(error: unknown): string {
  if (error instanceof AggregateError && error.message === '')
    return error.errors.map(describe).join('; ');
  if (error instanceof Error)
    return error.message || String((error as { code?: unknown }).code ?? error.name);
  return String(error);
}
