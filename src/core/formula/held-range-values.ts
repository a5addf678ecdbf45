// A whole-column or whole-row range's values as the cells the sheet holds, for the functions that
// read such a range in time proportional to its cells rather than to its height: the criteria
// (COUNTIF, SUMIF, … in excel-criteria-functions.ts), COUNTBLANK (aggregate-corrections.ts) and
// the lookups (MATCH, XMATCH, XLOOKUP, VLOOKUP, LOOKUP). HyperFormula hands such a range over as a
// value whose rows are built on first read, one per row down to the sheet's last row holding a
// cell: beside a value in row 1,048,576 that is a million rows per call (COUNTIF(A:C,7) took
// about 0.8 s of CPU, MATCH 2–3 s). Every address without a cell reads the same empty value, so
// the cells held and the range's shape say everything the rows would.
import { CellError, EmptyValue, ErrorType, SimpleRangeValue } from 'hyperformula';
import { MAX_COLUMNS, MAX_ROWS } from '../address/a1.js';
import { heldAddressesByRow, type CellRange, type DependencyGraph } from './whole-line-ranges.js';

/** One cell held in a range: its row and column counted from the range's top-left cell. */
export interface HeldCell {
  readonly row: number;
  readonly col: number;
  readonly value: unknown;
}

export interface HeldRange {
  /** The range's rows and columns as the engine sees it: to the sheet's last row (column) holding a cell. */
  readonly height: number;
  readonly width: number;
  /** Its shape as Excel sees it: a whole column is 1,048,576 rows, a whole row 16,384 columns. */
  readonly excelHeight: number;
  readonly excelWidth: number;
  /** The cells held within height × width, row by row; every other address is empty. */
  readonly cells: readonly HeldCell[];
  /** The engine's value of an address without a cell (EmptyValue). */
  readonly empty: unknown;
}

interface ValueReader extends DependencyGraph {
  getCellValue(address: { sheet: number; row: number; col: number }): unknown;
}

/** Memoised per range value: a function may ask for it more than once in one call. */
const held = new WeakMap<SimpleRangeValue, HeldRange>();

/**
 * The cells `value` holds when it is a whole-column or whole-row range of cells; undefined for
 * anything else (a finite range, an array, a single value), which is read as before.
 */
export function heldRangeOf(value: unknown): HeldRange | undefined {
  if (!(value instanceof SimpleRangeValue)) return undefined;
  const range = value.range as unknown as CellRange | undefined;
  if (range === undefined || range.isFinite()) return undefined;
  const graph = (value as unknown as { dependencyGraph?: ValueReader }).dependencyGraph;
  if (graph === undefined) return undefined;
  let found = held.get(value);
  if (found === undefined) {
    found = readHeld(graph, range, value.height(), value.width());
    held.set(value, found);
  }
  return found;
}

function readHeld(graph: ValueReader, range: CellRange, height: number, width: number): HeldRange {
  const { sheet, row: top, col: left } = range.start;
  const cells: HeldCell[] = [];
  for (const at of heldAddressesByRow(graph, range)) {
    const row = at.row - top;
    const col = at.col - left;
    // Empty cells a formula once read may lie past the extent measured from content.
    if (row >= height || col >= width) continue;
    const value = graph.getCellValue(at);
    // As HyperFormula reads a range's cell: an array where one value belongs is #VALUE!.
    cells.push({
      row,
      col,
      value:
        value instanceof SimpleRangeValue
          ? new CellError(ErrorType.VALUE, 'A value was expected, not an array')
          : value,
    });
  }
  const gap = firstGap(cells, height, width);
  return {
    height,
    width,
    excelHeight: Number.isFinite(range.end.row) ? height : Math.max(MAX_ROWS, height),
    excelWidth: Number.isFinite(range.end.col) ? width : Math.max(MAX_COLUMNS, width),
    cells,
    empty:
      gap === undefined
        ? EmptyValue
        : graph.getCellValue({ sheet, row: top + gap.row, col: left + gap.col }),
  };
}

/** The first address, row by row, that `cells` (row by row) leaves out; undefined when none. */
function firstGap(
  cells: readonly HeldCell[],
  height: number,
  width: number,
): { row: number; col: number } | undefined {
  if (cells.length >= height * width) return undefined;
  for (let index = 0; index < cells.length; index += 1) {
    const { row, col } = cells[index]!;
    const position = row * width + col;
    if (position !== index) return { row: Math.floor(index / width), col: index % width };
  }
  return { row: Math.floor(cells.length / width), col: cells.length % width };
}

/**
 * A whole column or row one cell big (A:A on a sheet one row tall), which HyperFormula hands over
 * as that cell's value: the same range as Excel sees it, holding that value. Undefined for any
 * other argument, and for an error (the cell's, or the range's own).
 */
export function heldCellOf(
  value: unknown,
  node: { readonly type: string } | undefined,
): HeldRange | undefined {
  const type = node?.type;
  if (type !== 'COLUMN_RANGE' && type !== 'ROW_RANGE') return undefined;
  if (value instanceof SimpleRangeValue || value instanceof CellError) return undefined;
  return {
    height: 1,
    width: 1,
    excelHeight: type === 'COLUMN_RANGE' ? MAX_ROWS : 1,
    excelWidth: type === 'ROW_RANGE' ? MAX_COLUMNS : 1,
    cells: value === EmptyValue ? [] : [{ row: 0, col: 0, value }],
    empty: EmptyValue,
  };
}
