// A lock file naming the process that holds it, so that one process at a time works on what a
// directory holds (the OSS journal: two servers appending to the same log segments would
// interleave their commits and make the journal unreadable; the embedded database: two PGlite
// instances on one directory corrupt it). A lock left by a process that no longer runs (kill -9,
// a power cut) is taken over. A process id alone is not enough for that: after a reboot, or a
// container's restart, the id is soon another program's (or this server's own again, as pid 1),
// and the directory would stay locked for good. So on Linux the lock also names which run of
// that id holds it (the boot and the process's start time), and a running process of another run
// does not hold it; elsewhere only the id is compared.
// Two starts may find the same stale lock at once. A lock file appears whole (a fsynced temp file
// linked to its name), so no one reads one half written; and a stale one is removed only by the
// start that holds `<lock>.takeover`, after checking that it is still the same stale file, so the
// slower start can never remove the lock the faster one has just created.
import { randomBytes } from 'node:crypto';
import { errorCode, removeQuietly, writePrivateTemp, type FileSystem } from './atomic-write.js';

export type ProcessLock =
  | { readonly taken: true; release(): Promise<void> }
  /** Another running process holds it. */
  | { readonly taken: false; readonly holder: number };

/** How often a start tries again while another one takes a stale lock over (a few ms each). */
const ATTEMPTS = 50;
const TAKEOVER_WAIT_MS = 10;

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

/** A lock file as read: its text, and the process id and run it names. */
interface LockText {
  readonly text: string;
  readonly pid: number;
  readonly run: string;
}

/** The lock file's text, or undefined when there is none (released meanwhile). */
async function readLock(files: FileSystem, file: string): Promise<LockText | undefined> {
  let text: string;
  try {
    text = (await files.readFile(file)).toString('utf8');
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return undefined;
    throw error;
  }
  const [pidLine = '', run = ''] = text.split('\n');
  return { text, pid: Number.parseInt(pidLine, 10), run };
}

/**
 * Whether the process a lock names holds it against `pid`: it runs, as the run that wrote it.
 * A lock naming `pid` itself does not: this process reopening what it holds (tests), or an id
 * reused after a restart where the run is unknown. Nor does an unreadable one.
 */
async function isHeld(files: FileSystem, lock: LockText, pid: number): Promise<boolean> {
  if (!Number.isInteger(lock.pid) || lock.pid <= 0 || lock.pid === pid) return false;
  if (!isRunning(lock.pid)) return false;
  if (lock.run === '') return true;
  const now = await processRunOf(files, lock.pid);
  return now === '' || now === lock.run;
}

/** Gives `file` the name `name` too, whole; false when `name` exists. */
async function linkedAs(files: FileSystem, file: string, name: string): Promise<boolean> {
  try {
    await files.link(file, name);
    return true;
  } catch (error) {
    if (errorCode(error) === 'EEXIST') return false;
    throw error;
  }
}

/**
 * Removes the stale lock read as `stale`, if this start holds the takeover (`mine` is its lock
 * text, ready in a temp file); otherwise waits a moment for the start that does.
 */
async function removeStale(
  files: FileSystem,
  lockFile: string,
  stale: LockText,
  mine: string,
  pid: number,
): Promise<void> {
  const takeover = `${lockFile}.takeover`;
  if (!(await linkedAs(files, mine, takeover))) {
    const other = await readLock(files, takeover);
    if (other === undefined) return;
    if (await isHeld(files, other, pid))
      await new Promise((resolve) => setTimeout(resolve, TAKEOVER_WAIT_MS));
    // Left by a start that ended halfway through a takeover.
    else await removeQuietly(files, takeover);
    return;
  }
  try {
    // Only the takeover's holder removes a lock, and a lock cannot be created while one is
    // there: what is read here is still there when it is removed (unless its holder releases it).
    if ((await readLock(files, lockFile))?.text === stale.text)
      await removeQuietly(files, lockFile);
  } finally {
    await removeQuietly(files, takeover);
  }
}

/** Creates `lockFile` naming `pid` (and its run), or answers which running process holds it. */
export async function takeProcessLock(
  files: FileSystem,
  lockFile: string,
  pid: number = process.pid,
): Promise<ProcessLock> {
  const mine = await writePrivateTemp(
    files,
    lockFile,
    `${pid}\n${await processRunOf(files, pid)}\n`,
    `${pid}-${randomBytes(6).toString('hex')}`,
  );
  try {
    for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
      if (await linkedAs(files, mine, lockFile))
        return {
          taken: true,
          release: () => removeQuietly(files, lockFile).catch(() => undefined),
        };
      const found = await readLock(files, lockFile);
      if (found === undefined) continue;
      if (await isHeld(files, found, pid)) return { taken: false, holder: found.pid };
      // Left by a process that has ended, by another run of its id, by this process, or unreadable.
      await removeStale(files, lockFile, found, mine, pid);
    }
  } finally {
    await removeQuietly(files, mine).catch(() => undefined);
  }
  throw new Error(`Could not take the lock ${lockFile}; another process keeps creating it.`);
}
