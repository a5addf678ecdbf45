// The text a store keeps for a whole workbook (Gridbook version 2: the save file, a journal
// snapshot), written on this thread a slice per turn of the event loop, or in a worker thread.
// Written here, a 1,048,576-cell document's text pieces survived the scavenges that ran while it
// was built, and copying them kept the event loop busy ~0.4 s in every second (issue 16).
import type { WorkbookDocument } from '../core/index.js';
import { XlsxWorkerError } from './errors.js';
import { gridbookPieces } from './gridbook-json.js';
import { finishInSlices, textInSlices } from './in-slices.js';
import { packedDocumentExportSteps } from './xlsx-jobs.js';
import type { XlsxWorkerPool } from './xlsx-worker-pool.js';

/** Writes a document's stored text (its UTF-8 bytes or the string), stamped `exportedAt`. */
export type DocumentEncoder = (
  document: WorkbookDocument,
  exportedAt: Date,
) => Promise<string | Uint8Array>;

/** On this thread, a slice per turn of the event loop. */
export const saveFileTextHere: DocumentEncoder = (document, exportedAt) =>
  textInSlices(gridbookPieces(document, { exportedAt, dense: true }));

/**
 * In `worker`: the document is packed a slice per turn of the event loop and its text written
 * there. If the worker fails (it ran out of memory, was stopped at its time limit) the text is
 * written on this thread instead: a journal snapshot must be written whatever the worker does.
 */
export function saveFileTextIn(worker: XlsxWorkerPool): DocumentEncoder {
  return async (document, exportedAt) => {
    const packed = await finishInSlices(packedDocumentExportSteps(document));
    try {
      return await worker.encodeGridbook({ ...packed, exportedAt, dense: true });
    } catch (error) {
      if (!(error instanceof XlsxWorkerError)) throw error;
      return saveFileTextHere(document, exportedAt);
    }
  };
}
