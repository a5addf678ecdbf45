// OSS KeyStore: {"<provider>": "<key>"} in <data dir>/keys.json, mode 0600, replaced atomically.
// Only keys saved through Settings are written: environment keys never reach the file.
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { nodeFileSystem, writeFileAtomically } from '../files/index.js';
import { KeyFileError } from './errors.js';
import type { KeyStore, StoredKeys } from './key-store.js';
import { isProviderId, type ProviderId } from './provider-ids.js';

export const KEY_FILE_NAME = 'keys.json';

export class FileKeyStore implements KeyStore {
  readonly file: string;
  /** Writes are chained so two saves at once cannot lose either key. */
  private pending: Promise<unknown> = Promise.resolve();

  constructor(dataDir: string) {
    this.file = path.join(dataDir, KEY_FILE_NAME);
  }

  list(): Promise<StoredKeys> {
    return this.serialised(() => this.read());
  }

  set(provider: ProviderId, apiKey: string): Promise<void> {
    return this.serialised(async () => {
      const keys = { ...(await this.read()), [provider]: apiKey };
      await this.write(keys);
    });
  }

  delete(provider: ProviderId): Promise<void> {
    return this.serialised(async () => {
      const current = await this.read();
      if (current[provider] === undefined) return;
      const { [provider]: _removed, ...rest } = current;
      await this.write(rest);
    });
  }

  private serialised<T>(work: () => Promise<T>): Promise<T> {
    const result = this.pending.then(work, work);
    this.pending = result.catch(() => undefined);
    return result;
  }

  private async read(): Promise<StoredKeys> {
    let text: string;
    try {
      text = await readFile(this.file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
      throw new KeyFileError(
        this.file,
        `cannot be read (${(error as NodeJS.ErrnoException).code ?? 'I/O error'})`,
      );
    }
    return parseKeyFile(this.file, text);
  }

  private async write(keys: StoredKeys): Promise<void> {
    await mkdir(path.dirname(this.file), { recursive: true });
    await writeFileAtomically(nodeFileSystem, this.file, `${JSON.stringify(keys, null, 2)}\n`);
  }
}

/** Blank and non-string values and unknown provider ids are ignored, as GridOS's loader does. */
function parseKeyFile(file: string, text: string): StoredKeys {
  if (text.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new KeyFileError(file, 'is not valid JSON');
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new KeyFileError(file, 'must hold a JSON object of provider id to key');
  }
  const keys: Partial<Record<ProviderId, string>> = {};
  for (const [provider, value] of Object.entries(parsed)) {
    if (isProviderId(provider) && typeof value === 'string' && value.trim() !== '')
      keys[provider] = value.trim();
  }
  return keys;
}
