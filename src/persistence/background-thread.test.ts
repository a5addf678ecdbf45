// The server's worker threads run below the request thread's CPU priority (background-thread.ts):
// checked on the real xlsx worker, by the nice value of each thread of this process.
import { readdirSync, readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { BACKGROUND_NICE, threadId } from './background-thread.js';
import { XlsxWorkerPool } from './xlsx-worker-pool.js';

/** Each thread of this process and its nice value (field 19 of /proc/self/task/<id>/stat). */
function niceByThread(): Map<number, number> {
  const nice = new Map<number, number>();
  for (const id of readdirSync('/proc/self/task')) {
    try {
      const stat = readFileSync(`/proc/self/task/${id}/stat`, 'utf8');
      nice.set(Number(id), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]));
    } catch {
      // The thread ended between the listing and the read.
    }
  }
  return nice;
}

let pool: XlsxWorkerPool | undefined;
afterEach(async () => {
  const started = pool;
  pool = undefined;
  for (let waited = 0; started?.started === true && waited < 10_000; waited += 20)
    await new Promise((resolve) => setTimeout(resolve, 20));
});

describe('the xlsx worker thread', () => {
  it.runIf(process.platform === 'linux')(
    'runs at BACKGROUND_NICE while the thread answering requests keeps its priority',
    async () => {
      const main = threadId()!;
      const before = niceByThread();
      pool = new XlsxWorkerPool({ idleMs: 2_000 });
      await pool.decodeJson('{"workbook_name":"W","sheets":[{"name":"S","cells":{}}]}', 'body');
      const after = niceByThread();
      const lowered = [...after].filter(
        ([id, nice]) => nice === BACKGROUND_NICE && before.get(id) !== BACKGROUND_NICE,
      );
      expect(lowered.length).toBe(1);
      expect(after.get(main)).toBe(before.get(main));
      expect(after.get(main)).not.toBe(BACKGROUND_NICE);
    },
  );
});
