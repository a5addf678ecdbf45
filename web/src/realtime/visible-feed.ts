// The commit stream where the browser has no Web Locks to share one stream between tabs: a page
// served over plain http from another machine (Web Locks need https or localhost). Each tab
// follows the stream itself, but only while it is in view, so the browser's six connections to
// the server are not used up by background tabs; a tab coming back into view goes on from the
// last seq it saw, and the server replays what it missed.
import { CommitFeed, type FeedMessage, type StreamOpener } from './commit-feed.js';

/** Whether the tab is in view, and news of when that changes (injectable for tests). */
export interface TabVisibility {
  visible(): boolean;
  /** Calls `listener` on every change; returns the function that stops listening. */
  watch(listener: () => void): () => void;
}

export interface VisibleFeedOptions {
  readonly visibility: TabVisibility;
  readonly open: StreamOpener;
  /** Each message once, in seq order. */
  readonly deliver: (message: FeedMessage) => void;
  /** The last commit the tab's own reads include. */
  readonly after: number | undefined;
}

export class VisibleFeed {
  #feed: CommitFeed | undefined;
  #lastSeq: number | undefined;
  #live = false;
  #unwatch: (() => void) | undefined;

  constructor(private readonly options: VisibleFeedOptions) {
    this.#lastSeq = options.after;
  }

  /** Whether this tab hears every commit now: in view with its stream up. */
  get live(): boolean {
    return this.#live;
  }

  start(): void {
    this.#unwatch = this.options.visibility.watch(() => this.#follow());
    this.#follow();
  }

  stop(): void {
    this.#unwatch?.();
    this.#unwatch = undefined;
    this.#close();
  }

  /** Opens the stream when the tab is in view and has none; closes it when out of view. */
  #follow(): void {
    if (!this.options.visibility.visible()) return this.#close();
    if (this.#feed !== undefined) return;
    const feed = new CommitFeed(
      {
        open: this.options.open,
        onMessage: (message) => this.#accept(message),
        onLive: (live) => {
          if (this.#feed === feed) this.#live = live;
        },
      },
      this.#lastSeq,
    );
    this.#feed = feed;
    feed.start();
  }

  #close(): void {
    this.#feed?.stop();
    this.#feed = undefined;
    this.#live = false;
  }

  #accept(message: FeedMessage): void {
    if (message.kind === 'commit') this.#lastSeq = message.event.seq;
    else if (message.kind === 'resync') this.#lastSeq = message.seq;
    this.options.deliver(message);
  }
}
