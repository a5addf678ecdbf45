import { describe, expect, it } from 'vitest';
import { maskKey } from './key-store.js';

describe('maskKey', () => {
  it('is empty without a key', () => {
    expect(maskKey(undefined)).toBe('');
    expect(maskKey('')).toBe('');
  });

  it('shows bullets and only the last 4 characters of a normal key', () => {
    const key = 'sk-ant-api03-abcdefghijklmnop-WXYZ';
    const masked = maskKey(key);
    expect(masked).toBe('••••WXYZ');
    expect(masked).not.toContain(key.slice(0, 5));
  });

  it('shows no character of a key of 8 characters or fewer', () => {
    expect(maskKey('abcdefgh')).toBe('••••••••');
    expect(maskKey('abc')).toBe('•••');
  });

  it('[PROV-2] never reveals more than 4 characters of the key, whatever its length', () => {
    for (let length = 1; length <= 64; length += 1) {
      const key = 'k'.repeat(length - 1) + 'Z';
      const visible = [...maskKey(key)].filter((character) => character !== '•');
      expect(visible.length).toBeLessThanOrEqual(4);
    }
  });
});
