// One commit stream per workbook per browser, shared by its open tabs. A browser keeps at most
// six connections to a server (HTTP/1.1) across all tabs: a stream per tab would leave the
// seventh tab unable to load a cell. The tab holding a Web Lock follows the stream and relays
// each message over a BroadcastChannel; when it closes, the next tab takes the lock and goes on
// from the last seq it saw. Every tab drops a seq it has already had.
import { CommitFeed, type FeedMessage, type StreamOpener } from './commit-feed.js';

/** The part of BroadcastChannel this uses. */
export interface TabChannel {
  postMessage(message: unknown): void;
  onmessage: ((event: { readonly data: unknown }) => void) | null;
  close(): void;
}

/** Browser facilities, injectable for tests. */
export interface TabPorts {
  /** Runs `hold` once this tab has the named lock, keeping it until `hold` settles. */
  readonly lock: (name: string, signal: AbortSignal, hold: () => Promise<void>) => Promise<void>;
  readonly channel: (name: string) => TabChannel;
  readonly now: () => number;
}

type TabMessage =
  | { readonly type: 'feed'; readonly message: FeedMessage }
  | { readonly type: 'live'; readonly live: boolean }
  | { readonly type: 'join'; readonly tab: string; readonly after: number | undefined }
  | {
      readonly type: 'catch-up';
      readonly tab: string;
      readonly messages: readonly FeedMessage[];
      readonly live: boolean;
    };

/** Commits kept for a tab that opens while another follows the stream (it may have missed some). */
const RECENT_COMMITS = 500;
/** How often the following tab says whether the stream is up; silence for STALE_MS means no. */
const LIVE_EVERY_MS = 10_000;
const STALE_MS = 3 * LIVE_EVERY_MS;

export interface SharedFeedOptions {
  /** The lock's and the channel's name: one per workbook. */
  readonly name: string;
  readonly ports: TabPorts;
  readonly open: StreamOpener;
  /** Each message once, in seq order. */
  readonly deliver: (message: FeedMessage) => void;
  /** The last commit the tab's own reads include. */
  readonly after: number | undefined;
}

export class SharedFeed {
  readonly #tab = Math.random().toString(36).slice(2);
  readonly #controller = new AbortController();
  readonly #recent: Extract<FeedMessage, { kind: 'commit' }>[] = [];
  #channel: TabChannel | undefined;
  #lastSeq: number | undefined;
  #leading = false;
  #live = false;
  #liveAt = 0;

  constructor(private readonly options: SharedFeedOptions) {
    this.#lastSeq = options.after;
  }

  /** Whether this tab hears every commit now (the stream is up, here or in the leading tab). */
  get live(): boolean {
    if (this.#leading) return this.#live;
    return this.#live && this.options.ports.now() - this.#liveAt < STALE_MS;
  }

  get leading(): boolean {
    return this.#leading;
  }

  start(): void {
    const { ports, name } = this.options;
    const channel = ports.channel(name);
    this.#channel = channel;
    channel.onmessage = (event) => this.#heard(event.data as TabMessage);
    channel.postMessage({ type: 'join', tab: this.#tab, after: this.#lastSeq });
    const signal = this.#controller.signal;
    ports.lock(name, signal, () => this.#lead()).catch(() => undefined);
  }

  stop(): void {
    this.#controller.abort();
    this.#channel?.close();
    this.#channel = undefined;
  }

  /** Holds the lock: follows the stream for every tab until this one stops. */
  async #lead(): Promise<void> {
    const signal = this.#controller.signal;
    if (signal.aborted) return;
    this.#leading = true;
    this.#live = false;
    const feed = new CommitFeed(
      {
        open: this.options.open,
        onMessage: (message) => {
          this.#post({ type: 'feed', message });
          this.#accept(message);
        },
        onLive: (live) => {
          this.#live = live;
          this.#post({ type: 'live', live });
        },
      },
      this.#lastSeq,
    );
    feed.start();
    const timer = setInterval(() => this.#post({ type: 'live', live: this.#live }), LIVE_EVERY_MS);
    await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve()));
    clearInterval(timer);
    feed.stop();
  }

  #post(message: TabMessage): void {
    this.#channel?.postMessage(message);
  }

  #heard(message: TabMessage): void {
    switch (message.type) {
      case 'feed':
        this.#accept(message.message);
        break;
      case 'live':
        this.#live = message.live;
        this.#liveAt = this.options.ports.now();
        break;
      case 'join':
        if (this.#leading) this.#welcome(message.tab, message.after);
        break;
      case 'catch-up':
        if (message.tab !== this.#tab) break;
        this.#live = message.live;
        this.#liveAt = this.options.ports.now();
        for (const missed of message.messages) this.#accept(missed);
        break;
    }
  }

  /** A tab opened: what it missed between its reads and joining, and whether the stream is up. */
  #welcome(tab: string, after: number | undefined): void {
    this.#post({ type: 'catch-up', tab, messages: this.#missedAfter(after), live: this.#live });
  }

  /** The commits after `after` this tab has had, or a resync when it no longer keeps them all. */
  #missedAfter(after: number | undefined): readonly FeedMessage[] {
    const resync = [{ kind: 'resync' as const, seq: this.#lastSeq ?? 0 }];
    if (after === undefined) return resync;
    if (this.#lastSeq === undefined || after >= this.#lastSeq) return [];
    const oldest = this.#recent[0]?.event.seq;
    if (oldest === undefined || oldest > after + 1) return resync;
    return this.#recent.filter((message) => message.event.seq > after);
  }

  /** Each message once: a commit this tab has had already is dropped. */
  #accept(message: FeedMessage): void {
    if (message.kind === 'commit') {
      if (this.#lastSeq !== undefined && message.event.seq <= this.#lastSeq) return;
      this.#lastSeq = message.event.seq;
      this.#recent.push(message);
      if (this.#recent.length > RECENT_COMMITS) this.#recent.shift();
    } else if (message.kind === 'resync') {
      this.#lastSeq = message.seq;
      this.#recent.length = 0;
    }
    this.options.deliver(message);
  }
}
