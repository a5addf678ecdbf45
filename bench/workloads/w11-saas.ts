// W11: SaaS mode on Postgres (issue 15's acceptance). W4's writes — POST /grid/cell {"cell":
// "B{row}","value":"{i}"}, autocannon 10 s × 50 connections plus a 1-connection control — with a
// service token and X-Workbook-Id on every request, so each write is authenticated, access-checked
// and committed in Postgres before its 200. Then the time to open an evicted 100,000-cell
// workbook: the server keeps at most one idle workbook in memory (GRIDBOOK_WORKBOOK_MEMORY_BYTES=1,
// GRIDBOOK_WORKBOOK_IDLE_MS=200), opening another workbook evicts it (eviction runs when a
// workbook is opened, so each round opens a workbook never opened before), and the first read of
// it afterwards (GET /peek A1) loads it from the database.
// The database: DATABASE_URL, else the machine's 127.0.0.1 test server; a database of its own is
// created for the run and dropped after it.
import { randomBytes } from 'node:crypto';
import { PostgresDatabase, quoteIdentifier } from '../../src/saas/index.js';
import { HttpClient } from '../lib/http-client.js';
import { peek } from '../lib/http-sheets.js';
import {
  row,
  type BenchContext,
  type ResultRow,
  type TargetCheck,
  type Workload,
  type WorkloadReport,
} from '../lib/results.js';
import { withServer, type ServerHandle } from '../lib/server.js';
import { now, summarize } from '../lib/stats.js';
import { w2Values } from './data.js';
import { cannonade, type Cannonade } from './w4-throughput.js';

const DURATION_S = 10;
const WARMUP_S = 2;
const CONNECTIONS = 50;
const ROWS = 1000;
const TARGET_WRITES_PER_S = 3000;
const TARGET_P99_MS = 30;
const TARGET_OPEN_MS = 300;
const IDLE_MS = 200;
const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';

interface Account {
  readonly headers: Readonly<Record<string, string>>;
  /** A client sending the service token (and no workbook id). */
  readonly client: HttpClient;
}

/** A database of this run's own on the Postgres server, dropped when `run` ends. */
async function withDatabase<T>(run: (url: string) => Promise<T>): Promise<T> {
  const serverUrl = process.env['DATABASE_URL'] ?? DEFAULT_DATABASE_URL;
  const name = `gridbook_bench_${process.pid}`;
  const admin = new PostgresDatabase({ url: serverUrl, maxConnections: 1 });
  try {
    await admin.exec(`DROP DATABASE IF EXISTS ${quoteIdentifier(name)}`);
    await admin.exec(`CREATE DATABASE ${quoteIdentifier(name)}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    return await run(url.toString());
  } finally {
    await admin.exec(`DROP DATABASE IF EXISTS ${quoteIdentifier(name)}`).catch(() => undefined);
    await admin.close();
  }
}

function saasEnv(databaseUrl: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    GRIDBOOK_MODE: 'saas',
    DATABASE_URL: databaseUrl,
    GRIDBOOK_SECRET_KEY: randomBytes(32).toString('base64'),
    ...extra,
  };
}

/** Signs a user up and creates a service token, as an API client would hold. */
async function account(server: ServerHandle, email: string): Promise<Account> {
  const session = await server.client.json<{ token: string }>('POST', '/auth/signup', {
    email,
    password: 'correct horse battery',
  });
  const signedIn = new HttpClient(server.url, { authorization: `Bearer ${session.token}` });
  const { token } = await signedIn.json<{ token: string }>('POST', '/auth/tokens', {
    name: 'bench',
  });
  signedIn.close();
  const headers = { authorization: `Bearer ${token}` };
  return { headers, client: new HttpClient(server.url, headers) };
}

async function newWorkbook(owner: Account, title: string): Promise<string> {
  const created = await owner.client.json<{ workbook: { id: string } }>('POST', '/workbooks', {
    title,
  });
  return created.workbook.id;
}

async function measureWrites(context: BenchContext, databaseUrl: string) {
  return withServer(
    async (server) => {
      const owner = await account(server, 'writer@example.com');
      const workbookId = await newWorkbook(owner, 'W11 writes');
      const headers = { ...owner.headers, 'x-workbook-id': workbookId };
      const counter = { i: 0 };
      context.log(`W11 SaaS writes: warm-up ${WARMUP_S} s`);
      await cannonade(server.url, CONNECTIONS, WARMUP_S, counter, headers);
      const runs: Cannonade[] = [];
      for (let run = 1; run <= context.runs; run += 1) {
        context.log(`W11 SaaS writes: ${CONNECTIONS} connections, run ${run}/${context.runs}`);
        const result = await cannonade(server.url, CONNECTIONS, DURATION_S, counter, headers);
        context.log(
          `W11 SaaS writes: ${Math.round(result.writesPerSecond)} writes/s, p50 ${result.p50} ms, p99 ${result.p99} ms`,
        );
        runs.push(result);
      }
      context.log('W11 SaaS writes: 1-connection control');
      const single = await cannonade(server.url, 1, DURATION_S, counter, headers);
      const reader = new HttpClient(server.url, headers);
      const { rows } = await peek(reader, 'Sheet1', `B1:B${ROWS}`);
      reader.close();
      owner.client.close();
      rows.forEach(([value], index) => {
        // A row no write reached yet (fewer than ROWS writes in all) is empty.
        const reached = counter.i >= ROWS || (index >= 1 && index <= counter.i);
        if (!reached && value === null) return;
        if (typeof value !== 'number' || value % ROWS !== index)
          throw new Error(
            `W11: B${index + 1} holds ${JSON.stringify(value)}, not a write meant for it`,
          );
      });
      return { runs, single };
    },
    { ...context.serverOptions, env: saasEnv(databaseUrl, { ...context.serverOptions.env }) },
  );
}

/** The first read of a 100,000-cell workbook another workbook's request has just evicted. */
async function measureEvictedOpen(context: BenchContext, databaseUrl: string): Promise<number[]> {
  return withServer(
    async (server) => {
      const owner = await account(server, 'opener@example.com');
      const big = await newWorkbook(owner, 'W11 100,000 cells');
      const small = await newWorkbook(owner, 'W11 small');
      const inBig = new HttpClient(server.url, { ...owner.headers, 'x-workbook-id': big });
      const inSmall = new HttpClient(server.url, { ...owner.headers, 'x-workbook-id': small });
      await inBig.json('POST', '/grid/range', { target_cell: 'A1', values: w2Values() });
      await inSmall.json('POST', '/grid/cell', { cell: 'A1', value: '1' });
      const samples: number[] = [];
      for (let run = 0; run <= context.runs; run += 1) {
        // The big one idle past IDLE_MS; opening a workbook not in memory evicts it (one at most
        // fits). A loaded one would not: the server looks for idle workbooks when it opens one.
        await new Promise((resolve) => setTimeout(resolve, IDLE_MS * 2));
        const evictor = new HttpClient(server.url, {
          ...owner.headers,
          'x-workbook-id': await newWorkbook(owner, `W11 evictor ${run}`),
        });
        await evictor.json('GET', '/peek?range=A1');
        evictor.close();
        await new Promise((resolve) => setTimeout(resolve, 50));
        const start = now();
        const { rows } = await peek(inBig, 'Sheet1', 'CV1000');
        const elapsed = now() - start;
        if (rows[0]?.[0] !== 100_000)
          throw new Error(`W11: CV1000 of the reopened workbook reads ${JSON.stringify(rows)}`);
        context.log(
          `W11 evicted open ${run === 0 ? '(warm-up)' : `${run}/${context.runs}`}: ${elapsed.toFixed(0)} ms`,
        );
        if (run > 0) samples.push(elapsed);
      }
      inBig.close();
      inSmall.close();
      owner.client.close();
      return samples;
    },
    {
      ...context.serverOptions,
      env: saasEnv(databaseUrl, {
        ...context.serverOptions.env,
        GRIDBOOK_WORKBOOK_MEMORY_BYTES: '1',
        GRIDBOOK_WORKBOOK_IDLE_MS: String(IDLE_MS),
      }),
    },
  );
}

export const w11Saas: Workload = {
  id: 'W11',
  title: `SaaS mode on Postgres: single-cell writes, ${CONNECTIONS} connections × ${DURATION_S} s; opening an evicted 100,000-cell workbook`,
  async run(context: BenchContext): Promise<WorkloadReport> {
    return withDatabase(async (databaseUrl) => {
      const rows: ResultRow[] = [];
      const targets: TargetCheck[] = [];
      const writes = await measureWrites(context, databaseUrl);
      const rate = summarize(writes.runs.map((run) => run.writesPerSecond));
      const p99 = summarize(writes.runs.map((run) => run.p99));
      rows.push(
        row(
          `W11 SaaS writes/s, ${CONNECTIONS} conn`,
          'writes/s',
          { http: rate },
          { higherIsBetter: true },
        ),
        row(`W11 SaaS p99 latency, ${CONNECTIONS} conn`, 'ms', { http: p99 }),
        row(
          'W11 SaaS writes/s, 1-connection control',
          'writes/s',
          { http: summarize([writes.single.writesPerSecond]) },
          { higherIsBetter: true },
        ),
        row('W11 SaaS p99 latency, 1 conn', 'ms', { http: summarize([writes.single.p99]) }),
      );
      const open = summarize(await measureEvictedOpen(context, databaseUrl));
      rows.push(
        row('W11 open an evicted 100,000-cell workbook (first read)', 'ms', { http: open }),
      );
      targets.push(
        {
          target: `W11 SaaS on Postgres: ≥ ${TARGET_WRITES_PER_S.toLocaleString('en-US')} acknowledged writes/s at ${CONNECTIONS} connections`,
          measured: `${Math.round(rate.median).toLocaleString('en-US')} writes/s`,
          met: rate.median >= TARGET_WRITES_PER_S,
        },
        {
          target: `W11 SaaS on Postgres: p99 ≤ ${TARGET_P99_MS} ms (${CONNECTIONS} connections)`,
          measured: `${p99.median.toFixed(1)} ms`,
          met: p99.median <= TARGET_P99_MS,
        },
        {
          target: `W11 opening an evicted 100,000-cell workbook ≤ ${TARGET_OPEN_MS} ms`,
          measured: `${open.median.toFixed(0)} ms`,
          met: open.median <= TARGET_OPEN_MS,
        },
      );
      return {
        rows,
        targets,
        notes: [
          'Each write carries a service token and X-Workbook-Id: authenticated, access-checked, and answered once its commit is in Postgres.',
          `The database: DATABASE_URL or ${DEFAULT_DATABASE_URL}; a database of the run's own is created and dropped.`,
        ],
      };
    });
  },
};
