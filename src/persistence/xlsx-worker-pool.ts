// Runs the xlsx codec in one worker thread (xlsx-worker.ts), so exceljs never loads or runs on
// the server's event loop. The worker starts on the first job and serves one job at a time, the
// others waiting in order: one worker because a server imports and exports .xlsx rarely and
// each exceljs copy costs tens of MiB, and one job at a time so a worker that dies takes only
// the job it was doing with it (that request fails with XlsxWorkerError; the next job starts a
// new worker). Once idle for `idleMs` it exits and its memory is returned to the system. A job
// that runs past `timeoutMs` (GRIDBOOK_XLSX_TIMEOUT_MS) fails the same way: size bounds keep a
// job finite, but not short (a file exceljs parses slowly, a pathological export), and one slow
// job would hold every job queued behind it, so its worker is terminated and the next job gets a
// new one.
import { Worker } from 'node:worker_threads';
import { XlsxWorkerError } from './errors.js';
import type { DecodedWorkbook } from './gridos-import.js';
import { columnBuffers, packedBuffers, unpackWorkbook } from './packed-workbook.js';
import { siblingModule, workerEntry } from './worker-entry.js';
import {
  rebuiltError,
  bytesForWorker,
  transferable,
  WORKER_READY,
  type GridbookExportInput,
  type XlsxAnswer,
  type XlsxExportInput,
  type XlsxJob,
} from './xlsx-jobs.js';

/** How long the worker waits for another job before it exits (imports and exports come in bursts). */
export const XLSX_WORKER_IDLE_MS = 15_000;

/** GRIDBOOK_XLSX_TIMEOUT_MS's default: the longest one job may run in the worker. */
export const XLSX_JOB_TIMEOUT_MS = 120_000;

export interface XlsxWorkerPoolOptions {
  readonly idleMs?: number;
  /** How long one job may run before its worker is terminated (GRIDBOOK_XLSX_TIMEOUT_MS). */
  readonly timeoutMs?: number;
  /** The worker module (tests start one that fails on purpose); xlsx-worker beside this file by default. */
  readonly module?: URL;
}

interface Waiting {
  readonly id: number;
  readonly job: XlsxJob;
  readonly resolve: (answer: XlsxAnswer) => void;
  readonly reject: (error: unknown) => void;
}

export class XlsxWorkerPool {
  private worker: Worker | undefined;
  private running: Waiting | undefined;
  private readonly queue: Waiting[] = [];
  private idle: NodeJS.Timeout | undefined;
  /** Ends the running job's worker when the job runs past `timeoutMs`. */
  private deadline: NodeJS.Timeout | undefined;
  /** Whether the current worker has loaded its modules and said so. */
  private workerReady = false;
  private nextId = 0;
  private readonly idleMs: number;
  private readonly timeoutMs: number;
  private readonly module: URL;

  constructor(options: XlsxWorkerPoolOptions = {}) {
    this.idleMs = options.idleMs ?? XLSX_WORKER_IDLE_MS;
    this.timeoutMs = options.timeoutMs ?? XLSX_JOB_TIMEOUT_MS;
    this.module = options.module ?? siblingModule(import.meta.url, 'xlsx-worker');
  }

  /** decodeXlsx in the worker: the same result, or the same InvalidDocumentError / TooLargeError. */
  async decode(data: Uint8Array, field: string, maxCells: number): Promise<DecodedWorkbook> {
    const job: XlsxJob = { kind: 'decode', data: bytesForWorker(data), field, maxCells };
    const answer = await this.submit(job);
    return 'packed' in answer ? unpackWorkbook(answer.packed) : unexpected(answer);
  }

  /**
   * parseWorkbookText in the worker: a Gridbook or GridOS JSON document (text, or UTF-8 bytes)
   * parsed and validated there, the same result or the same InvalidDocumentError /
   * MalformedJsonError; this thread only fills the cells back from typed arrays.
   */
  async decodeJson(text: string | Uint8Array, field: string): Promise<DecodedWorkbook> {
    const job: XlsxJob = {
      kind: 'decode-json',
      text: typeof text === 'string' ? text : bytesForWorker(text),
      field,
    };
    const answer = await this.submit(job);
    return 'packed' in answer ? unpackWorkbook(answer.packed) : unexpected(answer);
  }

  /**
   * encodeXlsx in the worker over a plain export (xlsxExportSteps); its packed cells are
   * transferred, unusable here afterwards.
   */
  async encode(input: XlsxExportInput): Promise<Buffer> {
    return bytesOf(await this.submit({ kind: 'encode', input }));
  }

  /**
   * gridbookText in the worker over a packed workbook (packedExportSteps): the UTF-8 bytes of the
   * same text. Its packed cells are transferred, unusable here afterwards.
   */
  async encodeGridbook(input: GridbookExportInput): Promise<Buffer> {
    return bytesOf(await this.submit({ kind: 'encode-gridbook', input }));
  }

  /** Whether a worker thread is running now (it exits after `idleMs` without a job). */
  get started(): boolean {
    return this.worker !== undefined;
  }

  private async submit(job: XlsxJob): Promise<XlsxAnswer> {
    const answer = await new Promise<XlsxAnswer>((resolve, reject) => {
      this.queue.push({ id: (this.nextId += 1), job, resolve, reject });
      this.startNext();
    });
    if (answer.ok) return answer;
    throw rebuiltError(answer.error) ?? new Error(answer.error.message);
  }

  private startNext(): void {
    if (this.running !== undefined) return;
    const next = this.queue.shift();
    if (next === undefined) return this.waitIdle();
    clearTimeout(this.idle);
    const worker = this.worker ?? this.startWorker();
    worker.ref();
    this.running = next;
    const transfer = transferOf(next.job);
    worker.postMessage({ id: next.id, job: next.job }, transfer);
    if (this.workerReady) this.startDeadline(worker, next);
  }

  /**
   * The running job's clock. It starts once the worker has loaded (exceljs takes a while to load,
   * seconds on a busy machine), so the limit bounds the job's own work, not the start of a thread.
   */
  private startDeadline(worker: Worker, job: Waiting): void {
    clearTimeout(this.deadline);
    this.deadline = setTimeout(() => this.stopOverdue(worker, job), this.timeoutMs);
    this.deadline.unref();
  }

  /** The job still running at its deadline: its worker is terminated, failing only that job. */
  private stopOverdue(worker: Worker, job: Waiting): void {
    if (worker !== this.worker || this.running !== job) return;
    this.retire(
      worker,
      `it ran longer than ${this.timeoutMs} ms, the limit GRIDBOOK_XLSX_TIMEOUT_MS sets (a server operator can raise it)`,
    );
    void worker.terminate();
  }

  private startWorker(): Worker {
    const worker = new Worker(workerEntry(this.module));
    this.workerReady = false;
    worker.on('message', (message: { id: number; answer: XlsxAnswer } | typeof WORKER_READY) => {
      if (worker !== this.worker) return;
      if (message === WORKER_READY) {
        this.workerReady = true;
        if (this.running !== undefined) this.startDeadline(worker, this.running);
        return;
      }
      const running = this.running;
      if (worker !== this.worker || running?.id !== message.id) return;
      clearTimeout(this.deadline);
      this.running = undefined;
      running.resolve(message.answer);
      this.startNext();
    });
    worker.on('error', (error) => this.retire(worker, `the worker failed (${error.message})`));
    worker.on('exit', (code) => this.retire(worker, `the worker exited with code ${code}`));
    this.worker = worker;
    return worker;
  }

  /** A worker that ended or was stopped: its job fails, and the queue moves on to a new worker. */
  private retire(worker: Worker, reason: string): void {
    if (worker !== this.worker) return;
    this.worker = undefined;
    clearTimeout(this.idle);
    clearTimeout(this.deadline);
    const running = this.running;
    this.running = undefined;
    if (running !== undefined)
      running.reject(new XlsxWorkerError(WORKER_TASK[running.job.kind], reason));
    this.startNext();
  }

  /** Idle: the worker must not keep the process alive, and it exits after a while without work. */
  private waitIdle(): void {
    const worker = this.worker;
    if (worker === undefined) return;
    worker.unref();
    clearTimeout(this.idle);
    this.idle = setTimeout(() => {
      if (this.worker !== worker || this.running !== undefined) return;
      this.worker = undefined;
      void worker.terminate();
    }, this.idleMs);
    this.idle.unref();
  }
}

/** What a failed job was doing, as XlsxWorkerError says it. */
const WORKER_TASK = {
  decode: 'reading',
  'decode-json': 'reading-json',
  encode: 'writing',
  'encode-gridbook': 'writing-json',
} as const;

/** The buffers a job hands over (copies made for the purpose, never a caller's). */
function transferOf(job: XlsxJob): ArrayBuffer[] {
  if (job.kind === 'decode') return transferable(job.data);
  if (job.kind === 'decode-json' && typeof job.text !== 'string') return transferable(job.text);
  if (job.kind === 'encode' || job.kind === 'encode-gridbook')
    return [
      ...packedBuffers(job.input.packed),
      ...(job.input.values ?? []).flatMap(({ cells }) => columnBuffers(cells)),
    ];
  return [];
}

function bytesOf(answer: XlsxAnswer): Buffer {
  return 'bytes' in answer
    ? Buffer.from(answer.bytes.buffer, answer.bytes.byteOffset, answer.bytes.byteLength)
    : unexpected(answer);
}

function unexpected(answer: XlsxAnswer): never {
  throw new Error(`the xlsx worker answered ${JSON.stringify(Object.keys(answer))}`);
}

let shared: XlsxWorkerPool | undefined;

/** The server's one xlsx worker pool (its worker starts on the first job). */
export function xlsxWorker(): XlsxWorkerPool {
  shared ??= new XlsxWorkerPool();
  return shared;
}

/** parseWorkbookText as a promise, for callers that choose where it runs (XlsxWorkerPool.decodeJson). */
export type JsonDecoder = (text: string | Uint8Array, field: string) => Promise<DecodedWorkbook>;

/** decodeXlsx's signature, for callers that choose where it runs. */
export type XlsxDecoder = (
  data: Uint8Array,
  field: string,
  maxCells: number,
) => Promise<DecodedWorkbook>;
