// The dense layout of Gridbook JSON version 2 (the save file): rectangles of unlocked cells
// written as rows of inputs with one version for the whole block (or one per cell), instead
// of one object per cell. W2's 100,000 values take 0.6 MB this way instead of 6.5 MB, and
// reading them back skips a key and an object per cell. Everything else stays in `cells`.
import {
  cellKey,
  dynamicArrayFormula,
  dynamicArrayOf,
  formatCell,
  errorLiteralOf,
  isCellVersion,
  isFormula,
  isTypedError,
  MAX_CELL_VERSION,
  normalizeFormula,
  type CellInput,
  type SnapshotCell,
} from '../core/index.js';
import { describeJson, isPlainObject, parseCellKey } from './cell-json.js';
import { InvalidDocumentError } from './errors.js';

/** A block input: a literal as its JSON type (text stays text), a formula as {formula}, null for none. */
export type BlockInput =
  | number
  | boolean
  | string
  | null
  | { readonly formula: string; readonly dynamic?: true }
  | { readonly error: string };

export interface CellBlockJson {
  /** Top-left cell of the block. */
  readonly at: string;
  /** Rows of inputs, all the same length. */
  readonly inputs: readonly (readonly BlockInput[])[];
  /** The version of every cell, or of each cell row by row. */
  readonly versions: number | readonly (readonly number[])[];
}

/** Smaller rectangles are cheaper as plain cell objects. */
const MIN_BLOCK_CELLS = 8;

/** Consecutive cells of one row: `length` cells of the snapshot from index `start`. */
interface Run {
  readonly row: number;
  readonly col: number;
  readonly start: number;
  length: number;
}

/** Cells scanned (or rows written) between two pauses of a sliced encode. */
const PIECE_CELLS = 4096;

/**
 * A list kept in arrays of at most PIECE_CELLS items. A one-column sheet of a million cells has a
 * million runs in one block: one array growing to that size copied itself at each growth, 20–120
 * ms in one step of the encode on a machine slow to touch fresh memory.
 */
class Chunked<T> {
  readonly chunks: T[][] = [];
  length = 0;

  static of<T>(item: T): Chunked<T> {
    const list = new Chunked<T>();
    list.push(item);
    return list;
  }

  get first(): T | undefined {
    return this.chunks[0]?.[0];
  }

  get last(): T | undefined {
    const chunk = this.chunks[this.chunks.length - 1];
    return chunk?.[chunk.length - 1];
  }

  push(item: T): void {
    const chunk = this.chunks[this.chunks.length - 1];
    if (chunk !== undefined && chunk.length < PIECE_CELLS) chunk.push(item);
    else this.chunks.push([item]);
    this.length += 1;
  }

  *[Symbol.iterator](): Iterator<T> {
    for (const chunk of this.chunks) yield* chunk;
  }
}

/** Runs of the same column and width on consecutive rows, top to bottom. */
type Block = Chunked<Run>;

/**
 * Unlocked cells grouped into row runs, and the runs stacked into rectangles (same column and
 * width) as each run ends. Runs are index ranges into `cells`, not arrays of their own: a
 * one-column sheet has a run per row, and a million of them made the snapshot of a
 * 1,048,576-cell import allocate a million arrays on the event loop (issue 16). Yields (nothing)
 * every PIECE_CELLS cells so a sliced encode can pause; the rectangles are its return value.
 */
function* rectangles(
  cells: readonly SnapshotCell[],
): Generator<string, { blocks: Chunked<Block>; rest: SnapshotCell[] }, undefined> {
  const rest: SnapshotCell[] = [];
  const blocks = new Chunked<Block>();
  const stack = (ended: Run): void => {
    const current = blocks.last;
    const top = current?.last;
    if (
      current !== undefined &&
      top !== undefined &&
      top.col === ended.col &&
      top.row + 1 === ended.row &&
      top.length === ended.length
    )
      current.push(ended);
    else blocks.push(Chunked.of(ended));
  };
  let last: Run | undefined;
  for (let index = 0; index < cells.length; index += 1) {
    if (index % PIECE_CELLS === PIECE_CELLS - 1) yield '';
    const cell = cells[index]!;
    if (cell.locked) {
      rest.push(cell);
      continue;
    }
    // The run must end just before this cell in the list too (a locked cell between breaks it).
    if (
      last !== undefined &&
      last.row === cell.row &&
      last.col + last.length === cell.col &&
      last.start + last.length === index
    )
      last.length += 1;
    else {
      if (last !== undefined) stack(last);
      last = { row: cell.row, col: cell.col, start: index, length: 1 };
    }
  }
  if (last !== undefined) stack(last);
  const kept = new Chunked<Block>();
  let looked = 0;
  for (const block of blocks) {
    looked += 1;
    if (looked % PIECE_CELLS === 0) yield '';
    if (block.length * block.first!.length >= MIN_BLOCK_CELLS) {
      kept.push(block);
      continue;
    }
    for (const run of block)
      for (let index = run.start; index < run.start + run.length; index += 1)
        rest.push(cells[index]!);
  }
  rest.sort((a, b) => a.row - b.row || a.col - b.col);
  return { blocks: kept, rest };
}

function blockInput(input: CellInput | null): BlockInput {
  if (isTypedError(input)) return { error: input.error };
  if (!isFormula(input)) return input;
  // A dynamic-array formula is written as typed and marked, as single cells are (cell-json.ts).
  const dynamic = dynamicArrayOf(input.formula);
  return dynamic === undefined ? { formula: input.formula } : { formula: dynamic, dynamic: true };
}

/** The block's rows read by `read`, as JSON text, a chunk of PIECE_CELLS rows a piece, comma-joined. */
function* rowPieces(
  cells: readonly SnapshotCell[],
  block: Block,
  read: (cell: SnapshotCell) => BlockInput | number,
): Generator<string, void, undefined> {
  for (const [index, chunk] of block.chunks.entries()) {
    const rows = chunk.map((run) => {
      const row = new Array<BlockInput | number>(run.length);
      for (let offset = 0; offset < run.length; offset += 1)
        row[offset] = read(cells[run.start + offset]!);
      return row;
    });
    const text = JSON.stringify(rows);
    yield `${index === 0 ? '' : ','}${text.slice(1, -1)}`;
  }
}

/**
 * One block as CellBlockJson's JSON text ({at, inputs, versions}), in pieces of PIECE_CELLS
 * rows: a block of a million rows is never one string built in one go.
 */
function* blockPieces(
  cells: readonly SnapshotCell[],
  block: Block,
): Generator<string, void, undefined> {
  const first = block.first!;
  const version = cells[first.start]!.version;
  let same = true;
  for (const chunk of block.chunks) {
    if (!same) break;
    yield '';
    for (const run of chunk)
      for (let cell = run.start; same && cell < run.start + run.length; cell += 1)
        same = cells[cell]!.version === version;
  }
  yield `{"at":${JSON.stringify(formatCell(first))},"inputs":[`;
  yield* rowPieces(cells, block, (cell) => blockInput(cell.input));
  if (same) {
    yield `],"versions":${version}}`;
    return;
  }
  yield '],"versions":[';
  yield* rowPieces(cells, block, (cell) => cell.version);
  yield ']}';
}

/**
 * A sheet's `blocks` list as JSON text in pieces (see gridbook-json.ts); returns the cells that
 * stay one object each, row-major.
 */
export function* blocksPieces(
  cells: readonly SnapshotCell[],
): Generator<string, SnapshotCell[], undefined> {
  const { blocks, rest } = yield* rectangles(cells);
  yield '[';
  let index = 0;
  for (const block of blocks) {
    if (index > 0) yield ',';
    index += 1;
    yield* blockPieces(cells, block);
  }
  yield ']';
  return rest;
}

function readInput(
  raw: unknown,
  block: string,
  rowOffset: number,
  colOffset: number,
): CellInput | null {
  if (raw === null || typeof raw === 'boolean' || typeof raw === 'string') return raw;
  if (typeof raw === 'number' && Number.isFinite(raw)) return Object.is(raw, -0) ? 0 : raw;
  const error = isPlainObject(raw) ? raw['error'] : undefined;
  const literal = typeof error === 'string' ? errorLiteralOf(error) : undefined;
  if (literal !== undefined) return { error: literal };
  const formula = isPlainObject(raw) ? raw['formula'] : undefined;
  if (typeof formula === 'string' && formula.trim().startsWith('=')) {
    const held = normalizeFormula(formula.trim());
    const dynamic = (raw as Record<string, unknown>)['dynamic'] === true;
    return {
      formula: dynamic && dynamicArrayOf(held) === undefined ? dynamicArrayFormula(held) : held,
    };
  }
  const problem =
    typeof raw === 'number'
      ? 'a number must be finite.'
      : `expected a number, text, true/false, null or {"formula": "=…"}, got ${describeJson(raw)}.`;
  throw new InvalidDocumentError(`${block}.inputs[${rowOffset}][${colOffset}]`, problem);
}

function readVersion(raw: unknown, field: string): number {
  if (!isCellVersion(raw))
    throw new InvalidDocumentError(
      field,
      `expected a whole number from 0 to ${MAX_CELL_VERSION}, got ${describeJson(raw)}.`,
    );
  return raw;
}

function readBlock(raw: unknown, field: string, into: SnapshotCell[]): void {
  if (!isPlainObject(raw))
    throw new InvalidDocumentError(
      field,
      `expected an object {at, inputs, versions}, got ${describeJson(raw)}.`,
    );
  const at = typeof raw['at'] === 'string' ? parseCellKey(raw['at']) : undefined;
  if (at === undefined)
    throw new InvalidDocumentError(
      `${field}.at`,
      `expected the block's top-left cell (A1 notation), got ${describeJson(raw['at'])}.`,
    );
  const inputs = raw['inputs'];
  if (!Array.isArray(inputs) || inputs.some((row) => !Array.isArray(row)))
    throw new InvalidDocumentError(
      `${field}.inputs`,
      'expected a list of rows, each a list of inputs.',
    );
  const versions = raw['versions'];
  const single =
    typeof versions === 'number' ? readVersion(versions, `${field}.versions`) : undefined;
  if (single === undefined && (!Array.isArray(versions) || versions.length !== inputs.length)) {
    throw new InvalidDocumentError(
      `${field}.versions`,
      'expected one whole number for the block, or one row of versions per row of inputs.',
    );
  }
  // Plain loops and field names built only for errors: this runs once per cell of every load.
  for (let rowOffset = 0; rowOffset < inputs.length; rowOffset += 1) {
    const row = inputs[rowOffset] as unknown[];
    const versionRow = single === undefined ? (versions as unknown[])[rowOffset] : undefined;
    if (single === undefined && (!Array.isArray(versionRow) || versionRow.length !== row.length)) {
      throw new InvalidDocumentError(
        `${field}.versions[${rowOffset}]`,
        `expected ${row.length} versions, one per input of the row.`,
      );
    }
    for (let colOffset = 0; colOffset < row.length; colOffset += 1) {
      const input = readInput(row[colOffset], field, rowOffset, colOffset);
      const version =
        single ??
        readVersion(
          (versionRow as unknown[])[colOffset],
          `${field}.versions[${rowOffset}][${colOffset}]`,
        );
      if (input !== null || version > 0)
        into.push({
          row: at.row + rowOffset,
          col: at.col + colOffset,
          input,
          version,
          locked: false,
        });
    }
  }
}

/** A sheet's `blocks` as snapshot cells (any order); the caller merges them with `cells`. */
export function readBlocks(raw: unknown, field: string): SnapshotCell[] {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw))
    throw new InvalidDocumentError(field, `expected a list of blocks, got ${describeJson(raw)}.`);
  const cells: SnapshotCell[] = [];
  raw.forEach((block, index) => readBlock(block, `${field}[${index}]`, cells));
  return cells;
}

/** Blocks and single cells together, row-major; a cell given twice is refused. */
export function mergeCells(
  blocks: SnapshotCell[],
  singles: SnapshotCell[],
  field: string,
): SnapshotCell[] {
  if (blocks.length === 0) return singles;
  const all = singles.length === 0 ? blocks : blocks.concat(singles);
  const keyAt = (index: number): number => cellKey(all[index]!.row, all[index]!.col);
  // One block alone is row-major already; sort only when blocks sit side by side or cells join them.
  for (let index = 1; index < all.length; index += 1) {
    if (keyAt(index) < keyAt(index - 1)) {
      all.sort((a, b) => a.row - b.row || a.col - b.col);
      break;
    }
  }
  for (let index = 1; index < all.length; index += 1) {
    if (keyAt(index) === keyAt(index - 1)) {
      throw new InvalidDocumentError(
        field,
        `cell ${formatCell(all[index]!)} is given twice (in blocks, or in a block and in cells).`,
      );
    }
  }
  return all;
}
