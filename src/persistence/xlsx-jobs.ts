// What crosses to the xlsx worker and back: plain, structured-clone-able data only. The worker
// cannot call into the live workbook, so an export carries the computed value of every cell the
// encoder reads (each input cell's and each spilled cell's); any other cell is empty (null).
// Class instances lose their prototype in a structured clone: a FormulaError arrives as
// `{sentinel, message}` and is made one again, and the codec's errors travel as their class name,
// field and problem, so the caller throws the same error (the same status and detail).
import {
  FormulaError,
  InvalidChartError,
  InvalidNameError,
  InvalidOperationError,
  TooLargeError,
  type CellSink,
  type CellValue,
  type Sentinel,
  type SheetView,
  type SpillArea,
  type WorkbookDocument,
  type WorkbookReader,
} from '../core/index.js';
import { InvalidDocumentError, MalformedJsonError } from './errors.js';
import type { ComputedValues } from './gridbook-json.js';
import {
  packedColumn,
  packedDocumentSteps,
  packedReader,
  packingSink,
  packWorkbookSteps,
  setPacked,
  unpackWorkbook,
  type PackedCells,
  type PackedColumn,
  type PackedWorkbook,
} from './packed-workbook.js';
import type { XlsxExportOptions } from './xlsx-codec.js';

/** What the worker posts once its modules (exceljs among them) are loaded and it takes jobs. */
export const WORKER_READY = 'ready';

/** A computed value as it arrives from a structured clone. */
export type ClonedValue =
  number | string | boolean | null | { sentinel: Sentinel; message: string };

export interface SheetValues {
  /**
   * The computed value of each of the sheet's cells, in the order of its snapshot's `cells`,
   * packed (a structured clone of a million values held the event loop ~50 ms).
   */
  readonly cells: PackedColumn<ClonedValue>;
  /** Each spill and the values of the cells it fills, row by row (the anchor included). */
  readonly spills: readonly { readonly area: SpillArea; readonly values: readonly ClonedValue[] }[];
}

/**
 * A workbook as plain data for a worker to write: its document, packed into typed arrays
 * (transferred: a structured clone of a million cell objects held the event loop ~1 s), its name,
 * and, when the writer reads computed values, per sheet in its order the values it reads.
 */
export interface PackedExport {
  readonly name: string;
  readonly packed: PackedWorkbook;
  /** Absent when the writer reads no computed value (the save file, a journal snapshot). */
  readonly values?: readonly SheetValues[] | undefined;
}

/** An xlsx export as plain data. */
export interface XlsxExportInput extends PackedExport {
  readonly valuesOnly: boolean;
  readonly at?: Date | undefined;
}

/** A Gridbook JSON text to write: an export download (with values), a save file or snapshot. */
export interface GridbookExportInput extends PackedExport {
  /** Version 2, the save file's block layout. */
  readonly dense: boolean;
  readonly exportedAt: Date;
}

export type XlsxJob =
  | { readonly kind: 'encode'; readonly input: XlsxExportInput }
  | { readonly kind: 'encode-gridbook'; readonly input: GridbookExportInput }
  | {
      readonly kind: 'decode';
      readonly data: Uint8Array;
      readonly field: string;
      readonly maxCells: number;
    }
  | {
      /** A Gridbook or GridOS JSON document, as text or UTF-8 bytes (a BOM is skipped). */
      readonly kind: 'decode-json';
      readonly text: string | Uint8Array;
      readonly field: string;
    };

/**
 * The errors a decoder raises on purpose, each built from a field and a problem: persistence's
 * and the core validators' it calls (a bad chart, sheet name or defined name in a JSON document),
 * so each keeps its status across the thread.
 */
const FIELD_ERRORS = {
  InvalidDocumentError,
  InvalidOperationError,
  InvalidChartError,
  InvalidNameError,
  TooLargeError,
} as const;

type FieldErrorKind = keyof typeof FIELD_ERRORS;

/** An error the codec raises on purpose, as it crosses back: every other error is a plain message. */
export interface CarriedError {
  readonly kind: FieldErrorKind | 'MalformedJsonError' | 'Error';
  readonly field?: string;
  readonly message: string;
  /** MalformedJsonError's reason. */
  readonly reason?: string;
}

export type XlsxAnswer =
  | { readonly ok: true; readonly bytes: Uint8Array }
  | { readonly ok: true; readonly packed: PackedWorkbook }
  | { readonly ok: false; readonly error: CarriedError };

/**
 * A packingSink that also packs each cell's computed value, in the same order, into the sheet's
 * entry of `values` (pushed when the sheet ends, with its spills).
 */
function valuePackingSink(sheet: SheetView, values: SheetValues[]): CellSink<PackedCells> {
  const inner = packingSink();
  let cells = packedColumn<ClonedValue>(0);
  let index = 0;
  return {
    begin: (count) => {
      cells = packedColumn<ClonedValue>(count);
      inner.begin(count);
    },
    cell: (row, col, input, version, locked) => {
      setPacked<ClonedValue>(cells, index++, sheet.value(row, col));
      inner.cell(row, col, input, version, locked);
    },
    end: () => {
      values.push({
        cells,
        spills: sheet.spills().map((area) => ({ area, values: areaValues(area, sheet.value) })),
      });
      return inner.end();
    },
  };
}

/**
 * A workbook packed for a worker to write (its document and, `withValues`, the value of every
 * cell the writer reads), as steps that yield every band of rows or so, for a read built in
 * slices (`exportXlsxInWorker`, `exportJsonInSlices`, `saveFileInSlices`); the workbook must not
 * change while they run.
 */
export function* packedExportSteps(
  workbook: WorkbookReader,
  withValues: boolean,
): Generator<void, PackedExport, undefined> {
  const values: SheetValues[] = [];
  const packed = yield* packedDocumentSteps(workbook, (name) =>
    withValues ? valuePackingSink(workbook.sheet(name), values) : packingSink(),
  );
  return { name: workbook.name, packed, ...(withValues ? { values } : {}) };
}

/** An xlsx export of a workbook as packedExportSteps, with the values its encoder reads. */
export function* xlsxExportSteps(
  workbook: WorkbookReader,
  options: { valuesOnly?: boolean; at?: Date },
): Generator<void, XlsxExportInput, undefined> {
  return {
    ...(yield* packedExportSteps(workbook, true)),
    valuesOnly: options.valuesOnly === true,
    at: options.at,
  };
}

/** A document (an import's, installed as it is) packed for the worker that writes its text. */
export function* packedDocumentExportSteps(
  document: WorkbookDocument,
): Generator<void, PackedExport, undefined> {
  return { name: document.name, packed: yield* packWorkbookSteps(document) };
}

/** The export's document again, in the worker. */
export function exportedDocument(input: PackedExport): WorkbookDocument {
  return { ...unpackWorkbook(input.packed), name: input.name };
}

function areaValues(
  area: SpillArea,
  valueAt: (row: number, col: number) => CellValue,
): CellValue[] {
  const values: CellValue[] = [];
  for (let row = area.row; row < area.row + area.height; row += 1)
    for (let col = area.col; col < area.col + area.width; col += 1) values.push(valueAt(row, col));
  return values;
}

function revived(value: ClonedValue): CellValue {
  return value !== null && typeof value === 'object'
    ? new FormulaError(value.sentinel, value.message)
    : value;
}

/** Up to 16,384 columns: a row and column pair as one number (exact below 2^53). */
const cellNumber = (row: number, col: number): number => row * 16_384 + col;

/**
 * The computed values an export carries, read by sheet name and position (in the worker), and
 * each sheet's spills.
 */
export function exportedValues(
  input: PackedExport,
  document: WorkbookDocument,
): { values: ComputedValues; spills: (sheet: string) => readonly SpillArea[] } {
  const bySheet = new Map<string, Map<number, CellValue>>();
  const spills = new Map<string, readonly SpillArea[]>();
  document.sheets.forEach((sheet, index) => {
    const held = input.values?.[index];
    const values = new Map<number, CellValue>();
    const read = held === undefined ? () => null : packedReader(held.cells);
    sheet.cells.forEach((cell, at) =>
      values.set(cellNumber(cell.row, cell.col), revived(read(at) ?? null)),
    );
    for (const { area, values: filled } of held?.spills ?? []) {
      let at = 0;
      for (let row = area.row; row < area.row + area.height; row += 1)
        for (let col = area.col; col < area.col + area.width; col += 1)
          values.set(cellNumber(row, col), revived(filled[at++] ?? null));
    }
    bySheet.set(sheet.name, values);
    spills.set(sheet.name, held?.spills.map(({ area }) => area) ?? []);
  });
  return {
    values: (sheet, row, col) => bySheet.get(sheet)?.get(cellNumber(row, col)) ?? null,
    spills: (sheet) => spills.get(sheet) ?? [],
  };
}

/** The encoder's arguments from a plain export and its document (in the worker). */
export function encoderArguments(
  input: XlsxExportInput,
  document: WorkbookDocument,
): {
  values: ComputedValues;
  options: XlsxExportOptions;
} {
  const { values, spills } = exportedValues(input, document);
  return {
    values,
    options: {
      valuesOnly: input.valuesOnly,
      ...(input.at === undefined ? {} : { at: input.at }),
      spills,
    },
  };
}

/** `field: problem` messages: the problem alone, so the same constructor rebuilds the message. */
function problemOf(error: { field: string; message: string }): string {
  const prefix = `${error.field}: `;
  return error.message.startsWith(prefix) ? error.message.slice(prefix.length) : error.message;
}

function fieldErrorKind(error: unknown): FieldErrorKind | undefined {
  for (const kind of Object.keys(FIELD_ERRORS) as FieldErrorKind[])
    if (error instanceof FIELD_ERRORS[kind] && error.constructor === FIELD_ERRORS[kind])
      return kind;
  return undefined;
}

export function carriedError(error: unknown): CarriedError {
  if (error instanceof MalformedJsonError)
    return {
      kind: 'MalformedJsonError',
      field: error.field,
      message: problemOf(error),
      reason: error.reason,
    };
  const kind = fieldErrorKind(error);
  if (kind !== undefined) {
    const { field, message } = error as { field: string; message: string };
    return { kind, field, message: problemOf({ field, message }) };
  }
  return { kind: 'Error', message: error instanceof Error ? error.message : String(error) };
}

/** The error the codec raised in the worker, as the same class (undefined: any other failure). */
export function rebuiltError(error: CarriedError): Error | undefined {
  if (error.field === undefined || error.kind === 'Error') return undefined;
  if (error.kind === 'MalformedJsonError')
    return new MalformedJsonError(error.field, error.message, error.reason ?? error.message);
  return new FIELD_ERRORS[error.kind](error.field, error.message);
}

/**
 * Bytes to hand to another thread by transferring their buffer: a copy, since a Buffer may share
 * its buffer with others (Node's pool of small buffers, a request body) that must not be detached.
 */
export function transferableCopy(data: Uint8Array): Uint8Array {
  return new Uint8Array(data);
}

/** Whether `bytes` lie in shared memory (another thread reads them without a copy). */
export function isShared(bytes: Uint8Array): boolean {
  return bytes.buffer instanceof SharedArrayBuffer;
}

/**
 * Bytes for a job: bytes in shared memory (a request body read by readSharedBody) as they are,
 * the other thread reads the same memory; any other bytes as a transferable copy.
 */
export function bytesForWorker(data: Uint8Array): Uint8Array {
  return isShared(data) ? data : transferableCopy(data);
}

/** The buffers a job's bytes can be transferred in (none for shared memory). */
export function transferable(data: Uint8Array): ArrayBuffer[] {
  return isShared(data) ? [] : [data.buffer as ArrayBuffer];
}
