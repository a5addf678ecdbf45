// Excel table references (`Table1[Amount]`, `Table1[[#This Row],[Price]]`, `Table1[#All]`) in
// imported formulas, rewritten to the ranges they stand for: Gridbook does not model tables, and
// the engine cannot read the syntax. Column names, the special items #All, #Data, #Headers,
// #Totals and #This Row (`@` in Excel's display form), and column spans `[[A]:[C]]` are read as
// Excel stores them in the file.
import {
  columnToLetters,
  parseRange,
  quoteSheetName,
  type CellAddress,
  type RangeAddress,
} from '../core/index.js';
import { attribute, elementAttributes } from './xml-text.js';

export interface ImportedTable {
  readonly name: string;
  readonly sheet: string;
  /** The whole table, header and totals rows included. */
  readonly range: RangeAddress;
  readonly columns: readonly string[];
  readonly headerRow: boolean;
  readonly totalsRow: boolean;
  /** Its autofilter holds criteria: its hidden rows are filtered out, not hidden by hand. */
  readonly filtersRows?: boolean;
}

/** A table as its part (`xl/tables/tableN.xml`) defines it, before it is placed on a sheet. */
export type TableDefinition = Omit<ImportedTable, 'sheet'>;

/**
 * A table part's definition: its name (the display name formulas use), range, header and totals
 * rows (`headerRowCount` is 1 unless given, `totalsRowCount` 0) and column names in order.
 * Read from the XML: exceljs drops every column after one with a totals formula, and reads a
 * missing headerRowCount as no header. Undefined when the part has no name or no valid range.
 */
export function tableDefinitionOf(xml: string): TableDefinition | undefined {
  const root = elementAttributes(xml, 'table')[0];
  if (root === undefined) return undefined;
  const name = attribute(root, 'displayName') ?? attribute(root, 'name');
  const ref = attribute(root, 'ref');
  if (name === undefined || ref === undefined) return undefined;
  let range: RangeAddress;
  try {
    range = parseRange(ref);
  } catch {
    return undefined;
  }
  return {
    name,
    range,
    columns: elementAttributes(xml, 'tableColumn').map((column) => attribute(column, 'name') ?? ''),
    headerRow: attribute(root, 'headerRowCount') !== '0',
    totalsRow: Number(attribute(root, 'totalsRowCount') ?? 0) > 0,
  };
}

type Item = '#all' | '#data' | '#headers' | '#totals' | '#this row';

/** Excel escapes `[`, `]`, `#` and `'` inside a column name with a leading `'`. */
function unescapeColumn(text: string): string {
  return text.replace(/'(.)/g, '$1').trim();
}

/** The bracketed parts of a reference's inside: `[#This Row],[Price]` → ['#This Row', 'Price']. */
function parts(inside: string): string[] | undefined {
  const found: string[] = [];
  let index = 0;
  while (index < inside.length) {
    const char = inside[index]!;
    if (char === ',' || char === ' ' || char === ':') {
      if (char === ':') found.push(':');
      index += 1;
      continue;
    }
    if (char !== '[') return undefined;
    let end = index + 1;
    while (end < inside.length && inside[end] !== ']') end += inside[end] === "'" ? 2 : 1;
    if (end >= inside.length) return undefined;
    found.push(inside.slice(index + 1, end));
    index = end + 1;
  }
  return found;
}

function cellRange(
  table: ImportedTable,
  rows: [number, number],
  cols: [number, number],
  formulaSheet: string,
): string {
  const prefix =
    table.sheet.toLowerCase() === formulaSheet.toLowerCase()
      ? ''
      : `${quoteSheetName(table.sheet)}!`;
  const at = (row: number, col: number) => `$${columnToLetters(col)}$${row + 1}`;
  const start = at(rows[0], cols[0]);
  const end = at(rows[1], cols[1]);
  return `${prefix}${start === end ? start : `${start}:${end}`}`;
}

/**
 * The rows the special items select together (`[#Headers],[#Data]` is both), or undefined when
 * they select none: a header or totals row the table does not have.
 */
function rowsOf(
  table: ImportedTable,
  items: ReadonlySet<Item>,
  at: CellAddress,
): [number, number] | undefined {
  const { start, end } = table.range;
  const dataStart = start.row + (table.headerRow ? 1 : 0);
  const dataEnd = Math.max(dataStart, end.row - (table.totalsRow ? 1 : 0));
  const spans: [number, number][] = [];
  for (const item of items) {
    if (item === '#all') spans.push([start.row, end.row]);
    else if (item === '#data') spans.push([dataStart, dataEnd]);
    else if (item === '#this row') spans.push([at.row, at.row]);
    else if (item === '#headers' && table.headerRow) spans.push([start.row, start.row]);
    else if (item === '#totals' && table.totalsRow) spans.push([end.row, end.row]);
  }
  if (spans.length === 0) return undefined;
  return [Math.min(...spans.map(([first]) => first)), Math.max(...spans.map(([, last]) => last))];
}

/** The range one reference stands for, or undefined when it names no column of the table. */
function resolve(
  table: ImportedTable,
  inside: string,
  formulaSheet: string,
  at: CellAddress,
): string | undefined {
  const { start, end } = table.range;
  let pieces: string[] | undefined;
  const trimmed = inside.trim();
  if (trimmed === '') pieces = [];
  else if (!trimmed.startsWith('[')) pieces = [trimmed];
  else pieces = parts(trimmed);
  if (pieces === undefined) return undefined;
  const items = new Set<Item>();
  const columns: number[] = [];
  for (const piece of pieces) {
    if (piece === ':') continue;
    let text = piece;
    if (text.startsWith('@')) {
      items.add('#this row');
      text = text.slice(1);
      if (text.startsWith('[') && text.endsWith(']')) text = text.slice(1, -1);
      if (text === '') continue;
    }
    if (text.startsWith('#')) {
      const special = text.toLowerCase().replace(/\s+/g, ' ') as Item;
      if (!['#all', '#data', '#headers', '#totals', '#this row'].includes(special))
        return undefined;
      items.add(special);
      continue;
    }
    const name = unescapeColumn(text).toLowerCase();
    const index = table.columns.findIndex((column) => column.trim().toLowerCase() === name);
    if (index === -1) return undefined;
    columns.push(start.col + index);
  }
  const cols: [number, number] =
    columns.length === 0 ? [start.col, end.col] : [Math.min(...columns), Math.max(...columns)];
  const rows = rowsOf(table, items.size === 0 ? new Set(['#data']) : items, at);
  // Excel: the header or totals row of a table that has none is #REF!.
  if (rows === undefined) return '#REF!';
  return cellRange(table, rows, cols, formulaSheet);
}

const REFERENCE = /([A-Za-z_\\][A-Za-z0-9_.\\]*)?\[((?:[^[\]']|'.|\[(?:[^[\]']|'.)*\])*)\]/g;

/**
 * The formula with every table reference replaced by its range (absolute, sheet-qualified when
 * the table is on another sheet). A reference without a table name (`[@Price]`) means the table
 * the formula's cell is in. Anything it cannot resolve is left as written (the engine then
 * answers #NAME? or a parse error, as for any formula it cannot read).
 */
export function rewriteTableReferences(
  formula: string,
  tables: ReadonlyMap<string, ImportedTable>,
  sheet: string,
  at: CellAddress,
): string {
  if (!formula.includes('[')) return formula;
  const inside = [...tables.values()].find(
    (table) =>
      table.sheet.toLowerCase() === sheet.toLowerCase() &&
      at.row >= table.range.start.row &&
      at.row <= table.range.end.row &&
      at.col >= table.range.start.col &&
      at.col <= table.range.end.col,
  );
  let out = '';
  // Outside string literals only.
  for (const segment of formula.split(/("(?:[^"]|"")*")/)) {
    if (segment.startsWith('"')) {
      out += segment;
      continue;
    }
    out += segment.replace(REFERENCE, (whole, name: string | undefined, body: string) => {
      const table = name === undefined ? inside : tables.get(name.toLowerCase());
      if (table === undefined) return whole;
      return resolve(table, body, sheet, at) ?? whole;
    });
  }
  return out;
}
