// W4 before/after in the same minutes: two compiled servers (another checkout's dist copied
// under this repo's git-ignored .tmp/, so it resolves the same node_modules, and this one's dist/), driven
// alternately by the same autocannon child; prints writes/s, the server's CPU per write
// (/proc/<pid>/stat, clock ticks of 10 ms) and p99 for each, and the CPU ratio.
// Usage: node --import tsx bench/tools/w4-ab.ts <other main.js> [rounds=3] [seconds=5] [connections=50]
// e.g. cp -r ../main/dist .tmp/dist-main && node --import tsx bench/tools/w4-ab.ts .tmp/dist-main/server/main.js
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { REPO_ROOT, SERVER_MAIN, withServer } from '../lib/server.js';

const run = promisify(execFile);
const CANNON = path.join(REPO_ROOT, 'bench/workloads/w4-cannon-child.ts');
const other = path.resolve(process.argv[2] ?? '');
const rounds = Number(process.argv[3] ?? 3);
const seconds = Number(process.argv[4] ?? 5);
const connections = Number(process.argv[5] ?? 50);
if (process.argv[2] === undefined)
  throw new Error('usage: w4-ab.ts <other main.js> [rounds] [seconds] [connections]');
let firstI = 0;

async function cannon(url: string, duration: number) {
  const { stdout } = await run(
    process.execPath,
    ['--import', 'tsx', CANNON, url, String(connections), String(duration), String(firstI)],
    { cwd: REPO_ROOT },
  );
  firstI += 1_000_000;
  return JSON.parse(stdout.trim().split('\n').pop()!) as {
    writesPerSecond: number;
    p99: number;
    written: number;
  };
}

function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function measured(server: { url: string; pid: number }) {
  const before = cpuMs(server.pid);
  const result = await cannon(server.url, seconds);
  return { ...result, cpuUs: ((cpuMs(server.pid) - before) * 1000) / result.written };
}

const line = (label: string, r: Awaited<ReturnType<typeof measured>>) =>
  `${label} ${Math.round(r.writesPerSecond)} writes/s, ${r.cpuUs.toFixed(0)} µs CPU a write, p99 ${r.p99} ms`;

await withServer(
  async (a) =>
    withServer(
      async (b) => {
        await cannon(a.url, 2);
        await cannon(b.url, 2);
        for (let round = 1; round <= rounds; round += 1) {
          // Alternate which goes first, so a change of load does not favour one side.
          const first = round % 2 === 1 ? await measured(a) : undefined;
          const mine = await measured(b);
          const theirs = first ?? (await measured(a));
          console.log(
            `round ${round} (${connections} conn): ${line('other', theirs)}; ${line('this', mine)}; CPU this ÷ other ${(mine.cpuUs / theirs.cpuUs).toFixed(2)}`,
          );
        }
      },
      { entry: SERVER_MAIN },
    ),
  { entry: other },
);
