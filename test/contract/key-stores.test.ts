// Runs the KeyStore contract against every implementation, plus the key file's own rules.
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  FileKeyStore,
  KeyFileError,
  MemoryKeyStore,
  type StoredKeys,
} from '../../src/providers/index.js';
import { keyStoreContract } from './key-store.contract.js';

async function tempDir(): Promise<string> {
  return mkdtemp(path.join(tmpdir(), 'gridbook-keys-'));
}

keyStoreContract('FileKeyStore (<data dir>/keys.json)', async () => {
  const dir = await tempDir();
  return {
    open: async () => new FileKeyStore(dir),
    cleanup: () => rm(dir, { recursive: true, force: true }),
  };
});

keyStoreContract('MemoryKeyStore', async () => {
  // One shared map stands in for the storage a restart would find again.
  let saved: StoredKeys = {};
  return {
    open: async () => {
      const store = new MemoryKeyStore(saved);
      const persist = async (): Promise<void> => {
        saved = await store.list();
      };
      return {
        list: () => store.list(),
        set: async (provider, key) => {
          await store.set(provider, key);
          await persist();
        },
        delete: async (provider) => {
          await store.delete(provider);
          await persist();
        },
      };
    },
    cleanup: async () => {},
  };
});

describe('FileKeyStore file', () => {
  it('writes <data dir>/keys.json with mode 0600 as a JSON object of provider to key', async () => {
    const dir = await tempDir();
    try {
      await new FileKeyStore(dir).set('anthropic', 'sk-ant-file-1');
      const file = path.join(dir, 'keys.json');
      expect((await stat(file)).mode & 0o777).toBe(0o600);
      expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ anthropic: 'sk-ant-file-1' });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('keeps mode 0600 when it replaces an existing, looser file', async () => {
    const dir = await tempDir();
    try {
      const file = path.join(dir, 'keys.json');
      await writeFile(file, '{"groq": "gsk_loose"}', { mode: 0o644 });
      await new FileKeyStore(dir).set('gemini', 'AIza-2');
      expect((await stat(file)).mode & 0o777).toBe(0o600);
      expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({
        groq: 'gsk_loose',
        gemini: 'AIza-2',
      });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('leaves no temporary file behind after saves', async () => {
    const dir = await tempDir();
    try {
      const store = new FileKeyStore(dir);
      await Promise.all([
        store.set('gemini', 'a-key-1'),
        store.set('groq', 'a-key-2'),
        store.delete('gemini'),
      ]);
      expect(await readdir(dir)).toEqual(['keys.json']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('creates a missing data directory on first save', async () => {
    const dir = await tempDir();
    try {
      const nested = path.join(dir, 'not', 'yet');
      await new FileKeyStore(nested).set('openrouter', 'sk-or-nested');
      expect(await new FileKeyStore(nested).list()).toEqual({ openrouter: 'sk-or-nested' });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('ignores blank and non-string values and unknown providers when reading', async () => {
    const dir = await tempDir();
    try {
      await writeFile(
        path.join(dir, 'keys.json'),
        JSON.stringify({ gemini: '  ', groq: 42, openai: 'sk-x', anthropic: ' sk-ant-ok ' }),
      );
      expect(await new FileKeyStore(dir).list()).toEqual({ anthropic: 'sk-ant-ok' });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('a corrupt file is a KeyFileError naming the file, and is not overwritten by a save', async () => {
    const dir = await tempDir();
    try {
      const file = path.join(dir, 'keys.json');
      await writeFile(file, '{"gemini": "AIza-trunc');
      const store = new FileKeyStore(dir);
      await expect(store.list()).rejects.toThrow(KeyFileError);
      await expect(store.list()).rejects.toThrow(file);
      await expect(store.set('groq', 'gsk_new')).rejects.toThrow(KeyFileError);
      expect(await readFile(file, 'utf8')).toBe('{"gemini": "AIza-trunc');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
