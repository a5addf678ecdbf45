// Crash-safe, private file replacement (docs/design.md §5), the one writer every file of ours
// goes through (save file, journal snapshots, provider keys): write a temp file (mode 0600, so
// nothing is world-readable even for a moment) in the same directory, fsync it, rename it over
// the target, fsync the directory. A crash at any point leaves the old file or the new one,
// never a torn one. The file system is a seam so tests can fail it.
import { randomBytes } from 'node:crypto';
import { fdatasync } from 'node:fs';
import * as fs from 'node:fs/promises';
import path from 'node:path';

/** The few file operations the store needs; node:fs/promises satisfies it. */
export interface FileSystem {
  open(file: string, flags: string, mode?: number): Promise<fs.FileHandle>;
  rename(from: string, to: string): Promise<void>;
  /** A second name for a file; fails with EEXIST when `to` exists (creates it with its content at once). */
  link(from: string, to: string): Promise<void>;
  unlink(file: string): Promise<void>;
  readFile(file: string): Promise<Buffer>;
  readdir(dir: string): Promise<string[]>;
  mkdir(dir: string, options: { recursive: true; mode?: number }): Promise<string | undefined>;
  /**
   * fdatasync of an open file's descriptor, told through a callback: the journal's group commit
   * calls it once per group, and the callback form costs the event loop less per call than a
   * FileHandle's promise (`datasync()`: a promise request and its bookkeeping per call).
   */
  fdatasync(fd: number, done: (error: NodeJS.ErrnoException | null) => void): void;
}

export const nodeFileSystem: FileSystem = {
  open: (file, flags, mode) => fs.open(file, flags, mode),
  rename: (from, to) => fs.rename(from, to),
  link: (from, to) => fs.link(from, to),
  unlink: (file) => fs.unlink(file),
  readFile: (file) => fs.readFile(file),
  readdir: (dir) => fs.readdir(dir),
  mkdir: (dir, options) => fs.mkdir(dir, options),
  fdatasync: (fd, done) => fdatasync(fd, done),
};

export function errorCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error
    ? String(error.code)
    : undefined;
}

/**
 * Temp files of `target` look like `.<name>.<pid>-<n>.tmp`, hidden and recognisable for clean-up.
 */
export function tempFilePrefix(target: string): string {
  return `.${path.basename(target)}.`;
}

/** fsyncs a directory, so a file created or renamed in it survives a crash. */
export async function syncDirectory(files: FileSystem, dir: string): Promise<void> {
  let handle: fs.FileHandle | undefined;
  try {
    handle = await files.open(dir, 'r');
    await handle.sync();
  } catch (error) {
    // Some platforms cannot fsync a directory (EISDIR, EINVAL, EPERM); the rename is still atomic
    // there.
    if (!['EISDIR', 'EINVAL', 'EPERM', 'EBADF'].includes(errorCode(error) ?? '')) throw error;
  } finally {
    await handle?.close();
  }
}

export async function removeQuietly(files: FileSystem, file: string): Promise<void> {
  try {
    await files.unlink(file);
  } catch (error) {
    if (errorCode(error) !== 'ENOENT') throw error;
  }
}

/**
 * Writes `data` to a new temp file beside `target`, readable by this user only and fsynced, and
 * answers its path. `tempTag` names it (unique per writer); by default the process id and random
 * bytes.
 */
export async function writePrivateTemp(
  files: FileSystem,
  target: string,
  data: string | Uint8Array,
  tempTag = `${process.pid}-${randomBytes(6).toString('hex')}`,
): Promise<string> {
  const temp = path.join(path.dirname(target), `${tempFilePrefix(target)}${tempTag}.tmp`);
  try {
    const handle = await files.open(temp, 'w', 0o600);
    try {
      await handle.writeFile(data);
      // The umask can only remove bits; chmod makes 0600 exact whatever the umask or an old file.
      await handle.chmod(0o600);
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch (error) {
    await removeQuietly(files, temp);
    throw error;
  }
  return temp;
}

/**
 * Replaces `target` with `data`, readable by this user only. `tempTag` names the temp file
 * (unique per writer); by default the process id and random bytes.
 */
export async function writeFileAtomically(
  files: FileSystem,
  target: string,
  data: string | Uint8Array,
  tempTag?: string,
): Promise<void> {
  const temp = await writePrivateTemp(files, target, data, tempTag);
  try {
    await files.rename(temp, target);
  } catch (error) {
    await removeQuietly(files, temp);
    throw error;
  }
  await syncDirectory(files, path.dirname(target));
}

/** Deletes temp files a killed process left behind (call only while no save of `target` runs). */
export async function removeStaleTempFiles(files: FileSystem, target: string): Promise<number> {
  const dir = path.dirname(target);
  const prefix = tempFilePrefix(target);
  let removed = 0;
  for (const entry of await files.readdir(dir)) {
    if (entry.startsWith(prefix) && entry.endsWith('.tmp')) {
      await removeQuietly(files, path.join(dir, entry));
      removed += 1;
    }
  }
  return removed;
}

export async function readFileIfPresent(
  files: FileSystem,
  file: string,
): Promise<Buffer | undefined> {
  try {
    return await files.readFile(file);
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return undefined;
    throw error;
  }
}
