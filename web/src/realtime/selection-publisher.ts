// The page's own selection, told to the workbook's other followers (RT-02, ui.md §1.15): at most
// once per 80 ms while it moves (the first move at once, the last one never lost), again every
// 4 s while it stands (peers drop a selection unheard for 8 s), and only while the tab is in view;
// taken down at once when the page goes.
import type { TabVisibility } from './visible-feed.js';

/** A selection as POST /presence takes it. */
export interface SharedSelection {
  readonly sheet: string;
  readonly range: string;
}

/** Timers, injectable for tests. */
export interface Timers {
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const realTimers: Timers = {
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** The shortest time between two publications. */
export const PUBLISH_EVERY_MS = 80;
/** How often a standing selection is published again. */
export const HEARTBEAT_MS = 4_000;

/**
 * Sends at most once per `intervalMs`: a value pushed while idle goes at once; values pushed
 * within the interval wait, and the last of them goes when it ends.
 */
export class LatestThrottle<T> {
  #timer: unknown;
  #waiting: { readonly value: T } | undefined;

  constructor(
    private readonly send: (value: T) => void,
    private readonly intervalMs: number,
    private readonly timers: Timers = realTimers,
  ) {}

  push(value: T): void {
    if (this.#timer !== undefined) {
      this.#waiting = { value };
      return;
    }
    this.send(value);
    this.#wait();
  }

  cancel(): void {
    if (this.#timer !== undefined) this.timers.clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#waiting = undefined;
  }

  #wait(): void {
    this.#timer = this.timers.setTimeout(() => {
      this.#timer = undefined;
      const waiting = this.#waiting;
      this.#waiting = undefined;
      if (waiting === undefined) return;
      this.send(waiting.value);
      this.#wait();
    }, this.intervalMs);
  }
}

/**
 * One request at a time: a value handed over while the last one is still on its way waits, and
 * only the latest waiting one goes when it settles. A slow server then costs one connection of
 * the browser's six, not a pile of selections no longer true.
 */
export function oneAtATime<T>(send: (value: T) => Promise<unknown>): (value: T) => void {
  let sending = false;
  let waiting: { readonly value: T } | undefined;
  const go = (value: T): void => {
    if (sending) {
      waiting = { value };
      return;
    }
    sending = true;
    void send(value)
      .catch(() => undefined)
      .then(() => {
        sending = false;
        const next = waiting;
        waiting = undefined;
        if (next !== undefined) go(next.value);
      });
  };
  return go;
}

export interface SelectionPublisherOptions {
  readonly publish: (selection: SharedSelection) => void;
  /** Tells the others to take the page's selection down (the page closes or stops following). */
  readonly leave: () => void;
  readonly visibility: TabVisibility;
  readonly timers?: Timers;
}

export class SelectionPublisher {
  readonly #throttle: LatestThrottle<SharedSelection>;
  readonly #timers: Timers;
  #current: SharedSelection | undefined;
  #heartbeat: unknown;
  #unwatch: (() => void) | undefined;
  /** Whether the others may be showing this page's selection. */
  #published = false;

  constructor(private readonly options: SelectionPublisherOptions) {
    this.#timers = options.timers ?? realTimers;
    this.#throttle = new LatestThrottle(options.publish, PUBLISH_EVERY_MS, this.#timers);
  }

  start(): void {
    // Back in view: the others have dropped this page's selection by now (or soon will).
    this.#unwatch = this.options.visibility.watch(() => this.#publishCurrent());
    this.#beat();
  }

  stop(): void {
    this.#unwatch?.();
    this.#unwatch = undefined;
    this.#timers.clearTimeout(this.#heartbeat);
    this.#heartbeat = undefined;
    this.leave();
  }

  /**
   * The page is going (closed, or kept in the back-forward cache): its selection comes down at
   * once rather than standing 8 s. Back in view, it is published again.
   */
  leave(): void {
    this.#throttle.cancel();
    if (this.#published) this.options.leave();
    this.#published = false;
  }

  /** The page's selection now; published when it differs from the last one. */
  select(selection: SharedSelection): void {
    const current = this.#current;
    if (current?.sheet === selection.sheet && current.range === selection.range) return;
    this.#current = selection;
    this.#publishCurrent();
  }

  #publishCurrent(): void {
    if (this.#current === undefined || !this.options.visibility.visible()) return;
    this.#published = true;
    this.#throttle.push(this.#current);
  }

  #beat(): void {
    this.#heartbeat = this.#timers.setTimeout(() => {
      this.#publishCurrent();
      this.#beat();
    }, HEARTBEAT_MS);
  }
}
