// Reads of a whole sheet or workbook (a CSV export, /grid without a range, /schema, find) built
// a slice at a time, letting the event loop turn between slices so that other requests are
// answered meanwhile, and still answering from one state: a read that sees a commit land
// between two of its slices starts again, and after a few such restarts gives up with
// ReadInterruptedError (retryable) rather than mixing states. Pure: the clock and the way to
// yield are injected (the server passes performance.now and setImmediate).

import { WorkbookError } from './errors.js';

/** How a sliced read tells time and lets the event loop turn. */
export interface SliceClock {
  /** A monotonic clock in milliseconds. */
  readonly now: () => number;
  /** Resolves on a later turn of the event loop. */
  readonly turn: () => Promise<void>;
}

/** What a sliced read watches: bumped by every change of the workbook's state. */
export interface StateCounter {
  readonly generation: number;
}

/**
 * How long anything built in slices (a read, a save's copy, an import's preparation, an /eval)
 * works before it lets the event loop turn. Short, because Node accepts one new connection per
 * turn (strace of the server: one accept4 per epoll_pwait): with 10 ms slices and the scavenges
 * inside them a million-cell import's turns averaged ~40 ms, clients that open a connection per
 * request arrived faster than they were accepted and waited 0.3–0.9 s in the backlog; with 2 ms
 * every ping was answered within 100 ms and the import took no longer (npm run hostile:latency).
 */
export const SLICE_MS = 2;

/** How many times a read restarts because commits kept landing under it. */
export const READ_ATTEMPTS = 3;

/** A read that commits kept interrupting: nothing is wrong with it, and sending it again answers. */
export class ReadInterruptedError extends WorkbookError {
  constructor(readonly attempts: number) {
    super(
      `The workbook changed ${attempts} times while this read was being built, so it was not answered (it would have mixed states): send it again.`,
    );
  }
}

/** Thrown inside a read when a commit landed between two of its slices (caught by `readConsistently`). */
class StateChanged extends Error {}

/** The pacing of one attempt of a sliced read. */
export class ReadSlices {
  readonly #state: StateCounter;
  readonly #clock: SliceClock;
  readonly #generation: number;
  readonly #whole: boolean;
  #sliceStart: number;

  /** `whole`: never pause (the read runs in one turn, so no commit can land under it). */
  constructor(state: StateCounter, clock: SliceClock, whole = false) {
    this.#state = state;
    this.#clock = clock;
    this.#generation = state.generation;
    this.#whole = whole;
    this.#sliceStart = clock.now();
  }

  /** Whether this slice has run its time (cheap: call it every few hundred cells). */
  get due(): boolean {
    return !this.#whole && this.#clock.now() - this.#sliceStart >= SLICE_MS;
  }

  /** Lets the event loop turn, then checks that no commit landed meanwhile. */
  async turn(): Promise<void> {
    await this.#clock.turn();
    this.#checkUnchanged();
    this.#sliceStart = this.#clock.now();
  }

  /**
   * Turns when the slice has run its time: `await slices.pause()` every few hundred cells. A
   * whole read never turns, and still checks that nothing landed between its microtasks (commits
   * land in turns of their own, so nothing should).
   */
  async pause(): Promise<void> {
    if (this.#whole) this.#checkUnchanged();
    else if (this.due) await this.turn();
  }

  #checkUnchanged(): void {
    if (this.#state.generation !== this.#generation) throw new StateChanged();
  }
}

/** How a sliced read ends when commits keep landing under it. */
export interface ReadOptions {
  /**
   * Make the last attempt in one turn of the event loop instead of failing: for what a user
   * asked to keep (a save, an export download), which a steady stream of writes must not refuse.
   */
  readonly lastAttemptWhole?: boolean;
}

/**
 * Runs `read` (which calls `slices.pause()` as it goes) until one attempt saw no commit land
 * between its slices; ReadInterruptedError after READ_ATTEMPTS attempts that each did, unless
 * the last attempt is made whole (`lastAttemptWhole`).
 */
export async function readConsistently<T>(
  state: StateCounter,
  clock: SliceClock,
  read: (slices: ReadSlices) => T | Promise<T>,
  options: ReadOptions = {},
): Promise<T> {
  for (let attempt = 1; attempt <= READ_ATTEMPTS; attempt += 1) {
    const whole = options.lastAttemptWhole === true && attempt === READ_ATTEMPTS;
    try {
      return await read(new ReadSlices(state, clock, whole));
    } catch (error) {
      if (!(error instanceof StateChanged)) throw error;
    }
  }
  throw new ReadInterruptedError(READ_ATTEMPTS);
}

/** Runs `steps` (a generator of work that yields where it may pause) to its end, without pausing. */
export function ranToEnd<T>(steps: Iterator<unknown, T, undefined>): T {
  for (;;) {
    const next = steps.next();
    if (next.done === true) return next.value;
  }
}

/** Runs `steps` to its end inside a sliced read, pausing (`slices.pause()`) wherever it yields. */
export async function stepsInSlices<T>(
  steps: Iterator<unknown, T, undefined>,
  slices: ReadSlices,
): Promise<T> {
  for (;;) {
    const next = steps.next();
    if (next.done === true) return next.value;
    await slices.pause();
  }
}
