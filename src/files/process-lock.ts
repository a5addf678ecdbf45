// A lock file holding a process id, so that one process at a time works on what a directory
// holds (the OSS journal: two servers appending to the same log segments would interleave their
// commits and make the journal unreadable). A lock left by a process that no longer runs (kill -9)
// is taken over; so is one holding this process's own id (a container's server is often pid 1
// again after a restart, and a test may reopen a directory in the same process).
import type { FileSystem } from './atomic-write.js';

export type ProcessLock =
  | { readonly taken: true; release(): Promise<void> }
  /** Another running process holds it. */
  | { readonly taken: false; readonly holder: number };

function errorCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error
    ? String(error.code)
    : undefined;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return errorCode(error) === 'EPERM';
  }
}

/** Creates `lockFile` holding `pid`, or answers which running process holds it. */
export async function takeProcessLock(
  files: FileSystem,
  lockFile: string,
  pid: number = process.pid,
): Promise<ProcessLock> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      const handle = await files.open(lockFile, 'wx', 0o600);
      try {
        await handle.writeFile(`${pid}\n`);
        await handle.sync();
      } finally {
        await handle.close();
      }
      return { taken: true, release: () => files.unlink(lockFile).catch(() => undefined) };
    } catch (error) {
      if (errorCode(error) !== 'EEXIST') throw error;
    }
    const text = await files.readFile(lockFile).then(
      (data) => data.toString('utf8'),
      () => '',
    );
    const holder = Number.parseInt(text, 10);
    if (Number.isInteger(holder) && holder > 0 && holder !== pid && isRunning(holder))
      return { taken: false, holder };
    // Left by a process that has ended, by this process, or unreadable: take it over.
    await files.unlink(lockFile).catch(() => undefined);
  }
  throw new Error(`Could not take the lock ${lockFile}; another process keeps creating it.`);
}
