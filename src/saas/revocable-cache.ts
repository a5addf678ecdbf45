// A small in-process cache of answers the database gave for access (a token's user, a caller's
// role on a workbook), so a request does not pay a query for each. Only grants are cached, never
// refusals. Whatever revokes access calls `forget` in the same process before it returns, so the
// next request asks the database again; an answer read before a revocation but arriving after it
// is not stored (the generation moved). Another process's revocation reaches this cache only when
// the entry expires (`ttlMs`): docs/decisions/2026-11-26-saas-access-cache.md.
/** How long a cached grant may be used before the database is asked again (other processes' revocations). */
export const ACCESS_CACHE_TTL_MS = 5_000;

export class RevocableCache<V> {
  readonly #entries = new Map<string, { readonly value: V; readonly expires: number }>();
  readonly #maxEntries: number;
  readonly #ttlMs: number;
  readonly #clock: () => number;
  #generation = 0;

  constructor(options: { maxEntries: number; ttlMs: number; clock?: () => number }) {
    this.#maxEntries = options.maxEntries;
    this.#ttlMs = options.ttlMs;
    this.#clock = options.clock ?? Date.now;
  }

  get(key: string): V | undefined {
    const entry = this.#entries.get(key);
    if (entry === undefined) return undefined;
    if (entry.expires <= this.#clock()) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /** Taken before the database is asked; `set` stores the answer only if nothing was revoked since. */
  get generation(): number {
    return this.#generation;
  }

  set(key: string, value: V, generation: number): void {
    if (generation !== this.#generation || this.#ttlMs === 0) return;
    if (this.#entries.size >= this.#maxEntries) this.#entries.clear();
    this.#entries.set(key, { value, expires: this.#clock() + this.#ttlMs });
  }

  /** Drops the entries whose key `matches` (a revocation); answers read meanwhile are not kept. */
  forget(matches: (key: string) => boolean): void {
    this.#generation += 1;
    for (const key of [...this.#entries.keys()]) if (matches(key)) this.#entries.delete(key);
  }
}
