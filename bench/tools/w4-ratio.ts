// A quick W4 ratio probe: the bare route and Gridbook's durable /grid/cell, driven alternately by
// the same autocannon child (50 connections), ROUNDS times, printing each ratio and the median.
// Usage: node --import tsx bench/tools/w4-ratio.ts [rounds] [seconds] [fresh|values] [tmpfs]
// BENCH_SERVER_CPU_PROFILE_DIR profiles the Gridbook server. `tmpfs` adds a third server, Gridbook
// with its journal on /dev/shm, where fdatasync costs nothing: the gap between the two Gridbook
// rates is what waiting for the disk costs, the rest of the gap to the bare route is CPU.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { REPO_ROOT, withServer, type ServerHandle } from '../lib/server.js';
import { w2Values } from '../workloads/data.js';

const run = promisify(execFile);
const CANNON = path.join(REPO_ROOT, 'bench/workloads/w4-cannon-child.ts');
const BARE = path.join(REPO_ROOT, 'bench/lib/bare-server.mjs');
const rounds = Number(process.argv[2] ?? 3);
const seconds = Number(process.argv[3] ?? 5);
const state = process.argv[4] ?? 'fresh';
const withTmpfs = process.argv[5] === 'tmpfs';

async function cannon(url: string, connections = 50, duration = seconds) {
  const { stdout } = await run(
    process.execPath,
    ['--import', 'tsx', CANNON, url, String(connections), String(duration), '0'],
    { cwd: REPO_ROOT },
  );
  return JSON.parse(stdout.trim().split('\n').pop()!) as {
    writesPerSecond: number;
    p99: number;
    failures: number;
  };
}

/** The process's user + system CPU time in ms (Linux /proc; clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function measured(server: { url: string; pid: number }) {
  const before = cpuMs(server.pid);
  const result = await cannon(server.url);
  const cpu = cpuMs(server.pid) - before;
  return { ...result, cpuUsPerRequest: (cpu * 1000) / (result.writesPerSecond * seconds) };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;
const ratios: number[] = [];
const cpuRatios: number[] = [];
const tmpfsRatios: number[] = [];

/** Gridbook with its journal on tmpfs, or nothing when not asked for. */
async function maybeTmpfs(
  body: (server: ServerHandle | undefined) => Promise<void>,
): Promise<void> {
  if (!withTmpfs) return body(undefined);
  return withServer(body, { dataDir: mkdtempSync('/dev/shm/gridbook-w4-') });
}

async function loaded(server: ServerHandle): Promise<void> {
  if (state === 'values')
    await server.client.json('POST', '/grid/range', { target_cell: 'A1', values: w2Values() });
}

await withServer(
  async (bare) =>
    withServer(
      async (grid) =>
        maybeTmpfs(async (tmpfs) => {
          await loaded(grid);
          if (tmpfs !== undefined) await loaded(tmpfs);
          await cannon(bare.url, 50, 2);
          await cannon(grid.url, 50, 2);
          if (tmpfs !== undefined) await cannon(tmpfs.url, 50, 2);
          for (let round = 1; round <= rounds; round += 1) {
            const b = await measured(bare);
            const g = await measured(grid);
            const ratio = g.writesPerSecond / b.writesPerSecond;
            ratios.push(ratio);
            cpuRatios.push(b.cpuUsPerRequest / g.cpuUsPerRequest);
            let line = `round ${round}: bare ${Math.round(b.writesPerSecond)} req/s (${b.cpuUsPerRequest.toFixed(1)} µs CPU each), gridbook ${Math.round(g.writesPerSecond)} writes/s (${g.cpuUsPerRequest.toFixed(1)} µs CPU each, p99 ${g.p99} ms, failures ${g.failures}) = ${ratio.toFixed(2)}×`;
            if (tmpfs !== undefined) {
              const t = await measured(tmpfs);
              tmpfsRatios.push(t.writesPerSecond / b.writesPerSecond);
              line += `; journal on tmpfs ${Math.round(t.writesPerSecond)} writes/s (${t.cpuUsPerRequest.toFixed(1)} µs CPU each, p99 ${t.p99} ms) = ${(t.writesPerSecond / b.writesPerSecond).toFixed(2)}×`;
            }
            console.log(line);
          }
        }),
      { cpuProfileDir: process.env['BENCH_SERVER_CPU_PROFILE_DIR'] || undefined },
    ),
  { entry: BARE },
);
console.log(
  `median ratio ${median(ratios).toFixed(2)}× (${state}); bare CPU per request ÷ Gridbook's: ${median(cpuRatios).toFixed(2)}×` +
    (withTmpfs ? `; journal on tmpfs: ${median(tmpfsRatios).toFixed(2)}×` : ''),
);
