// hosting's CommitFollower port over the database (structurally: saas never imports hosting): several Gridbook processes on one DATABASE_URL
// tell each other of their commits over a Relay (NOTIFY by default, Redis when REDIS_URL is set;
// one channel per schema; payload `<seq>:<id>`), sent once the commits are stored, coalesced to
// one message per workbook and one send per turn of the event loop, so a commit's own transaction
// never carries it. The message only wakes the others up: heads come from workbook_heads
// (migration 006), missed records from workbook_commits, whichever relay carried it.
import type { CommitRecord } from '../core/index.js';
import { schemaChannel, type Database } from './db/index.js';
import { decodeRecord } from './postgres-workbook-store.js';
import { notifyRelay, type Relay } from './relay.js';

export interface DatabaseCommitFollowerOptions {
  readonly database: Database;
  /** What carries the announcements; default: NOTIFY on `database`. */
  readonly relay?: Relay;
  readonly report?: (problem: string, error: unknown) => void;
}

/** What a follower tells: a commit some process stored, and each (re)start of hearing them. */
export interface FollowHandlers {
  readonly heard: (workbookId: string, seq: number) => void;
  readonly connected: () => void;
}

export class DatabaseCommitFollower {
  readonly #database: Database;
  readonly #relay: Relay;
  readonly #report: (problem: string, error: unknown) => void;
  /** Commits to announce: workbook → its highest seq stored here since the last send. */
  #pending = new Map<string, number>();
  /** Announcements a failed send lost: sent again with the next ones, or once heard again. */
  #unsent = new Map<string, number>();
  /** Set from a failed send to the next that succeeds: an outage is reported once, not per commit. */
  #failing = false;
  #sending: Promise<void> | undefined;
  #channel = '';
  #listening = false;
  #stop: (() => Promise<void>) | undefined;
  #handlers: FollowHandlers | undefined;

  private constructor(options: DatabaseCommitFollowerOptions) {
    this.#database = options.database;
    this.#relay = options.relay ?? notifyRelay(options.database);
    this.#report = options.report ?? (() => undefined);
  }

  /** Opens the channel of the database's schema and starts listening on it. */
  static async open(options: DatabaseCommitFollowerOptions): Promise<DatabaseCommitFollower> {
    const follower = new DatabaseCommitFollower(options);
    follower.#channel = await schemaChannel(options.database, 'commits');
    follower.#stop = await follower.#relay.listen(follower.#channel, {
      notify: (payload) => follower.#notified(payload),
      connected: () => {
        follower.#listening = true;
        follower.#handlers?.connected();
        // The relay is back: what it failed to send meanwhile goes now.
        if (follower.#unsent.size > 0) follower.#queue(new Map());
      },
      disconnected: () => {
        follower.#listening = false;
      },
    });
    return follower;
  }

  get listening(): boolean {
    return this.#listening;
  }

  follow(handlers: FollowHandlers): void {
    this.#handlers = handlers;
  }

  announce(workbookId: string, seq: number): void {
    this.#queue(new Map([[workbookId, seq]]));
  }

  async heads(workbookIds: readonly string[]): Promise<ReadonlyMap<string, number>> {
    const { rows } = await this.#database.query<{ workbook_id: string; seq: number }>(
      'SELECT workbook_id, seq FROM workbook_heads WHERE workbook_id = ANY($1::text[])',
      [workbookIds],
    );
    return new Map(rows.map((row) => [row.workbook_id, Number(row.seq)]));
  }

  async recordsAfter(workbookId: string, seq: number): Promise<readonly CommitRecord[]> {
    const { rows } = await this.#database.query<{ seq: number; record: string }>(
      'SELECT seq, record FROM workbook_commits WHERE workbook_id = $1 AND seq > $2 ORDER BY seq',
      [workbookId, seq],
    );
    return rows.map((row) => decodeRecord(workbookId, Number(row.seq), row.record));
  }

  /** Stops listening and sends what is still to announce. */
  async close(): Promise<void> {
    await this.#stop?.();
    this.#stop = undefined;
    this.#listening = false;
    await this.#sending;
  }

  /** Adds heads to announce (with any a failed send lost) and starts sending if idle. */
  #queue(heads: ReadonlyMap<string, number>): void {
    for (const [workbookId, seq] of [...this.#unsent, ...heads])
      this.#pending.set(workbookId, Math.max(seq, this.#pending.get(workbookId) ?? 0));
    this.#unsent = new Map();
    this.#sending ??= this.#send();
  }

  async #send(): Promise<void> {
    // The commits of this turn go in one send.
    await new Promise<void>((resolve) => setImmediate(resolve));
    while (this.#pending.size > 0) {
      const batch = this.#pending;
      this.#pending = new Map();
      try {
        const payloads = [...batch].map(([workbookId, seq]) => `${seq}:${workbookId}`);
        await this.#relay.send(this.#channel, payloads);
        this.#failing = false;
      } catch (error) {
        // Kept for the next send; meanwhile the others see these commits when they next write,
        // hear a later commit of the workbook, or check their heads (on reconnecting, and on
        // every request while not listening). The write itself stands: it is stored.
        for (const [workbookId, seq] of batch)
          this.#unsent.set(workbookId, Math.max(seq, this.#unsent.get(workbookId) ?? 0));
        if (!this.#failing)
          this.#report('telling other processes of commits failed (sent again later)', error);
        this.#failing = true;
        break;
      }
    }
    this.#sending = undefined;
  }

  #notified(payload: string): void {
    const colon = payload.indexOf(':');
    const seq = Number(payload.slice(0, colon));
    if (colon < 1 || !Number.isSafeInteger(seq)) return;
    this.#handlers?.heard(payload.slice(colon + 1), seq);
  }
}
