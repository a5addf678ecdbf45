// VLOOKUP over an array (`VLOOKUP(x,{-1.1,5;2.1,6},2,FALSE)`, or a table a function computed):
// HyperFormula's VLOOKUP answers #VALUE! for any table that is not a range of cells
// (formulas/test.xlsx LOOKUP!R143:Y145). Its own search over ranges is kept unchanged, indexed
// exact match included (workload W1 depends on it): a subclass of its lookup plugin answers
// only the tables without a range itself, searching them as HLOOKUP searches its first row.
import {
  CellError,
  EmptyValue,
  ErrorType,
  HyperFormula,
  SimpleRangeValue,
  type FunctionPluginDefinition,
} from 'hyperformula';
import {
  isWrittenAsText,
  type FunctionPluginClass,
  type PluginMethod,
} from './engine-internals.js';
import { binarySearch, linearSearch } from './excel-lookup-functions.js';
import type { Plain } from './excel-arguments.js';
import { heldRangeOf, type HeldRange } from './held-range-values.js';
import { heldLine, type Line } from './lookup-lines.js';
import type { CellValue } from './sentinels.js';

/** The parts of HyperFormula's lookup plugin used here (protected there). */
interface LookupSelf {
  runFunction(
    args: readonly unknown[],
    state: unknown,
    metadata: unknown,
    body: (key: unknown, table: SimpleRangeValue, index: number, sorted: boolean) => unknown,
  ): unknown;
  metadata(name: string): unknown;
  readonly dependencyGraph: {
    getCellValue(address: { sheet: number; row: number; col: number }): unknown;
  };
  doVlookup(
    key: unknown,
    table: SimpleRangeValue,
    column: number,
    options: { ordering: 'asc' | 'none'; ifNoMatch: 'returnLowerBound' | 'returnNotFound' },
  ): unknown;
}

/** A value of an array as the lookup helpers compare it: empty as null, errors never equal. */
function comparable(value: unknown): Plain {
  if (value === EmptyValue || value === undefined) return null;
  if (typeof value === 'number' || typeof value === 'string' || typeof value === 'boolean')
    return value;
  if (typeof value === 'object' && value !== null && 'val' in value) return Number(value.val);
  return null;
}

/** #VALUE! for a col_index_num below 1, #REF! past the table's last column. */
function indexError(table: SimpleRangeValue, index: number): CellError | undefined {
  if (index < 1) return new CellError(ErrorType.VALUE, 'VLOOKUP: col_index_num is below 1');
  if (index > table.width())
    return new CellError(ErrorType.REF, 'VLOOKUP: col_index_num is past the last column');
  return undefined;
}

/**
 * The row of the first column VLOOKUP answers from, as Excel searches: exact match ignores case
 * and reads wildcards; approximate finds the largest value not above the lookup value in an
 * ascending first column.
 */
function search(
  column: readonly CellValue[] | Line,
  lookup: Exclude<Plain, null>,
  sorted: boolean,
): number | undefined {
  return sorted ? binarySearch(column, lookup, -1, 1) : linearSearch(column, lookup, 2, false);
}

/** VLOOKUP's answer from an array: the first column searched, the index-th one answered. */
export function vlookupInArray(
  key: unknown,
  table: SimpleRangeValue,
  index: number,
  sorted: boolean,
): unknown {
  const wrong = indexError(table, index);
  if (wrong !== undefined) return wrong;
  const lookup = comparable(key) ?? 0;
  const found = search(
    table.data.map((row) => comparable(row[0])),
    lookup,
    sorted,
  );
  if (found === undefined) return new CellError(ErrorType.NA, 'VLOOKUP: the value was not found');
  const answer = table.data[found]![index - 1];
  return answer === EmptyValue ? 0 : answer;
}

/**
 * VLOOKUP over a range of cells. HyperFormula searches it (indexed when exact) except where it
 * answers otherwise than Excel: an approximate search for text (it answered the last row,
 * ironcalc LOOKUP_AND_REFERENCE--HVLOOKUP.xlsx VLOOKUP!N2) and an exact one for a wildcard
 * pattern (it found a later match, VLinear!D16), searched here over the first column.
 */
function rangeVlookup(
  plugin: LookupSelf,
  key: unknown,
  table: SimpleRangeValue,
  index: number,
  sorted: boolean,
): unknown {
  const wrong = indexError(table, index);
  if (wrong !== undefined) return wrong;
  const held = heldRangeOf(table);
  // HyperFormula's exact search reads every address of a whole column down to the sheet's last row.
  if (held !== undefined && !(sorted && typeof key !== 'string'))
    return heldVlookup(held, comparable(key) ?? 0, index, sorted);
  const range = table.range!;
  const ownSearch = typeof key === 'string' && (sorted || /[*?~]/.test(key));
  if (!ownSearch)
    return plugin.doVlookup(key === EmptyValue ? 0 : key, table, index - 1, {
      ordering: sorted ? 'asc' : 'none',
      ifNoMatch: sorted ? 'returnLowerBound' : 'returnNotFound',
    });
  const graph = plugin.dependencyGraph;
  const cell = (row: number, col: number): unknown =>
    graph.getCellValue({
      sheet: range.sheet,
      row: range.start.row + row,
      col: range.start.col + col,
    });
  const column = Array.from({ length: table.height() }, (_, row) => comparable(cell(row, 0)));
  const found = search(column, key as string, sorted);
  if (found === undefined) return new CellError(ErrorType.NA, 'VLOOKUP: the value was not found');
  const answer = cell(found, index - 1);
  return answer === EmptyValue ? 0 : answer;
}

/**
 * VLOOKUP over whole columns (A:C), searched from the cells they hold: the first column as a
 * line 1,048,576 long, empty but for them, and the answer read from the cells of the row found.
 */
function heldVlookup(
  held: HeldRange,
  lookup: Exclude<Plain, null>,
  index: number,
  sorted: boolean,
): unknown {
  const first = held.cells.filter(({ col }) => col === 0);
  const column = heldLine(
    held.excelHeight,
    held.height,
    first.map(({ row }) => row),
    first.map(({ value }) => comparable(value)),
  );
  const found = search(column, lookup, sorted);
  if (found === undefined) return new CellError(ErrorType.NA, 'VLOOKUP: the value was not found');
  const answer = held.cells.find(({ row, col }) => row === found && col === index - 1)?.value;
  return answer === undefined || answer === EmptyValue ? 0 : answer;
}

/**
 * The subclass of the plugin holding HyperFormula's VLOOKUP. It declares all of that plugin's
 * functions again (HyperFormula makes one instance for a plugin and its subclasses), so it must
 * come right after HyperFormula's own plugins, before any replacement of them.
 */
export function arrayTableVlookupPlugin(): FunctionPluginDefinition {
  const Base = HyperFormula.getFunctionPlugin('VLOOKUP') as unknown as
    FunctionPluginClass | undefined;
  if (Base === undefined) throw new Error('HyperFormula no longer has VLOOKUP');
  const metadata = Base.implementedFunctions.VLOOKUP!;
  const ArrayTables = class extends (Base as unknown as new (...args: unknown[]) => object) {};
  for (const { method } of Object.values(Base.implementedFunctions))
    (ArrayTables.prototype as Record<string, PluginMethod>)[method] = Base.prototype[method]!;
  (ArrayTables.prototype as Record<string, PluginMethod>)[metadata.method] = function (ast, state) {
    const self = this as LookupSelf;
    // Excel's table of a number or TRUE is a one-cell table (#N/A for text not in it), but one
    // written as text is #VALUE! (ironcalc LOOKUP_AND_REFERENCE--HVLOOKUP.xlsx VLOOKUP!N12:N14).
    if (isWrittenAsText(ast.args[1]))
      return new CellError(ErrorType.VALUE, 'VLOOKUP: table_array is text, not a table');
    return self.runFunction(
      ast.args,
      state,
      self.metadata('VLOOKUP'),
      (key, table, index, sorted) =>
        table.range === undefined
          ? vlookupInArray(key, table, index, sorted)
          : rangeVlookup(self, key, table, index, sorted),
    );
  };
  Object.assign(ArrayTables, {
    implementedFunctions: { ...Base.implementedFunctions },
    aliases: {},
  });
  return ArrayTables as unknown as FunctionPluginDefinition;
}
