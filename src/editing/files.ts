// Loading the named checkpoint and importing files: persistence turns bytes into ops, and the
// ops are committed like any other change (one undo step, journaled, seen by subscribers).
import {
  cellColumnsOf,
  MAX_SHEETS,
  replaceWorkbookOps,
  type SliceClock,
  TooLargeError,
  tooManyCellsInImport,
  type ApplyMeta,
  type Op,
  type WorkbookHandle,
} from '../core/index.js';
import {
  importCsvOps,
  importJsonOps,
  importXlsxOps,
  parseWorkbookText,
  saveFileInSlices,
  withName,
  xlsxWorker,
  type CsvSource,
  type JsonDecoder,
  type WorkbookStore,
  type XlsxWorkerPool,
} from '../persistence/index.js';

/**
 * Writes the workbook as it is now to the named checkpoint (system_state.gridbook in OSS): its
 * copy is packed a slice at a time from one state (`clock` paces it) and its text written in
 * `worker`, then stored as it is.
 */
export async function saveCheckpoint(
  handle: WorkbookHandle,
  store: WorkbookStore,
  workbookId: string,
  written: { readonly at: Date; readonly clock: SliceClock; readonly worker: XlsxWorkerPool },
): Promise<void> {
  const { at, clock, worker } = written;
  await store.save(workbookId, await saveFileInSlices(handle.workbook, at, clock, worker));
}

/** Replaces the workbook with the checkpoint; false when there is none (CorruptSaveFileError when unreadable). */
export async function loadCheckpoint(
  handle: WorkbookHandle,
  store: WorkbookStore,
  workbookId: string,
  meta: ApplyMeta,
): Promise<boolean> {
  const document = await store.load(workbookId);
  if (document === undefined) return false;
  await prepareAndCommit(handle, replaceWorkbookOps(document), meta);
  return true;
}

/**
 * Commits a whole-workbook replace after preparing it across turns of the event loop (the
 * handle's `prepare`): the new engine of a million-cell import is built beside the workbook,
 * which keeps answering reads until the commit swaps it in (issue 16).
 */
async function prepareAndCommit(
  handle: WorkbookHandle,
  ops: readonly Op[],
  meta: ApplyMeta,
): Promise<void> {
  await handle.prepare?.(ops);
  await handle.commit(ops, meta);
}

/**
 * GRIDBOOK_MAX_IMPORT_CELLS's default: the most cells one import may bring. An
 * import replaces the engine in one synchronous build, so its size is how long every other
 * request waits (docs/decisions/2026-11-26-write-and-import-sizes.md).
 */
export const MAX_IMPORT_CELLS = 1_048_576;

/**
 * Refuses an import bigger than the bounds before anything is installed. Only imports are
 * bounded: a checkpoint the workbook itself saved always loads, however it grew.
 */
function checkImportSize(ops: readonly Op[], field: string, maxCells: number): void {
  let cells = 0;
  for (const op of ops) {
    if (op.type === 'set-cells') for (const run of op.runs) cells += run.inputs.length;
    if (op.type !== 'replace-workbook') continue;
    const { sheets } = op.document;
    if (sheets.length > MAX_SHEETS)
      throw new TooLargeError(
        field,
        `holds ${sheets.length} sheets; a workbook holds at most ${MAX_SHEETS}.`,
      );
    for (const sheet of sheets) cells += cellColumnsOf(sheet).length;
  }
  if (cells > maxCells) throw tooManyCellsInImport(field, String(cells), maxCells);
}

/** parseWorkbookText in this thread (bench, tests, in-process callers). */
const decodeHere: JsonDecoder = (text, field) =>
  Promise.resolve(
    parseWorkbookText(typeof text === 'string' ? text : Buffer.from(text).toString('utf8'), field),
  );

/**
 * Below this size a document is read in this thread whatever `decode` is: it takes a few
 * milliseconds, less than starting the import worker after it went idle (a README-sized import
 * should not wait for a thread).
 */
const READ_HERE_BELOW_BYTES = 1 << 20;

const sizeOf = (text: string | Uint8Array): number =>
  typeof text === 'string' ? text.length : text.byteLength;

/**
 * Replaces the workbook with a Gridbook or GridOS document, given parsed or as text (or UTF-8
 * bytes). Text of READ_HERE_BELOW_BYTES or more is parsed and validated by `decode`: the
 * server's runs in its import worker, so a document of a million cells does not hold the event
 * loop while it is read.
 */
export async function importWorkbookJson(
  handle: WorkbookHandle,
  body: unknown,
  meta: ApplyMeta,
  field = 'body',
  maxCells = MAX_IMPORT_CELLS,
  decode: JsonDecoder = decodeHere,
): Promise<void> {
  const read = async (text: string | Uint8Array) =>
    (sizeOf(text) < READ_HERE_BELOW_BYTES ? decodeHere : decode)(text, field);
  const ops =
    typeof body === 'string' || body instanceof Uint8Array
      ? replaceWorkbookOps(withName(await read(body), handle.workbook.name))
      : importJsonOps(handle.workbook, body, field);
  checkImportSize(ops, field, maxCells);
  await prepareAndCommit(handle, ops, meta);
}

export async function importXlsx(
  handle: WorkbookHandle,
  data: Uint8Array,
  fileName: string | undefined,
  field: string,
  meta: ApplyMeta,
  maxCells = MAX_IMPORT_CELLS,
  worker: XlsxWorkerPool = xlsxWorker(),
): Promise<void> {
  // Read in the xlsx worker: exceljs never loads or runs on the server's event loop.
  const ops = await importXlsxOps(handle.workbook, data, fileName, field, maxCells, (...args) =>
    worker.decode(...args),
  );
  checkImportSize(ops, field, maxCells);
  await prepareAndCommit(handle, ops, meta);
}

/** Fills a sheet (added when missing) from CSV (text, or bytes in any encoding) at A1; returns the sheet's name. */
export async function importCsv(
  handle: WorkbookHandle,
  sheetName: string | undefined,
  csv: CsvSource,
  meta: ApplyMeta,
  maxCells = MAX_IMPORT_CELLS,
): Promise<string> {
  const name = sheetName ?? handle.workbook.activeSheetName;
  const ops = importCsvOps(handle.workbook, name, csv, maxCells);
  checkImportSize(ops, 'body', maxCells);
  if (ops.length > 0) await handle.commit(ops, meta);
  return ops.some((op) => op.type === 'add-sheet') ? name.trim() : handle.workbook.sheet(name).name;
}
