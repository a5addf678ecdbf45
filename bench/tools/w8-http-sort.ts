// W8's sort over HTTP alone, for profiling the server: fill a 100,000 × 5 table, sort it by its
// first column, and print the call's wall time beside the server's CPU time for it (read from
// /proc, so the load of other sessions does not count).
// W8_ROWS=100000 W8_PROFILE_DIR=/tmp/w8prof node --import tsx bench/tools/w8-http-sort.ts
// With W8_PROFILE_DIR the server writes a CPU profile there when it stops; the sort is its last
// work, so `PROFILE_LAST_MS=<cpu ms> bench/tools/profile-summary.ts` isolates it.
// W8_SERVER_ENTRY=dist/old-server/main.js runs another compiled server instead of this
// checkout's (an older `dist/server` copied aside), so before and after can alternate in the
// same minutes on a shared machine.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { a1 } from '../workloads/data.js';
import { startServer } from '../lib/server.js';
import { now } from '../lib/stats.js';

const ROWS = Number(process.env.W8_ROWS ?? 100_000);
const PROFILE_DIR = process.env.W8_PROFILE_DIR;
const SERVER_ENTRY = process.env.W8_SERVER_ENTRY;

/** The server's user + system CPU time so far, in ms (fields 14 and 15 of /proc/<pid>/stat). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

const server = await startServer({
  env: { GRIDBOOK_FORMULA_BUDGET_MS: '600000' },
  ...(PROFILE_DIR === undefined ? {} : { cpuProfileDir: PROFILE_DIR }),
  ...(SERVER_ENTRY === undefined ? {} : { entry: path.resolve(SERVER_ENTRY) }),
});
try {
  for (let first = 0; first < ROWS; first += 1000)
    await server.client.json('POST', '/grid/range', {
      target_cell: a1(first + 1, 1),
      values: Array.from({ length: 1000 }, (_, offset) => {
        const r = first + offset;
        return [(r * 7919) % ROWS, `n${r}`, r % 13, r / 2, `=A${r + 1}*2`];
      }),
    });
  const cpu = cpuMs(server.pid);
  const start = now();
  await server.client.json('POST', '/grid/sort', {
    range: `A1:E${ROWS}`,
    keys: [{ column: 'A' }],
    header: false,
  });
  console.log(
    `sort over HTTP: ${(now() - start).toFixed(0)} ms wall, ${(cpuMs(server.pid) - cpu).toFixed(0)} ms server CPU`,
  );
  console.log('E1..E2', JSON.stringify(await server.client.json('GET', '/peek?range=A1:E2')));
} finally {
  await server.stop();
}
