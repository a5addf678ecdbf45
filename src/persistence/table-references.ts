// Excel table references (`Table1[Amount]`, `Table1[[#This Row],[Price]]`, `Table1[#All]`) in
// imported formulas, rewritten to the ranges they stand for: Gridbook does not model tables, and
// the engine cannot read the syntax. Column names, the special items #All, #Data, #Headers,
// #Totals and #This Row (`@` in Excel's display form), and column spans `[[A]:[C]]` are read as
// Excel stores them in the file.
import {
  columnToLetters,
  quoteSheetName,
  type CellAddress,
  type RangeAddress,
} from '../core/index.js';

export interface ImportedTable {
  readonly name: string;
  readonly sheet: string;
  /** The whole table, header and totals rows included. */
  readonly range: RangeAddress;
  readonly columns: readonly string[];
  readonly headerRow: boolean;
  readonly totalsRow: boolean;
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
  let item: Item | undefined;
  const columns: number[] = [];
  for (const piece of pieces) {
    if (piece === ':') continue;
    let text = piece;
    if (text.startsWith('@')) {
      item = '#this row';
      text = text.slice(1);
      if (text.startsWith('[') && text.endsWith(']')) text = text.slice(1, -1);
      if (text === '') continue;
    }
    if (text.startsWith('#')) {
      const special = text.toLowerCase().replace(/\s+/g, ' ') as Item;
      if (!['#all', '#data', '#headers', '#totals', '#this row'].includes(special))
        return undefined;
      item = special;
      continue;
    }
    const name = unescapeColumn(text).toLowerCase();
    const index = table.columns.findIndex((column) => column.trim().toLowerCase() === name);
    if (index === -1) return undefined;
    columns.push(start.col + index);
  }
  const cols: [number, number] =
    columns.length === 0 ? [start.col, end.col] : [Math.min(...columns), Math.max(...columns)];
  const dataStart = start.row + (table.headerRow ? 1 : 0);
  const dataEnd = end.row - (table.totalsRow ? 1 : 0);
  let rows: [number, number];
  switch (item ?? '#data') {
    case '#all':
      rows = [start.row, end.row];
      break;
    case '#headers':
      rows = [start.row, start.row];
      break;
    case '#totals':
      rows = [end.row, end.row];
      break;
    case '#this row':
      rows = [at.row, at.row];
      break;
    default:
      rows = [dataStart, Math.max(dataStart, dataEnd)];
  }
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
