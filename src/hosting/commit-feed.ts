// The commits of one workbook as they become durable, for subscribers: realtime clients, MCP
// notifications and (later) the cross-instance fan-out. Recent commits are kept in memory,
// bounded in count and in estimated bytes, so a subscriber that reconnects with the last seq it
// saw gets what it missed; one that fell further behind is told to read the workbook again.
import { CommitsUnavailableError } from './errors.js';

export interface FeedLimits {
  /** The most commits kept for replay. */
  readonly maxCommits: number;
  /** The most estimated bytes those commits may hold; a larger commit is not kept at all. */
  readonly maxBytes: number;
}

export const DEFAULT_FEED_LIMITS: FeedLimits = { maxCommits: 1_000, maxBytes: 8 * 1024 * 1024 };

interface Kept<T> {
  readonly commit: T;
  readonly bytes: number;
}

export type FeedListener<T> = (commit: T) => void;

export class CommitFeed<T extends { readonly seq: number }> {
  readonly #kept: Kept<T>[] = [];
  readonly #listeners = new Set<FeedListener<T>>();
  #bytes = 0;
  /** The seq of the last commit published; every kept commit is ≤ it. */
  #lastSeq: number;

  constructor(
    lastSeq: number,
    private readonly limits: FeedLimits,
    private readonly onListenerError: (error: unknown) => void,
  ) {
    this.#lastSeq = lastSeq;
  }

  get lastSeq(): number {
    return this.#lastSeq;
  }

  /** Called in seq order, once a commit is durable. */
  publish(commit: T, bytes: number): void {
    this.#lastSeq = commit.seq;
    this.#keep(commit, bytes);
    for (const listener of this.#listeners) this.#deliver(listener, commit);
  }

  /**
   * Replays every commit after `fromSeq`, then delivers each new one, in order and once. Throws
   * CommitsUnavailableError when some commit after `fromSeq` is no longer kept.
   */
  subscribe(fromSeq: number, listener: FeedListener<T>): () => void {
    const missed = this.#since(fromSeq);
    this.#listeners.add(listener);
    for (const commit of missed) this.#deliver(listener, commit);
    return () => {
      this.#listeners.delete(listener);
    };
  }

  #since(fromSeq: number): T[] {
    if (fromSeq >= this.#lastSeq) return [];
    const oldest = this.#kept[0]?.commit.seq ?? this.#lastSeq + 1;
    if (fromSeq + 1 < oldest) throw new CommitsUnavailableError(fromSeq, oldest);
    return this.#kept.filter((kept) => kept.commit.seq > fromSeq).map((kept) => kept.commit);
  }

  #keep(commit: T, bytes: number): void {
    if (bytes > this.limits.maxBytes || this.limits.maxCommits === 0) {
      // Too large to keep: nothing before it can be replayed past it either.
      this.#kept.length = 0;
      this.#bytes = 0;
      return;
    }
    this.#kept.push({ commit, bytes });
    this.#bytes += bytes;
    while (this.#kept.length > this.limits.maxCommits || this.#bytes > this.limits.maxBytes) {
      this.#bytes -= this.#kept.shift()!.bytes;
    }
  }

  #deliver(listener: FeedListener<T>, commit: T): void {
    // A failing subscriber must not stop the others or the commit path; it is reported.
    try {
      listener(commit);
    } catch (error) {
      this.onListenerError(error);
    }
  }
}
