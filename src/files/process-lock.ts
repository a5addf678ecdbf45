// A lock file naming the process that holds it, so that one process at a time works on what a
// directory holds (the OSS journal: two servers appending to the same log segments would
// interleave their commits and make the journal unreadable; the embedded database: two PGlite
// instances on one directory corrupt it). A lock left by a process that no longer runs (kill -9,
// a power cut) is taken over. A process id alone is not enough for that: after a reboot, or a
// container's restart, the id is soon another program's (or this server's own again, as pid 1),
// and the directory would stay locked for good. So on Linux the lock also names which run of
// that id holds it (the boot and the process's start time), and a running process of another run
// does not hold it; elsewhere only the id is compared.
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

/**
 * Which run of a process id this is: the boot's id and the process's start time (field 22 of
 * /proc/<pid>/stat, after the parenthesised name, which may hold spaces). '' where unknown.
 */
export async function processRunOf(files: FileSystem, pid: number): Promise<string> {
  try {
    const [boot, stat] = await Promise.all([
      files.readFile('/proc/sys/kernel/random/boot_id'),
      files.readFile(`/proc/${pid}/stat`),
    ]);
    const text = stat.toString('utf8');
    const startTime = text.slice(text.lastIndexOf(')') + 2).split(' ')[19];
    return startTime === undefined ? '' : `${boot.toString('utf8').trim()}/${startTime}`;
  } catch {
    return '';
  }
}

/** Whether the process a lock file names still runs, as the same run that wrote it. */
async function holds(files: FileSystem, pid: number, run: string): Promise<boolean> {
  if (!isRunning(pid)) return false;
  if (run === '') return true;
  const now = await processRunOf(files, pid);
  return now === '' || now === run;
}

/**
 * Creates `lockFile` naming `pid` (and its run), or answers which running process holds it. A lock
 * naming `pid` itself is taken over: this process reopening what it holds (tests), or an id
 * reused after a restart where the run is unknown.
 */
export async function takeProcessLock(
  files: FileSystem,
  lockFile: string,
  pid: number = process.pid,
): Promise<ProcessLock> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      const handle = await files.open(lockFile, 'wx', 0o600);
      try {
        await handle.writeFile(`${pid}\n${await processRunOf(files, pid)}\n`);
        await handle.sync();
      } finally {
        await handle.close();
      }
      return { taken: true, release: () => files.unlink(lockFile).catch(() => undefined) };
    } catch (error) {
      if (errorCode(error) !== 'EEXIST') throw error;
    }
    const [pidLine = '', run = ''] = await files.readFile(lockFile).then(
      (data) => data.toString('utf8').split('\n'),
      () => [],
    );
    const holder = Number.parseInt(pidLine, 10);
    if (
      Number.isInteger(holder) &&
      holder > 0 &&
      holder !== pid &&
      (await holds(files, holder, run))
    )
      return { taken: false, holder };
    // Left by a process that has ended, by another run of its id, by this process, or unreadable.
    await files.unlink(lockFile).catch(() => undefined);
  }
  throw new Error(`Could not take the lock ${lockFile}; another process keeps creating it.`);
}
