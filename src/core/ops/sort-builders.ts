// Sorting a range: its rows are reordered by one or more key columns and written back as one
// set-cells change. A row keeps its formulas, moved the way a copy moves them (relative parts by
// the rows travelled), so `=A2*B2` on row 2 reads `=A5*B5` on row 5, as in Excel. The order is
// Excel's: numbers, then text (case-insensitive), then TRUE/FALSE, then errors; empty cells last
// in both directions; equal keys keep their order (stable).
import { columnToLetters, formatCell, rangeSize, type RangeAddress } from '../address/index.js';
import { CellLockedError, InvalidOperationError, TooLargeError } from '../errors.js';
import type { CellValue } from '../formula/index.js';
import { shiftFormula } from '../formula-text/index.js';
import { isFormula, type CellInput } from '../value-typing.js';
import type { FormatColumn, InputRun, Op } from './op.js';
export { looksLikeHeader } from '../header-row.js';
import type { CellFormat, FormatRun } from '../format/index.js';

/** The most cells one sort may move (a full column of 20 fields, about). */
export const MAX_SORT_CELLS = 20_000_000;

export interface SortKey {
  /** Zero-based sheet column; must lie inside the range. */
  readonly col: number;
  readonly descending: boolean;
}

export interface SortableSheet {
  readonly name: string;
  input(row: number, col: number): CellInput | null;
  value(row: number, col: number): CellValue;
  isLocked(row: number, col: number): boolean;
  /** Formats move with their rows when the sheet has any. */
  format?(row: number, col: number): CellFormat | undefined;
  readonly hasFormats?: boolean;
}

/** The restore-formats op that moves the range's formats with their rows (none without formats). */
function sortedFormatOps(
  sheet: SortableSheet,
  range: RangeAddress,
  targets: readonly number[],
  sources: readonly number[],
): Op[] {
  if (sheet.hasFormats !== true || sheet.format === undefined || targets.length === 0) return [];
  const columns: FormatColumn[] = [];
  let any = false;
  for (let col = range.start.col; col <= range.end.col; col += 1) {
    const runs: FormatRun[] = [];
    for (let index = 0; index < targets.length; index += 1) {
      const format = sheet.format(sources[index]!, col);
      if (format === undefined) continue;
      any = true;
      const last = runs[runs.length - 1];
      if (last !== undefined && last.format === format && last.end + 1 === targets[index])
        runs[runs.length - 1] = { ...last, end: targets[index]! };
      else runs.push({ start: targets[index]!, end: targets[index]!, format });
    }
    columns.push({ col, runs });
  }
  if (!any) return [];
  const area = {
    start: { row: targets[0]!, col: range.start.col },
    end: { row: targets[targets.length - 1]!, col: range.end.col },
  };
  return [{ type: 'restore-formats', sheet: sheet.name, range: area, columns }];
}

// Excel's ascending order by kind: numbers, text, booleans, errors; an empty input sorts last.
const TEXT_RANK = 1;
const ERROR_RANK = 3;
const EMPTY = 4;

const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: false });

/**
 * One key column read once into flat arrays: each row's rank, its number (or boolean as 0/1)
 * and its text, so the comparator does no type tests (it runs about 1.7 million times for
 * 100,000 rows).
 */
interface KeyColumn {
  readonly ranks: Uint8Array;
  readonly numbers: Float64Array;
  readonly texts: string[];
}

function keyColumn(
  sheet: SortableSheet,
  col: number,
  first: number,
  count: number,
  inputAt: (index: number) => CellInput | null,
): KeyColumn {
  const ranks = new Uint8Array(count);
  const numbers = new Float64Array(count);
  const texts = new Array<string>(count);
  for (let index = 0; index < count; index += 1) {
    if (inputAt(index) === null) {
      ranks[index] = EMPTY;
      continue;
    }
    const value = sheet.value(first + index, col);
    if (typeof value === 'number') numbers[index] = value;
    else if (typeof value === 'string') {
      ranks[index] = TEXT_RANK;
      texts[index] = value;
    } else if (typeof value === 'boolean') {
      ranks[index] = 2;
      numbers[index] = Number(value);
    } else ranks[index] = ERROR_RANK;
  }
  return { ranks, numbers, texts };
}

function sameInput(a: CellInput | null, b: CellInput | null): boolean {
  if (isFormula(a)) return isFormula(b) && a.formula === b.formula;
  return a === b;
}

function checkSort(sheet: SortableSheet, range: RangeAddress, keys: readonly SortKey[]): void {
  const { cells } = rangeSize(range);
  if (cells > MAX_SORT_CELLS)
    throw new TooLargeError(
      'range',
      `covers ${cells} cells; one sort moves at most ${MAX_SORT_CELLS}.`,
    );
  if (keys.length === 0)
    throw new InvalidOperationError('keys', 'name at least one column to sort by.');
  for (const { col } of keys) {
    if (col < range.start.col || col > range.end.col)
      throw new InvalidOperationError(
        'keys',
        `column ${columnToLetters(col)} is outside the range ${formatCell(range.start)}:${formatCell(range.end)}.`,
      );
  }
  for (let row = range.start.row; row <= range.end.row; row += 1)
    for (let col = range.start.col; col <= range.end.col; col += 1)
      if (sheet.isLocked(row, col))
        throw new CellLockedError(sheet.name, [formatCell({ row, col })]);
}

/**
 * Which columns change when each row takes its source's inputs, and the moved formulas' texts
 * (flat like `inputs`: target row × width + column). A formula moves the way a copy moves it;
 * only its text is kept, so a formula column that reads the same wherever its row lands (`=A2*2`
 * on row 2, `=A5*2` on row 5) is found unchanged without an object per cell.
 */
function changedColumns(
  inputs: readonly (CellInput | null)[],
  order: readonly number[],
  width: number,
): { changing: boolean[]; shifted: (string | undefined)[] } {
  const changing = new Array<boolean>(width).fill(false);
  const shifted = new Array<string | undefined>(inputs.length);
  for (let index = 0; index < order.length; index += 1) {
    const source = order[index]!;
    if (source === index) continue;
    for (let offset = 0; offset < width; offset += 1) {
      const input = inputs[source * width + offset]!;
      const target = inputs[index * width + offset]!;
      if (!isFormula(input)) {
        if (!changing[offset] && !sameInput(input, target)) changing[offset] = true;
        continue;
      }
      const formula = shiftFormula(input.formula, index - source, 0);
      shifted[index * width + offset] = formula;
      if (!changing[offset] && !(isFormula(target) && target.formula === formula))
        changing[offset] = true;
    }
  }
  return { changing, shifted };
}

/**
 * The runs that write the moved rows: only the columns where some input changes, and not the
 * rows that stay. The runs go column segment by segment, so the engine takes each as one
 * rectangle.
 */
function movedRuns(
  inputs: readonly (CellInput | null)[],
  order: readonly number[],
  first: number,
  firstCol: number,
  width: number,
): InputRun[] {
  const { changing, shifted } = changedColumns(inputs, order, width);
  const runs: InputRun[] = [];
  for (let segment = 0; segment < width; segment += 1) {
    if (!changing[segment]) continue;
    let end = segment;
    while (end + 1 < width && changing[end + 1]) end += 1;
    for (let index = 0; index < order.length; index += 1) {
      const source = order[index]!;
      if (source === index) continue;
      const cells = new Array<CellInput | null>(end - segment + 1);
      for (let offset = segment; offset <= end; offset += 1) {
        const formula = shifted[index * width + offset];
        cells[offset - segment] =
          formula === undefined ? inputs[source * width + offset]! : { formula };
      }
      runs.push({ row: first + index, col: firstCol + segment, inputs: cells });
    }
    segment = end;
  }
  return runs;
}

/**
 * The set-cells op that writes the range's rows in sorted order (none when the order is already
 * right), and how many rows were sorted.
 */
export function sortRangeOps(
  sheet: SortableSheet,
  range: RangeAddress,
  keys: readonly SortKey[],
  header: boolean,
): { ops: Op[]; rows: number } {
  checkSort(sheet, range, keys);
  const first = header ? range.start.row + 1 : range.start.row;
  const count = Math.max(0, range.end.row - first + 1);
  const width = range.end.col - range.start.col + 1;
  // Every input of the sorted rows is read once, row by row: each row is both a source (what
  // moves) and a target (what it replaces). Reading the store twice per cell and keeping an
  // object per row was a quarter of a 100,000-row sort.
  const inputs = new Array<CellInput | null>(count * width);
  for (let index = 0; index < count; index += 1)
    for (let offset = 0; offset < width; offset += 1)
      inputs[index * width + offset] = sheet.input(first + index, range.start.col + offset);
  const columns = keys.map(({ col }) =>
    keyColumn(sheet, col, first, count, (index) => inputs[index * width + col - range.start.col]!),
  );
  const order = Array.from({ length: count }, (_, index) => index);
  order.sort((a, b) => {
    for (let key = 0; key < keys.length; key += 1) {
      const { ranks, numbers, texts } = columns[key]!;
      const x = ranks[a]!;
      const y = ranks[b]!;
      if (x === EMPTY || y === EMPTY) {
        if (x !== y) return x === EMPTY ? 1 : -1;
        continue;
      }
      let byValue = x - y;
      if (byValue === 0 && x !== ERROR_RANK)
        byValue =
          x === TEXT_RANK ? collator.compare(texts[a]!, texts[b]!) : numbers[a]! - numbers[b]!;
      if (byValue !== 0) return keys[key]!.descending ? -byValue : byValue;
    }
    return a - b;
  });
  const rows = Array.from({ length: count }, (_, index) => first + index);
  if (order.every((source, index) => source === index)) return { ops: [], rows: count };
  const runs = movedRuns(inputs, order, first, range.start.col, width);
  const formats = sortedFormatOps(
    sheet,
    range,
    rows,
    order.map((source) => first + source),
  );
  const cellOps: Op[] = runs.length === 0 ? [] : [{ type: 'set-cells', sheet: sheet.name, runs }];
  return { ops: [...cellOps, ...formats], rows: count };
}
