// Issue 12's crash test (`npm run crash`): the compiled server runs on one data directory under
// 50-connection write load and is killed with SIGKILL at a random moment, 200 times. After each
// restart every write that was answered 200 must be there. Each connection writes its own
// column, one request at a time, with a counter that only grows, so a cell may hold its last
// acknowledged value or the one write of that connection that was still unanswered at the
// kill (it may or may not have reached the journal), and nothing else. A small compaction
// bound makes the kills land during compactions too, and every tenth run lives long enough for
// one to finish.
// Options: --runs --connections --rows --seed --min-ms --max-ms --compact-bytes. Exit 1 on a loss.
import { execFileSync } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { api, type Api } from '../support/api.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';
import { seededRandom } from '../support/seeded-random.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const LONG_RUN_MS = 4_000;

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '200' },
    connections: { type: 'string', default: '50' },
    rows: { type: 'string', default: '100' },
    seed: { type: 'string', default: String(Date.now() % 1_000_000) },
    'min-ms': { type: 'string', default: '30' },
    'max-ms': { type: 'string', default: '700' },
    'compact-bytes': { type: 'string', default: String(256 * 1024) },
  },
});
const runs = Number(values.runs);
const connections = Number(values.connections);
const rows = Number(values.rows);
const seed = Number(values.seed);
const minKillMs = Number(values['min-ms']);
const maxKillMs = Number(values['max-ms']);
const compactBytes = Number(values['compact-bytes']);
if (
  ![runs, connections, rows, seed, minKillMs, maxKillMs, compactBytes].every(Number.isFinite) ||
  connections < 1 ||
  connections > 702 ||
  rows < 1
) {
  console.error(
    'bad options: --runs, --connections (1..702), --rows, --seed, --min-ms, --max-ms and --compact-bytes take numbers',
  );
  process.exit(2);
}

/** Spreadsheet column letters for a 0-based index (0 → A, 26 → AA). */
function columnName(index: number): string {
  let name = '';
  for (let rest = index + 1; rest > 0; rest = Math.floor((rest - 1) / 26))
    name = String.fromCharCode(65 + ((rest - 1) % 26)) + name;
  return name;
}

interface Writer {
  readonly column: string;
  counter: number;
  /** Cell → the last value the server acknowledged there. */
  readonly acknowledged: Map<string, number>;
  /** The write sent and not answered when the server died: it may or may not be durable. */
  pending: { cell: string; value: number } | undefined;
}

const writers: Writer[] = Array.from({ length: connections }, (_, index) => ({
  column: columnName(index),
  counter: 0,
  acknowledged: new Map(),
  pending: undefined,
}));

interface RoundTally {
  acknowledged: number;
  refused: number;
}

/** One connection's loop: write the next cell of its column until the server goes away. */
async function writeUntilDown(http: Api, writer: Writer, tally: RoundTally): Promise<void> {
  for (;;) {
    writer.counter += 1;
    const cell = `${writer.column}${(writer.counter % rows) + 1}`;
    const value = writer.counter;
    writer.pending = { cell, value };
    let status: number;
    try {
      status = (await http.post('/grid/cell', { cell, value: String(value) })).status;
    } catch {
      return; // killed: the pending write stays undecided
    }
    writer.pending = undefined;
    if (status !== 200) {
      tally.refused += 1;
      continue;
    }
    writer.acknowledged.set(cell, value);
    tally.acknowledged += 1;
  }
}

/** Every acknowledged write is there (or the one undecided write of its connection overtook it). Returns the lost cells. */
async function verify(http: Api): Promise<string[]> {
  const lastColumn = writers.at(-1)!.column;
  const grid = (await http.get('/grid', { range: `A1:${lastColumn}${rows}` })).body as {
    cells: { cell: string; input: string }[];
  };
  const stored = new Map(grid.cells.map((cell) => [cell.cell, Number(cell.input)]));
  const lost: string[] = [];
  for (const writer of writers) {
    for (const [cell, value] of writer.acknowledged) {
      const actual = stored.get(cell);
      if (actual === value) continue;
      if (writer.pending?.cell === cell && actual === writer.pending.value) {
        writer.acknowledged.set(cell, actual);
        continue;
      }
      lost.push(`${cell}: acknowledged ${value}, found ${String(actual)}`);
    }
    // An undecided write to a cell never acknowledged before: now it is either there or not.
    const pending = writer.pending;
    if (
      pending !== undefined &&
      !writer.acknowledged.has(pending.cell) &&
      stored.get(pending.cell) === pending.value
    )
      writer.acknowledged.set(pending.cell, pending.value);
    writer.pending = undefined;
  }
  return lost;
}

async function start(dataDir: string): Promise<{ server: ServerProcess; http: Api }> {
  const server = await startServerProcess(
    dataDir,
    { GRIDBOOK_JOURNAL_COMPACT_BYTES: String(compactBytes), GRIDBOOK_LOG_LEVEL: 'warn' },
    { compiled: true },
  );
  return { server, http: api(server.url, { 'X-Gridbook-Client': 'crash-test' }) };
}

execFileSync(process.execPath, [path.join(ROOT, 'scripts/build-server.mjs'), '--if-stale'], {
  cwd: ROOT,
  stdio: 'inherit',
});
const dataDir = await mkdtemp(path.join(tmpdir(), 'gridbook-crash-'));
const random = seededRandom(seed);
console.log(
  `kill -9 under load: ${runs} runs, ${connections} connections, ${rows} rows each, kill after ${minKillMs}..${maxKillMs} ms, compaction past ${compactBytes} bytes, seed ${seed}`,
);
const started = process.hrtime.bigint();
let totalAcknowledged = 0;
let totalRefused = 0;
const losses: string[] = [];
try {
  for (let run = 1; run <= runs; run += 1) {
    const { server, http } = await start(dataDir);
    const lost = await verify(http);
    if (lost.length > 0) {
      losses.push(...lost.map((line) => `before run ${run}: ${line}`));
      console.log(
        `run ${run}: LOST ${lost.length} acknowledged writes after the restart, e.g. ${lost[0]}`,
      );
    }
    const tally: RoundTally = { acknowledged: 0, refused: 0 };
    const loops = writers.map((writer) => writeUntilDown(http, writer, tally));
    // Every tenth run lives long enough for a compaction to finish (the others mostly cut it off).
    const killAfterMs =
      run % 10 === 0 ? LONG_RUN_MS : Math.round(minKillMs + random() * (maxKillMs - minKillMs));
    await new Promise((resolve) => setTimeout(resolve, killAfterMs));
    await server.stop('SIGKILL');
    await Promise.all(loops);
    totalAcknowledged += tally.acknowledged;
    totalRefused += tally.refused;
    const files = await readdir(path.join(dataDir, 'journal', 'default')).catch(
      () => [] as string[],
    );
    const bases = files.filter((name) => name.startsWith('base-'));
    const logs = files.filter((name) => name.startsWith('log-')).length;
    console.log(
      `run ${run}: killed after ${killAfterMs} ms, ${tally.acknowledged} writes acknowledged, ${tally.refused} refused; journal: ${bases.join(' ') || 'no base'} and ${logs} log segments`,
    );
  }
  const { server, http } = await start(dataDir);
  const lost = await verify(http);
  losses.push(...lost.map((line) => `after the last run: ${line}`));
  await server.stop('SIGTERM');
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
const seconds = Number(process.hrtime.bigint() - started) / 1e9;
console.log(
  `\n${runs} kills, ${totalAcknowledged} writes acknowledged, ${totalRefused} refused, ${losses.length} lost; ${seconds.toFixed(1)} s.`,
);
for (const line of losses.slice(0, 20)) console.log(`  lost: ${line}`);
process.exit(losses.length === 0 && totalRefused === 0 ? 0 : 1);
