// Issue 16's acceptance, measured: each hostile reproduction of the issue runs against a fresh
// server process while two pingers ask `GET /grid?range=A1` every 20 ms (one opens a connection
// per ping, the other keeps connections open as a browser does), and the table printed at the end says how long the slowest
// ping of each waited, how many waited over 100 ms, what the
// reproduction was answered, the server's peak memory, and whether the workbook is intact
// afterwards (a sentinel cell written before, unless the reproduction replaces the workbook
// by an accepted import, in which case the server must still answer).
// `npm run hostile:latency` (options: --only name,name  --xlsx-cells N  --json file) runs the
// compiled server, as `npm start` does (from sources through tsx its pauses were longer).
import http from 'node:http';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';
import { xlsxOf, xlsxWithCells } from '../support/zip-archive.js';

const PING_EVERY_MS = 20;
const SLOW_MS = 100;
const SENTINEL = [['kept'], [4]];
/** Pinging goes on this long after the reproduction was answered (work it left behind shows). */
const PING_AFTER_MS = 500;
/** ...and then until the server is quiet (SETTLED_PINGS pings in a row under SETTLED_MS), or SETTLE_LIMIT_MS. */
const SETTLED_PINGS = 10;
const SETTLED_MS = 30;
const SETTLE_LIMIT_MS = 30_000;

const { values: options } = parseArgs({
  options: {
    only: { type: 'string' },
    'xlsx-cells': { type: 'string', default: '3000000' },
    json: { type: 'string' },
  },
});

interface Answer {
  readonly status: number;
  readonly text: string;
}

/** One request through node:http, which (unlike fetch) sends any Host and Origin it is given. */
function send(
  base: string,
  method: string,
  target: string,
  body?: string | Buffer,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const url = new URL(target, base);
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method,
        agent: false,
        headers: {
          ...(body === undefined
            ? {}
            : {
                'content-type':
                  typeof body === 'string' ? 'application/json' : 'application/octet-stream',
                'content-length': String(Buffer.byteLength(body)),
              }),
          ...headers,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

const json = (value: unknown): string => JSON.stringify(value);

/**
 * Waits until the server answers quickly again: the background work a large import leaves (its
 * journal snapshot) belongs to the import's row, not to the next request's.
 */
async function settled(url: string): Promise<void> {
  const deadline = performance.now() + SETTLE_LIMIT_MS;
  let fast = 0;
  while (fast < SETTLED_PINGS && performance.now() < deadline) {
    const sent = performance.now();
    await send(url, 'GET', '/grid?range=A1').catch(() => undefined);
    fast = performance.now() - sent < SETTLED_MS ? fast + 1 : 0;
    await new Promise((resolve) => setTimeout(resolve, PING_EVERY_MS));
  }
}

interface Context {
  readonly url: string;
  post(target: string, body?: unknown): Promise<Answer>;
  get(target: string): Promise<Answer>;
  raw: typeof send;
}

interface Reproduction {
  readonly name: string;
  /** What the issue reproduced. */
  readonly what: string;
  /** Work done before the pinger starts (building a large body, filling cells to read). */
  readonly prepare?: (context: Context) => Promise<unknown>;
  /** Returns the statuses it was answered, in order. */
  readonly run: (context: Context, prepared: unknown) => Promise<number[]>;
  /** False when an accepted import replaces the workbook (the sentinel goes with it). */
  readonly keepsWorkbook: boolean;
}

/** Sends each request after the previous one was answered; their statuses, in order. */
async function statuses(...requests: (() => Promise<Answer>)[]): Promise<number[]> {
  const out: number[] = [];
  for (const request of requests) {
    const started = performance.now();
    const { status, text } = await request();
    stepTimes.push(Math.round(performance.now() - started));
    if (status >= 400) refusals.push(`${status} ${text.slice(0, 200)}`);
    out.push(status);
  }
  return out;
}

/** How long each request of the current reproduction took (printed beside its row). */
let stepTimes: number[] = [];
/** What the refused requests of the current reproduction were answered. */
let refusals: string[] = [];

/**
 * Large bodies are prepared as bytes before the pingers start: encoding a 25 MB string while
 * sending it held this process's own event loop (~80 ms here), and its pings with it.
 */
const JSON_BODY = { 'content-type': 'application/json' };

function rangeBody(rows: number, target: string): string {
  // Built as text: an array of a million arrays would cost the measuring process seconds.
  return `{"target_cell":"${target}","values":[${Array.from({ length: rows }, () => '[1]').join(',')}]}`;
}

/** GRIDBOOK_MAX_WRITE_CELLS's and GRIDBOOK_MAX_IMPORT_CELLS's defaults: the largest work admitted. */
const LARGEST_WRITE = 100_000;
const LARGEST_IMPORT = 1_048_576;

/**
 * Whole-sheet reads of the largest import: each is refused by a documented bound or built in
 * slices with other requests answered between them. [name, target, POST body (GET without)].
 */
const LARGEST_READS: readonly (readonly [string, string, unknown?])[] = [
  ['read-grid', '/grid'],
  ['read-grid-column', '/grid?range=A1:A1048576'],
  ['read-grid-sheet', '/grid?range=A1:XFD1048576'],
  ['read-grid-250k', '/grid?range=A1:A250000'],
  ['read-peek-250k', '/peek?range=A1:A250000'],
  ['read-peek-250k-csv', '/peek?range=A1:A250000&format=csv'],
  ['read-schema', '/schema'],
  ['read-csv-export', '/system/export.csv'],
  ['read-find', '/grid/find', { query: '99' }],
  ['save-largest', '/system/save', {}],
  ['read-json-export', '/system/export'],
  ['read-xlsx-export', '/system/export.xlsx'],
];

function importBody(cells: number): string {
  const parts: string[] = [];
  for (let row = 1; row <= cells; row += 1) parts.push(`"A${row}":{"value":${row}}`);
  return `{"workbook_name":"big","sheets":[{"name":"S","cells":{${parts.join(',')}}}]}`;
}

const reproductions: Reproduction[] = [
  {
    name: 'baseline',
    what: 'nothing but the pings for 2 s: the noise floor of this machine now',
    keepsWorkbook: true,
    run: async () => {
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      return [];
    },
  },
  {
    name: 'cross-site-import',
    what: 'no-cors text/plain POST /system/import from another origin, 20 times, then save',
    keepsWorkbook: true,
    run: async ({ url, raw }) => {
      const body = json({ workbook_name: 'x', sheets: [{ name: 'S', cells: {} }] });
      const answers: number[] = [];
      for (let index = 0; index < 20; index += 1)
        answers.push(
          (
            await raw(url, 'POST', '/system/import', body, {
              'content-type': 'text/plain',
              origin: 'http://evil.example',
            })
          ).status,
        );
      answers.push(
        (await raw(url, 'POST', '/system/save', undefined, { origin: 'http://evil.example' }))
          .status,
      );
      return [...new Set(answers)];
    },
  },
  {
    name: 'dns-rebinding',
    what: 'GET /system/export and a key save with Host: rebind.test',
    keepsWorkbook: true,
    run: async ({ url, raw }) => {
      const host = { host: `rebind.test:${new URL(url).port}` };
      return statuses(
        () => raw(url, 'GET', '/system/export', undefined, host),
        () =>
          raw(
            url,
            'POST',
            '/settings/keys/save',
            json({ provider_id: 'groq', api_key: 'k' }),
            host,
          ),
      );
    },
  },
  {
    name: 'far-cell-import',
    what: 'the 82-byte import of XFD1048576, then save, load, export, xlsx, delete its sheet, undo',
    keepsWorkbook: false,
    run: async ({ post, get }) =>
      statuses(
        () =>
          post('/system/import', {
            workbook_name: 'f',
            sheets: [
              { name: 'S', cells: { XFD1048576: { value: 1 } } },
              { name: 'T', cells: {} },
            ],
          }),
        () => post('/system/save'),
        () => post('/system/load'),
        () => get('/system/export'),
        () => get('/system/export.xlsx'),
        () => post('/workbook/sheet/delete', { name: 'S' }),
        () => post('/workbook/undo'),
      ),
  },
  {
    name: 'far-cell-xlsx',
    what: 'an xlsx (under 2 KB) holding XFD1048576',
    keepsWorkbook: false,
    prepare: async () => xlsxOf('<row r="1048576"><c r="XFD1048576"><v>1</v></c></row>'),
    run: async ({ url, raw }, file) =>
      statuses(() =>
        raw(url, 'POST', '/system/import.xlsx', file as Buffer, {
          'content-type': 'application/octet-stream',
        }),
      ),
  },
  {
    name: 'far-cell-write-save-load',
    what: 'write XFD1048576, save, load; write XFD5000 on a new sheet and delete the sheet',
    keepsWorkbook: true,
    run: async ({ post }) =>
      statuses(
        () => post('/grid/cell', { cell: 'XFD1048576', value: '1' }),
        () => post('/system/save'),
        () => post('/system/load'),
        () => post('/workbook/sheet', { name: 'Far' }),
        () => post('/grid/cell', { sheet: 'Far', cell: 'XFD5000', value: '1' }),
        () => post('/workbook/sheet/delete', { name: 'Far' }),
      ),
  },
  {
    name: 'long-text',
    what: '=REPT("x",3e8) in B1, =B1 in B2, then export, xlsx, CSV, /grid, /peek',
    keepsWorkbook: true,
    run: async ({ post, get }) =>
      statuses(
        () => post('/grid/cell', { cell: 'B1', value: '=REPT("x",3e8)' }),
        () => post('/grid/cell', { cell: 'B2', value: '=B1' }),
        () => get('/system/export'),
        () => get('/system/export.xlsx'),
        () => get('/system/export.csv'),
        () => get('/grid'),
        () => get('/peek'),
      ),
  },
  {
    name: 'proto-sheet',
    what: 'a sheet named __proto__ saved, loaded, exported and its export imported; a GridOS sheet named toString',
    keepsWorkbook: false,
    run: async ({ url, post, get, raw }) => {
      const first = await statuses(
        () => post('/workbook/sheet', { name: '__proto__' }),
        () => post('/grid/cell', { sheet: '__proto__', cell: 'A1', value: '1' }),
        () => post('/system/save'),
        () => post('/system/load'),
      );
      const exported = await get('/system/export');
      const reimported = await raw(url, 'POST', '/system/import', exported.text);
      const gridos = await raw(
        url,
        'POST',
        '/system/import',
        '{"workbook_name":"g","sheets":{"toString":{"cells":{"A1":{"value":1}}}}}',
      );
      return [...first, exported.status, reimported.status, gridos.status];
    },
  },
  {
    name: 'range-4M',
    what: 'a 4,194,304-cell POST /grid/range (8 MB body)',
    keepsWorkbook: true,
    prepare: async () => Buffer.from(rangeBody(4_194_304, 'C1')),
    run: async ({ url, raw }, body) =>
      statuses(() => raw(url, 'POST', '/grid/range', body as Buffer, JSON_BODY)),
  },
  {
    name: 'range-1M',
    what: 'a 1,048,576-cell POST /grid/range (a full column, the former limit), then save',
    keepsWorkbook: true,
    prepare: async () => Buffer.from(rangeBody(1_048_576, 'C1')),
    run: async ({ url, raw, post }, body) =>
      statuses(
        () => raw(url, 'POST', '/grid/range', body as Buffer, JSON_BODY),
        () => post('/system/save'),
      ),
  },
  {
    name: 'range-largest',
    what: `a ${LARGEST_WRITE.toLocaleString('en-US')}-cell POST /grid/range (the largest admitted by default, 10 columns wide), then save`,
    keepsWorkbook: true,
    prepare: async () =>
      Buffer.from(
        `{"target_cell":"C1","values":[${Array.from({ length: LARGEST_WRITE / 10 }, (_, row) => `[${Array.from({ length: 10 }, (_, col) => row + col).join(',')}]`).join(',')}]}`,
      ),
    run: async ({ url, raw, post }, body) =>
      statuses(
        () => raw(url, 'POST', '/grid/range', body as Buffer, JSON_BODY),
        () => post('/system/save'),
      ),
  },
  {
    name: 'import-largest',
    what: `a JSON import of ${LARGEST_IMPORT.toLocaleString('en-US')} numbers (the largest admitted by default)`,
    keepsWorkbook: false,
    prepare: async () => Buffer.from(importBody(LARGEST_IMPORT)),
    run: async ({ url, raw }, body) =>
      statuses(() => raw(url, 'POST', '/system/import', body as Buffer, JSON_BODY)),
  },
  ...LARGEST_READS.map(([name, target, body]): Reproduction => ({
    name,
    what: `${body === undefined ? 'GET' : 'POST'} ${target} on a sheet of ${LARGEST_IMPORT.toLocaleString('en-US')} numbers (the largest import admitted by default)`,
    keepsWorkbook: false,
    prepare: async ({ url, raw }) => {
      const imported = await raw(url, 'POST', '/system/import', importBody(LARGEST_IMPORT));
      if (imported.status !== 200) throw new Error(`the import answered ${imported.status}`);
      await settled(url);
    },
    run: async ({ get, post }) =>
      statuses(() => (body === undefined ? get(target) : post(target, body))),
  })),
  {
    name: 'xlsx-largest',
    what: `an xlsx of ${LARGEST_IMPORT.toLocaleString('en-US')} numbers (the largest admitted by default)`,
    keepsWorkbook: false,
    prepare: async () => xlsxWithCells(LARGEST_IMPORT),
    run: async ({ url, raw }, file) =>
      statuses(() =>
        raw(url, 'POST', '/system/import.xlsx', file as Buffer, {
          'content-type': 'application/octet-stream',
        }),
      ),
  },
  {
    name: 'xlsx-cells',
    what: `an xlsx of ${Number(options['xlsx-cells']).toLocaleString('en-US')} numbers`,
    keepsWorkbook: false,
    prepare: async () => xlsxWithCells(Number(options['xlsx-cells'])),
    run: async ({ url, raw }, file) =>
      statuses(() =>
        raw(url, 'POST', '/system/import.xlsx', file as Buffer, {
          'content-type': 'application/octet-stream',
        }),
      ),
  },
  {
    name: 'zip-bomb',
    what: 'an xlsx whose sheet inflates to 300 MB of whitespace',
    keepsWorkbook: true,
    prepare: async () => xlsxOf(Buffer.alloc(300 * 1024 * 1024, 32)),
    run: async ({ url, raw }, file) =>
      statuses(() =>
        raw(url, 'POST', '/system/import.xlsx', file as Buffer, {
          'content-type': 'application/octet-stream',
        }),
      ),
  },
  {
    name: 'sequence-1M',
    what: '=SEQUENCE(1000000) written to a cell',
    keepsWorkbook: true,
    run: async ({ post }) =>
      statuses(() => post('/grid/cell', { cell: 'B1', value: '=SEQUENCE(1000000)' })),
  },
  {
    name: 'eval-500',
    what: 'one /eval of 500 × =SUM(SEQUENCE(200000))',
    keepsWorkbook: true,
    run: async ({ post }) =>
      statuses(() =>
        post('/eval', {
          formulas: Array.from({ length: 500 }, (_, index) => ({
            cell: `Z${index + 1}`,
            formula: '=SUM(SEQUENCE(200000))',
          })),
        }),
      ),
  },
  {
    name: 'heavy-recalc',
    what: '40 cells of =SUM(SEQUENCE(100000))+k in one write',
    keepsWorkbook: true,
    run: async ({ post }) =>
      statuses(() =>
        post('/grid/range', {
          target_cell: 'E1',
          values: [Array.from({ length: 40 }, (_, k) => `=SUM(SEQUENCE(100000))+${k}`)],
        }),
      ),
  },
  {
    name: 'slow-clients',
    what: '50 connections sending their headers one byte a second for 5 s',
    keepsWorkbook: true,
    run: async ({ url }) => {
      const { port } = new URL(url);
      const sockets = Array.from({ length: 50 }, () => connect(Number(port), '127.0.0.1'));
      const request = 'POST /grid/cell HTTP/1.1\r\nHost: 127.0.0.1\r\n';
      for (let second = 0; second < 5; second += 1) {
        for (const socket of sockets) socket.write(request[second] ?? 'x');
        await new Promise((resolve) => setTimeout(resolve, 1_000));
      }
      for (const socket of sockets) socket.destroy();
      return [];
    },
  },
];

interface Row {
  readonly name: string;
  readonly what: string;
  readonly statuses: number[];
  readonly ms: number;
  readonly pings: number;
  readonly worstMs: number;
  readonly slowPings: number;
  readonly medianMs: number;
  /** The same pings over kept-alive connections (at most six, as a browser). */
  readonly keptWorstMs: number;
  readonly keptSlowPings: number;
  readonly peakMiB: number;
  readonly intact: string;
  readonly stepMs: number[];
  readonly refusals: string[];
}

/**
 * The pinger's own code, run in a worker thread: its event loop is not the one that receives the
 * reproduction's answer (joining and decoding a 25 MB export held this process's loop ~100 ms,
 * which its pings then counted as the server's). Pings every `every` ms until told to stop, then
 * posts each latency, from sending to the full answer. A ping opens a connection of its own
 * unless `keepAlive` keeps up to six open, as a browser does.
 */
const PINGER_SOURCE = `
const http = require('node:http');
const { parentPort, workerData } = require('node:worker_threads');
const { url, every, keepAlive } = workerData;
const agent = keepAlive ? new http.Agent({ keepAlive: true, maxSockets: 6 }) : false;
const latencies = [];
const inFlight = new Set();
function ping() {
  const sent = performance.now();
  const done = new Promise((resolve) => {
    const request = http.get(new URL('/grid?range=A1', url), { agent }, (response) => {
      response.resume();
      response.on('end', resolve);
      response.on('error', resolve);
    });
    request.on('error', resolve);
  }).then(() => {
    latencies.push(performance.now() - sent);
    inFlight.delete(done);
  });
  inFlight.add(done);
}
const timer = setInterval(ping, every);
parentPort.on('message', async () => {
  clearInterval(timer);
  await Promise.all(inFlight);
  if (agent) agent.destroy();
  parentPort.postMessage(latencies);
});
`;

/**
 * Pings every PING_EVERY_MS from a worker thread until stopped. Node accepts one new connection
 * per turn of its event loop, so the two kinds (a connection per ping, or kept alive) tell apart
 * a server whose turns are long from one that answers its open connections between slices of
 * work but accepts slowly.
 */
function startPinger(url: string, keepAlive = false): { stop: () => Promise<number[]> } {
  const worker = new Worker(PINGER_SOURCE, {
    eval: true,
    workerData: { url, every: PING_EVERY_MS, keepAlive },
  });
  return {
    stop: async () => {
      const latencies = new Promise<number[]>((resolve) => worker.once('message', resolve));
      worker.postMessage('stop');
      const result = await latencies;
      await worker.terminate();
      return result;
    },
  };
}

async function peakMiB(server: ServerProcess): Promise<number> {
  const status = await readFile(`/proc/${server.child.pid}/status`, 'utf8').catch(() => '');
  const match = /VmHWM:\s+(\d+) kB/.exec(status);
  return match === null ? NaN : Math.round(Number(match[1]) / 1024);
}

async function measure(reproduction: Reproduction): Promise<Row> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'gridbook-latency-'));
  // The compiled server, as `npm start` runs it (the npm script builds it first when stale).
  const server = await startServerProcess(
    dataDir,
    { GRIDBOOK_LOG_LEVEL: 'warn' },
    { compiled: true },
  );
  const context: Context = {
    url: server.url,
    raw: send,
    post: (target, body) =>
      send(server.url, 'POST', target, body === undefined ? undefined : json(body)),
    get: (target) => send(server.url, 'GET', target),
  };
  try {
    for (const [cell, value] of [
      ['A1', 'kept'],
      ['A2', '=LEN(A1)'],
    ] as const)
      await context.post('/grid/cell', { cell, value });
    const prepared = await reproduction.prepare?.(context);
    stepTimes = [];
    refusals = [];
    const pinger = startPinger(server.url);
    const keptPinger = startPinger(server.url, true);
    await new Promise((resolve) => setTimeout(resolve, PING_EVERY_MS * 3));
    const started = performance.now();
    let answered: number[];
    try {
      answered = await reproduction.run(context, prepared);
    } catch (error) {
      answered = [-1];
      process.stderr.write(`${reproduction.name}: ${String(error)}\n`);
    }
    const ms = performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, PING_AFTER_MS));
    await settled(server.url);
    const latencies = await pinger.stop();
    const keptLatencies = await keptPinger.stop();
    const alive = server.child.exitCode === null && server.child.signalCode === null;
    let intact = 'server died';
    if (alive) {
      const read = await context.get('/peek?range=Sheet1!A1:A2').catch(() => undefined);
      if (reproduction.keepsWorkbook)
        intact =
          read !== undefined && json(JSON.parse(read.text).rows) === json(SENTINEL)
            ? 'yes'
            : `NO (${read?.status ?? 'no answer'})`;
      else intact = `replaced by the import; reads answer ${(await context.get('/grid')).status}`;
    }
    const sorted = [...latencies].sort((a, b) => a - b);
    return {
      name: reproduction.name,
      what: reproduction.what,
      statuses: answered,
      ms: Math.round(ms),
      pings: latencies.length,
      worstMs: Math.round(sorted.at(-1) ?? NaN),
      slowPings: latencies.filter((latency) => latency > SLOW_MS).length,
      medianMs: Math.round(sorted[Math.floor(sorted.length / 2)] ?? NaN),
      keptWorstMs: Math.round(Math.max(...keptLatencies)),
      keptSlowPings: keptLatencies.filter((latency) => latency > SLOW_MS).length,
      peakMiB: await peakMiB(server),
      intact,
      stepMs: stepTimes,
      refusals,
    };
  } finally {
    await server.stop('SIGTERM');
    await rm(dataDir, { recursive: true, force: true });
  }
}

const only = options.only?.split(',');
const rows: Row[] = [];
for (const reproduction of reproductions) {
  if (only !== undefined && !only.includes(reproduction.name)) continue;
  process.stdout.write(`${reproduction.name} …\n`);
  const row = await measure(reproduction);
  rows.push(row);
  process.stdout.write(`  ${json(row)}\n`);
}

process.stdout.write(
  `\n| reproduction | answered | took ms | pings | worst ping ms | pings > ${SLOW_MS} ms | median ping ms | kept-alive worst ms | kept-alive > ${SLOW_MS} ms | peak RSS MiB | workbook intact |\n|---|---|---|---|---|---|---|---|---|---|---|\n`,
);
for (const row of rows)
  process.stdout.write(
    `| ${row.name} | ${row.statuses.join(' ')} | ${row.ms} | ${row.pings} | ${row.worstMs} | ${row.slowPings} | ${row.medianMs} | ${row.keptWorstMs} | ${row.keptSlowPings} | ${row.peakMiB} | ${row.intact} |\n`,
  );
if (options.json !== undefined) await writeFile(options.json, JSON.stringify(rows, null, 2));
// Both pingers count: a page keeps its connections open, a script may open one per request.
const failed = rows.filter(
  (row) =>
    row.worstMs > SLOW_MS || row.keptWorstMs > SLOW_MS || !/^(yes|replaced)/.test(row.intact),
);
process.stdout.write(
  `\n${rows.length - failed.length} of ${rows.length} reproductions kept every ping (new and kept-alive connections) within ${SLOW_MS} ms with the workbook intact.\n`,
);
process.exitCode = failed.length === 0 ? 0 : 1;
