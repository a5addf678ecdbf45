// Builders that turn what a client asked for into ops. They validate shape and bounds; the
// workbook's apply checks locks and versions.
import {
  formatCell,
  MAX_COLUMNS,
  MAX_ROWS,
  rangeSize,
  type CellAddress,
  type RangeAddress,
} from '../address/index.js';
import { InvalidOperationError, TooLargeError } from '../errors.js';
import {
  formulaNumberFormat,
  setsNumberFormat,
  type NumberFormatLookup,
} from '../format/formula-format.js';
import { numberFormatKind } from '../format/number-format.js';
import type { CellFormat } from '../format/cell-format.js';
import type { FormatRect, FormatRun } from '../format/sheet-formats.js';
import { ranToEnd } from '../read-slices.js';
import type { SheetLayout } from '../sheet-layout.js';
import { typeValue, type CellInput, type TypedValue, type WireValue } from '../value-typing.js';
import type { InputRun, Op } from './op.js';

/** The most cells one lock or unlock may cover. */
export const MAX_LOCK_CELLS = 1_000_000;

/**
 * GRIDBOOK_MAX_WRITE_CELLS's default: the most cells one range write may hold. A write is one
 * synchronous engine commit, so its size is how long every other request waits
 * (docs/decisions/2026-11-26-write-and-import-sizes.md).
 */
export const MAX_WRITE_CELLS = 100_000;

/**
 * The refusal of a range write (or a move, whose `field` is its source) over `maxCells`; `cells`
 * is the count, or "more than N" when counting stopped early.
 */
export function tooManyCellsInWrite(
  cells: string,
  maxCells = MAX_WRITE_CELLS,
  field = 'values',
): TooLargeError {
  return new TooLargeError(
    field,
    `holds ${cells} cells; one write holds at most ${maxCells} (GRIDBOOK_MAX_WRITE_CELLS). Split it into several writes.`,
  );
}

/** The refusal of an import over `maxCells` (GRIDBOOK_MAX_IMPORT_CELLS); `cells` is the count, or "more than N". */
export function tooManyCellsInImport(
  field: string,
  cells: string,
  maxCells: number,
): TooLargeError {
  return new TooLargeError(
    field,
    `holds ${cells} cells; one import brings at most ${maxCells} (GRIDBOOK_MAX_IMPORT_CELLS). Split the data over several files.`,
  );
}

/** A typed text's number format, for the cells typed as `15%`, `$1,200`, `2026-01-31` …. */
export interface TypedFormat {
  readonly row: number;
  readonly col: number;
  readonly numberFormat: string;
}

/** One set-format op per run of rows of a column typed with the same format. */
export function typedFormatOps(sheet: string, typed: TypedFormat[]): Op[] {
  if (typed.length === 0) return [];
  typed.sort((a, b) => a.col - b.col || a.row - b.row);
  const ops: Op[] = [];
  let first = typed[0]!;
  let last = first;
  const flush = (): void => {
    ops.push({
      type: 'set-format',
      sheet,
      range: { start: { row: first.row, col: first.col }, end: { row: last.row, col: last.col } },
      format: { number_format: first.numberFormat },
    });
  };
  for (const cell of typed.slice(1)) {
    if (
      cell.col === last.col &&
      cell.row === last.row + 1 &&
      cell.numberFormat === first.numberFormat
    ) {
      last = cell;
      continue;
    }
    flush();
    first = last = cell;
  }
  flush();
  return ops;
}

/**
 * Whether the format typed text implies is to be set on a cell: not where the cell already shows
 * numbers of that kind its own way, as in Excel (`20%` typed over `0.00%` shows 20.00%, a date
 * typed over `d-mmm-yy` shows 31-Jan-26, `1,200` over `0.00` shows 1200.00).
 */
function takesTypedFormat(current: string | undefined, typed: string): boolean {
  return !setsNumberFormat(current) || numberFormatKind(current) !== numberFormatKind(typed);
}

function isFormula(input: CellInput | null): boolean {
  return typeof input === 'object' && input !== null && 'formula' in input;
}

/**
 * The number format a typed value gives its cell: the one its text implies (`15%`), or for a
 * formula typed where no number format is set, the one it lends from the cells it reads
 * (formula-format.ts); undefined for none.
 */
function typedFormatFor(
  value: string,
  typed: TypedValue,
  at: CellAddress,
  formats: NumberFormatLookup | undefined,
): string | undefined {
  const formula = isFormula(typed.input);
  if (typed.numberFormat === undefined && (!formula || formats === undefined)) return undefined;
  const current = formats?.at(undefined, at.row, at.col);
  if (typed.numberFormat !== undefined)
    return takesTypedFormat(current, typed.numberFormat) ? typed.numberFormat : undefined;
  if (formats === undefined || setsNumberFormat(current)) return undefined;
  return formulaNumberFormat(value.trim(), formats);
}

export function writeCellOps(
  sheet: string,
  address: CellAddress,
  value: WireValue,
  formats?: NumberFormatLookup,
): Op[] {
  const typed = typeValue(value);
  const { row, col } = address;
  const format =
    typeof value === 'string' ? typedFormatFor(value, typed, address, formats) : undefined;
  return [
    { type: 'set-cells', sheet, runs: [{ row, col, inputs: [typed.input] }] },
    ...(format === undefined ? [] : typedFormatOps(sheet, [{ row, col, numberFormat: format }])),
  ];
}

/**
 * A rectangle of values anchored at its top-left. Rows may differ in length: a shorter row
 * leaves the cells to its right alone and an empty row writes nothing.
 */
export function writeRangeOps(
  sheet: string,
  anchor: CellAddress,
  values: readonly (readonly WireValue[])[],
  // Unbounded here: the bound is a request's (editing passes GRIDBOOK_MAX_WRITE_CELLS), not the
  // model's; imports, replays and in-process callers build writes of any size.
  maxCells = Number.POSITIVE_INFINITY,
  formats?: NumberFormatLookup,
): Op[] {
  return ranToEnd(writeRangeSteps(sheet, anchor, values, maxCells, formats));
}

/** Cells `writeRangeSteps` types before it yields. */
const TYPED_CELLS_PER_STEP = 4_096;

/**
 * `writeRangeOps` as steps, yielding after about TYPED_CELLS_PER_STEP cells typed, so a caller can
 * type a 100,000-cell write across turns of the event loop (issue 16); returns the same ops.
 */
export function* writeRangeSteps(
  sheet: string,
  anchor: CellAddress,
  values: readonly (readonly WireValue[])[],
  maxCells = Number.POSITIVE_INFINITY,
  formats?: NumberFormatLookup,
): Generator<void, Op[]> {
  let cells = 0;
  for (const row of values) cells += row.length;
  if (cells > maxCells) throw tooManyCellsInWrite(String(cells), maxCells);
  const runs: InputRun[] = [];
  const typedFormats: TypedFormat[] = [];
  const formulas: TypedFormula[] = [];
  let typed = 0;
  for (let offset = 0; offset < values.length; offset += 1) {
    const row = values[offset]!;
    if (row.length === 0) continue;
    const target = { row: anchor.row + offset, col: anchor.col };
    if (target.row >= MAX_ROWS || anchor.col + row.length > MAX_COLUMNS) {
      throw new InvalidOperationError(
        'values',
        `writing ${values.length} row(s) at ${formatCell(anchor)} would reach past the sheet's last row (1048576) or column (XFD).`,
      );
    }
    runs.push({
      ...target,
      inputs: row.map((value, index) => {
        if (typeof value !== 'string') return typeValue(value).input;
        const typed = typeValue(value);
        const col = target.col + index;
        if (typed.numberFormat !== undefined) {
          if (takesTypedFormat(formats?.at(undefined, target.row, col), typed.numberFormat))
            typedFormats.push({ row: target.row, col, numberFormat: typed.numberFormat });
        } else if (formats !== undefined && isFormula(typed.input))
          formulas.push({ row: target.row, col, text: value });
        return typed.input;
      }),
    });
    typed += row.length;
    if (typed >= TYPED_CELLS_PER_STEP) {
      typed = 0;
      yield;
    }
  }
  if (formulas.length > 0 && formats !== undefined)
    yield* lendFormulaFormats(formulas, typedFormats, formats);
  return runs.length === 0
    ? []
    : [{ type: 'set-cells', sheet, runs }, ...typedFormatOps(sheet, typedFormats)];
}

/** A formula in a range write (`text` as typed), whose format is worked out once all are typed. */
interface TypedFormula {
  readonly row: number;
  readonly col: number;
  readonly text: string;
}

/**
 * Adds to `typedFormats` the format each formula of a range write lends from the cells it reads
 * (formula-format.ts), where its cell has no number format. A cell typed earlier in the same write
 * (`$1,200` above `=SUM(B2:B3)`, or a formula above that lent one) counts as formatted already.
 */
function* lendFormulaFormats(
  formulas: readonly TypedFormula[],
  typedFormats: TypedFormat[],
  formats: NumberFormatLookup,
): Generator<void> {
  const written = new Map<string, string>();
  for (const typed of typedFormats) written.set(`${typed.row},${typed.col}`, typed.numberFormat);
  const lookup: NumberFormatLookup = {
    any: formats.any || written.size > 0,
    at: (sheet, row, col) =>
      (sheet === undefined ? written.get(`${row},${col}`) : undefined) ??
      formats.at(sheet, row, col),
  };
  let looked = 0;
  for (const { row, col, text } of formulas) {
    const current = formats.at(undefined, row, col);
    if (setsNumberFormat(current)) continue;
    const format = formulaNumberFormat(text.trim(), lookup);
    if (format !== undefined) {
      typedFormats.push({ row, col, numberFormat: format });
      written.set(`${row},${col}`, format);
    }
    looked += 1;
    if (looked % TYPED_CELLS_PER_STEP === 0) yield;
  }
}

/** Groups scattered cells into row runs (cells must be sorted row-major). */
export function runsFromCells(
  cells: readonly { row: number; col: number; input: CellInput | null }[],
): InputRun[] {
  const runs: { row: number; col: number; inputs: (CellInput | null)[] }[] = [];
  for (const cell of cells) {
    const last = runs[runs.length - 1];
    if (last !== undefined && last.row === cell.row && last.col + last.inputs.length === cell.col)
      last.inputs.push(cell.input);
    else runs.push({ row: cell.row, col: cell.col, inputs: [cell.input] });
  }
  return runs;
}

export function setLocksOps(sheet: string, range: RangeAddress, locked: boolean): Op[] {
  const size = rangeSize(range);
  if (size.cells > MAX_LOCK_CELLS) {
    throw new TooLargeError(
      'range',
      `covers ${size.cells} cells; lock or unlock at most ${MAX_LOCK_CELLS} at a time.`,
    );
  }
  const cells: CellAddress[] = [];
  for (let row = range.start.row; row <= range.end.row; row += 1) {
    for (let col = range.start.col; col <= range.end.col; col += 1) cells.push({ row, col });
  }
  return [{ type: 'set-locks', sheet, cells, locked }];
}

/** Read access the sheet-wide builders need (a SheetView satisfies it). */
export interface SheetCells {
  readonly name: string;
  occupiedCells(): CellAddress[];
  lockedCells(): CellAddress[];
  isLocked(row: number, col: number): boolean;
  /** Every format of the sheet as rectangles. */
  formatRects(): FormatRect[];
  format(row: number, col: number): CellFormat | undefined;
  layout(): SheetLayout;
}

/**
 * Clears every unlocked cell of a sheet, its value and its format, as Excel's Clear All does, so
 * typing into a cleared sheet no longer shows old percentages or currencies; the filter goes
 * with the data it filtered (clearedFilter); locked cells keep both, and charts stay. One commit,
 * so one undo brings values, formats and the filter back.
 */
export function clearSheetOps(sheet: SheetCells): Op[] {
  const occupied = sheet.occupiedCells();
  const cells = occupied.filter((cell) => !sheet.isLocked(cell.row, cell.col));
  const ops: Op[] =
    cells.length === 0
      ? []
      : [
          {
            type: 'set-cells',
            sheet: sheet.name,
            runs: runsFromCells(cells.map((cell) => ({ ...cell, input: null }))),
          },
        ];
  const formats = unlockedFormatsCleared(sheet);
  if (formats !== undefined) ops.push(formats);
  const layout = clearedFilter(sheet, occupied, cells);
  if (layout !== undefined) ops.push(layout);
  return ops;
}

/**
 * The set-layout that drops the sheet's filter with the cells a clear empties, as Excel's Clear
 * All takes the AutoFilter with the cells under it: left behind, its criteria would hide every
 * emptied row (a blank passes no value list) and its ▾ buttons would sit over empty headers. It
 * stays only over cells the clear leaves as they are (locked ones). Rows a file's filter hid
 * (kept without criteria) show again once cells are cleared. Column widths, row heights, frozen
 * panes and rows hidden by hand are the sheet's own, as in Excel, and stay. Undefined: no change.
 */
function clearedFilter(
  sheet: SheetCells,
  occupied: readonly CellAddress[],
  cleared: readonly CellAddress[],
): Op | undefined {
  const { filter, filteredRows } = sheet.layout();
  const inFilter = (cell: CellAddress) =>
    filter !== null &&
    cell.row >= filter.range.start.row &&
    cell.row <= filter.range.end.row &&
    cell.col >= filter.range.start.col &&
    cell.col <= filter.range.end.col;
  const dropsFilter = filter !== null && (cleared.some(inFilter) || !occupied.some(inFilter));
  const showsFilteredRows = filteredRows.length > 0 && (cleared.length > 0 || dropsFilter);
  if (!dropsFilter && !showsFilteredRows) return undefined;
  return {
    type: 'set-layout',
    sheet: sheet.name,
    patch: {
      ...(dropsFilter ? { filter: null } : {}),
      ...(showsFilteredRows ? { filteredRows: [] } : {}),
    },
  };
}

/**
 * A restore-formats over every formatted cell that leaves only the locked cells' formats
 * (undefined when no unlocked cell has one): its inverse puts every format back as it was.
 */
function unlockedFormatsCleared(sheet: SheetCells): Op | undefined {
  const rects = sheet.formatRects();
  if (rects.length === 0) return undefined;
  // A loop, not Math.min(...rects): a sheet of many small formats would overflow the call stack.
  let [top, left, bottom, right] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const rect of rects) {
    top = Math.min(top, rect.top);
    left = Math.min(left, rect.left);
    bottom = Math.max(bottom, rect.bottom);
    right = Math.max(right, rect.right);
  }
  const range: RangeAddress = { start: { row: top, col: left }, end: { row: bottom, col: right } };
  const kept = new Map<number, FormatRun[]>();
  for (const { row, col } of sheet.lockedCells()) {
    const format = sheet.format(row, col);
    if (format === undefined) continue;
    const runs = kept.get(col) ?? [];
    runs.push({ start: row, end: row, format });
    kept.set(col, runs);
  }
  // Formatted cells counted over the rectangles (which do not overlap): all of them locked means
  // nothing to clear. Overlapping ones would only count more, and the op would change nothing.
  const formatted = rects.reduce(
    (sum, rect) => sum + (rect.bottom - rect.top + 1) * (rect.right - rect.left + 1),
    0,
  );
  const keptCells = [...kept.values()].reduce((sum, runs) => sum + runs.length, 0);
  if (formatted === keptCells) return undefined;
  const columns = [...kept]
    .sort(([a], [b]) => a - b)
    .map(([col, runs]) => ({ col, runs: runs.sort((a, b) => a.start - b.start) }));
  return { type: 'restore-formats', sheet: sheet.name, range, columns };
}

/** Unlocks every locked cell of every sheet. */
export function unlockAllOps(sheets: readonly SheetCells[]): Op[] {
  return sheets
    .map((sheet): Op => ({
      type: 'set-locks',
      sheet: sheet.name,
      cells: sheet.lockedCells(),
      locked: false,
    }))
    .filter((op) => op.type === 'set-locks' && op.cells.length > 0);
}
