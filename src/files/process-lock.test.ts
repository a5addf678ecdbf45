import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { nodeFileSystem } from './atomic-write.js';
import { processRunOf, takeProcessLock } from './process-lock.js';

const dirs: string[] = [];
async function lockFile(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'gridbook-lock-'));
  dirs.push(dir);
  return path.join(dir, 'writer.lock');
}
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

// The parent (the test runner) is a process that runs for the whole test and is not this one.
const other = process.ppid;

/** The id of a process that has ended: a child, waited for. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid!;
}

describe('a lock file naming the process that holds it', () => {
  it('names the process and its run; a running process of that run keeps others out', async () => {
    const file = await lockFile();
    const taken = await takeProcessLock(nodeFileSystem, file, other);
    expect(taken.taken).toBe(true);
    const [pid, run] = (await readFile(file, 'utf8')).split('\n');
    expect(pid).toBe(String(other));
    expect(run).toBe(await processRunOf(nodeFileSystem, other));
    expect(await takeProcessLock(nodeFileSystem, file)).toEqual({ taken: false, holder: other });
  });

  it.runIf(process.platform === 'linux')(
    'a running process of another run of the id (a reboot, a reused id) does not hold it',
    async () => {
      const file = await lockFile();
      const run = await processRunOf(nodeFileSystem, other);
      expect(run).toMatch(/^[\da-f-]+\/\d+$/);
      await writeFile(file, `${other}\n${run.split('/')[0]}/1\n`);
      const taken = await takeProcessLock(nodeFileSystem, file);
      expect(taken.taken).toBe(true);
      expect((await readFile(file, 'utf8')).split('\n')[0]).toBe(String(process.pid));
    },
  );

  it('a lock written before runs were recorded (the id alone) still keeps others out while it runs', async () => {
    const file = await lockFile();
    await writeFile(file, `${other}\n`);
    expect(await takeProcessLock(nodeFileSystem, file)).toEqual({ taken: false, holder: other });
  });

  it('two processes taking over the same stale lock at once: exactly one of them gets it', async () => {
    // Each start reads the stale lock, finds its holder gone and replaces it; before, the slower
    // one removed the lock the faster one had just created, and both went on as its holder.
    const stale = await deadPid();
    for (let round = 0; round < 20; round += 1) {
      const file = await lockFile();
      await writeFile(file, `${stale}\n`);
      const [mine, theirs] = await Promise.all([
        takeProcessLock(nodeFileSystem, file),
        takeProcessLock(nodeFileSystem, file, other),
      ]);
      expect([mine.taken, theirs.taken].filter(Boolean)).toHaveLength(1);
      const holder = Number((await readFile(file, 'utf8')).split('\n')[0]);
      expect(holder).toBe(mine.taken ? process.pid : other);
      expect(mine.taken ? theirs : mine).toEqual({ taken: false, holder });
    }
  });

  it('a lock being written is never read empty and taken over', async () => {
    const file = await lockFile();
    const [first, second] = await Promise.all([
      takeProcessLock(nodeFileSystem, file, other),
      takeProcessLock(nodeFileSystem, file),
    ]);
    expect([first.taken, second.taken].filter(Boolean)).toHaveLength(1);
  });

  it('a takeover left by a start that ended halfway through it does not keep the lock stale for good', async () => {
    const file = await lockFile();
    const stale = await deadPid();
    await writeFile(file, `${stale}\n`);
    await writeFile(`${file}.takeover`, `${stale}\n`);
    expect((await takeProcessLock(nodeFileSystem, file)).taken).toBe(true);
    expect(existsSync(`${file}.takeover`)).toBe(false);
  });

  it('released, it is gone and the next process takes it', async () => {
    const file = await lockFile();
    const taken = await takeProcessLock(nodeFileSystem, file, other);
    if (!taken.taken) throw new Error('not taken');
    await taken.release();
    expect((await takeProcessLock(nodeFileSystem, file)).taken).toBe(true);
  });
});
