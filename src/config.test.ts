// loadConfig's undo settings: defaults, accepted values and the messages for bad ones.
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('GRIDBOOK_UNDO_MAX_BYTES', () => {
  it('defaults to 256 MiB and takes a whole number of bytes, 0 included', () => {
    expect(loadConfig({}).undoMaxBytes).toBe(256 * 1024 * 1024);
    expect(loadConfig({ GRIDBOOK_UNDO_MAX_BYTES: ' 1048576 ' }).undoMaxBytes).toBe(1_048_576);
    expect(loadConfig({ GRIDBOOK_UNDO_MAX_BYTES: '0' }).undoMaxBytes).toBe(0);
    expect(loadConfig({ GRIDBOOK_UNDO_MAX_BYTES: '' }).undoMaxBytes).toBe(256 * 1024 * 1024);
  });

  it.each([
    [
      '256MiB',
      /GRIDBOOK_UNDO_MAX_BYTES: expected a whole number from 0 to 1099511627776, got "256MiB"/,
    ],
    ['-1', /GRIDBOOK_UNDO_MAX_BYTES: expected a whole number/],
    ['1.5', /GRIDBOOK_UNDO_MAX_BYTES: expected a whole number/],
    [
      '2000000000000',
      /GRIDBOOK_UNDO_MAX_BYTES: must be from 0 to 1099511627776, got 2000000000000/,
    ],
  ])('refuses %j, naming the variable and the accepted range', (raw, message) => {
    expect(() => loadConfig({ GRIDBOOK_UNDO_MAX_BYTES: raw })).toThrow(ConfigError);
    expect(() => loadConfig({ GRIDBOOK_UNDO_MAX_BYTES: raw })).toThrow(message);
  });
});

describe('GRIDBOOK_UNDO_DEPTH', () => {
  it('defaults to 100 and refuses what is not a whole number up to 10,000', () => {
    expect(loadConfig({}).undoDepth).toBe(100);
    expect(() => loadConfig({ GRIDBOOK_UNDO_DEPTH: 'many' })).toThrow(
      /GRIDBOOK_UNDO_DEPTH: expected a whole number from 0 to 10000/,
    );
    expect(() => loadConfig({ GRIDBOOK_UNDO_DEPTH: '10001' })).toThrow(
      /GRIDBOOK_UNDO_DEPTH: must be from 0 to 10000/,
    );
  });
});
