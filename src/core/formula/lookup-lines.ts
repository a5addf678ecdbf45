// The one row or column a lookup searches (MATCH, XMATCH, XLOOKUP, VLOOKUP's first column, LOOKUP),
// read position by position. A whole column is 1,048,576 positions in Excel, nearly all of them
// empty on most sheets: as a line of the cells held (held-range-values.ts), a search steps from
// one held cell to the next over the empty ones in between and costs the cells held, not the
// sheet's height. Any other range or array is a line of its values.
import { gridOf, valueError, vectorOf } from './excel-arguments.js';
import { isRangeArgument, type FunctionArgument, type HeldCells } from './function-registry.js';
import type { CellValue } from './sentinels.js';

export interface Line {
  readonly length: number;
  /**
   * The positions a binary search bisects: for a whole column or row, to the sheet's last row
   * (column) holding a cell, as before lines were read from the cells held. Past it every cell is
   * empty, so on sorted data the answer is the same; on unsorted data, where the answer depends
   * on the probes, it stays what it was.
   */
  readonly bisected: number;
  /** The value at `position` (null for an empty cell). */
  at(position: number): CellValue;
  /** The first position from `from` on that may hold a value (`length` when none): all before it are empty. */
  nextHeld(from: number): number;
  /** The last position at or before `from` that may hold a value (-1 when none): all after it are empty. */
  previousHeld(from: number): number;
}

/** A line of values, every position read as it is. */
export function valuesLine(values: readonly CellValue[]): Line {
  return {
    length: values.length,
    bisected: values.length,
    at: (position) => values[position]!,
    nextHeld: (from) => from,
    previousHeld: (from) => from,
  };
}

/** Values or a line, as a line. */
export const lineOf = (values: readonly CellValue[] | Line): Line =>
  Array.isArray(values) ? valuesLine(values as readonly CellValue[]) : (values as Line);

/**
 * A line `length` long holding `values` at `positions` (ascending) and empty cells elsewhere,
 * bisected over its first `bisected` positions.
 */
export function heldLine(
  length: number,
  bisected: number,
  positions: readonly number[],
  values: readonly CellValue[],
): Line {
  // The index of the first held position at or after `position`.
  const firstAtOrAfter = (position: number): number => {
    let low = 0;
    let high = positions.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (positions[middle]! < position) low = middle + 1;
      else high = middle;
    }
    return low;
  };
  return {
    length,
    bisected,
    at: (position) => {
      const index = firstAtOrAfter(position);
      return positions[index] === position ? values[index]! : null;
    },
    nextHeld: (from) => positions[firstAtOrAfter(from)] ?? length,
    previousHeld: (from) => {
      const index = firstAtOrAfter(from + 1) - 1;
      return index < 0 ? -1 : positions[index]!;
    },
  };
}

/**
 * The first position (the last, `reverse`) whose value passes `test`, or undefined. Empty cells
 * are tested only when `testsEmpty` (one empty cell stands for the run of them it starts).
 */
export function findInLine(
  line: Line,
  test: (value: CellValue, position: number) => boolean,
  reverse = false,
  testsEmpty = false,
): number | undefined {
  if (!reverse) {
    for (let position = 0; position < line.length;) {
      const held = line.nextHeld(position);
      if (held !== position) {
        if (testsEmpty && test(null, position)) return position;
        position = held;
        continue;
      }
      if (test(line.at(position), position)) return position;
      position += 1;
    }
    return undefined;
  }
  for (let position = line.length - 1; position >= 0;) {
    const held = line.previousHeld(position);
    if (held !== position) {
      if (testsEmpty && test(null, position)) return position;
      position = held;
      continue;
    }
    if (test(line.at(position), position)) return position;
    position -= 1;
  }
  return undefined;
}

/** A function argument's shape: Excel's for a whole column or row, else its rows'. */
export function shapeOf(arg: FunctionArgument): {
  readonly height: number;
  readonly width: number;
} {
  if (isRangeArgument(arg) && arg.held !== undefined) return arg.held;
  const { height, width } = gridOf(arg);
  return { height, width };
}

/**
 * The one row or column an argument is, as a line (a whole column or row from the cells it holds);
 * anything wider is #VALUE!, as vectorOf answers.
 */
export function vectorLineOf(name: string, arg: FunctionArgument, position: number): Line {
  if (!isRangeArgument(arg) || arg.held === undefined)
    return valuesLine(vectorOf(name, arg, position));
  const { height, width, usedHeight, usedWidth, cells } = arg.held;
  if (height > 1 && width > 1)
    throw valueError(`${name} argument ${position} must be one row or one column`);
  return heldLine(
    width === 1 ? height : width,
    width === 1 ? usedHeight : usedWidth,
    cells.map(({ row, col }) => (width === 1 ? row : col)),
    cells.map(({ value }) => value),
  );
}

/**
 * One row (`across`) or column of a whole column or row as a line: row `index` across its
 * columns, or column `index` down its rows, from the cells it holds.
 */
export function heldSliceOf(held: HeldCells, across: boolean, index: number): Line {
  const cells = held.cells.filter(({ row, col }) => (across ? row : col) === index);
  return heldLine(
    across ? held.width : held.height,
    across ? held.usedWidth : held.usedHeight,
    cells.map(({ row, col }) => (across ? col : row)),
    cells.map(({ value }) => value),
  );
}
