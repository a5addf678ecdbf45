// A workbook as it crosses between threads: a decoded import coming back from the worker, or
// one going to it to be written (an xlsx or JSON export, a save, a journal snapshot). Each
// sheet's cells as typed arrays (transferred, not copied) and only the inputs that are not
// numbers as a list. A structured clone of a million cell objects cost the receiving thread
// ~0.9 s of CPU to deserialize (issue 16, import-largest); the workbook reads a decoded import's
// cells from the arrays by index (CellColumns), so the event loop only pays for what it installs.
import {
  cellColumnsOf,
  ranToEnd,
  snapshotOfColumns,
  snapshotRest,
  type CellColumns,
  type CellInput,
  type CellSink,
  type SheetSnapshot,
  type WorkbookReader,
} from '../core/index.js';
import type { DecodedWorkbook } from './gridos-import.js';

const EMPTY = 0;
const NUMBER = 1;
const OTHER = 2;

/**
 * A column of values as it crosses between threads: numbers in a typed array (transferred), any
 * other value in a list, which is all a structured clone then has to copy.
 */
export interface PackedColumn<T> {
  /** Per value: EMPTY (null), NUMBER (in `numbers`) or OTHER (next in `others`). */
  readonly kinds: Uint8Array;
  readonly numbers: Float64Array;
  readonly others: T[];
}

/** A column of `count` values, all null until set. */
export function packedColumn<T>(count: number): PackedColumn<T> {
  return { kinds: new Uint8Array(count), numbers: new Float64Array(count), others: [] };
}

/** Sets the value at `index`; values other than numbers must be set in index order. */
export function setPacked<T>(
  column: PackedColumn<T>,
  index: number,
  value: number | T | null,
): void {
  if (typeof value === 'number') {
    column.kinds[index] = NUMBER;
    column.numbers[index] = value;
  } else if (value !== null) {
    column.kinds[index] = OTHER;
    column.others.push(value);
  }
}

/** Reads a column back; `read(index)` must be called in index order, from 0. */
export function packedReader<T>(column: PackedColumn<T>): (index: number) => number | T | null {
  let other = 0;
  return (index) => {
    const kind = column.kinds[index];
    return kind === NUMBER
      ? column.numbers[index]!
      : kind === EMPTY
        ? null
        : column.others[other++]!;
  };
}

/** A packed column's transferable buffers. */
export function columnBuffers(column: PackedColumn<unknown>): ArrayBuffer[] {
  return [column.kinds.buffer as ArrayBuffer, column.numbers.buffer as ArrayBuffer];
}

/** A sheet's cells column by column. */
export interface PackedCells {
  readonly rows: Int32Array;
  readonly cols: Int32Array;
  /** Each cell's input (null: none). */
  readonly inputs: PackedColumn<CellInput>;
  /** Absent when every version is 0 (an import that carries none). */
  readonly versions: Float64Array | undefined;
  /** Absent when no cell is locked. */
  readonly locked: Uint8Array | undefined;
}

/** One sheet: everything but its cells as it is, the cells column by column. */
export interface PackedSheet extends PackedCells {
  readonly rest: Omit<SheetSnapshot, 'cells'>;
}

/** Everything but the sheets as it is (a field added to DecodedWorkbook crosses unchanged). */
export interface PackedWorkbook {
  readonly rest: Omit<DecodedWorkbook, 'sheets'>;
  readonly sheets: readonly PackedSheet[];
}

/** Cells packed or unpacked between two pauses of a pack or unpack in slices. */
const CELLS_PER_STEP = 32_768;

/**
 * Packs a sheet's cells as a walk hands them over (`begin` sizes the arrays). No object per cell
 * is made: a save of a million cells that copied them into objects kept the scavenger busy for a
 * second.
 */
export function packingSink(): CellSink<PackedCells> {
  let rows = new Int32Array(0);
  let cols = new Int32Array(0);
  let inputs = packedColumn<CellInput>(0);
  let versions: Float64Array | undefined;
  let locked: Uint8Array | undefined;
  let index = 0;
  return {
    begin: (count) => {
      rows = new Int32Array(count);
      cols = new Int32Array(count);
      inputs = packedColumn<CellInput>(count);
    },
    cell: (row, col, input, version, isLocked) => {
      rows[index] = row;
      cols[index] = col;
      setPacked(inputs, index, input);
      // Arrays of zeros until the first version or lock: most sheets have neither.
      if (version !== 0) (versions ??= new Float64Array(rows.length))[index] = version;
      if (isLocked) (locked ??= new Uint8Array(rows.length))[index] = 1;
      index += 1;
    },
    end: () => ({ rows, cols, inputs, versions, locked }),
  };
}

function* packSheetSteps(sheet: SheetSnapshot): Generator<void, PackedSheet, undefined> {
  const cells = cellColumnsOf(sheet);
  const rest = snapshotRest(sheet);
  const sink = packingSink();
  sink.begin(cells.length);
  for (let index = 0; index < cells.length; index += 1) {
    if (index % CELLS_PER_STEP === CELLS_PER_STEP - 1) yield;
    sink.cell(
      cells.row(index),
      cells.col(index),
      cells.input(index),
      cells.version(index),
      cells.locked(index),
    );
  }
  return { rest, ...sink.end() };
}

/**
 * The workbook packed, pausing (yielding) every CELLS_PER_STEP cells: the server packs a
 * document an import installed for the worker that writes its journal snapshot a slice per turn
 * of the event loop. Its buffers are `packedBuffers`, to transfer.
 */
export function* packWorkbookSteps(
  decoded: DecodedWorkbook,
): Generator<void, PackedWorkbook, undefined> {
  const { sheets, ...rest } = decoded;
  const packed: PackedSheet[] = [];
  for (const sheet of sheets) packed.push(yield* packSheetSteps(sheet));
  return { rest, sheets: packed };
}

/**
 * A workbook's document packed straight from the workbook, as steps for a read built in slices:
 * `sinkFor` gives each sheet's sink (a packingSink, or one that also reads each cell's value).
 */
export function* packedDocumentSteps(
  workbook: WorkbookReader,
  sinkFor: (sheetName: string) => CellSink<PackedCells> = () => packingSink(),
): Generator<void, PackedWorkbook, undefined> {
  const { sheets, ...rest } = yield* workbook.documentStepsInto(sinkFor);
  return { rest, sheets: sheets.map(({ cells, ...sheet }) => ({ rest: sheet, ...cells })) };
}

/** packWorkbookSteps run to the end (the worker's answer). */
export function packWorkbook(decoded: DecodedWorkbook): PackedWorkbook {
  return ranToEnd(packWorkbookSteps(decoded));
}

/** The buffers a packed workbook's arrays are in: transferred, they are unusable here afterwards. */
export function packedBuffers(packed: PackedWorkbook): ArrayBuffer[] {
  return packed.sheets.flatMap((sheet) => [
    ...columnBuffers(sheet.inputs),
    ...[sheet.rows, sheet.cols, sheet.versions, sheet.locked].flatMap((array) =>
      array === undefined ? [] : [array.buffer as ArrayBuffer],
    ),
  ]);
}

/**
 * A packed sheet's cells by index, over its arrays as they came (nothing copied): the inputs
 * that are not numbers are found through one index of their positions, built when first needed.
 */
class PackedSheetColumns implements CellColumns {
  readonly #cells: PackedCells;
  #others: Int32Array | undefined;

  constructor(cells: PackedCells) {
    this.#cells = cells;
  }

  get length(): number {
    return this.#cells.rows.length;
  }

  row(index: number): number {
    return this.#cells.rows[index]!;
  }

  col(index: number): number {
    return this.#cells.cols[index]!;
  }

  input(index: number): CellInput | null {
    const { kinds, numbers, others } = this.#cells.inputs;
    const kind = kinds[index];
    if (kind === NUMBER) return numbers[index]!;
    if (kind === EMPTY) return null;
    return others[(this.#others ??= otherPositions(kinds))[index]!]!;
  }

  version(index: number): number {
    return this.#cells.versions === undefined ? 0 : this.#cells.versions[index]!;
  }

  locked(index: number): boolean {
    return this.#cells.locked !== undefined && this.#cells.locked[index] === 1;
  }
}

/** Per cell, the position in `others` of its value (meaningful for OTHER cells only). */
function otherPositions(kinds: Uint8Array): Int32Array {
  const positions = new Int32Array(kinds.length);
  let other = 0;
  for (let index = 0; index < kinds.length; index += 1) {
    positions[index] = other;
    if (kinds[index] === OTHER) other += 1;
  }
  return positions;
}

/**
 * The decoded workbook again, its sheets' cells read from the packed arrays as they are
 * (snapshotOfColumns): the workbook checks, lays out and fills them by index, and an array of
 * cell objects is made only if something reads `cells`. A million cell objects made here were
 * most of an import's garbage collection on the event loop (issue 16).
 */
export function unpackWorkbook(packed: PackedWorkbook): DecodedWorkbook {
  const sheets = packed.sheets.map((sheet) =>
    snapshotOfColumns(sheet.rest, new PackedSheetColumns(sheet)),
  );
  return { ...packed.rest, sheets };
}
