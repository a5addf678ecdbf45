// A decoded workbook as it crosses back from the import worker: each sheet's cells as typed
// arrays (transferred, not copied) and only the inputs that are not numbers as a list. A
// structured clone of a million cell objects cost the receiving thread ~0.9 s of CPU to
// deserialize (issue 16, import-largest); filling the cell objects again from the arrays costs a
// tight loop, so the event loop only pays for what it must install.
import { ranToEnd, type CellInput, type SheetSnapshot, type SnapshotCell } from '../core/index.js';
import type { DecodedWorkbook } from './gridos-import.js';

const EMPTY = 0;
const NUMBER = 1;
const OTHER = 2;

/** One sheet: everything but its cells as it is, the cells column by column. */
export interface PackedSheet {
  readonly rest: Omit<SheetSnapshot, 'cells'>;
  readonly rows: Int32Array;
  readonly cols: Int32Array;
  /** Per cell: EMPTY (no input), NUMBER (in `numbers`) or OTHER (next in `others`). */
  readonly kinds: Uint8Array;
  readonly numbers: Float64Array;
  readonly others: readonly CellInput[];
  /** Absent when every version is 0 (an import that carries none). */
  readonly versions: Float64Array | undefined;
  /** Absent when no cell is locked. */
  readonly locked: Uint8Array | undefined;
}

/** Everything but the sheets as it is (a field added to DecodedWorkbook crosses unchanged). */
export interface PackedWorkbook {
  readonly rest: Omit<DecodedWorkbook, 'sheets'>;
  readonly sheets: readonly PackedSheet[];
}

/** Cells packed or unpacked between two pauses of a pack or unpack in slices. */
const CELLS_PER_STEP = 32_768;

function* packSheetSteps(sheet: SheetSnapshot): Generator<void, PackedSheet, undefined> {
  const { cells, ...rest } = sheet;
  const count = cells.length;
  const rows = new Int32Array(count);
  const cols = new Int32Array(count);
  const kinds = new Uint8Array(count);
  const numbers = new Float64Array(count);
  const others: CellInput[] = [];
  const versions = cells.some((cell) => cell.version !== 0) ? new Float64Array(count) : undefined;
  const locked = cells.some((cell) => cell.locked) ? new Uint8Array(count) : undefined;
  for (let index = 0; index < count; index += 1) {
    if (index % CELLS_PER_STEP === CELLS_PER_STEP - 1) yield;
    const cell = cells[index]!;
    rows[index] = cell.row;
    cols[index] = cell.col;
    const input = cell.input;
    if (typeof input === 'number') {
      kinds[index] = NUMBER;
      numbers[index] = input;
    } else if (input !== null) {
      kinds[index] = OTHER;
      others.push(input);
    }
    if (versions !== undefined) versions[index] = cell.version;
    if (locked !== undefined) locked[index] = cell.locked ? 1 : 0;
  }
  return { rest, rows, cols, kinds, numbers, others, versions, locked };
}

/**
 * The workbook packed, pausing (yielding) every CELLS_PER_STEP cells: the server packs an export
 * for the xlsx worker a slice per turn of the event loop (a structured clone of a million cell
 * objects held it ~1 s). Its buffers are `packedBuffers`, to transfer.
 */
export function* packWorkbookSteps(
  decoded: DecodedWorkbook,
): Generator<void, PackedWorkbook, undefined> {
  const { sheets, ...rest } = decoded;
  const packed: PackedSheet[] = [];
  for (const sheet of sheets) packed.push(yield* packSheetSteps(sheet));
  return { rest, sheets: packed };
}

/** packWorkbookSteps run to the end (the worker's answer). */
export function packWorkbook(decoded: DecodedWorkbook): PackedWorkbook {
  return ranToEnd(packWorkbookSteps(decoded));
}

/** The buffers a packed workbook's arrays are in: transferred, they are unusable here afterwards. */
export function packedBuffers(packed: PackedWorkbook): ArrayBuffer[] {
  return packed.sheets.flatMap((sheet) =>
    [sheet.rows, sheet.cols, sheet.kinds, sheet.numbers, sheet.versions, sheet.locked].flatMap(
      (array) => (array === undefined ? [] : [array.buffer as ArrayBuffer]),
    ),
  );
}

function* unpackCells(sheet: PackedSheet): Generator<void, SnapshotCell[], undefined> {
  const { rows, cols, kinds, numbers, others, versions, locked } = sheet;
  const cells: SnapshotCell[] = new Array(rows.length);
  let other = 0;
  for (let index = 0; index < rows.length; index += 1) {
    if (index % CELLS_PER_STEP === CELLS_PER_STEP - 1) yield;
    const kind = kinds[index];
    cells[index] = {
      row: rows[index]!,
      col: cols[index]!,
      input: kind === NUMBER ? numbers[index]! : kind === EMPTY ? null : others[other++]!,
      version: versions === undefined ? 0 : versions[index]!,
      locked: locked !== undefined && locked[index] === 1,
    };
  }
  return cells;
}

/**
 * The decoded workbook again, as the decoder returned it, pausing (yielding) every
 * CELLS_PER_STEP cells: a million cells are a million objects made here, so the worker
 * pool unpacks them a slice per turn of the event loop (finishInSlices).
 */
export function* unpackWorkbook(
  packed: PackedWorkbook,
): Generator<void, DecodedWorkbook, undefined> {
  const sheets: SheetSnapshot[] = [];
  for (const sheet of packed.sheets)
    sheets.push({ ...sheet.rest, cells: yield* unpackCells(sheet) });
  return { ...packed.rest, sheets };
}
