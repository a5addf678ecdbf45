// One connection to the commit stream (GET /events): its events handed on as feed messages, and
// when it drops, a reconnect that names the last seq seen (Last-Event-ID), so nothing is missed.
import { readEvents } from '../api/sse.js';
import type { CommitEventJson, PresenceEventJson } from '../api/types.js';

/**
 * What a commit event says changed, without the changed cells' values: the page reads what it
 * shows again rather than patching from them, so a tab neither keeps nor relays them. The first
 * FLASH_CELLS changed cells' addresses stay, to flash them.
 */
export type CommitSummary = Omit<CommitEventJson, 'cells'> & {
  readonly touched: readonly { readonly sheet: string; readonly cells: readonly string[] }[];
};

/** The most changed cells one commit flashes: past that many the flash tells nothing more. */
export const FLASH_CELLS = 100;

function summaryOf({ cells, ...rest }: CommitEventJson): CommitSummary {
  let left = FLASH_CELLS;
  const touched = [];
  for (const { sheet, cells: changed } of cells) {
    if (left <= 0) break;
    const addresses = changed.slice(0, left).map((entry) => entry.cell);
    left -= addresses.length;
    touched.push({ sheet, cells: addresses });
  }
  return { ...rest, touched };
}

export type FeedMessage =
  | { readonly kind: 'commit'; readonly event: CommitSummary }
  /** What came before `seq` is not known (the server could not replay it): read everything. */
  | { readonly kind: 'resync'; readonly seq: number }
  /** The workbook was deleted or this user's access revoked: nothing more will come. */
  | { readonly kind: 'gone'; readonly detail: string }
  /** Another client's selection (RT-02): not a commit, so it changes no seq. */
  | { readonly kind: 'presence'; readonly presence: PresenceEventJson }
  /** That client's page closed: its selection comes down now. */
  | { readonly kind: 'presence_left'; readonly peer: string };

/** Opens the stream, replaying the commits after `after` (undefined: from now on). */
export type StreamOpener = (
  after: number | undefined,
  signal: AbortSignal,
) => Promise<ReadableStream<Uint8Array>>;

export interface CommitFeedOptions {
  readonly open: StreamOpener;
  readonly onMessage: (message: FeedMessage) => void;
  /** Whether the stream is connected now. */
  readonly onLive: (live: boolean) => void;
  /** Waits before a reconnect (injectable for tests). */
  readonly wait?: (ms: number, signal: AbortSignal) => Promise<void>;
}

/** Reconnect delays: quick at first, then no more often than every 15 s while the server is away. */
export function reconnectDelay(failures: number): number {
  return Math.min(15_000, 500 * 2 ** Math.min(failures, 5));
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
  });
}

export class CommitFeed {
  readonly #controller = new AbortController();
  #lastSeq: number | undefined;

  constructor(
    private readonly options: CommitFeedOptions,
    /** The last commit already known; undefined: the first connection reads everything. */
    lastSeq: number | undefined,
  ) {
    this.#lastSeq = lastSeq;
  }

  get lastSeq(): number | undefined {
    return this.#lastSeq;
  }

  start(): void {
    void this.#run();
  }

  stop(): void {
    this.#controller.abort();
  }

  async #run(): Promise<void> {
    const signal = this.#controller.signal;
    const wait = this.options.wait ?? sleep;
    let failures = 0;
    while (!signal.aborted) {
      let gone = false;
      try {
        const body = await this.options.open(this.#lastSeq, signal);
        for await (const event of readEvents(body)) {
          if (signal.aborted) break;
          if (event.name === 'hello') failures = 0;
          gone = this.#take(event.name, event.data);
          if (gone) break;
        }
      } catch {
        // Refused or dropped: the reconnect below tries again (the page's heartbeat shows whether
        // the server is there at all).
      }
      this.options.onLive(false);
      if (gone || signal.aborted) return;
      failures += 1;
      await wait(reconnectDelay(failures), signal);
    }
  }

  /** Handles one event; true when the stream says the workbook is gone. */
  #take(name: string, data: string): boolean {
    const payload = parse(data);
    if (name === 'hello') {
      this.options.onLive(true);
      // A first connection with nothing known: what happened before it is read again.
      if (this.#lastSeq === undefined) this.#resync(seqOf(payload));
    } else if (name === 'reset') {
      this.#resync(seqOf(payload));
    } else if (name === 'commit' && isCommit(payload)) {
      if (this.#lastSeq !== undefined && payload.seq <= this.#lastSeq) return false;
      this.#lastSeq = payload.seq;
      this.options.onMessage({ kind: 'commit', event: summaryOf(payload) });
    } else if (name === 'presence' && isPresence(payload)) {
      this.options.onMessage({ kind: 'presence', presence: payload });
    } else if (name === 'presence_left') {
      const peer = (payload as { peer?: unknown } | undefined)?.peer;
      if (typeof peer === 'string') this.options.onMessage({ kind: 'presence_left', peer });
    } else if (name === 'gone') {
      const detail = (payload as { detail?: unknown } | undefined)?.detail;
      this.options.onMessage({
        kind: 'gone',
        detail: typeof detail === 'string' ? detail : 'The workbook is no longer available.',
      });
      return true;
    }
    return false;
  }

  #resync(seq: number): void {
    this.#lastSeq = seq;
    this.options.onMessage({ kind: 'resync', seq });
  }
}

function parse(data: string): unknown {
  try {
    return JSON.parse(data);
  } catch {
    return undefined;
  }
}

function seqOf(payload: unknown): number {
  const seq = (payload as { seq?: unknown } | undefined)?.seq;
  return typeof seq === 'number' ? seq : 0;
}

function isCommit(payload: unknown): payload is CommitEventJson {
  return typeof (payload as { seq?: unknown } | undefined)?.seq === 'number';
}

function isPresence(payload: unknown): payload is PresenceEventJson {
  const fields = payload as Partial<Record<keyof PresenceEventJson, unknown>> | undefined;
  return (
    typeof fields?.peer === 'string' &&
    typeof fields.user === 'string' &&
    typeof fields.sheet === 'string' &&
    typeof fields.range === 'string'
  );
}
