// realtime's PresenceRelay over the database (structurally: saas does not import realtime):
// several Gridbook processes on one DATABASE_URL tell each other of the selections their followers
// publish (POST /presence), so a page connected to one process sees a collaborator who publishes
// through another. Over a Relay (NOTIFY by default, Redis when REDIS_URL is set) on a channel of
// its own, one per schema, apart from the commits'; the selections of one turn of the event loop
// go in one send, the last of each peer only. Best effort: a lost one is repeated by the page's
// next heartbeat (4 s).
import { randomBytes } from 'node:crypto';
import { schemaChannel, type Database } from './db/index.js';
import { notifyRelay, type Relay } from './relay.js';

/** A selection, or a peer's departure, as realtime's PresenceBoard hands it on. */
export type RelayedPresence =
  | {
      readonly peer: string;
      readonly user: string;
      readonly sheet: string;
      readonly range: string;
    }
  | { readonly peer: string; readonly left: true };

export interface DatabasePresenceRelayOptions {
  readonly database: Database;
  /** What carries the selections; default: NOTIFY on `database`. */
  readonly relay?: Relay;
  readonly report?: (problem: string, error: unknown) => void;
}

/**
 * The longest field a notification carries; a selection with a longer one (an email past it) is
 * not relayed. Sheet names (200) and ranges (32) are bounded by the request schema: six fields
 * of at most 512 characters stay far below NOTIFY's 8000 bytes, even in multi-byte characters.
 */
const MAX_FIELD_LENGTH = 512;

interface Base {
  /** The process that sent it: a process hears its own notifications and drops them. */
  readonly o: string;
  readonly w: string;
  readonly p: string;
}

/** A selection (user, sheet, range) or a departure (`l`). */
type Payload =
  | (Base & { readonly u: string; readonly s: string; readonly r: string })
  | (Base & { readonly l: '1' });

export class DatabasePresenceRelay {
  readonly #relay: Relay;
  readonly #report: (problem: string, error: unknown) => void;
  readonly #origin = randomBytes(8).toString('hex');
  /** Selections to send: by workbook and peer, the last one published this turn. */
  #pending = new Map<string, Payload>();
  #sending: Promise<void> | undefined;
  /** Set from a failed send to the next that succeeds: an outage is reported once. */
  #failing = false;
  #channel = '';
  #stop: (() => Promise<void>) | undefined;
  #heard: ((workbookId: string, presence: RelayedPresence) => void) | undefined;

  private constructor(options: DatabasePresenceRelayOptions) {
    this.#relay = options.relay ?? notifyRelay(options.database);
    this.#report = options.report ?? (() => undefined);
  }

  /** Opens the channel of the database's schema and starts listening on it. */
  static async open(options: DatabasePresenceRelayOptions): Promise<DatabasePresenceRelay> {
    const relay = new DatabasePresenceRelay(options);
    relay.#channel = await schemaChannel(options.database, 'presence');
    relay.#stop = await relay.#relay.listen(relay.#channel, {
      notify: (payload) => relay.#notified(payload),
      // Nothing to catch up on: what was missed while disconnected is repeated within 4 s.
      connected: () => undefined,
      disconnected: () => undefined,
    });
    return relay;
  }

  follow(heard: (workbookId: string, presence: RelayedPresence) => void): void {
    this.#heard = heard;
  }

  publish(workbookId: string, presence: RelayedPresence): void {
    const base = { o: this.#origin, w: workbookId, p: presence.peer };
    const payload: Payload =
      'left' in presence
        ? { ...base, l: '1' }
        : { ...base, u: presence.user, s: presence.sheet, r: presence.range };
    if (!Object.values(payload).every((field) => field.length <= MAX_FIELD_LENGTH)) return;
    this.#pending.set(`${workbookId}\0${presence.peer}`, payload);
    this.#sending ??= this.#send();
  }

  /** Stops listening and sends what is still to send. */
  async close(): Promise<void> {
    await this.#stop?.();
    this.#stop = undefined;
    await this.#sending;
  }

  async #send(): Promise<void> {
    await new Promise<void>((resolve) => setImmediate(resolve));
    while (this.#pending.size > 0) {
      const payloads = [...this.#pending.values()].map((payload) => JSON.stringify(payload));
      this.#pending = new Map();
      try {
        await this.#relay.send(this.#channel, payloads);
        this.#failing = false;
      } catch (error) {
        if (!this.#failing) this.#report('telling other processes of a selection failed', error);
        this.#failing = true;
      }
    }
    this.#sending = undefined;
  }

  #notified(text: string): void {
    const payload = parsePayload(text);
    if (payload === undefined || payload.o === this.#origin) return;
    this.#heard?.(
      payload.w,
      'l' in payload
        ? { peer: payload.p, left: true }
        : { peer: payload.p, user: payload.u, sheet: payload.s, range: payload.r },
    );
  }
}

const SELECTION_KEYS = ['o', 'w', 'p', 'u', 's', 'r'] as const;
const DEPARTURE_KEYS = ['o', 'w', 'p'] as const;

function parsePayload(text: string): Payload | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    // Not one of ours (another program's NOTIFY on the channel): nothing to relay.
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const fields = value as Record<string, unknown>;
  const keys = fields.l === '1' ? DEPARTURE_KEYS : SELECTION_KEYS;
  return keys.every((key) => typeof fields[key] === 'string')
    ? (fields as unknown as Payload)
    : undefined;
}
