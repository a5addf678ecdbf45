// Use-cases the HTTP layer calls: export a workbook in each format, and turn an uploaded
// payload into the ops that replace (or, for CSV, refill) it. Nothing here applies ops; the
// caller applies them through workbook.apply so undo, versions and listeners see the change.
import {
  readConsistently,
  replaceWorkbookOps,
  stepsInSlices,
  type Op,
  type ReadOptions,
  type ReadSlices,
  type SheetView,
  type SliceClock,
  type WorkbookDocument,
  type WorkbookReader,
} from '../core/index.js';
import {
  csvImportOps,
  decodeCsv,
  encodeCsv,
  encodeCsvInSlices,
  type CsvMode,
} from './csv-codec.js';
import { decodeWorkbookJson, withName } from './document-import.js';
import { gridbookPieces, gridbookText, type ComputedValues } from './gridbook-json.js';
import { decodeXlsx, encodeXlsx } from './xlsx-codec.js';
import { xlsxExportSteps } from './xlsx-jobs.js';
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
 * The workbook's document copied a slice at a time from one state, other requests answered
 * between slices (a save of the largest import held the event loop ~0.5 s copying it whole).
 */
export function documentInSlices(
  workbook: WorkbookReader,
  clock: SliceClock,
): Promise<WorkbookDocument> {
  return readConsistently(
    workbook,
    clock,
    (slices) => stepsInSlices(workbook.documentSteps(), slices),
    KEEP_WHAT_WAS_ASKED,
  );
}

/** Characters of JSON text gathered before they become one piece of bytes. */
const JSON_PIECE_CHARS = 64 * 1024;

/**
 * exportJson a slice at a time, from one state, as UTF-8 pieces that join to its text: the
 * document is copied and the text written between turns of the event loop, and each stretch of
 * text becomes bytes at once (a 1,048,576-cell export built its 25 MB string in one turn of
 * ~0.7 s, then sent it in another).
 */
export function exportJsonInSlices(
  workbook: WorkbookReader,
  at: Date,
  options: { dense?: boolean },
  clock: SliceClock,
): Promise<Buffer[]> {
  return readConsistently(
    workbook,
    clock,
    async (slices) => {
      const document = await stepsInSlices(workbook.documentSteps(), slices);
      const pieces = gridbookPieces(document, {
        exportedAt: at,
        values: computedValues(workbook),
        dense: options.dense === true,
      });
      return bytePieces(withFinalNewline(pieces), slices);
    },
    KEEP_WHAT_WAS_ASKED,
  );
}

/** The pieces, then the line break that ends exportJson's text. */
function* withFinalNewline(pieces: Iterable<string>): Generator<string, void, undefined> {
  yield* pieces;
  yield '\n';
}

/**
 * `texts` as UTF-8 pieces of about JSON_PIECE_CHARS each, pausing between texts: the strings die
 * young, and the bytes kept until the answer is sent live outside the JavaScript heap.
 */
async function bytePieces(texts: Iterable<string>, slices: ReadSlices): Promise<Buffer[]> {
  const pieces: Buffer[] = [];
  let gathered: string[] = [];
  let chars = 0;
  for (const text of texts) {
    gathered.push(text);
    chars += text.length;
    if (chars >= JSON_PIECE_CHARS) {
      pieces.push(Buffer.from(gathered.join(''), 'utf8'));
      gathered = [];
      chars = 0;
    }
    await slices.pause();
  }
  if (chars > 0) pieces.push(Buffer.from(gathered.join(''), 'utf8'));
  return pieces;
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
  const input = await readConsistently(
    workbook,
    clock,
    (slices) => stepsInSlices(xlsxExportSteps(workbook, options), slices),
    KEEP_WHAT_WAS_ASKED,
  );
  return worker.encode(input);
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

/** CSV text → ops that make the sheet (added when missing) hold it from A1. */
export function importCsvOps(
  workbook: WorkbookReader,
  sheetName: string,
  text: string,
  maxCells = Number.POSITIVE_INFINITY,
): Op[] {
  const rows = decodeCsv(text, 'body', maxCells);
  const existing = workbook.sheetNames.find(
    (name) => name.toLowerCase() === sheetName.trim().toLowerCase(),
  );
  return csvImportOps(
    existing === undefined ? undefined : workbook.sheet(existing),
    existing ?? sheetName.trim(),
    rows,
  );
}
