// The import worker thread (named for its first job): exceljs is loaded and runs only here, so
// reading or writing an .xlsx never holds the server's event loop (issue 16: a 2 KB file holding
// XFD1048576 held every other request half a second), and JSON imports are parsed and validated
// here too (a 1,048,576-cell document held it ~8 s, most of it JSON.parse, reading the cells and
// collecting the garbage of both). Jobs arrive one at a time (xlsx-worker-pool.ts), each answered
// by its id with plain data (xlsx-jobs.ts): a decoded workbook packed into transferred typed
// arrays (packed-workbook.ts), a file's bytes as a transferred buffer; an export's document
// arrives packed the same way.
import { parentPort } from 'node:worker_threads';
import { runInBackground } from './background-thread.js';
import { parseWorkbookText } from './document-import.js';
import { gridbookText } from './gridbook-json.js';
import { packedBuffers, packWorkbook } from './packed-workbook.js';
import {
  carriedError,
  encoderArguments,
  exportedDocument,
  exportedValues,
  transferableCopy,
  type XlsxAnswer,
  type XlsxJob,
  WORKER_READY,
} from './xlsx-jobs.js';

interface Answered {
  readonly answer: XlsxAnswer;
  readonly transfer: ArrayBuffer[];
}

function textOf(text: string | Uint8Array): string {
  return typeof text === 'string'
    ? text
    : Buffer.from(text.buffer, text.byteOffset, text.byteLength).toString('utf8');
}

async function run(job: XlsxJob): Promise<Answered> {
  if (job.kind === 'decode-json') {
    const packed = packWorkbook(parseWorkbookText(textOf(job.text), job.field));
    return { answer: { ok: true, packed }, transfer: packedBuffers(packed) };
  }
  if (job.kind === 'encode-gridbook') {
    const { input } = job;
    const document = exportedDocument(input);
    const text = gridbookText(document, {
      exportedAt: input.exportedAt,
      dense: input.dense,
      ...(input.values === undefined ? {} : { values: exportedValues(input, document).values }),
    });
    const bytes = transferableCopy(Buffer.from(text, 'utf8'));
    return { answer: { ok: true, bytes }, transfer: [bytes.buffer as ArrayBuffer] };
  }
  // exceljs only for the jobs that need it: a worker that only reads and writes JSON never loads it.
  const { decodeXlsx, encodeXlsx } = await import('./xlsx-codec.js');
  if (job.kind === 'decode') {
    const packed = packWorkbook(await decodeXlsx(job.data, job.field, job.maxCells));
    return { answer: { ok: true, packed }, transfer: packedBuffers(packed) };
  }
  const document = exportedDocument(job.input);
  const { values, options } = encoderArguments(job.input, document);
  const bytes = transferableCopy(await encodeXlsx(document, values, options));
  return { answer: { ok: true, bytes }, transfer: [bytes.buffer as ArrayBuffer] };
}

parentPort?.on('message', (message: { id: number; job: XlsxJob }) => {
  run(message.job).then(
    ({ answer, transfer }) => parentPort?.postMessage({ id: message.id, answer }, transfer),
    (error: unknown) =>
      parentPort?.postMessage({
        id: message.id,
        answer: { ok: false, error: carriedError(error) },
      }),
  );
});

runInBackground();

// Static imports have loaded by now: the pool starts a job's time limit from here.
parentPort?.postMessage(WORKER_READY);
