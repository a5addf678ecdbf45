import { describe, expect, it } from 'vitest';
import { RevocableCache } from './revocable-cache.js';

describe('RevocableCache', () => {
  it('keeps a grant until it expires or is forgotten', () => {
    let clock = 0;
    const cache = new RevocableCache<string>({ maxEntries: 10, ttlMs: 100, clock: () => clock });
    cache.set('a', 'editor', cache.generation);
    expect(cache.get('a')).toBe('editor');
    clock = 100;
    expect(cache.get('a')).toBeUndefined();
    cache.set('a', 'editor', cache.generation);
    cache.forget((key) => key === 'a');
    expect(cache.get('a')).toBeUndefined();
  });

  it('does not keep an answer read before a revocation that arrives after it', () => {
    const cache = new RevocableCache<string>({ maxEntries: 10, ttlMs: 1_000 });
    const before = cache.generation;
    cache.forget((key) => key === 'other');
    cache.set('a', 'editor', before);
    expect(cache.get('a')).toBeUndefined();
  });

  it('stays within its bound by starting over', () => {
    const cache = new RevocableCache<number>({ maxEntries: 2, ttlMs: 1_000 });
    for (const key of ['a', 'b', 'c']) cache.set(key, 1, cache.generation);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([undefined, undefined, 1]);
  });
});
