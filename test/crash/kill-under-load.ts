// Issue 12's crash test (`npm run crash`): the compiled server runs on one data directory under
// 50-connection write load and is killed with SIGKILL at a random moment, 200 times. After each
// restart every write that was answered 200 must be there. Each connection writes its own
// column, one request at a time, with a counter that only grows, so a cell may hold its last
// acknowledged value or the one write of that connection that was still unanswered at the
// kill (it may or may not have reached the journal), and nothing else. A small compaction
// bound makes the kills land during compactions too, and every tenth run lives long enough for
// one to finish.
// With --saas pglite or --saas postgres the same runs go against SaaS mode: a signed-up user's
// service token and a workbook of theirs named by X-Workbook-Id, stored in the embedded PGlite
// (<data dir>/db, whose lock file a killed process leaves behind) or in a database of its own on
// the Postgres server at --database-url (created for the run, dropped after it).
// Options: --runs --connections --rows --seed --min-ms --max-ms --compact-bytes --saas
// --database-url. Exit 1 on a loss.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { PostgresDatabase, quoteIdentifier } from '../../src/saas/index.js';
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
    saas: { type: 'string' },
    'database-url': {
      type: 'string',
      default: process.env['DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/test',
    },
  },
});
const saas = values.saas;
if (saas !== undefined && saas !== 'pglite' && saas !== 'postgres') {
  console.error('bad option: --saas takes pglite or postgres');
  process.exit(2);
}
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

/** SaaS mode's settings for every start, and the user's token and workbook once signed up. */
interface SaasTarget {
  readonly env: Readonly<Record<string, string>>;
  account?: { readonly token: string; readonly workbookId: string };
  /** Drops the run's own Postgres database. */
  readonly cleanUp: () => Promise<void>;
}

async function saasTarget(kind: 'pglite' | 'postgres'): Promise<SaasTarget> {
  const env = { GRIDBOOK_MODE: 'saas', GRIDBOOK_SECRET_KEY: randomBytes(32).toString('base64') };
  if (kind === 'pglite') return { env, cleanUp: async () => undefined };
  const serverUrl = values['database-url'];
  const name = `gridbook_crash_${process.pid}`;
  const admin = new PostgresDatabase({ url: serverUrl, maxConnections: 1 });
  await admin.exec(`CREATE DATABASE ${quoteIdentifier(name)}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    env: { ...env, DATABASE_URL: url.toString() },
    cleanUp: async () => {
      await admin.exec(`DROP DATABASE IF EXISTS ${quoteIdentifier(name)}`);
      await admin.close();
    },
  };
}

/** Signs a user up on the first start and gives the writers a workbook of theirs by id. */
async function signUp(url: string, target: SaasTarget): Promise<void> {
  const anonymous = api(url);
  const session = await anonymous.post('/auth/signup', {
    email: 'crash@example.com',
    password: 'correct horse battery',
  });
  if (session.status !== 200) throw new Error(`sign-up: ${session.status} ${session.text}`);
  const signedIn = api(url, { authorization: `Bearer ${session.body.token}` });
  const token = (await signedIn.post('/auth/tokens', { name: 'crash test' })).body.token as string;
  const workbook = await signedIn.post('/workbooks', { title: 'Crash test' });
  target.account = { token, workbookId: workbook.body.workbook.id as string };
}

async function start(
  dataDir: string,
  target: SaasTarget | undefined,
): Promise<{ server: ServerProcess; http: Api }> {
  const server = await startServerProcess(
    dataDir,
    {
      GRIDBOOK_JOURNAL_COMPACT_BYTES: String(compactBytes),
      // SaaS: the database store compacts past the same size, so kills land mid-compaction too.
      GRIDBOOK_DB_COMPACT_BYTES: String(compactBytes),
      GRIDBOOK_LOG_LEVEL: 'warn',
      ...target?.env,
    },
    { compiled: true },
  );
  if (target === undefined)
    return { server, http: api(server.url, { 'X-Gridbook-Client': 'crash-test' }) };
  if (target.account === undefined) await signUp(server.url, target);
  return {
    server,
    http: api(server.url, {
      'X-Gridbook-Client': 'crash-test',
      authorization: `Bearer ${target.account!.token}`,
      'X-Workbook-Id': target.account!.workbookId,
    }),
  };
}

execFileSync(process.execPath, [path.join(ROOT, 'scripts/build-server.mjs'), '--if-stale'], {
  cwd: ROOT,
  stdio: 'inherit',
});
const dataDir = await mkdtemp(path.join(tmpdir(), 'gridbook-crash-'));
const target = saas === undefined ? undefined : await saasTarget(saas);
const random = seededRandom(seed);
console.log(
  `kill -9 under load${saas === undefined ? '' : ` (SaaS mode on ${saas})`}: ${runs} runs, ${connections} connections, ${rows} rows each, kill after ${minKillMs}..${maxKillMs} ms, compaction past ${compactBytes} bytes, seed ${seed}`,
);
const started = process.hrtime.bigint();
let totalAcknowledged = 0;
let totalRefused = 0;
const losses: string[] = [];
try {
  for (let run = 1; run <= runs; run += 1) {
    const { server, http } = await start(dataDir, target);
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
      `run ${run}: killed after ${killAfterMs} ms, ${tally.acknowledged} writes acknowledged, ${tally.refused} refused${target === undefined ? `; journal: ${bases.join(' ') || 'no base'} and ${logs} log segments` : ''}`,
    );
  }
  const { server, http } = await start(dataDir, target);
  const lost = await verify(http);
  losses.push(...lost.map((line) => `after the last run: ${line}`));
  await server.stop('SIGTERM');
} finally {
  await rm(dataDir, { recursive: true, force: true });
  await target?.cleanUp();
}
const seconds = Number(process.hrtime.bigint() - started) / 1e9;
console.log(
  `\n${runs} kills, ${totalAcknowledged} writes acknowledged, ${totalRefused} refused, ${losses.length} lost; ${seconds.toFixed(1)} s.`,
);
for (const line of losses.slice(0, 20)) console.log(`  lost: ${line}`);
process.exit(losses.length === 0 && totalRefused === 0 ? 0 : 1);
