import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PgliteDatabase } from './pglite.js';

/** The id of a process that has ended. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], {
    encoding: 'utf8',
  });
  return Number(child.stdout);
}

describe('the embedded database in the data directory', () => {
  it('a lock file keeps a second opener out with a clear message; one left by an ended process is taken over', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'gridbook-pglite-'));
    try {
      await mkdir(dir, { recursive: true });
      await writeFile(path.join(dir, 'db.lock'), `${deadPid()}\n`);
      const database = await PgliteDatabase.open({ dataDir: dir });
      try {
        const [holder] = (await readFile(path.join(dir, 'db.lock'), 'utf8')).split('\n');
        expect(holder).toBe(String(process.pid));
        // Another process (its own pid) opening the same directory: this one is still running.
        await expect(PgliteDatabase.open({ dataDir: dir, pid: process.pid + 1 })).rejects.toThrow(
          new RegExp(`in use by another Gridbook process \\(pid ${process.pid}\\).*DATABASE_URL`),
        );
        await database.exec('CREATE TABLE kept (id int); INSERT INTO kept VALUES (7)');
      } finally {
        await database.close();
      }
      expect(existsSync(path.join(dir, 'db.lock'))).toBe(false);
      const reopened = await PgliteDatabase.open({ dataDir: dir });
      try {
        expect((await reopened.query('SELECT id FROM kept')).rows).toEqual([{ id: 7 }]);
      } finally {
        await reopened.close();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
