// Starts the compaction worker (compaction-worker.ts) and waits for its answer; the worker's
// entry, compiled or from sources, is worker-entry.ts's.
import { Worker } from 'node:worker_threads';
import { CompactionFailedError } from '../errors.js';
import { siblingModule, workerEntry } from '../worker-entry.js';
import type {
  CompactionJob,
  DirectoryCompactionJob,
  TextCompactionJob,
} from './compaction-worker.js';

function workerUrl(): URL {
  return siblingModule(import.meta.url, 'compaction-worker');
}

/** Writes base-<upTo> in the journal directory from its base and log (the file journal). */
export async function compactInWorker(job: Omit<DirectoryCompactionJob, 'kind'>): Promise<void> {
  await runWorker({ kind: 'directory', ...job }, job.dir);
}

/** How long the folding worker of a database store waits for another job before it exits. */
const FOLDER_IDLE_MS = 30_000;

interface Folder {
  readonly worker: Worker;
  readonly pending: Map<
    number,
    {
      resolve: (text: string) => void;
      reject: (error: unknown) => void;
      upTo: number;
      where: string;
    }
  >;
  idle: NodeJS.Timeout | undefined;
}

let folder: Folder | undefined;
let nextFold = 0;

/**
 * The dense snapshot text of stored records folded onto their stored base (a database store).
 * One worker serves every fold and stays a while between them: a database store folds often
 * (every few thousand small commits), and starting a worker loads the engine's modules again,
 * which cost more than folding a small workbook.
 */
export function foldTextsInWorker(
  job: Omit<TextCompactionJob, 'kind'>,
  where: string,
): Promise<string> {
  const serving = folderWorker();
  const id = (nextFold += 1);
  clearTimeout(serving.idle);
  serving.worker.ref();
  return new Promise<string>((resolve, reject) => {
    serving.pending.set(id, { resolve, reject, upTo: job.upTo, where });
    serving.worker.postMessage({ id, job: { kind: 'text', ...job } });
  });
}

function folderWorker(): Folder {
  if (folder !== undefined) return folder;
  const worker = new Worker(workerEntry(workerUrl()), { workerData: { kind: 'serve' } });
  const serving: Folder = { worker, pending: new Map(), idle: undefined };
  const fail = (reason: string): void => {
    if (folder === serving) folder = undefined;
    for (const waiting of serving.pending.values())
      waiting.reject(new CompactionFailedError(waiting.where, waiting.upTo, reason));
    serving.pending.clear();
  };
  worker.on('message', (message: { id: number; ok: boolean; text?: string; message?: string }) => {
    const waiting = serving.pending.get(message.id);
    if (waiting === undefined) return;
    serving.pending.delete(message.id);
    if (message.ok && message.text !== undefined) waiting.resolve(message.text);
    else
      waiting.reject(
        new CompactionFailedError(
          waiting.where,
          waiting.upTo,
          message.message ?? 'no reason given',
        ),
      );
    if (serving.pending.size > 0) return;
    // Idle: it must not keep the process alive, and it leaves after a while without work.
    worker.unref();
    serving.idle = setTimeout(() => {
      if (serving.pending.size > 0) return;
      if (folder === serving) folder = undefined;
      void worker.terminate();
    }, FOLDER_IDLE_MS);
    serving.idle.unref();
  });
  worker.on('error', (error) => fail(error.message));
  worker.on('exit', (code) => fail(`the worker exited with code ${code}`));
  folder = serving;
  return serving;
}

function runWorker(job: CompactionJob, where: string): Promise<string | undefined> {
  return new Promise<string | undefined>((resolve, reject) => {
    const worker = new Worker(workerEntry(workerUrl()), { workerData: job });
    let answered = false;
    worker.once('message', (message: { ok: boolean; text?: string; message?: string }) => {
      answered = true;
      if (message.ok) resolve(message.text);
      else reject(new CompactionFailedError(where, job.upTo, message.message ?? 'no reason given'));
    });
    worker.once('error', (error) =>
      reject(new CompactionFailedError(where, job.upTo, error.message)),
    );
    worker.once('exit', (code) => {
      if (!answered)
        reject(
          new CompactionFailedError(
            where,
            job.upTo,
            `the worker exited with code ${code} without an answer`,
          ),
        );
    });
  });
}
