// The workbook as the model sees it (docs/design.md §6): a compact table of the occupied (and
// locked) cells of the target sheet with raw input, computed value and lock, capped in size with a
// note when cut; the other sheets' names and bounds; the sheet's charts. `scope: selection` limits
// the table to the selected cells.
import {
  cellKey,
  columnToLetters,
  formatCell,
  formatRange,
  inputToText,
  keyToAddress,
  parseRange,
  rangeContains,
  rangeSize,
  spilledCells,
  rowSpans,
  valueToJson,
  type CellAddress,
  type ColumnFilter,
  type RangeAddress,
  type SheetView,
  type WorkbookReader,
} from '../core/index.js';

export type Scope = 'sheet' | 'selection';

export interface GridContextOptions {
  readonly sheet: string;
  readonly scope: Scope;
  readonly selectedCells: readonly string[];
  /** The most cells the table lists before it is cut. */
  readonly maxCells: number;
}

/** Parses the selection (cells or ranges); InvalidAddressError names the entry at fault. */
export function parseSelection(selectedCells: readonly string[]): RangeAddress[] {
  return selectedCells.map((text, index) => parseRange(text, `selected_cells[${index}]`));
}

function render(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'string' ? JSON.stringify(value) : String(value);
}

function cellLine(sheet: SheetView, address: CellAddress, hidden: ReadonlySet<number>): string {
  const input = sheet.input(address.row, address.col);
  const shownInput =
    input === null ? '' : typeof input === 'string' ? JSON.stringify(input) : inputToText(input);
  const spilled = input === null && sheet.spilledFrom(address.row, address.col) !== undefined;
  const value =
    input === null && !spilled ? '' : render(valueToJson(sheet.value(address.row, address.col)));
  const marks = [
    ...(sheet.isLocked(address.row, address.col) ? ['locked'] : []),
    ...(hidden.has(address.row) ? ['hidden'] : []),
  ];
  return `${formatCell(address)} | ${shownInput} | ${value} | ${marks.join(', ')}${shownFormat(sheet, address, value)}`;
}

/**
 * What the user sees when it is not the computed value as listed (a number format: 0.25 shown
 * as "25%"), and the cell's format as the object a reply's `formats` takes; nothing for a cell
 * that shows its value plainly.
 */
function shownFormat(sheet: SheetView, address: CellAddress, value: string): string {
  const format = sheet.format(address.row, address.col);
  // Only numbers change their look (a text format shows text as it is; TRUE is TRUE).
  const number = typeof sheet.value(address.row, address.col) === 'number';
  const display = number ? sheet.display(address.row, address.col) : '';
  const parts = [
    ...(display !== '' && display !== value ? [`shows ${JSON.stringify(display)}`] : []),
    ...(format === undefined ? [] : [`format ${JSON.stringify(format)}`]),
  ];
  return parts.length === 0 ? '' : ` | ${parts.join(' | ')}`;
}

/** Row numbers (from 1) as spans: `3, 5-9`. */
function rowSpanText(rows: readonly number[]): string {
  return rowSpans(rows)
    .map(([first, last]) => (first === last ? `${first}` : `${first}-${last}`))
    .join(', ');
}

function describeCriteria(column: ColumnFilter): string {
  const parts: string[] = [];
  if (column.values !== undefined)
    parts.push(`shows only ${column.values.map((value) => JSON.stringify(value)).join(', ')}`);
  if (column.conditions !== undefined)
    parts.push(
      column.conditions
        .map((condition) =>
          condition.value === undefined
            ? condition.op
            : `${condition.op} ${JSON.stringify(condition.value)}`,
        )
        .join(column.join === 'or' ? ' or ' : ' and '),
    );
  return `column ${columnToLetters(column.col)} ${parts.join('; ')}`;
}

const HIDDEN_ROWS_STILL =
  'those rows still hold data, formulas count them (only SUBTOTAL leaves them out), and a write to a range covering them writes them too (marked "hidden" below).';

/**
 * Frozen headers and the user's filter: what the user sees pinned, and which rows the filter
 * (or the user, or a table's filter read from an .xlsx) hides. Hidden rows are listed in the table like any other (marked `hidden`), so a write
 * planned over a range covers them too: nothing a user hid is skipped or overlooked.
 */
function layoutLines(sheet: SheetView, hiddenRows: readonly number[]): string[] {
  const layout = sheet.layout();
  const lines: string[] = [];
  if (layout.frozenRows > 0 || layout.frozenColumns > 0) {
    const rows =
      layout.frozenRows === 0
        ? []
        : [`rows 1-${layout.frozenRows} (the header the user keeps in view)`];
    const cols =
      layout.frozenColumns === 0 ? [] : [`columns A-${columnToLetters(layout.frozenColumns - 1)}`];
    lines.push(`FROZEN PANES: ${[...rows, ...cols].join(' and ')}`);
  }
  const filter = layout.filter;
  if (filter !== null) {
    const criteria =
      filter.columns.length === 0
        ? 'no criteria yet'
        : filter.columns.map(describeCriteria).join('; ');
    lines.push(
      `FILTER: ${formatRange(filter.range)} (header row ${filter.range.start.row + 1}): ${criteria}. ` +
        (hiddenRows.length === 0
          ? 'It hides no rows now.'
          : `It hides rows ${rowSpanText(hiddenRows)} from the user's view; ${HIDDEN_ROWS_STILL}`),
    );
  } else if (hiddenRows.length > 0)
    lines.push(
      `HIDDEN ROWS: ${rowSpanText(hiddenRows)} are hidden from the user's view; ${HIDDEN_ROWS_STILL}`,
    );
  return lines;
}

function visibleCells(
  sheet: SheetView,
  selection: readonly RangeAddress[] | undefined,
): CellAddress[] {
  const keys = new Set<number>();
  for (const cell of [
    ...sheet.occupiedCells(),
    ...sheet.lockedCells(),
    ...spilledCells(sheet.spills(), undefined),
  ])
    keys.add(cellKey(cell.row, cell.col));
  const all = [...keys].sort((a, b) => a - b).map(keyToAddress);
  return selection === undefined
    ? all
    : all.filter((cell) => selection.some((range) => rangeContains(range, cell)));
}

function boundsOf(cells: readonly CellAddress[]): RangeAddress | undefined {
  if (cells.length === 0) return undefined;
  // A loop, not Math.min(...): a selection can hold more cells than a call may take arguments.
  const bounds = { start: { ...cells[0]! }, end: { ...cells[0]! } };
  for (const cell of cells) {
    bounds.start.row = Math.min(bounds.start.row, cell.row);
    bounds.start.col = Math.min(bounds.start.col, cell.col);
    bounds.end.row = Math.max(bounds.end.row, cell.row);
    bounds.end.col = Math.max(bounds.end.col, cell.col);
  }
  return bounds;
}

function boundsLine(bounds: RangeAddress | undefined): string {
  if (bounds === undefined) return 'OCCUPIED RANGE: none (the sheet is empty)';
  const size = rangeSize(bounds);
  return (
    `OCCUPIED RANGE: ${formatRange(bounds)} (${size.rows} rows x ${size.cols} cols). ` +
    `Free space starts at row ${bounds.end.row + 2} below it and at column ${columnToLetters(bounds.end.col + 1)} right of it.`
  );
}

function otherSheetsLine(workbook: WorkbookReader, current: string): string {
  const others = workbook.sheetNames.filter((name) => name !== current);
  if (others.length === 0) return 'OTHER SHEETS: none';
  const described = others.map((name) => {
    const sheet = workbook.sheet(name);
    const bounds = sheet.occupiedBounds();
    return bounds === undefined
      ? `${name} (empty)`
      : `${name} (${formatRange(bounds)}, ${sheet.cellCount} cells)`;
  });
  return `OTHER SHEETS (read them as =Name!A1 or ='Name with spaces'!A1): ${described.join('; ')}`;
}

function chartsLine(sheet: SheetView): string | undefined {
  const charts = sheet.charts();
  if (charts.length === 0) return undefined;
  const listed = charts.map(
    (chart) =>
      `"${chart.title}" ${chart.chart_type} of ${chart.data_range} at ${chart.anchor_cell}`,
  );
  return `CHARTS ON THIS SHEET (a chart_spec with the same title updates that chart): ${listed.join('; ')}`;
}

/** The workbook section of the system prompt. */
export function describeGrid(workbook: WorkbookReader, options: GridContextOptions): string {
  const sheet = workbook.sheet(options.sheet);
  const selection =
    options.scope === 'selection' && options.selectedCells.length > 0
      ? parseSelection(options.selectedCells)
      : undefined;
  const cells = visibleCells(sheet, selection);
  const shown = cells.slice(0, options.maxCells);
  const hiddenRows = sheet.hiddenRows();
  const hidden = new Set(hiddenRows);
  const lines = [
    `ACTIVE SHEET: ${sheet.name} (writes go here unless target_cell names another sheet, like "Summary!A1")`,
    selection === undefined
      ? 'VIEW: the entire sheet'
      : `VIEW: selected cells only (${options.selectedCells.map((text) => text.toUpperCase()).join(', ')}); cells outside the selection are not shown`,
    boundsLine(selection === undefined ? sheet.occupiedBounds() : boundsOf(cells)),
    ...layoutLines(sheet, hiddenRows),
    'CELLS (cell | input | computed value | locked, hidden [| shows "display text" | format {…}]); text is quoted, formulas start with =; "shows" is what the user sees when a number format changes it, "format" the cell\'s format:',
    ...(shown.length === 0 ? ['(no cells)'] : shown.map((cell) => cellLine(sheet, cell, hidden))),
  ];
  if (cells.length > shown.length) {
    lines.push(
      `[${cells.length - shown.length} more cells not shown: the table is capped at ${options.maxCells} cells. Ask the user to select a range for detail.]`,
    );
  }
  lines.push(otherSheetsLine(workbook, sheet.name));
  const charts = chartsLine(sheet);
  if (charts !== undefined) lines.push(charts);
  return lines.join('\n');
}
