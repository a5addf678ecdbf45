// Starts the real Gridbook server as a child process the way `npm start` does (the compiled
// dist/server/main.js, rebuilt first when src/ changed) on 127.0.0.1 and a free ephemeral
// port, with its own temporary data directory. The client and the server then use separate
// cores, as they would in production.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { HttpClient } from './http-client.js';

export const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
const PROBE = path.join(REPO_ROOT, 'bench/lib/server-probe.mjs');
const BUILD_SERVER = path.join(REPO_ROOT, 'scripts/build-server.mjs');
/** The compiled server; naming it as `entry` skips the build check (a timed restart must not include it). */
export const SERVER_MAIN = path.join(REPO_ROOT, 'dist/server/main.js');
const READY_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 10_000;

export interface ServerMemory {
  readonly rss: number;
  readonly peakRss: number;
  readonly heapUsed: number;
}

export interface ServerHandle {
  readonly url: string;
  readonly port: number;
  readonly pid: number;
  readonly dataDir: string;
  readonly client: HttpClient;
  /** Route paths the server's OpenAPI document lists (to tell "not built yet" from a failure). */
  routes(): Promise<Set<string>>;
  memory(options: { gc: boolean }): Promise<ServerMemory>;
  /** Stops it (SIGTERM, SIGKILL after a grace period, or SIGKILL at once); its data directory is removed unless kept. */
  stop(how?: { signal?: 'SIGTERM' | 'SIGKILL'; keepData?: boolean }): Promise<void>;
}

export interface ServerOptions {
  /** Extra environment for the server (on top of the runner's). */
  readonly env?: Readonly<Record<string, string>>;
  /** Directory for a V8 CPU profile of the server (node --cpu-prof), for finding hot spots. */
  readonly cpuProfileDir?: string | undefined;
  /** Another server to start instead of Gridbook's (W4's bare Fastify control). */
  readonly entry?: string;
  /** An existing data directory to start on (a restart, W7); default a new temporary one. */
  readonly dataDir?: string;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}

async function waitUntilReady(
  client: HttpClient,
  child: ChildProcess,
  output: () => string,
): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(
        `the server exited with code ${child.exitCode} before it was ready:\n${output()}`,
      );
    try {
      const response = await client.request('GET', '/healthz');
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the server did not answer /healthz within ${READY_TIMEOUT_MS} ms:\n${output()}`);
}

/** `npm start`'s prestart step: compile src/ into dist/server when it is missing or older than the sources. */
function buildServerIfStale(): void {
  execFileSync(process.execPath, [BUILD_SERVER, '--if-stale'], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/** BENCH_SERVER_NODE_FLAGS: Node or V8 flags for every server started (to try a GC setting, say). */
function extraNodeFlags(): string[] {
  return (process.env.BENCH_SERVER_NODE_FLAGS ?? '').split(/\s+/).filter((flag) => flag !== '');
}

export async function startServer(options: ServerOptions = {}): Promise<ServerHandle> {
  if (options.entry === undefined) buildServerIfStale();
  const port = await freePort();
  const dataDir = options.dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'gridbook-bench-'));
  const profile =
    options.cpuProfileDir === undefined
      ? []
      : ['--cpu-prof', `--cpu-prof-dir=${options.cpuProfileDir}`];
  const child = spawn(
    process.execPath,
    [
      '--expose-gc',
      ...profile,
      ...extraNodeFlags(),
      '--import',
      PROBE,
      options.entry ?? SERVER_MAIN,
    ],
    {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        GRIDBOOK_MODE: 'oss',
        GRIDBOOK_DATA_DIR: dataDir,
        // Request logging would measure pino writing to a pipe nobody reads, not Gridbook.
        GRIDBOOK_LOG_LEVEL: 'warn',
        // The workloads write and import at the sizes they were designed for (W6: a
        // million-cell write), above the defaults that keep a server responsive.
        GRIDBOOK_MAX_WRITE_CELLS: '1048576',
        GRIDBOOK_MAX_IMPORT_CELLS: '4194304',
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    },
  );
  let output = '';
  const keep = (chunk: Buffer): void => {
    output = (output + chunk.toString('utf8')).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const url = `http://127.0.0.1:${port}`;
  const client = new HttpClient(url);
  let nextQuestion = 0;

  const stop = async (
    how: { signal?: 'SIGTERM' | 'SIGKILL'; keepData?: boolean } = {},
  ): Promise<void> => {
    client.close();
    if (child.exitCode === null && child.signalCode === null) {
      child.kill(how.signal ?? 'SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
      await exited(child);
      clearTimeout(timer);
    }
    if (how.keepData !== true) rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await waitUntilReady(client, child, () => output);
  } catch (error) {
    await stop();
    throw error;
  }

  return {
    url,
    port,
    pid: child.pid!,
    dataDir,
    client,
    async routes() {
      const document = await client.json<{ paths?: Record<string, unknown> }>(
        'GET',
        '/openapi.json',
      );
      return new Set(Object.keys(document.paths ?? {}));
    },
    memory({ gc }) {
      const id = (nextQuestion += 1);
      return new Promise<ServerMemory>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error('the server did not answer the memory question within 30 s')),
          30_000,
        );
        const listen = (message: unknown): void => {
          const answer = message as { type?: string; id?: number } & ServerMemory;
          if (answer.type !== 'memory' || answer.id !== id) return;
          clearTimeout(timer);
          child.off('message', listen);
          resolve({ rss: answer.rss, peakRss: answer.peakRss, heapUsed: answer.heapUsed });
        };
        child.on('message', listen);
        child.send({ type: 'memory', id, gc });
      });
    },
    stop,
  };
}

/** Runs `fn` against a fresh server and always stops it afterwards. */
export async function withServer<T>(
  fn: (server: ServerHandle) => Promise<T>,
  options: ServerOptions = {},
): Promise<T> {
  const server = await startServer(options);
  try {
    return await fn(server);
  } finally {
    await server.stop();
  }
}
