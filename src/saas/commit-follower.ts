// hosting's CommitFollower port over the database (structurally: saas never imports hosting): several Gridbook processes on one DATABASE_URL
// tell each other of their commits with NOTIFY (one channel per schema; payload `<seq>:<id>`),
// sent once the commits are stored, coalesced to one statement per turn of the event loop, so a
// commit's own transaction never carries it. Heads come from workbook_heads (migration 006),
// missed records from workbook_commits.
import type { CommitRecord } from '../core/index.js';
import { notifyAll, schemaChannel, type Database } from './db/index.js';
import { decodeRecord } from './postgres-workbook-store.js';

export interface DatabaseCommitFollowerOptions {
  readonly database: Database;
  readonly report?: (problem: string, error: unknown) => void;
}

/** What a follower tells: a commit some process stored, and each (re)start of hearing them. */
export interface FollowHandlers {
  readonly heard: (workbookId: string, seq: number) => void;
  readonly connected: () => void;
}

export class DatabaseCommitFollower {
  readonly #database: Database;
  readonly #report: (problem: string, error: unknown) => void;
  /** Commits to announce: workbook → its highest seq stored here since the last NOTIFY. */
  #pending = new Map<string, number>();
  #sending: Promise<void> | undefined;
  #channel = '';
  #listening = false;
  #stop: (() => Promise<void>) | undefined;
  #handlers: FollowHandlers | undefined;

  private constructor(options: DatabaseCommitFollowerOptions) {
    this.#database = options.database;
    this.#report = options.report ?? (() => undefined);
  }

  /** Opens the channel of the database's schema and starts listening on it. */
  static async open(options: DatabaseCommitFollowerOptions): Promise<DatabaseCommitFollower> {
    const follower = new DatabaseCommitFollower(options);
    follower.#channel = await schemaChannel(options.database, 'commits');
    follower.#stop = await options.database.listen(follower.#channel, {
      notify: (payload) => follower.#notified(payload),
      connected: () => {
        follower.#listening = true;
        follower.#handlers?.connected();
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
    this.#pending.set(workbookId, Math.max(seq, this.#pending.get(workbookId) ?? 0));
    if (this.#sending === undefined) this.#sending = this.#send();
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

  async #send(): Promise<void> {
    // The commits of this turn go in one statement.
    await new Promise<void>((resolve) => setImmediate(resolve));
    while (this.#pending.size > 0) {
      const payloads = [...this.#pending].map(([workbookId, seq]) => `${seq}:${workbookId}`);
      this.#pending = new Map();
      try {
        await notifyAll(this.#database, this.#channel, payloads);
      } catch (error) {
        // The others then see these commits when they next write or check their heads.
        this.#report('telling other processes of commits failed', error);
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
