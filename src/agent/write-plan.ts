// From proposed rectangles to placed blocks: targets parsed (sheet-qualified ones name or
// create their sheet), the rectangles of one sheet merged into one block that moves as a unit,
// collisions resolved around occupied and locked cells, the block's own references moved with
// it, and finally the typed cells the guardrails check and the ops apply writes.
import {
  cellKey,
  formatCell,
  invalidQualifiedAddress,
  moveBlockFormula,
  quoteSheetName,
  resolveCollision,
  runsFromCells,
  sameSheetName,
  tryParseRange,
  typeInput,
  typeValue,
  typedFormatOps,
  validateSheetName,
  footprintOf,
  TooLargeError,
  type CellAddress,
  type Op,
  type ProposedCell,
  type ShiftDirection,
  type TypedFormat,
  type WireValue,
  type WorkbookReader,
} from '../core/index.js';
import type { ProposedWrite } from './parse-reply.js';

/** The most cells one agent write may hold. */
export const MAX_AGENT_WRITE_CELLS = 200_000;

export interface WriteBlock {
  readonly sheet: string;
  /** The sheet does not exist yet: the write creates it. */
  readonly createsSheet: boolean;
  /** The first rectangle's target as written ("b3", "Summary!A1"), or the fallback. */
  readonly originalRequest: string;
  /** Top-left the block asked for. */
  readonly requested: CellAddress;
  /** Row-major values relative to `requested`; null leaves a cell alone. */
  readonly values: readonly (readonly WireValue[])[];
}

export interface PlacedBlock extends WriteBlock {
  /** Top-left after collision resolution. */
  readonly target: CellAddress;
  readonly moved: boolean;
  /** Values relative to `target`, with the block's references moved along. */
  readonly placedValues: readonly (readonly WireValue[])[];
}

export interface TargetDefaults {
  /** The sheet an unqualified target writes to (actual name). */
  readonly sheet: string;
  /** Used when a rectangle names no target (the first selected cell, else A1). */
  readonly fallbackTarget: string;
}

interface ParsedTarget {
  readonly sheet: string;
  readonly createsSheet: boolean;
  readonly address: CellAddress;
}

function parseTarget(
  workbook: WorkbookReader,
  text: string,
  defaults: TargetDefaults,
  field: string,
): ParsedTarget {
  const range = tryParseRange(text);
  if (range === undefined) throw invalidQualifiedAddress(field, text);
  if (range.sheet === undefined)
    return { sheet: defaults.sheet, createsSheet: false, address: range.start };
  const existing = workbook.sheetNames.find((name) => sameSheetName(name, range.sheet!));
  if (existing !== undefined) return { sheet: existing, createsSheet: false, address: range.start };
  return { sheet: validateSheetName(range.sheet, field), createsSheet: true, address: range.start };
}

function mergeIntoBlock(
  parts: readonly { target: ParsedTarget; values: readonly (readonly WireValue[])[] }[],
): { requested: CellAddress; values: WireValue[][] } {
  const requested = parts.reduce(
    (corner, part) => ({
      row: Math.min(corner.row, part.target.address.row),
      col: Math.min(corner.col, part.target.address.col),
    }),
    parts[0]!.target.address,
  );
  const grid: WireValue[][] = [];
  for (const part of parts) {
    part.values.forEach((row, rowIndex) => {
      const gridRow = (grid[part.target.address.row - requested.row + rowIndex] ??= []);
      row.forEach((value, colIndex) => {
        if (value === null) return;
        gridRow[part.target.address.col - requested.col + colIndex] = value;
      });
    });
  }
  // Holes from merging are "leave alone", the same as an explicit null.
  const values = Array.from({ length: grid.length }, (_, index) =>
    Array.from(grid[index] ?? [], (value) => value ?? null),
  );
  return { requested, values };
}

/** Groups the rectangles per sheet (first appearance first), each group one block. */
export function blocksOf(
  workbook: WorkbookReader,
  writes: readonly ProposedWrite[],
  defaults: TargetDefaults,
  field = 'target_cell',
): WriteBlock[] {
  const total = writes.reduce(
    (sum, write) => sum + write.values.reduce((rows, row) => rows + row.length, 0),
    0,
  );
  if (total > MAX_AGENT_WRITE_CELLS)
    throw new TooLargeError(
      'values',
      `holds ${total} cells; an agent write holds at most ${MAX_AGENT_WRITE_CELLS}.`,
    );
  const groups = new Map<
    string,
    { target: ParsedTarget; values: readonly (readonly WireValue[])[]; raw: string }[]
  >();
  writes.forEach((write, index) => {
    const raw = write.target ?? defaults.fallbackTarget;
    const target = parseTarget(
      workbook,
      raw,
      defaults,
      writes.length > 1 ? `intents[${index}].${field}` : field,
    );
    const key = target.sheet.toLowerCase();
    groups.set(key, [...(groups.get(key) ?? []), { target, values: write.values, raw }]);
  });
  return [...groups.values()].map((parts) => {
    const { requested, values } = mergeIntoBlock(parts);
    const first = parts[0]!;
    return {
      sheet: first.target.sheet,
      createsSheet: first.target.createsSheet,
      originalRequest: first.raw,
      requested,
      values,
    };
  });
}

/**
 * How a model's value becomes an input. Unlike a person, a model does not put a space before "="
 * to keep a formula as text: " =SUM(A1:A3)" from a model is the formula it meant.
 */
function modelInput(value: WireValue): ReturnType<typeof typeInput> {
  return typeInput(typeof value === 'string' ? value.trimStart() : value);
}

function writes(value: WireValue): boolean {
  return modelInput(value) !== null;
}

/**
 * The widest row (at least 1); a loop, since a block may have more rows than a call takes
 * arguments.
 */
export function blockWidth(block: WriteBlock): number {
  return block.values.reduce((widest, row) => Math.max(widest, row.length), 1);
}

function moveValues(block: WriteBlock, target: CellAddress): WireValue[][] {
  const height = block.values.length;
  const width = blockWidth(block);
  const move = {
    sheet: block.sheet,
    block: {
      start: block.requested,
      end: { row: block.requested.row + height - 1, col: block.requested.col + width - 1 },
    },
    rows: target.row - block.requested.row,
    cols: target.col - block.requested.col,
  };
  return block.values.map((row) =>
    row.map((value) =>
      typeof value === 'string' && value.trim().startsWith('=')
        ? moveBlockFormula(value, move)
        : value,
    ),
  );
}

/**
 * Places each block at the nearest free position (docs/design.md §6: occupied or locked cells are
 * never covered). `replaceable` lists cells (per lowercased sheet name) the same apply clears
 * first, which therefore count as free: the chain's retry of a section replaces its first attempt.
 */
export function placeBlocks(
  workbook: WorkbookReader,
  blocks: readonly WriteBlock[],
  direction: ShiftDirection,
  replaceable: ReadonlyMap<string, ReadonlySet<number>> = new Map(),
): PlacedBlock[] {
  return blocks.map((block) => {
    const sheet = block.createsSheet ? undefined : workbook.sheet(block.sheet);
    const free = replaceable.get(block.sheet.toLowerCase());
    const isTaken = (row: number, col: number): boolean =>
      sheet !== undefined &&
      (sheet.input(row, col) !== null || sheet.isLocked(row, col)) &&
      !(free?.has(cellKey(row, col)) ?? false);
    const target = resolveCollision({
      anchor: block.requested,
      footprint: footprintOf(block.values, writes),
      direction,
      isTaken,
    });
    const moved = target.row !== block.requested.row || target.col !== block.requested.col;
    return {
      ...block,
      target,
      moved,
      placedValues: moved ? moveValues(block, target) : block.values.map((row) => [...row]),
    };
  });
}

export interface PlacedCell {
  readonly sheet: string;
  readonly address: CellAddress;
  readonly value: WireValue;
}

/** The cells a placed block writes, row-major (null and empty values write nothing). */
export function cellsOf(block: PlacedBlock): PlacedCell[] {
  const cells: PlacedCell[] = [];
  block.placedValues.forEach((row, rowIndex) =>
    row.forEach((value, colIndex) => {
      if (writes(value))
        cells.push({
          sheet: block.sheet,
          address: { row: block.target.row + rowIndex, col: block.target.col + colIndex },
          value,
        });
    }),
  );
  return cells;
}

export function proposedCells(blocks: readonly PlacedBlock[]): ProposedCell[] {
  return blocks.flatMap((block) =>
    cellsOf(block).map((cell) => ({
      sheet: cell.sheet,
      address: cell.address,
      input: modelInput(cell.value),
    })),
  );
}

/**
 * The ops that write the blocks (creating new sheets first). Text typed as a person types it gets
 * the number format it implies, as their writes do (`$1,200` is 1200 shown `$1,200`); the formats
 * the model asks for are applied after these and win.
 */
export function writeOps(blocks: readonly PlacedBlock[]): Op[] {
  return blocks.flatMap((block): Op[] => {
    const typedFormats: TypedFormat[] = [];
    const cells = cellsOf(block).map(({ address: { row, col }, value }) => {
      const typed = typeValue(typeof value === 'string' ? value.trimStart() : value);
      if (typed.numberFormat !== undefined)
        typedFormats.push({ row, col, numberFormat: typed.numberFormat });
      return { row, col, input: typed.input };
    });
    const create: Op[] = block.createsSheet ? [{ type: 'add-sheet', name: block.sheet }] : [];
    return cells.length === 0
      ? create
      : [
          ...create,
          { type: 'set-cells', sheet: block.sheet, runs: runsFromCells(cells) },
          ...typedFormatOps(block.sheet, typedFormats),
        ];
  });
}

/** `B3`, or `'Other sheet'!B3` when the cell is not on `mainSheet`. */
export function cellLabel(sheet: string, address: CellAddress, mainSheet: string): string {
  return sameSheetName(sheet, mainSheet)
    ? formatCell(address)
    : `${quoteSheetName(sheet)}!${formatCell(address)}`;
}
