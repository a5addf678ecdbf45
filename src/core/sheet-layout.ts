// How a sheet is laid out for people, besides its cells: frozen panes, column widths, row
// heights, the filter that hides rows and rows hidden otherwise. Plain JSON values (ops carry
// them to the journal), replaced whole by the `set-layout` op. A hidden row still counts in
// every sum, as in Excel; only SUBTOTAL leaves hidden rows out (rowVisibilityOf).
import { formatCell, MAX_COLUMNS, MAX_ROWS, type RangeAddress } from './address/index.js';
import { InvalidOperationError } from './errors.js';
import { isFormulaError, type CellValue, type RowVisibility } from './formula/index.js';
import { limitOf, movedIndex, type StructureChange } from './formula-text/index.js';

/** Pixel sizes the page and the API use (Excel's default column is 64 px, a row 20 px). */
export const MIN_SIZE = 2;
export const MAX_SIZE = 2_000;
/** Frozen rows and columns at most (the panes must leave room to scroll). */
export const MAX_FROZEN_ROWS = 1_000;
export const MAX_FROZEN_COLUMNS = 100;
/** Values a value-list filter may list per column, and conditions per column. */
export const MAX_FILTER_VALUES = 10_000;
export const MAX_FILTER_CONDITIONS = 2;
/** Rows a layout may list as hidden by hand, and as hidden by a filter it keeps no criteria for. */
export const MAX_HIDDEN_ROWS = 100_000;

export type ConditionOp =
  | 'eq'
  | 'ne'
  | 'gt'
  | 'gte'
  | 'lt'
  | 'lte'
  | 'contains'
  | 'not_contains'
  | 'begins_with'
  | 'ends_with'
  | 'blank'
  | 'not_blank';

export const CONDITION_OPS: readonly ConditionOp[] = [
  'eq',
  'ne',
  'gt',
  'gte',
  'lt',
  'lte',
  'contains',
  'not_contains',
  'begins_with',
  'ends_with',
  'blank',
  'not_blank',
];

export interface FilterCondition {
  readonly op: ConditionOp;
  /** Compared with the cell's value; absent for blank / not_blank. */
  readonly value?: string | number | boolean;
}

/** One column's criteria: a row shows when it passes the value list and the conditions. */
export interface ColumnFilter {
  /** Zero-based sheet column inside the filter range. */
  readonly col: number;
  /** The shown values as text (`filterText`); "" is a blank cell. Absent: every value. */
  readonly values?: readonly string[];
  readonly conditions?: readonly FilterCondition[];
  /** How two conditions combine (default `and`). */
  readonly join?: 'and' | 'or';
}

export interface SheetFilter {
  /** The first row is the header row (never hidden); the rows under it are filtered. */
  readonly range: RangeAddress;
  /** Sorted by column, one entry per filtered column. */
  readonly columns: readonly ColumnFilter[];
}

export interface SheetLayout {
  readonly frozenRows: number;
  readonly frozenColumns: number;
  /** [column, px] pairs sorted by column; columns not listed have the default width. */
  readonly columnWidths: readonly (readonly [number, number])[];
  /** [row, px] pairs sorted by row; rows not listed have the default height. */
  readonly rowHeights: readonly (readonly [number, number])[];
  readonly filter: SheetFilter | null;
  /** Rows hidden by hand (zero-based, ascending). */
  readonly hiddenRows: readonly number[];
  /**
   * Rows hidden by a filter whose criteria the workbook does not keep (a table's autofilter read
   * from an .xlsx), ascending: hidden as the file had them, and left out by SUBTOTAL 1–11 too.
   */
  readonly filteredRows: readonly number[];
  /**
   * The width in px of a column not in `columnWidths`, when the sheet has its own (an .xlsx's
   * `<sheetFormatPr>`); absent: DEFAULT_COLUMN_WIDTH.
   */
  readonly defaultColumnWidth?: number;
}

/** The width in px of a column the layout does not list (the grid's and the API's default). */
export const DEFAULT_COLUMN_WIDTH = 100;

export const EMPTY_LAYOUT: SheetLayout = Object.freeze({
  frozenRows: 0,
  frozenColumns: 0,
  columnWidths: Object.freeze([]) as readonly (readonly [number, number])[],
  rowHeights: Object.freeze([]) as readonly (readonly [number, number])[],
  filter: null,
  hiddenRows: Object.freeze([]) as readonly number[],
  filteredRows: Object.freeze([]) as readonly number[],
});

/** What a `set-layout` op changes: only the fields given. A size of null restores the default. */
export interface LayoutPatch {
  readonly frozenRows?: number;
  readonly frozenColumns?: number;
  readonly columnWidths?: readonly (readonly [number, number | null])[];
  readonly rowHeights?: readonly (readonly [number, number | null])[];
  readonly filter?: SheetFilter | null;
  /** Replaces the rows hidden by hand. */
  readonly hiddenRows?: readonly number[];
  /** Replaces the rows hidden by a filter without criteria. */
  readonly filteredRows?: readonly number[];
  /** The sheet's own default column width; null: Gridbook's. */
  readonly defaultColumnWidth?: number | null;
}

export function isEmptyLayout(layout: SheetLayout): boolean {
  return (
    layout.frozenRows === 0 &&
    layout.frozenColumns === 0 &&
    layout.columnWidths.length === 0 &&
    layout.rowHeights.length === 0 &&
    layout.filter === null &&
    layout.hiddenRows.length === 0 &&
    layout.filteredRows.length === 0 &&
    layout.defaultColumnWidth === undefined
  );
}

/** Whether the layout hides any row: by its filter, by hand, or by a filter kept without criteria. */
export function layoutHidesRows(layout: SheetLayout): boolean {
  return layout.filter !== null || layout.hiddenRows.length > 0 || layout.filteredRows.length > 0;
}

function invalid(field: string, problem: string): never {
  throw new InvalidOperationError(field, problem);
}

function wholeIn(value: unknown, low: number, high: number, field: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < low || value > high)
    invalid(field, `expected a whole number from ${low} to ${high}, got ${JSON.stringify(value)}.`);
  return value;
}

function checkSizes(
  sizes: unknown,
  limit: number,
  field: string,
  nullable: boolean,
): [number, number | null][] {
  if (!Array.isArray(sizes)) invalid(field, 'expected a list of [index, size] pairs.');
  return sizes.map((pair, index): [number, number | null] => {
    const where = `${field}[${index}]`;
    if (!Array.isArray(pair) || pair.length !== 2) invalid(where, 'expected [index, size].');
    const at = wholeIn(pair[0], 0, limit - 1, where);
    if (pair[1] === null && nullable) return [at, null];
    return [at, wholeIn(pair[1], MIN_SIZE, MAX_SIZE, where)];
  });
}

/** A list of rows, checked, deduplicated and sorted. */
function checkRows(rows: unknown, field: string): number[] {
  if (!Array.isArray(rows) || rows.length > MAX_HIDDEN_ROWS)
    invalid(field, `expected a list of at most ${MAX_HIDDEN_ROWS} row indexes.`);
  const checked = rows.map((row, index) => wholeIn(row, 0, MAX_ROWS - 1, `${field}[${index}]`));
  return [...new Set(checked)].sort((a, b) => a - b);
}

/** Sizes merged into sorted [index, px] pairs (null removes an entry; the last word wins). */
function mergeSizes(
  held: readonly (readonly [number, number])[],
  changes: readonly (readonly [number, number | null])[],
): (readonly [number, number])[] {
  const map = new Map<number, number>(held.map(([at, size]) => [at, size]));
  for (const [at, size] of changes) {
    if (size === null) map.delete(at);
    else map.set(at, size);
  }
  return [...map.entries()].sort((a, b) => a[0] - b[0]);
}

function checkCondition(raw: unknown, field: string): FilterCondition {
  if (typeof raw !== 'object' || raw === null) invalid(field, 'expected {op, value}.');
  const { op, value } = raw as { op?: unknown; value?: unknown };
  if (!CONDITION_OPS.includes(op as ConditionOp))
    invalid(`${field}.op`, `expected one of ${CONDITION_OPS.join(', ')}.`);
  if (op === 'blank' || op === 'not_blank') return { op };
  const textOnly = ['contains', 'not_contains', 'begins_with', 'ends_with'].includes(op as string);
  const ok =
    typeof value === 'string'
      ? value.length <= 255
      : !textOnly &&
        ((typeof value === 'number' && Number.isFinite(value)) || typeof value === 'boolean');
  if (!ok)
    invalid(
      `${field}.value`,
      textOnly ? 'expected text (at most 255 characters).' : 'expected a number, text or boolean.',
    );
  return { op: op as ConditionOp, value: value as string | number | boolean };
}

function checkRange(raw: unknown, field: string): RangeAddress {
  const range = raw as RangeAddress | undefined;
  const ok =
    typeof range === 'object' &&
    range !== null &&
    [range.start?.row, range.end?.row].every(
      (row) => Number.isInteger(row) && row! >= 0 && row! < MAX_ROWS,
    ) &&
    [range.start?.col, range.end?.col].every(
      (col) => Number.isInteger(col) && col! >= 0 && col! < MAX_COLUMNS,
    ) &&
    range.start.row <= range.end.row &&
    range.start.col <= range.end.col;
  if (!ok) invalid(field, 'expected a range on the sheet, top-left first.');
  return {
    start: { row: range!.start.row, col: range!.start.col },
    end: { row: range!.end.row, col: range!.end.col },
  };
}

/** A filter as the workbook keeps it: checked, columns sorted, criteria-less columns dropped. */
export function checkFilter(raw: unknown, field = 'filter'): SheetFilter {
  if (typeof raw !== 'object' || raw === null) invalid(field, 'expected {range, columns}.');
  const { range: rawRange, columns: rawColumns } = raw as { range?: unknown; columns?: unknown };
  const range = checkRange(rawRange, `${field}.range`);
  if (rawColumns !== undefined && !Array.isArray(rawColumns))
    invalid(`${field}.columns`, 'expected a list.');
  const seen = new Set<number>();
  const columns: ColumnFilter[] = [];
  ((rawColumns as unknown[] | undefined) ?? []).forEach((item, index) => {
    const where = `${field}.columns[${index}]`;
    if (typeof item !== 'object' || item === null) invalid(where, 'expected {col, values}.');
    const entry = item as {
      col?: unknown;
      values?: unknown;
      conditions?: unknown;
      join?: unknown;
    };
    const col = wholeIn(entry.col, range.start.col, range.end.col, `${where}.col`);
    if (seen.has(col)) invalid(`${where}.col`, 'this column is filtered twice.');
    seen.add(col);
    let values: string[] | undefined;
    if (entry.values !== undefined && entry.values !== null) {
      if (
        !Array.isArray(entry.values) ||
        entry.values.length > MAX_FILTER_VALUES ||
        entry.values.some((value) => typeof value !== 'string' || value.length > 32_767)
      )
        invalid(`${where}.values`, `expected at most ${MAX_FILTER_VALUES} texts.`);
      values = [...new Set(entry.values as string[])];
    }
    let conditions: FilterCondition[] | undefined;
    if (entry.conditions !== undefined && entry.conditions !== null) {
      if (!Array.isArray(entry.conditions) || entry.conditions.length > MAX_FILTER_CONDITIONS)
        invalid(`${where}.conditions`, `expected at most ${MAX_FILTER_CONDITIONS} conditions.`);
      conditions = entry.conditions.map((condition, at) =>
        checkCondition(condition, `${where}.conditions[${at}]`),
      );
      if (conditions.length === 0) conditions = undefined;
    }
    if (entry.join !== undefined && entry.join !== 'and' && entry.join !== 'or')
      invalid(`${where}.join`, 'expected "and" or "or".');
    if (values === undefined && conditions === undefined) return;
    columns.push({
      col,
      ...(values === undefined ? {} : { values }),
      ...(conditions === undefined ? {} : { conditions }),
      ...(entry.join === 'or' ? { join: 'or' as const } : {}),
    });
  });
  columns.sort((a, b) => a.col - b.col);
  return { range, columns };
}

/** The layout after a patch, every field checked (field names as the patch spells them). */
export function patchLayout(layout: SheetLayout, patch: LayoutPatch): SheetLayout {
  return {
    frozenRows:
      patch.frozenRows === undefined
        ? layout.frozenRows
        : wholeIn(patch.frozenRows, 0, MAX_FROZEN_ROWS, 'rows'),
    frozenColumns:
      patch.frozenColumns === undefined
        ? layout.frozenColumns
        : wholeIn(patch.frozenColumns, 0, MAX_FROZEN_COLUMNS, 'columns'),
    columnWidths:
      patch.columnWidths === undefined
        ? layout.columnWidths
        : mergeSizes(
            layout.columnWidths,
            checkSizes(patch.columnWidths, MAX_COLUMNS, 'columns', true),
          ),
    rowHeights:
      patch.rowHeights === undefined
        ? layout.rowHeights
        : mergeSizes(layout.rowHeights, checkSizes(patch.rowHeights, MAX_ROWS, 'rows', true)),
    filter:
      patch.filter === undefined
        ? layout.filter
        : patch.filter === null
          ? null
          : checkFilter(patch.filter),
    hiddenRows:
      patch.hiddenRows === undefined
        ? layout.hiddenRows
        : checkRows(patch.hiddenRows, 'hiddenRows'),
    filteredRows:
      patch.filteredRows === undefined
        ? layout.filteredRows
        : checkRows(patch.filteredRows, 'filteredRows'),
    ...defaultWidthAfter(layout, patch),
  };
}

function defaultWidthAfter(
  layout: SheetLayout,
  patch: LayoutPatch,
): Pick<SheetLayout, 'defaultColumnWidth'> {
  const width =
    patch.defaultColumnWidth === undefined
      ? layout.defaultColumnWidth
      : patch.defaultColumnWidth === null
        ? undefined
        : wholeIn(patch.defaultColumnWidth, MIN_SIZE, MAX_SIZE, 'defaultColumnWidth');
  return width === undefined ? {} : { defaultColumnWidth: width };
}

/** The patch that puts back what `patch` changes in `before`. */
export function inversePatch(before: SheetLayout, patch: LayoutPatch): LayoutPatch {
  const sizesBack = (
    held: readonly (readonly [number, number])[],
    changes: readonly (readonly [number, number | null])[],
  ): [number, number | null][] => {
    const map = new Map(held.map(([at, size]) => [at, size]));
    return [...new Set(changes.map(([at]) => at))].map((at) => [at, map.get(at) ?? null]);
  };
  return {
    ...(patch.frozenRows === undefined ? {} : { frozenRows: before.frozenRows }),
    ...(patch.frozenColumns === undefined ? {} : { frozenColumns: before.frozenColumns }),
    ...(patch.columnWidths === undefined
      ? {}
      : { columnWidths: sizesBack(before.columnWidths, patch.columnWidths) }),
    ...(patch.rowHeights === undefined
      ? {}
      : { rowHeights: sizesBack(before.rowHeights, patch.rowHeights) }),
    ...(patch.filter === undefined ? {} : { filter: before.filter }),
    ...(patch.hiddenRows === undefined ? {} : { hiddenRows: before.hiddenRows }),
    ...(patch.filteredRows === undefined ? {} : { filteredRows: before.filteredRows }),
    ...(patch.defaultColumnWidth === undefined
      ? {}
      : { defaultColumnWidth: before.defaultColumnWidth ?? null }),
  };
}

/** A whole layout as read from a document (save file, import): checked like a patch. */
export function checkLayout(raw: unknown, field: string): SheetLayout {
  if (raw === undefined || raw === null) return EMPTY_LAYOUT;
  if (typeof raw !== 'object') invalid(field, 'expected a layout object.');
  const layout = raw as Partial<SheetLayout>;
  try {
    return patchLayout(EMPTY_LAYOUT, {
      frozenRows: layout.frozenRows ?? 0,
      frozenColumns: layout.frozenColumns ?? 0,
      columnWidths: layout.columnWidths ?? [],
      rowHeights: layout.rowHeights ?? [],
      filter: layout.filter ?? null,
      hiddenRows: layout.hiddenRows ?? [],
      filteredRows: layout.filteredRows ?? [],
      ...(layout.defaultColumnWidth === undefined
        ? {}
        : { defaultColumnWidth: layout.defaultColumnWidth }),
    });
  } catch (error) {
    if (error instanceof InvalidOperationError)
      throw new InvalidOperationError(field, error.message);
    throw error;
  }
}

// ---- structure changes ----------------------------------------------------------------------

function movedSizes(
  sizes: readonly (readonly [number, number])[],
  change: StructureChange,
): (readonly [number, number])[] {
  const moved: (readonly [number, number])[] = [];
  for (const [at, size] of sizes) {
    const index = movedIndex(at, change);
    if (index !== undefined) moved.push([index, size]);
  }
  return moved;
}

/** Rows after the change: deleted ones dropped, later ones moved. */
function movedRows(rows: readonly number[], change: StructureChange): readonly number[] {
  if (rows.length === 0) return rows;
  const moved: number[] = [];
  for (const row of rows) {
    const index = movedIndex(row, change);
    if (index !== undefined) moved.push(index);
  }
  return moved;
}

/** The span [low, high] after the change (Excel's rule for a range), or undefined when all of it is gone. */
function movedBand(
  low: number,
  high: number,
  change: StructureChange,
): [number, number] | undefined {
  if (change.kind === 'insert') {
    const first = movedIndex(low, change);
    if (first === undefined) return undefined;
    return [first, movedIndex(high, change) ?? limitOf(change) - 1];
  }
  const bandEnd = change.at + change.count - 1;
  if (low >= change.at && high <= bandEnd) return undefined;
  return [movedIndex(low, change) ?? change.at, movedIndex(high, change) ?? change.at - 1];
}

function movedFilter(filter: SheetFilter, change: StructureChange): SheetFilter | null {
  const { start, end } = filter.range;
  if (change.axis === 'row') {
    const rows = movedBand(start.row, end.row, change);
    // The header row deleted takes the filter with it, as Excel does.
    if (rows === undefined || movedIndex(start.row, change) === undefined) return null;
    return {
      ...filter,
      range: { start: { ...start, row: rows[0] }, end: { ...end, row: rows[1] } },
    };
  }
  const cols = movedBand(start.col, end.col, change);
  if (cols === undefined) return null;
  const columns: ColumnFilter[] = [];
  for (const column of filter.columns) {
    const col = movedIndex(column.col, change);
    if (col !== undefined) columns.push({ ...column, col });
  }
  return {
    range: { start: { ...start, col: cols[0] }, end: { ...end, col: cols[1] } },
    columns,
  };
}

function movedFrozen(frozen: number, change: StructureChange): number {
  if (frozen === 0 || change.at >= frozen) return frozen;
  if (change.kind === 'insert')
    return Math.min(
      frozen + change.count,
      change.axis === 'row' ? MAX_FROZEN_ROWS : MAX_FROZEN_COLUMNS,
    );
  return frozen - (Math.min(frozen, change.at + change.count) - change.at);
}

/** The layout of the changed sheet after rows or columns are inserted or deleted. */
export function movedLayout(layout: SheetLayout, change: StructureChange): SheetLayout {
  if (isEmptyLayout(layout)) return layout;
  const rows = change.axis === 'row';
  return {
    frozenRows: rows ? movedFrozen(layout.frozenRows, change) : layout.frozenRows,
    frozenColumns: rows ? layout.frozenColumns : movedFrozen(layout.frozenColumns, change),
    columnWidths: rows ? layout.columnWidths : movedSizes(layout.columnWidths, change),
    rowHeights: rows ? movedSizes(layout.rowHeights, change) : layout.rowHeights,
    filter: layout.filter === null ? null : movedFilter(layout.filter, change),
    hiddenRows: rows ? movedRows(layout.hiddenRows, change) : layout.hiddenRows,
    filteredRows: rows ? movedRows(layout.filteredRows, change) : layout.filteredRows,
    ...(layout.defaultColumnWidth === undefined
      ? {}
      : { defaultColumnWidth: layout.defaultColumnWidth }),
  };
}

// ---- filtering ------------------------------------------------------------------------------

/** A computed value as a filter's value list names it: "" for a blank, TRUE/FALSE, the error. */
export function filterText(value: CellValue): string {
  if (value === null) return '';
  if (isFormulaError(value)) return value.sentinel;
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  return String(value);
}

function asNumber(value: string | number | boolean | undefined): number | undefined {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const number = Number(value);
  return Number.isFinite(number) ? number : undefined;
}

function passes(condition: FilterCondition, value: CellValue): boolean {
  const text = filterText(value).toLowerCase();
  switch (condition.op) {
    case 'blank':
      return text === '';
    case 'not_blank':
      return text !== '';
    case 'contains':
      return text.includes(String(condition.value).toLowerCase());
    case 'not_contains':
      return !text.includes(String(condition.value).toLowerCase());
    case 'begins_with':
      return text.startsWith(String(condition.value).toLowerCase());
    case 'ends_with':
      return text.endsWith(String(condition.value).toLowerCase());
    default:
      break;
  }
  const wanted = condition.value;
  let order: number;
  const target = asNumber(wanted);
  if (typeof value === 'number' && target !== undefined) order = Math.sign(value - target);
  else if (typeof value === 'number' || target !== undefined) {
    // A number never equals text; for < and > Excel puts numbers before text.
    if (condition.op === 'eq') return false;
    if (condition.op === 'ne') return true;
    if (value === null) return false;
    order = typeof value === 'number' ? -1 : 1;
  } else {
    const other = filterText(typeof wanted === 'boolean' ? wanted : (wanted ?? '')).toLowerCase();
    order = text < other ? -1 : text > other ? 1 : 0;
  }
  switch (condition.op) {
    case 'eq':
      return order === 0;
    case 'ne':
      return order !== 0;
    case 'gt':
      return order > 0;
    case 'gte':
      return order >= 0;
    case 'lt':
      return order < 0;
    default:
      return order <= 0;
  }
}

function shows(column: ColumnFilter, value: CellValue, listed: Set<string> | undefined): boolean {
  if (listed !== undefined && !listed.has(filterText(value).toLowerCase())) return false;
  const conditions = column.conditions;
  if (conditions === undefined) return true;
  return column.join === 'or'
    ? conditions.some((condition) => passes(condition, value))
    : conditions.every((condition) => passes(condition, value));
}

/**
 * The rows a filter hides (zero-based, ascending): rows under the header row whose value in a
 * filtered column fails that column's criteria. `valueAt` reads computed values; `within`
 * limits the rows looked at (a block read needs only its own).
 */
export function hiddenRowsOf(
  filter: SheetFilter | null,
  valueAt: (row: number, col: number) => CellValue,
  within?: { readonly first: number; readonly last: number },
): number[] {
  const hidden: number[] = [];
  if (filter === null || filter.columns.length === 0) return hidden;
  const lists = filter.columns.map((column) =>
    column.values === undefined
      ? undefined
      : new Set(column.values.map((value) => value.toLowerCase())),
  );
  const first = Math.max(filter.range.start.row + 1, within?.first ?? 0);
  const last = Math.min(filter.range.end.row, within?.last ?? filter.range.end.row);
  for (let row = first; row <= last; row += 1) {
    const shown = filter.columns.every((column, index) =>
      shows(column, valueAt(row, column.col), lists[index]),
    );
    if (!shown) hidden.push(row);
  }
  return hidden;
}

/** Ascending rows of two ascending lists, each once. */
export function mergedRows(a: readonly number[], b: readonly number[]): number[] {
  if (b.length === 0) return [...a];
  if (a.length === 0) return [...b];
  return [...new Set([...a, ...b])].sort((x, y) => x - y);
}

/**
 * The rows a sheet hides, by hand and by its filters (its own filter's read from computed values):
 * SUBTOTAL 101–111 leaves out both, 1–11 those a filter hides.
 */
export function rowVisibilityOf(
  layout: SheetLayout,
  valueAt: (row: number, col: number) => CellValue,
): RowVisibility {
  return {
    byHand: layout.hiddenRows,
    byFilter: mergedRows(hiddenRowsOf(layout.filter, valueAt), layout.filteredRows),
  };
}

/** Zero-based ascending rows as [first, last] spans of row numbers from 1 (inclusive). */
export function rowSpans(rows: readonly number[]): [number, number][] {
  const spans: [number, number][] = [];
  for (const row of rows) {
    const last = spans[spans.length - 1];
    if (last !== undefined && last[1] === row) last[1] = row + 1;
    else spans.push([row + 1, row + 1]);
  }
  return spans;
}

/** `A1:D20`, the filter's range as A1 text. */
export function filterRangeText(filter: SheetFilter): string {
  return `${formatCell(filter.range.start)}:${formatCell(filter.range.end)}`;
}
