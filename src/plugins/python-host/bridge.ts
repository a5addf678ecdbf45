// The server's side of the Python plugin host (docs/design.md §7): GridOS plugins run in a
// separate CPython process, so a plugin call never blocks the event loop, and a plugin that
// hangs or crashes costs one request: the host is killed by PID, respawned, and every loaded
// plugin re-loaded before the next request is sent.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { HostProcess, type Exchange } from './host-process.js';
import {
  callOutcomeOf,
  checkOutcomeOf,
  loadOutcomeOf,
  type CallOutcome,
  type CheckOutcome,
  type LoadOutcome,
} from './protocol.js';

export interface PluginHostOptions {
  /** Interpreter (GRIDBOOK_PYTHON, read by config.ts); default 'python3'. */
  readonly python?: string;
  /** Per call/load timeout in ms (GRIDBOOK_PLUGIN_TIMEOUT_MS, default 2000). */
  readonly timeoutMs: number;
  /** Where problems go (plugin stderr, restarts, dropped plugins); dropped when absent. */
  readonly report?: (problem: string) => void;
}

/** Python is missing, too old, or host.py failed to start; the message says which. */
export class PythonUnavailableError extends Error {
  constructor(problem: string) {
    super(
      `${problem}. Python plugins need CPython 3.9 or newer: install it, or set GRIDBOOK_PYTHON to the interpreter's path.`,
    );
    this.name = 'PythonUnavailableError';
  }
}

/** Where host.py is: beside this module when run from src/ (tsx, vitest). The compiled server
 * (dist/server/plugins/python-host/bridge.js, built by tsc) has no copy of it, so from there
 * the checkout's src/ is used: the repository ships src/. */
export const HOST_SCRIPT_PATH = locateHostScript();

function locateHostScript(): string {
  const beside = fileURLToPath(new URL('./host.py', import.meta.url));
  if (existsSync(beside)) return beside;
  for (let dir = path.dirname(beside); path.dirname(dir) !== dir; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json')))
      return path.join(dir, 'src', 'plugins', 'python-host', 'host.py');
  }
  return beside;
}

const READY_TIMEOUT_MS = 10_000;
const CLOSE_GRACE_MS = 1000;
/** A host that dies at start this many times in a row is left down for a while. */
const MAX_START_FAILURES = 3;
const DOWN_RETRY_AFTER_MS = 5000;
/** A plugin whose re-load kills or hangs the host this often in one restart is dropped. */
const MAX_RELOAD_FAILURES = 2;
const CLOSED = 'the plugin host is closed';

type Respawn =
  | { readonly kind: 'ready'; readonly process: HostProcess }
  | { readonly kind: 'closed' }
  | { readonly kind: 'start-failed'; readonly reason: string }
  | { readonly kind: 'reload-failed'; readonly slug: string; readonly reason: string };

interface Settings {
  readonly python: string;
  readonly timeoutMs: number;
  readonly report: (problem: string) => void;
}

function settingsOf(options: PluginHostOptions): Settings {
  if (!Number.isFinite(options.timeoutMs) || options.timeoutMs <= 0)
    throw new RangeError(
      `timeoutMs must be a positive number of milliseconds, got ${options.timeoutMs}`,
    );
  return {
    // config.ts reads GRIDBOOK_PYTHON; it is the only reader of the environment.
    python: options.python ?? 'python3',
    timeoutMs: options.timeoutMs,
    report: options.report ?? (() => undefined),
  };
}

const messageOf = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);

type HostFailure = Extract<Exchange, { ok: false }>;

function failedCall(failure: HostFailure): CallOutcome {
  if (failure.kind === 'unsendable')
    return { ok: false, kind: 'exception', error: `the arguments are not JSON: ${failure.error}` };
  return { ok: false, kind: failure.kind, error: failure.error };
}

function failedLoad(failure: HostFailure): LoadOutcome {
  return {
    ok: false,
    kind: failure.kind === 'unsendable' ? 'rejected' : failure.kind,
    error: failure.error,
  };
}

export class PythonPluginHost {
  private current: HostProcess | undefined;
  /** A respawned process still re-loading plugins: close() must end it too. */
  private starting: HostProcess | undefined;
  private recovering: Promise<void> | undefined;
  private down: { readonly reason: string; readonly retryAt: number } | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  /** Loaded plugins, slug → folder, in load order: what a respawned host re-loads. */
  private readonly loaded = new Map<string, string>();
  private respawns = 0;
  /** What respawns run: the interpreter the first start resolved to, once known. */
  private interpreter: string;
  private closed = false;
  private closing: Promise<void> | undefined;

  private constructor(private readonly settings: Settings) {
    this.interpreter = settings.python;
  }

  /** A running host, ready for requests; PythonUnavailableError when it cannot start. */
  static async start(options: PluginHostOptions): Promise<PythonPluginHost> {
    const host = new PythonPluginHost(settingsOf(options));
    try {
      host.current = await host.spawnProcess();
    } catch (error) {
      throw new PythonUnavailableError(messageOf(error));
    }
    host.interpreter = host.current.executable ?? host.interpreter;
    return host;
  }

  get pid(): number | undefined {
    return this.current?.pid;
  }

  /** How many times the host was respawned. */
  get restarts(): number {
    return this.respawns;
  }

  /** Imports <dir>/plugin.py as `slug` and runs its register(kernel); a re-load replaces the
   * previous version. A plugin that loaded is re-loaded whenever the host is respawned. */
  load(slug: string, dir: string): Promise<LoadOutcome> {
    return this.serially(async () => {
      // Whatever happens next, the previous version is gone from the host.
      this.loaded.delete(slug);
      const exchange = await this.exchange({ op: 'load', slug, dir });
      if (!exchange.ok) return failedLoad(exchange);
      const outcome = loadOutcomeOf(exchange.reply);
      if (outcome.ok) this.loaded.set(slug, dir);
      return outcome;
    });
  }

  unload(slug: string): Promise<void> {
    return this.serially(async () => {
      this.loaded.delete(slug);
      await this.exchange({ op: 'unload', slug });
    });
  }

  /** The interpreter's version ("3.11.7"), as the host reports it. */
  version(): Promise<string | undefined> {
    return this.serially(async () => {
      const exchange = await this.exchange({ op: 'ping' });
      const python = exchange.ok ? exchange.reply['python'] : undefined;
      return typeof python === 'string' ? python : undefined;
    });
  }

  /** Compiles plugin source without running it: syntax, and a top-level register(). */
  check(source: string): Promise<CheckOutcome> {
    return this.serially(async () => {
      const exchange = await this.exchange({ op: 'check', source });
      return exchange.ok ? checkOutcomeOf(exchange.reply) : { ok: false, error: exchange.error };
    });
  }

  /** Runs a formula a plugin registered. `secrets` is {slug: {KEY: value}}; the formula sees
   * only its own plugin's entry. With `environment: false` (SaaS) `kernel.get_secret` never falls
   * back to the server's environment variables: they are the operator's, not the caller's. */
  call(
    name: string,
    args: readonly unknown[],
    secrets: Readonly<Record<string, Readonly<Record<string, string>>>>,
    options: { readonly environment?: boolean } = {},
  ): Promise<CallOutcome> {
    const environment = options.environment !== false;
    return this.serially(async () => {
      const exchange = await this.exchange({ op: 'call', name, args, secrets, environment });
      return exchange.ok ? callOutcomeOf(exchange.reply) : failedCall(exchange);
    });
  }

  /** Ends the host (stdin EOF, then SIGKILL by PID after 1 s) and waits until it is reaped.
   * Requests still queued answer as crashed. */
  close(): Promise<void> {
    this.closed = true;
    this.closing ??= this.shutDown();
    return this.closing;
  }

  private async shutDown(): Promise<void> {
    const running = [this.takeCurrent(), this.starting].filter((child) => child !== undefined);
    await Promise.all(running.map((child) => child.shutdown(CLOSE_GRACE_MS)));
    await this.recovering;
    // A respawn may have become ready between the shutdowns above and its end.
    await this.takeCurrent()?.shutdown(CLOSE_GRACE_MS);
  }

  private takeCurrent(): HostProcess | undefined {
    const current = this.current;
    this.current = undefined;
    return current;
  }

  /** One request at a time: the host is single-threaded, and a request's timeout must only
   * count its own run, never the wait behind another. */
  private serially<T>(task: () => Promise<T>): Promise<T> {
    const run = this.queue.then(task);
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async exchange(message: Readonly<Record<string, unknown>>): Promise<Exchange> {
    const child = await this.usableProcess();
    if (typeof child === 'string') return { ok: false, kind: 'crash', error: child };
    const exchange = await child.request(message, this.settings.timeoutMs);
    // The caller gets its answer now; the queue waits for the respawn before the next request.
    if (!exchange.ok && exchange.kind !== 'unsendable') this.startRecovery(child, exchange.error);
    return exchange;
  }

  /** The live process, or why there is none. */
  private async usableProcess(): Promise<HostProcess | string> {
    await this.recovering;
    if (this.closed) return CLOSED;
    if (this.current?.usable) return this.current;
    if (this.current !== undefined) this.startRecovery(this.current, 'it exited while idle');
    else if (this.down === undefined || Date.now() >= this.down.retryAt)
      this.startRecovery(undefined, this.down?.reason ?? 'it is not running');
    await this.recovering;
    if (this.current?.usable) return this.current;
    return this.closed ? CLOSED : (this.down?.reason ?? 'the plugin host is not running');
  }

  private startRecovery(broken: HostProcess | undefined, why: string): void {
    if (this.current === broken) this.current = undefined;
    if (this.closed) return;
    const which = broken?.pid === undefined ? '' : ` (pid ${broken.pid})`;
    this.settings.report(`restarting the Python plugin host${which}: ${why}`);
    this.recovering = this.recover(broken).finally(() => {
      this.recovering = undefined;
    });
  }

  /** Kills and reaps the broken process, then respawns until a host is ready with every
   * plugin that still loads, or it has failed to start MAX_START_FAILURES times in a row. */
  private async recover(broken: HostProcess | undefined): Promise<void> {
    await broken?.kill();
    const reloadFailures = new Map<string, number>();
    let startFailures = 0;
    while (!this.closed) {
      const attempt = await this.respawn();
      if (attempt.kind === 'ready') {
        this.current = attempt.process;
        this.down = undefined;
        return;
      }
      if (attempt.kind === 'closed') return;
      if (attempt.kind === 'reload-failed') {
        const failures = (reloadFailures.get(attempt.slug) ?? 0) + 1;
        reloadFailures.set(attempt.slug, failures);
        if (failures >= MAX_RELOAD_FAILURES) this.dropPlugin(attempt.slug, attempt.reason);
        continue;
      }
      startFailures += 1;
      this.settings.report(`the Python plugin host failed to start: ${attempt.reason}`);
      if (startFailures >= MAX_START_FAILURES) {
        this.down = { reason: attempt.reason, retryAt: Date.now() + DOWN_RETRY_AFTER_MS };
        this.settings.report(
          `the Python plugin host failed to start ${startFailures} times in a row; plugin calls fail for ${DOWN_RETRY_AFTER_MS / 1000} s`,
        );
        return;
      }
    }
  }

  private dropPlugin(slug: string, reason: string): void {
    this.loaded.delete(slug);
    this.settings.report(`plugin ${slug} was dropped: re-loading it broke the host (${reason})`);
  }

  private async respawn(): Promise<Respawn> {
    let child: HostProcess;
    try {
      child = await this.spawnProcess();
    } catch (error) {
      return { kind: 'start-failed', reason: messageOf(error) };
    }
    this.respawns += 1;
    this.starting = child;
    try {
      for (const [slug, dir] of [...this.loaded]) {
        if (this.closed) break;
        const failure = await this.reload(child, slug, dir);
        if (failure !== undefined) {
          await child.kill();
          return { kind: 'reload-failed', slug, reason: failure };
        }
      }
    } finally {
      this.starting = undefined;
    }
    if (!this.closed) return { kind: 'ready', process: child };
    await child.shutdown(CLOSE_GRACE_MS);
    return { kind: 'closed' };
  }

  /** Why the host broke while re-loading the plugin; undefined when it survived, whether or
   * not the plugin still loads (one that no longer does is forgotten and reported). */
  private async reload(child: HostProcess, slug: string, dir: string): Promise<string | undefined> {
    const exchange = await child.request({ op: 'load', slug, dir }, this.settings.timeoutMs);
    if (!exchange.ok) return exchange.error;
    const outcome = loadOutcomeOf(exchange.reply);
    if (!outcome.ok) {
      this.loaded.delete(slug);
      this.settings.report(`plugin ${slug} no longer loads after a host restart: ${outcome.error}`);
    }
    return undefined;
  }

  private spawnProcess(): Promise<HostProcess> {
    return HostProcess.start({
      python: this.interpreter,
      script: HOST_SCRIPT_PATH,
      readyTimeoutMs: READY_TIMEOUT_MS,
      report: this.settings.report,
    });
  }
}
