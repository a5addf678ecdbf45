// Failed sign-ins counted per key (an account's email, a client address) in a sliding window;
// over the limit, further attempts are refused until the oldest failure leaves the window. In
// memory: a restart forgets, and each process counts its own (the limits are per process).

export interface ThrottleLimit {
  readonly failures: number;
  readonly windowMs: number;
}

export class FailureThrottle {
  readonly #limit: ThrottleLimit;
  readonly #now: () => number;
  readonly #failures = new Map<string, number[]>();

  constructor(limit: ThrottleLimit, now: () => number) {
    this.#limit = limit;
    this.#now = now;
  }

  /** Seconds until `key` may try again, or 0 when it may now. */
  retryAfter(key: string): number {
    const recent = this.#recent(key);
    if (recent.length < this.#limit.failures) return 0;
    const oldest = recent[recent.length - this.#limit.failures]!;
    return Math.max(1, Math.ceil((oldest + this.#limit.windowMs - this.#now()) / 1000));
  }

  fail(key: string): void {
    const recent = this.#recent(key);
    recent.push(this.#now());
    this.#failures.set(key, recent);
    // Bounded memory: forget keys whose failures have all left the window.
    if (this.#failures.size > 100_000)
      for (const stale of this.#failures.keys())
        if (this.#recent(stale).length === 0) this.#failures.delete(stale);
  }

  clear(key: string): void {
    this.#failures.delete(key);
  }

  #recent(key: string): number[] {
    const since = this.#now() - this.#limit.windowMs;
    const kept = (this.#failures.get(key) ?? []).filter((at) => at > since);
    if (kept.length === 0) this.#failures.delete(key);
    else this.#failures.set(key, kept);
    return kept;
  }
}
