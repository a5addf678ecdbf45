// loadConfig: undo settings, the SaaS secret key and shared provider keys; defaults, accepted values and the messages for bad ones.
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

describe('GRIDBOOK_SECRET_KEY and GRIDBOOK_SHARED_PROVIDER_KEYS', () => {
  const KEY = Buffer.alloc(32, 9).toString('base64');

  it('SaaS mode refuses to start without a secret key, and the message says how to make one', () => {
    expect(() => loadConfig({ GRIDBOOK_MODE: 'saas' }, '/tmp')).toThrow(ConfigError);
    expect(() => loadConfig({ GRIDBOOK_MODE: 'saas' }, '/tmp')).toThrow(
      /GRIDBOOK_SECRET_KEY: .*openssl rand -base64 32/,
    );
    expect(() =>
      loadConfig({ GRIDBOOK_MODE: 'saas', GRIDBOOK_SECRET_KEY: 'short' }, '/tmp'),
    ).toThrow(/GRIDBOOK_SECRET_KEY: must be 32 random bytes.*openssl rand -base64 32/);
    const hex = 'ab'.repeat(32);
    expect(
      loadConfig({ GRIDBOOK_MODE: 'saas', GRIDBOOK_SECRET_KEY: hex }, '/tmp').secretKey,
    ).toEqual(Buffer.from(hex, 'hex'));
  });

  it('the environment provider keys are shared with SaaS users only when the flag is 1', () => {
    const saas = { GRIDBOOK_MODE: 'saas', GRIDBOOK_SECRET_KEY: KEY };
    expect(loadConfig(saas, '/tmp').sharedProviderKeys).toBe(false);
    expect(
      loadConfig({ ...saas, GRIDBOOK_SHARED_PROVIDER_KEYS: '1' }, '/tmp').sharedProviderKeys,
    ).toBe(true);
    expect(() => loadConfig({ ...saas, GRIDBOOK_SHARED_PROVIDER_KEYS: 'yes' }, '/tmp')).toThrow(
      /GRIDBOOK_SHARED_PROVIDER_KEYS: set it to 1/,
    );
  });
});

describe('GRIDBOOK_XLSX_TIMEOUT_MS', () => {
  it('defaults to 120 s per xlsx job, takes any positive count of ms, and refuses 0', () => {
    expect(loadConfig({}).xlsxTimeoutMs).toBe(120_000);
    expect(loadConfig({ GRIDBOOK_XLSX_TIMEOUT_MS: '30000' }).xlsxTimeoutMs).toBe(30_000);
    expect(() => loadConfig({ GRIDBOOK_XLSX_TIMEOUT_MS: '0' })).toThrow(/GRIDBOOK_XLSX_TIMEOUT_MS/);
  });
});

describe('GRIDBOOK_MAX_WRITE_CELLS and GRIDBOOK_MAX_IMPORT_CELLS', () => {
  it('default to 100,000 cells per write and 1,048,576 per import, and take any positive count', () => {
    expect(loadConfig({})).toMatchObject({ maxWriteCells: 100_000, maxImportCells: 1_048_576 });
    expect(
      loadConfig({ GRIDBOOK_MAX_WRITE_CELLS: '1048576', GRIDBOOK_MAX_IMPORT_CELLS: '4194304' }),
    ).toMatchObject({ maxWriteCells: 1_048_576, maxImportCells: 4_194_304 });
  });

  it.each(['GRIDBOOK_MAX_WRITE_CELLS', 'GRIDBOOK_MAX_IMPORT_CELLS'])(
    '%s refuses 0 and non-numbers, naming the variable',
    (variable) => {
      expect(() => loadConfig({ [variable]: '0' })).toThrow(`${variable}: must be from 1`);
      expect(() => loadConfig({ [variable]: '20k' })).toThrow(
        `${variable}: expected a whole number`,
      );
    },
  );
});
