// A worker thread that evaluates corpus workbooks one at a time for run.ts, so that a workbook
// whose recalculation never ends can be stopped (the thread is terminated) and an engine that
// throws outside any try block takes down only this thread.
import { readFile } from 'node:fs/promises';
import { parentPort } from 'node:worker_threads';
import { engineFunctionNames, evaluateWorkbook, type WorkbookResult } from './evaluate.js';

export interface WorkerTask {
  readonly file: string;
  readonly path: string;
  readonly timeLimitMs: number;
  readonly mismatchesOf: string | undefined;
}

/** Sent once when the worker has loaded the engine. */
export interface WorkerReady {
  readonly kind: 'ready';
}

export type WorkerReply =
  | { readonly kind: 'done'; readonly result: WorkbookResult }
  | { readonly kind: 'failed'; readonly error: string };

const port = parentPort;
if (port === null) throw new Error('bench/conformance/worker.ts runs as a worker thread');
const knownFunctions = engineFunctionNames();

async function handle(task: WorkerTask): Promise<WorkerReply> {
  try {
    const bytes = await readFile(task.path);
    const result = await evaluateWorkbook(task.file, bytes, {
      knownFunctions,
      timeLimitMs: task.timeLimitMs,
      ...(task.mismatchesOf === undefined ? {} : { mismatchesOf: task.mismatchesOf }),
    });
    return { kind: 'done', result };
  } catch (error) {
    return { kind: 'failed', error: error instanceof Error ? error.message : String(error) };
  }
}

port.on('message', (task: WorkerTask) => {
  void handle(task).then((reply) => port.postMessage(reply));
});
port.postMessage({ kind: 'ready' } satisfies WorkerReady);
