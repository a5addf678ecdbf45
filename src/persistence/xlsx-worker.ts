// The xlsx worker thread: exceljs is loaded and runs only here, so reading or writing an .xlsx
// never holds the server's event loop (issue 16: a 2 KB file holding XFD1048576 held every other
// request half a second). Jobs arrive one at a time (xlsx-worker-pool.ts), each answered by its id
// with plain data (xlsx-jobs.ts); the file's bytes travel back as a transferred buffer.
import { parentPort } from 'node:worker_threads';
import { decodeXlsx, encodeXlsx } from './xlsx-codec.js';
import {
  carriedError,
  encoderArguments,
  transferableCopy,
  type XlsxAnswer,
  type XlsxJob,
  WORKER_READY,
} from './xlsx-jobs.js';

async function run(job: XlsxJob): Promise<XlsxAnswer> {
  if (job.kind === 'decode')
    return { ok: true, decoded: await decodeXlsx(job.data, job.field, job.maxCells) };
  const { values, options } = encoderArguments(job.input);
  return {
    ok: true,
    bytes: transferableCopy(await encodeXlsx(job.input.document, values, options)),
  };
}

parentPort?.on('message', (message: { id: number; job: XlsxJob }) => {
  run(message.job).then(
    (answer) =>
      parentPort?.postMessage(
        { id: message.id, answer },
        'bytes' in answer ? [answer.bytes.buffer as ArrayBuffer] : [],
      ),
    (error: unknown) =>
      parentPort?.postMessage({
        id: message.id,
        answer: { ok: false, error: carriedError(error) },
      }),
  );
});

// Static imports have loaded by now: the pool starts a job's time limit from here.
parentPort?.postMessage(WORKER_READY);
