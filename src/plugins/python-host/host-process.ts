// One running host.py: spawning it, waiting for its ready line, one request/reply exchange at a
// time, and ending it by PID. It never restarts itself; PythonPluginHost (bridge.ts) decides.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import path from 'node:path';
import { LineSplitter } from './lines.js';
import { parseLine, type WireReply } from './protocol.js';

export interface HostProcessOptions {
  readonly python: string;
  readonly script: string;
  readonly readyTimeoutMs: number;
  readonly report: (problem: string) => void;
}

export type Exchange =
  | { readonly ok: true; readonly reply: WireReply }
  | { readonly ok: false; readonly kind: 'timeout' | 'crash'; readonly error: string }
  /** The request could not be written as JSON (a BigInt argument, a cycle): the host is fine. */
  | { readonly ok: false; readonly kind: 'unsendable'; readonly error: string };

/** The host could not start: the message says why, for PythonUnavailableError. */
export class HostStartError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'HostStartError';
  }
}

interface ExitStatus {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
}

type ReadyResult =
  | { readonly ok: true; readonly executable: string | undefined }
  | { readonly ok: false; readonly problem: string };

interface PendingRequest {
  readonly id: number;
  readonly settle: (exchange: Exchange) => void;
}

/** Replies carry formula results; a range result as text can be large, but not unbounded. */
const MAX_REPLY_CHARS = 64 * 1024 * 1024;
const MAX_REPORTED_STDERR_CHARS = 1000;
const STDERR_TAIL_LINES = 10;
/** stdout may close a moment before 'exit' arrives; the exit status says more, so wait for it. */
const OUTPUT_CLOSED_GRACE_MS = 250;
const STDERR_AFTER_EXIT_MS = 200;
/** SIGKILL cannot be ignored, but a process in uninterruptible sleep takes a while to go. */
const KILL_WAIT_MS = 5000;

const errorCode = (error: unknown): string | undefined =>
  error instanceof Error && 'code' in error && typeof error.code === 'string'
    ? error.code
    : undefined;

const messageOf = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);

function describeExit(status: ExitStatus): string {
  return status.code !== null ? `exit code ${status.code}` : `signal ${status.signal ?? 'unknown'}`;
}

function describeSpawnError(python: string, error: unknown): string {
  const code = errorCode(error);
  if (code === 'ENOENT') return `the Python interpreter "${python}" was not found`;
  if (code === 'EACCES')
    return `the Python interpreter "${python}" could not be run (permission denied)`;
  return `the Python interpreter "${python}" could not be started: ${messageOf(error)}`;
}

function readyResultOf(reply: WireReply): ReadyResult {
  if (reply['ready'] !== true) {
    const problem =
      typeof reply['error'] === 'string' ? reply['error'] : 'the plugin host refused to start';
    return { ok: false, problem };
  }
  const executable = reply['executable'];
  return {
    ok: true,
    executable:
      typeof executable === 'string' && path.isAbsolute(executable) ? executable : undefined,
  };
}

/** True when the promise settled within ms. */
function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    const done = (): void => {
      clearTimeout(timer);
      resolve(true);
    };
    promise.then(done, done);
  });
}

export class HostProcess {
  private nextId = 1;
  private pending: PendingRequest | undefined;
  private exitStatus: ExitStatus | undefined;
  /** Why this process can no longer answer; set once, by whatever broke or ended it first. */
  private brokenReason: string | undefined;
  private readyWaiter: ((result: ReadyResult) => void) | undefined;
  private interpreterPath: string | undefined;
  private readonly stderrTail: string[] = [];
  private markStderrEnded: () => void = () => undefined;
  /** A start failure's reason is often its last stderr lines, which may trail 'exit'. */
  private readonly stderrEnded = new Promise<void>((resolve) => {
    this.markStderrEnded = resolve;
  });
  private markExited: (status: ExitStatus) => void = () => undefined;
  private readonly exited = new Promise<ExitStatus>((resolve) => {
    this.markExited = resolve;
  });

  private constructor(
    private readonly child: ChildProcessWithoutNullStreams,
    private readonly python: string,
    private readonly report: (problem: string) => void,
  ) {
    this.listenToProcess();
    this.listenToStdout();
    this.listenToStderr();
    child.stdin.on('error', (error) => report(`plugin host stdin: ${messageOf(error)}`));
  }

  /** A started host that has said it is ready; HostStartError otherwise (and nothing left running). */
  static async start(options: HostProcessOptions): Promise<HostProcess> {
    let child: ChildProcessWithoutNullStreams;
    try {
      // -u: replies are never held in a buffer; -B: no .pyc files in plugin folders. Not -I:
      // isolated mode would hide the environment variables plugins read their secrets from.
      child = spawn(options.python, ['-u', '-B', options.script], {
        stdio: ['pipe', 'pipe', 'pipe'],
        env: process.env,
        windowsHide: true,
      });
    } catch (error) {
      throw new HostStartError(describeSpawnError(options.python, error));
    }
    const host = new HostProcess(child, options.python, options.report);
    const ready = await host.waitForReady(options.readyTimeoutMs);
    if (!ready.ok) {
      await host.kill();
      throw new HostStartError(ready.problem);
    }
    host.interpreterPath = ready.executable;
    return host;
  }

  /** The interpreter's own absolute path (sys.executable), when it reported one. */
  get executable(): string | undefined {
    return this.interpreterPath;
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  /** Still running and able to answer. */
  get usable(): boolean {
    return this.brokenReason === undefined && this.exitStatus === undefined;
  }

  /** Sends one request (the caller keeps them one at a time) and waits for its reply. The
   * timeout starts now, when the request is written, not when it was queued. */
  request(message: Readonly<Record<string, unknown>>, timeoutMs: number): Promise<Exchange> {
    if (!this.usable)
      return Promise.resolve({ ok: false, kind: 'crash', error: this.brokenReason ?? 'exited' });
    if (this.pending !== undefined) throw new Error('HostProcess: one request at a time');
    const id = this.nextId++;
    let line: string;
    try {
      line = JSON.stringify({ ...message, id });
    } catch (error) {
      return Promise.resolve({ ok: false, kind: 'unsendable', error: messageOf(error) });
    }
    return new Promise<Exchange>((resolve) => {
      const timer = setTimeout(
        () =>
          this.settlePending({
            ok: false,
            kind: 'timeout',
            error: `timed out after ${timeoutMs} ms`,
          }),
        timeoutMs,
      );
      this.pending = {
        id,
        settle: (exchange) => {
          clearTimeout(timer);
          resolve(exchange);
        },
      };
      this.child.stdin.write(`${line}\n`);
    });
  }

  /** SIGKILL by PID, then wait for 'exit' so the process is reaped, never left a zombie. */
  async kill(): Promise<void> {
    this.breakWith('the plugin host was stopped');
    const pid = this.child.pid;
    if (this.exitStatus === undefined && pid !== undefined) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch (error) {
        if (errorCode(error) !== 'ESRCH')
          this.report(`killing plugin host ${pid}: ${messageOf(error)}`);
      }
    }
    if (!(await settlesWithin(this.exited, KILL_WAIT_MS)))
      this.report(`plugin host ${pid ?? '?'} did not exit within ${KILL_WAIT_MS} ms of SIGKILL`);
  }

  /** Asks the host to end (stdin EOF); kills it when it has not exited within graceMs. */
  async shutdown(graceMs: number): Promise<void> {
    this.breakWith('the plugin host was closed');
    this.child.stdin.end();
    if (!(await settlesWithin(this.exited, graceMs))) await this.kill();
  }

  private waitForReady(timeoutMs: number): Promise<ReadyResult> {
    return new Promise<ReadyResult>((resolve) => {
      const timer = setTimeout(
        () =>
          this.settleReady({
            ok: false,
            problem: `the plugin host did not start within ${timeoutMs / 1000} s`,
          }),
        timeoutMs,
      );
      this.readyWaiter = (result) => {
        clearTimeout(timer);
        resolve(result);
      };
    });
  }

  private async failReadyAfterExit(status: ExitStatus): Promise<void> {
    await settlesWithin(this.stderrEnded, STDERR_AFTER_EXIT_MS);
    this.settleReady({
      ok: false,
      problem: `the plugin host exited (${describeExit(status)}) before it was ready${this.stderrSummary()}`,
    });
  }

  private settleReady(result: ReadyResult): void {
    const waiter = this.readyWaiter;
    this.readyWaiter = undefined;
    waiter?.(result);
  }

  private settlePending(exchange: Exchange): void {
    const pending = this.pending;
    this.pending = undefined;
    pending?.settle(exchange);
  }

  /** The process can no longer answer: the request in flight fails with the first reason. */
  private breakWith(reason: string): void {
    this.brokenReason ??= reason;
    this.settlePending({ ok: false, kind: 'crash', error: this.brokenReason });
  }

  private listenToProcess(): void {
    this.child.on('exit', (code, signal) => {
      const status = { code, signal };
      this.exitStatus = status;
      this.breakWith(`the plugin host crashed (${describeExit(status)})`);
      if (this.readyWaiter !== undefined) void this.failReadyAfterExit(status);
      this.markExited(status);
    });
    this.child.on('error', (error) => {
      // A process that never started emits 'error' and maybe no 'exit' at all.
      if (this.child.pid !== undefined) {
        this.report(`plugin host: ${messageOf(error)}`);
        return;
      }
      const problem = describeSpawnError(this.python, error);
      this.exitStatus = { code: null, signal: null };
      this.breakWith(problem);
      this.settleReady({ ok: false, problem });
      this.markExited(this.exitStatus);
    });
  }

  private listenToStdout(): void {
    const splitter = new LineSplitter({
      maxLineLength: MAX_REPLY_CHARS,
      onLine: (line) => this.onProtocolLine(line),
      onOverflow: () =>
        this.breakWith(
          `the plugin host crashed (it sent a line longer than ${MAX_REPLY_CHARS} characters)`,
        ),
    });
    this.child.stdout.setEncoding('utf8');
    this.child.stdout.on('data', (chunk: string) => splitter.push(chunk));
    this.child.stdout.on('error', (error) =>
      this.report(`plugin host stdout: ${messageOf(error)}`),
    );
    this.child.stdout.on('end', () => {
      splitter.end();
      const timer = setTimeout(() => {
        if (this.exitStatus === undefined)
          this.breakWith('the plugin host crashed (it closed its output)');
      }, OUTPUT_CLOSED_GRACE_MS);
      timer.unref();
    });
  }

  private listenToStderr(): void {
    const splitter = new LineSplitter({
      maxLineLength: MAX_REPORTED_STDERR_CHARS,
      onLine: (line) => this.onStderrLine(line),
      onOverflow: (start) => this.onStderrLine(`${start} …`),
    });
    this.child.stderr.setEncoding('utf8');
    this.child.stderr.on('data', (chunk: string) => splitter.push(chunk));
    this.child.stderr.on('end', () => {
      splitter.end();
      this.markStderrEnded();
    });
    this.child.stderr.on('error', (error) =>
      this.report(`plugin host stderr: ${messageOf(error)}`),
    );
  }

  private onStderrLine(line: string): void {
    this.stderrTail.push(line);
    if (this.stderrTail.length > STDERR_TAIL_LINES) this.stderrTail.shift();
    this.report(`plugin host ${this.child.pid ?? '?'} stderr: ${line}`);
  }

  private stderrSummary(): string {
    return this.stderrTail.length === 0 ? '' : `: ${this.stderrTail.join(' | ')}`;
  }

  private onProtocolLine(line: string): void {
    if (line.trim() === '') return;
    const reply = parseLine(line);
    if (reply === undefined) {
      this.report(`plugin host: ignored a line that is not a JSON object: ${line.slice(0, 200)}`);
      return;
    }
    if (this.readyWaiter !== undefined && 'ready' in reply) {
      this.settleReady(readyResultOf(reply));
      return;
    }
    if (this.pending !== undefined && reply['id'] === this.pending.id)
      this.settlePending({ ok: true, reply });
    else
      this.report(
        `plugin host: ignored a reply to no request in flight (id ${String(reply['id'])})`,
      );
  }
}
