// What /schema says about a sheet (docs/contract.md §4): the occupied rectangle, and per column its
// header (the first occupied row, even when it is data) and the type of the cells below it.
import {
  columnToLetters,
  formatCell,
  type CellAddress,
  type RangeAddress,
} from './address/index.js';
import { isFormulaError, type CellValue } from './formula/index.js';
import { isFormula, type CellInput } from './value-typing.js';
import { numberFormatKind, type CellFormat } from './format/index.js';

export type ColumnType =
  'text' | 'number' | 'bool' | 'formula' | 'empty' | 'date' | 'percent' | 'currency';

export interface ColumnSchema {
  readonly col: string;
  readonly header: string | null;
  readonly type: ColumnType;
}

export interface SheetSchema {
  readonly rows: number;
  readonly cols: ColumnSchema[];
  readonly occupied_bounds: { readonly first: string; readonly last: string } | null;
}

export interface SchemaSource {
  occupiedBounds(): RangeAddress | undefined;
  occupiedCells(): CellAddress[];
  input(row: number, col: number): CellInput | null;
  value(row: number, col: number): CellValue;
  /** The cell's format: a number or formula column mostly shown as dates, percentages or money says so. */
  format?(row: number, col: number): CellFormat | undefined;
}

/** `date`, `percent` or `currency` when more than half of the cells' number formats say so. */
function formattedType(sheet: SchemaSource, cells: readonly CellAddress[]): ColumnType | undefined {
  if (sheet.format === undefined || cells.length === 0) return undefined;
  const counts = { date: 0, percent: 0, currency: 0 };
  for (const { row, col } of cells) {
    const code = sheet.format(row, col)?.number_format;
    if (code === undefined) continue;
    const kind = numberFormatKind(code);
    if (kind === 'date' || kind === 'time') counts.date += 1;
    else if (kind === 'percent' || kind === 'currency') counts[kind] += 1;
  }
  for (const type of ['date', 'percent', 'currency'] as const)
    if (counts[type] * 2 > cells.length) return type;
  return undefined;
}

function headerText(value: CellValue): string | null {
  if (value === null) return null;
  if (isFormulaError(value)) return value.sentinel;
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  return String(value);
}

function literalType(input: CellInput): 'text' | 'number' | 'bool' {
  if (typeof input === 'number') return 'number';
  if (typeof input === 'boolean') return 'bool';
  return 'text';
}

/**
 * Rule 1: `formula` when at least half of the populated data cells hold a formula. Otherwise
 * the most common literal type wins; ties go to text, the type that holds anything.
 */
export function columnType(inputs: readonly CellInput[]): ColumnType {
  if (inputs.length === 0) return 'empty';
  const formulas = inputs.filter(isFormula).length;
  if (formulas * 2 >= inputs.length) return 'formula';
  const counts = { text: 0, number: 0, bool: 0 };
  for (const input of inputs) if (!isFormula(input)) counts[literalType(input)] += 1;
  if (counts.number > counts.text && counts.number >= counts.bool) return 'number';
  if (counts.bool > counts.text && counts.bool > counts.number) return 'bool';
  return 'text';
}

function typeOfColumn(
  sheet: SchemaSource,
  inputs: readonly CellInput[],
  cells: readonly CellAddress[],
): ColumnType {
  const type = columnType(inputs);
  if (type !== 'number' && type !== 'formula') return type;
  return formattedType(sheet, cells) ?? type;
}

export function inferSheetSchema(sheet: SchemaSource): SheetSchema {
  const bounds = sheet.occupiedBounds();
  if (bounds === undefined) return { rows: 0, cols: [], occupied_bounds: null };
  // Walk only occupied cells: a sheet with A1 and XFD1048576 must not scan the space between.
  const dataByColumn = new Map<number, CellInput[]>();
  const cellsByColumn = new Map<number, CellAddress[]>();
  for (const { row, col } of sheet.occupiedCells()) {
    if (row === bounds.start.row) continue;
    const input = sheet.input(row, col);
    if (input === null) continue;
    const column = dataByColumn.get(col);
    if (column === undefined) dataByColumn.set(col, [input]);
    else column.push(input);
    const cells = cellsByColumn.get(col);
    if (cells === undefined) cellsByColumn.set(col, [{ row, col }]);
    else cells.push({ row, col });
  }
  const cols: ColumnSchema[] = [];
  for (let col = bounds.start.col; col <= bounds.end.col; col += 1) {
    const headerInput = sheet.input(bounds.start.row, col);
    cols.push({
      col: columnToLetters(col),
      header: headerInput === null ? null : headerText(sheet.value(bounds.start.row, col)),
      type: typeOfColumn(sheet, dataByColumn.get(col) ?? [], cellsByColumn.get(col) ?? []),
    });
  }
  return {
    rows: bounds.end.row - bounds.start.row + 1,
    cols,
    occupied_bounds: { first: formatCell(bounds.start), last: formatCell(bounds.end) },
  };
}
