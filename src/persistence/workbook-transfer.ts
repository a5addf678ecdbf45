// Use-cases the HTTP layer calls: export a workbook in each format, and turn an uploaded
// payload into the ops that replace (or, for CSV, refill) it. Nothing here applies ops; the
// caller applies them through workbook.apply so undo, versions and listeners see the change.
import {
  readConsistently,
  replaceWorkbookOps,
  stepsInSlices,
  type Op,
  type ReadOptions,
  type SheetView,
  type SliceClock,
  type WorkbookReader,
} from '../core/index.js';
import {
  csvImportOps,
  decodeCsv,
  encodeCsv,
  encodeCsvInSlices,
  type CsvMode,
} from './csv-codec.js';
import { csvText, type CsvSource } from './csv-text.js';
import { decodeWorkbookJson, withName } from './document-import.js';
import { gridbookText, type ComputedValues } from './gridbook-json.js';
import type { EncodedDocument } from './workbook-store.js';
import { decodeXlsx, encodeXlsx } from './xlsx-codec.js';
import { packedExportSteps, xlsxExportSteps } from './xlsx-jobs.js';
import { xlsxWorker, type XlsxDecoder, type XlsxWorkerPool } from './xlsx-worker-pool.js';

/** Computed values read through one view per sheet. */
export function computedValues(workbook: WorkbookReader): ComputedValues {
  const views = new Map<string, SheetView>();
  return (sheet, row, col) => {
    let view = views.get(sheet);
    if (view === undefined) {
      view = workbook.sheet(sheet);
      views.set(sheet, view);
    }
    return view.value(row, col);
  };
}

/**
 * Compact JSON: indenting doubled the size. Version 1 still takes ~68 MB at 1,000,000 cells,
 * over the default 64 MiB request limit of its own import; `dense` (version 2, the save file's
 * blocks) takes ~7 MB, so the UI downloads that.
 */
export function exportJson(
  workbook: WorkbookReader,
  at: Date,
  options: { dense?: boolean } = {},
): string {
  return `${gridbookText(workbook.document(), { exportedAt: at, values: computedValues(workbook), dense: options.dense === true })}\n`;
}

/**
 * A save or an export download is made even under a steady stream of writes: after attempts in
 * slices that commits kept interrupting, the last one copies the workbook in one turn.
 */
const KEEP_WHAT_WAS_ASKED: ReadOptions = { lastAttemptWhole: true };

/**
 * What `steps` (made afresh for each attempt) copy out of the workbook, read a slice at a time
 * from one state (`clock` paces it), for a save or an export download.
 */
function copiedInSlices<T>(
  workbook: WorkbookReader,
  clock: SliceClock,
  steps: () => Generator<void, T, undefined>,
): Promise<T> {
  return readConsistently(
    workbook,
    clock,
    (slices) => stepsInSlices(steps(), slices),
    KEEP_WHAT_WAS_ASKED,
  );
}

/** The line break that ends exportJson's text. */
const FINAL_NEWLINE = Buffer.from('\n');

/**
 * exportJson's text as UTF-8 pieces that join to it, written in a worker: the document and values
 * are packed into typed arrays a slice at a time from one state (`clock` paces it), the worker
 * writes the text. A 1,048,576-cell export built its 25 MB string in one turn of ~0.7 s; built
 * here in slices, its million cell objects and text pieces kept the scavenger busy ~0.4 s a second.
 */
export async function exportJsonInSlices(
  workbook: WorkbookReader,
  at: Date,
  options: { dense?: boolean },
  clock: SliceClock,
  worker: XlsxWorkerPool = xlsxWorker(),
): Promise<Buffer[]> {
  const input = await copiedInSlices(workbook, clock, () => packedExportSteps(workbook, true));
  const text = await worker.encodeGridbook({
    ...input,
    exportedAt: at,
    dense: options.dense === true,
  });
  return [text, FINAL_NEWLINE];
}

/**
 * The save file's text (Gridbook version 2, as a WorkbookStore writes it) of the workbook as it
 * is now, written in a worker from a packed copy read a slice at a time from one state.
 */
export async function saveFileInSlices(
  workbook: WorkbookReader,
  at: Date,
  clock: SliceClock,
  worker: XlsxWorkerPool = xlsxWorker(),
): Promise<EncodedDocument> {
  const input = await copiedInSlices(workbook, clock, () => packedExportSteps(workbook, false));
  return { encoded: await worker.encodeGridbook({ ...input, exportedAt: at, dense: true }) };
}

export function exportXlsx(
  workbook: WorkbookReader,
  options: { valuesOnly?: boolean; at?: Date },
): Promise<Buffer> {
  return encodeXlsx(workbook.document(), computedValues(workbook), {
    ...options,
    spills: (sheet) => workbook.sheet(sheet).spills(),
  });
}

/**
 * exportXlsx in an xlsx worker (the server's by default): the same file, written off the event
 * loop; what the worker needs is read from one state a slice at a time (`clock` paces it).
 */
export async function exportXlsxInWorker(
  workbook: WorkbookReader,
  options: { valuesOnly?: boolean; at?: Date },
  clock: SliceClock,
  worker: XlsxWorkerPool = xlsxWorker(),
): Promise<Buffer> {
  return worker.encode(
    await copiedInSlices(workbook, clock, () => xlsxExportSteps(workbook, options)),
  );
}

export function exportCsv(sheet: SheetView, mode: CsvMode): string {
  return encodeCsv(sheet, mode);
}

/** One sheet of the workbook as CSV, a slice at a time (other requests answered meanwhile), from one state. */
export function exportCsvInSlices(
  workbook: WorkbookReader,
  sheetName: string | undefined,
  mode: CsvMode,
  clock: SliceClock,
): Promise<Buffer[]> {
  return readConsistently(workbook, clock, (slices) =>
    encodeCsvInSlices(workbook.sheet(sheetName), mode, slices),
  );
}

/** A Gridbook or GridOS document → the op that replaces the workbook (a missing name keeps the current one). */
export function importJsonOps(workbook: WorkbookReader, json: unknown, field = 'body'): Op[] {
  return replaceWorkbookOps(withName(decodeWorkbookJson(json, field), workbook.name));
}

/**
 * An xlsx file → the replacing op; the workbook takes the file's name when one is given. The file
 * is read in this thread unless `decode` says where (the server: its XlsxWorkerPool's decode).
 */
export async function importXlsxOps(
  workbook: WorkbookReader,
  data: Uint8Array,
  fileName?: string,
  field = 'file',
  maxCells = Number.POSITIVE_INFINITY,
  decode: XlsxDecoder = decodeXlsx,
): Promise<Op[]> {
  const decoded = await decode(data, field, maxCells);
  const stem = fileName?.replace(/\.xlsx$/i, '').trim();
  return replaceWorkbookOps(
    withName(decoded, stem === undefined || stem === '' ? workbook.name : stem.slice(0, 120)),
  );
}

/** CSV text or bytes → ops that make the sheet (added when missing) hold it from A1. */
export function importCsvOps(
  workbook: WorkbookReader,
  sheetName: string,
  csv: CsvSource,
  maxCells = Number.POSITIVE_INFINITY,
): Op[] {
  const rows = decodeCsv(csvText(csv, 'body'), 'body', maxCells);
  const existing = workbook.sheetNames.find(
    (name) => name.toLowerCase() === sheetName.trim().toLowerCase(),
  );
  return csvImportOps(
    existing === undefined ? undefined : workbook.sheet(existing),
    existing ?? sheetName.trim(),
    rows,
  );
}
