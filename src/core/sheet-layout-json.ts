// A sheet's layout as people and files spell it: column letters, row numbers from 1, the filter
// range in A1. The same shape in the API (`GET /grid`, `/grid/layout`) and in Gridbook files.
import {
  columnToLetters,
  formatRange,
  lettersToColumn,
  MAX_COLUMNS,
  MAX_ROWS,
  tryParseRange,
} from './address/index.js';
import { InvalidOperationError } from './errors.js';
import {
  checkFilter,
  checkLayout,
  EMPTY_LAYOUT,
  MAX_HIDDEN_ROWS,
  rowSpans,
  type ConditionOp,
  type SheetFilter,
  type SheetLayout,
} from './sheet-layout.js';

export interface FilterColumnJson {
  /** Column letters (`B`). */
  readonly column: string;
  readonly values?: readonly string[];
  readonly conditions?: readonly {
    readonly op: ConditionOp;
    readonly value?: string | number | boolean;
  }[];
  readonly join?: 'and' | 'or';
}

export interface FilterJson {
  /** `A1:D200`: the header row first. */
  readonly range: string;
  readonly columns: readonly FilterColumnJson[];
}

export interface LayoutJson {
  readonly frozen_rows: number;
  readonly frozen_columns: number;
  /** Column letters → width in pixels; others have the default. */
  readonly column_widths: Readonly<Record<string, number>>;
  /** Row number (from 1) → height in pixels; others have the default. */
  readonly row_heights: Readonly<Record<string, number>>;
  readonly filter: FilterJson | null;
  /** Rows hidden by hand, as [first, last] row numbers from 1; absent when none. */
  readonly hidden_rows?: readonly (readonly [number, number])[];
  /** Rows hidden by a filter the workbook keeps no criteria for (a table's), as spans; absent when none. */
  readonly filtered_rows?: readonly (readonly [number, number])[];
  /** The width in pixels of a column not in column_widths, when the sheet has its own; absent: 100. */
  readonly default_column_width?: number;
}

export function filterToJson(filter: SheetFilter): FilterJson {
  return {
    range: formatRange(filter.range),
    columns: filter.columns.map(({ col, ...criteria }) => ({
      column: columnToLetters(col),
      ...criteria,
    })),
  };
}

export function layoutToJson(layout: SheetLayout): LayoutJson {
  return {
    frozen_rows: layout.frozenRows,
    frozen_columns: layout.frozenColumns,
    column_widths: Object.fromEntries(
      layout.columnWidths.map(([col, width]) => [columnToLetters(col), width]),
    ),
    row_heights: Object.fromEntries(layout.rowHeights.map(([row, height]) => [row + 1, height])),
    filter: layout.filter === null ? null : filterToJson(layout.filter),
    ...(layout.hiddenRows.length === 0 ? {} : { hidden_rows: rowSpans(layout.hiddenRows) }),
    ...(layout.filteredRows.length === 0 ? {} : { filtered_rows: rowSpans(layout.filteredRows) }),
    ...(layout.defaultColumnWidth === undefined
      ? {}
      : { default_column_width: layout.defaultColumnWidth }),
  };
}

function invalid(field: string, problem: string): never {
  throw new InvalidOperationError(field, problem);
}

/** A column as letters (`C`) or a number from 1, zero-based. */
export function columnOf(raw: unknown, field: string): number {
  if (typeof raw === 'number' && Number.isInteger(raw) && raw >= 1 && raw <= MAX_COLUMNS)
    return raw - 1;
  if (typeof raw === 'string' && /^[A-Za-z]{1,3}$/.test(raw)) {
    const col = lettersToColumn(raw.toUpperCase());
    if (col < MAX_COLUMNS) return col;
  }
  return invalid(
    field,
    `expected a column (A..XFD, or a number from 1), got ${JSON.stringify(raw)}.`,
  );
}

/** A row number from 1, zero-based. */
export function rowOf(raw: unknown, field: string): number {
  const row = typeof raw === 'string' && /^\d{1,7}$/.test(raw) ? Number(raw) : raw;
  if (typeof row === 'number' && Number.isInteger(row) && row >= 1 && row <= MAX_ROWS)
    return row - 1;
  return invalid(field, `expected a row number from 1 to ${MAX_ROWS}, got ${JSON.stringify(raw)}.`);
}

/** A filter as the API and files spell it, checked (the field names its part). */
export function filterFromJson(raw: unknown, field = 'filter'): SheetFilter {
  if (typeof raw !== 'object' || raw === null) invalid(field, 'expected {range, columns}.');
  const { range: rawRange, columns } = raw as { range?: unknown; columns?: unknown };
  const range = typeof rawRange === 'string' ? tryParseRange(rawRange) : undefined;
  if (range === undefined || range.sheet !== undefined)
    invalid(
      `${field}.range`,
      `expected an A1 range on this sheet, got ${JSON.stringify(rawRange)}.`,
    );
  if (columns !== undefined && !Array.isArray(columns))
    invalid(`${field}.columns`, 'expected a list of {column, values, conditions}.');
  const list = ((columns as unknown[] | undefined) ?? []).map((item, index) => {
    const where = `${field}.columns[${index}]`;
    if (typeof item !== 'object' || item === null)
      invalid(where, 'expected {column, values, conditions}.');
    const { column, ...criteria } = item as Record<string, unknown>;
    const col = columnOf(column, `${where}.column`);
    if (col < range.start.col || col > range.end.col)
      invalid(
        `${where}.column`,
        `column ${columnToLetters(col)} is outside ${formatRange(range)}.`,
      );
    return { ...criteria, col };
  });
  return checkFilter({ range: { start: range.start, end: range.end }, columns: list }, field);
}

function sizesFromJson(
  raw: unknown,
  field: string,
  indexOf: (key: string, field: string) => number,
): [number, number][] {
  if (raw === undefined || raw === null) return [];
  if (typeof raw !== 'object' || Array.isArray(raw)) invalid(field, 'expected an object.');
  return Object.entries(raw as Record<string, unknown>).map(([key, size]) => {
    const at = indexOf(key, `${field}.${key}`);
    if (typeof size !== 'number') invalid(`${field}.${key}`, 'expected a size in pixels.');
    return [at, size];
  });
}

/** Zero-based rows from [first, last] spans of row numbers from 1. */
function rowsFromSpans(raw: unknown, field: string): number[] {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) invalid(field, 'expected a list of [first, last] row numbers.');
  const rows: number[] = [];
  raw.forEach((span, index) => {
    const where = `${field}[${index}]`;
    if (!Array.isArray(span) || span.length !== 2) invalid(where, 'expected [first, last].');
    const first = rowOf(span[0], where);
    const last = rowOf(span[1], where);
    if (last < first || rows.length + last - first >= MAX_HIDDEN_ROWS)
      invalid(where, `expected first ≤ last, at most ${MAX_HIDDEN_ROWS} rows in all.`);
    for (let row = first; row <= last; row += 1) rows.push(row);
  });
  return rows;
}

/** A layout as files spell it (absent parts are defaults), checked whole. */
export function layoutFromJson(raw: unknown, field: string): SheetLayout {
  if (raw === undefined || raw === null) return EMPTY_LAYOUT;
  if (typeof raw !== 'object' || Array.isArray(raw)) invalid(field, 'expected a layout object.');
  const json = raw as Partial<Record<keyof LayoutJson, unknown>>;
  return checkLayout(
    {
      frozenRows: json.frozen_rows ?? 0,
      frozenColumns: json.frozen_columns ?? 0,
      columnWidths: sizesFromJson(json.column_widths, `${field}.column_widths`, columnOf),
      rowHeights: sizesFromJson(json.row_heights, `${field}.row_heights`, rowOf),
      filter:
        json.filter === undefined || json.filter === null
          ? null
          : filterFromJson(json.filter, `${field}.filter`),
      hiddenRows: rowsFromSpans(json.hidden_rows, `${field}.hidden_rows`),
      filteredRows: rowsFromSpans(json.filtered_rows, `${field}.filtered_rows`),
      ...(json.default_column_width === undefined
        ? {}
        : { defaultColumnWidth: json.default_column_width as number }),
    },
    field,
  );
}
