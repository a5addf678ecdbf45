// npm run bench [-- W1 W3 …]: runs the workloads of bench-workloads.md for raw HyperFormula,
// Gridbook in-process and Gridbook over HTTP in one run, prints the table and writes
// bench/results/latest.json. A workload that fails or whose endpoints do not exist yet is
// reported as such; the others still run.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { machineInfo } from './lib/machine.js';
import {
  EndpointUnavailableError,
  type BenchContext,
  type Workload,
  type WorkloadResult,
} from './lib/results.js';
import { REPO_ROOT } from './lib/server.js';
import { formatTable } from './lib/table.js';
import { WORKLOADS } from './workloads/index.js';

const RESULTS_FILE = path.join(REPO_ROOT, 'bench/results/latest.json');

function selectWorkloads(args: readonly string[]): Workload[] {
  const wanted = args.filter((arg) => !arg.startsWith('-')).map((arg) => arg.toUpperCase());
  if (wanted.length === 0) return [...WORKLOADS];
  const unknown = wanted.filter((id) => !WORKLOADS.some((workload) => workload.id === id));
  if (unknown.length > 0) {
    throw new Error(
      `unknown workload ${unknown.join(', ')}; choose from ${WORKLOADS.map((workload) => workload.id).join(', ')}`,
    );
  }
  return WORKLOADS.filter((workload) => wanted.includes(workload.id));
}

function intOption(name: string, fallback: number, min: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min)
    throw new Error(`${name} must be a whole number ≥ ${min}, got "${raw}"`);
  return value;
}

async function runOne(workload: Workload, context: BenchContext): Promise<WorkloadResult> {
  const started = performance.now();
  const base = { id: workload.id, title: workload.title };
  const seconds = (): number => (performance.now() - started) / 1000;
  try {
    const report = await workload.run(context);
    return { ...base, ...report, status: 'ok', seconds: seconds() };
  } catch (error) {
    const unavailable = error instanceof EndpointUnavailableError;
    const reason =
      error instanceof Error
        ? unavailable
          ? error.message
          : (error.stack ?? error.message)
        : String(error);
    context.log(`${workload.id} ${unavailable ? 'unavailable' : 'FAILED'}: ${reason}`);
    return {
      ...base,
      rows: [],
      targets: [],
      status: unavailable ? 'unavailable' : 'failed',
      reason,
      seconds: seconds(),
    };
  }
}

async function main(): Promise<void> {
  const workloads = selectWorkloads(process.argv.slice(2));
  if ((globalThis as { gc?: unknown }).gc === undefined) {
    process.stderr.write(
      'note: run with node --expose-gc (npm run bench does) so runs start from a collected heap.\n',
    );
  }
  const context: BenchContext = {
    runs: intOption('BENCH_RUNS', 3, 1),
    warmups: intOption('BENCH_WARMUPS', 1, 0),
    serverOptions: { cpuProfileDir: process.env['BENCH_SERVER_CPU_PROFILE_DIR'] || undefined },
    log: (line) =>
      process.stderr.write(`[bench ${new Date().toISOString().slice(11, 19)}] ${line}\n`),
  };
  const machine = machineInfo();
  const started = performance.now();
  const results: WorkloadResult[] = [];
  for (const workload of workloads) results.push(await runOne(workload, context));
  const totalSeconds = (performance.now() - started) / 1000;

  mkdirSync(path.dirname(RESULTS_FILE), { recursive: true });
  const document = {
    machine,
    runs: context.runs,
    warmups: context.warmups,
    totalSeconds,
    workloads: results,
  };
  writeFileSync(RESULTS_FILE, `${JSON.stringify(document, null, 2)}\n`);
  process.stdout.write(`${formatTable(results)}\n`);
  process.stdout.write(
    `\n${machine.cpuModel} × ${machine.cores}, ${machine.memoryGiB} GiB, Node ${machine.node}, commit ${machine.commit}; ` +
      `total ${totalSeconds.toFixed(0)} s; written to ${path.relative(process.cwd(), RESULTS_FILE)}\n`,
  );
  if (results.some((result) => result.status === 'failed')) process.exitCode = 1;
}

await main();
