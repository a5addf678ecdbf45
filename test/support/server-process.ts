// The real server as a child process (`tsx src/main.ts`, as `npm run dev` runs it, or the
// compiled build) on 127.0.0.1 and an ephemeral port, for tests that stop it — gracefully or
// with kill -9 — and start it again on the same data directory.
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');
const START_TIMEOUT_MS = 60_000;
const OUTPUT_KEPT_CHARS = 1_000_000;

export interface ServerProcess {
  readonly child: ChildProcess;
  readonly url: string;
  /** Everything it printed so far. */
  output(): string;
  /** Resolves with the exit code (or signal) once the process has ended. */
  readonly exited: Promise<number | NodeJS.Signals | null>;
  /** Sends the signal and waits for the process to end. */
  stop(signal: NodeJS.Signals): Promise<void>;
}

export interface StartOptions {
  /** Run the compiled server (`dist/server/main.js`, as `npm start` does) instead of the sources through tsx. */
  readonly compiled?: boolean;
}

/**
 * A port nothing listens on now (the server gets it through PORT, so readiness needs no log line;
 * a connection there is refused).
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        resolve(typeof address === 'object' && address !== null ? address.port : 0),
      );
    });
  });
}

export async function startServerProcess(
  dataDir: string,
  env: Readonly<Record<string, string>> = {},
  options: StartOptions = {},
): Promise<ServerProcess> {
  // TEST_SERVER_NODE_FLAGS (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`) profiles the servers
  // a script starts; Node refuses such flags in NODE_OPTIONS.
  const flags = (process.env['TEST_SERVER_NODE_FLAGS'] ?? '').split(' ').filter(Boolean);
  const args = [
    ...flags,
    ...(options.compiled === true ? ['dist/server/main.js'] : ['--import', 'tsx', 'src/main.ts']),
  ];
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      GRIDBOOK_DATA_DIR: dataDir,
      GRIDBOOK_LOG_LEVEL: 'info',
      ...env,
      PORT: String(port),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  // Only the tail: a long run under load logs every request.
  const keep = (chunk: Buffer): void => {
    output = (output + chunk.toString('utf8')).slice(-OUTPUT_KEPT_CHARS);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | NodeJS.Signals | null>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal)),
  );
  let ended = false;
  void exited.then(() => (ended = true));
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (ended)
      throw new Error(`the server exited (${String(await exited)}) before listening:\n${output}`);
    if (Date.now() > deadline) {
      // Not left running: a server that never answered would outlive the test run.
      child.kill('SIGKILL');
      await exited;
      throw new Error(`the server did not start within ${START_TIMEOUT_MS} ms:\n${output}`);
    }
    const healthy = await fetch(`${url}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) break;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return {
    child,
    url,
    exited,
    output: () => output,
    stop: async (signal) => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}
