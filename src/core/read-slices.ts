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

/** How long a read computes before it lets the event loop turn. */
export const READ_SLICE_MS = 10;

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
  #sliceStart: number;

  constructor(state: StateCounter, clock: SliceClock) {
    this.#state = state;
    this.#clock = clock;
    this.#generation = state.generation;
    this.#sliceStart = clock.now();
  }

  /** Whether this slice has run its time (cheap: call it every few hundred cells). */
  get due(): boolean {
    return this.#clock.now() - this.#sliceStart >= READ_SLICE_MS;
  }

  /** Lets the event loop turn, then checks that no commit landed meanwhile. */
  async turn(): Promise<void> {
    await this.#clock.turn();
    if (this.#state.generation !== this.#generation) throw new StateChanged();
    this.#sliceStart = this.#clock.now();
  }

  /** Turns when the slice has run its time: `await slices.pause()` every few hundred cells. */
  async pause(): Promise<void> {
    if (this.due) await this.turn();
  }
}

/**
 * Runs `read` (which calls `slices.pause()` as it goes) until one attempt saw no commit land
 * between its slices; ReadInterruptedError after READ_ATTEMPTS attempts that each did.
 */
export async function readConsistently<T>(
  state: StateCounter,
  clock: SliceClock,
  read: (slices: ReadSlices) => T | Promise<T>,
): Promise<T> {
  for (let attempt = 1; attempt <= READ_ATTEMPTS; attempt += 1) {
    try {
      return await read(new ReadSlices(state, clock));
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
