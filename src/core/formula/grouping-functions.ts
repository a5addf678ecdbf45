// GROUPBY, PIVOTBY and PERCENTOF. GROUPBY and PIVOTBY read their arguments here and call the
// aggregating function (a LAMBDA, or a function given by name: SUM, `_xleta.SUM` in files)
// through the LAMBDA machinery of lambda-functions.ts, once per cell of the summary;
// group-summaries.ts groups, orders and totals. PERCENTOF given by name receives two arrays, the
// cell's values and those it is a share of (PIVOTBY's relative_to). The result's size depends on
// the data, which HyperFormula cannot know when it parses the formula: as the whole formula it
// shows its first cell (implicit-intersection.ts keeps the array for ANCHORARRAY, `A1#` in files); nested
// (INDEX(GROUPBY(…),2,2), TAKE(PIVOTBY(…),3)) the whole array is passed on.
import {
  ArraySize,
  CellError,
  EmptyValue,
  ErrorType,
  SimpleRangeValue,
  type FunctionPluginDefinition,
} from 'hyperformula';
import type { FunctionInfo } from './function-catalogue.js';
import { pluginCatalogue, type PluginFunctionRow } from './function-catalogue.js';
import { definePlugin } from './engine-internals.js';
import { isInternalLegacyArrayFunction } from './legacy-array-function.js';
import type { AstNode as Node, InterpreterState as State } from './engine-internals.js';
import { LambdaFunctions, gridOf, scalarOf, valueNode } from './lambda-functions.js';
import {
  RowSets,
  axisLines,
  lineKeys,
  parentOf,
  type AxisLine,
  type AxisSpec,
  type Cell,
} from './group-summaries.js';

interface Call extends Node {
  readonly args: readonly Node[];
}

const valueError = (message: string): CellError => new CellError(ErrorType.VALUE, message);
const isOmitted = (node: Node | undefined): boolean => node === undefined || node.type === 'EMPTY';

/** Data rows with their field names when the data has a header row. */
interface Fields {
  readonly names: readonly Cell[];
  readonly rows: readonly (readonly Cell[])[];
}

/** Whether the data has a header row and whether the result shows it (field_headers). */
interface Headers {
  readonly present: boolean;
  readonly shown: boolean;
}

function headersOf(
  mode: number | undefined,
  values: readonly (readonly Cell[])[],
): Headers | CellError {
  if (mode === undefined) {
    // Automatic (Microsoft): a text first value above a number means a header row, not shown.
    const [first, second] = [values[0]?.[0], values[1]?.[0]];
    return { present: typeof first === 'string' && typeof second === 'number', shown: false };
  }
  if (mode === 0) return { present: false, shown: false };
  if (mode === 1) return { present: true, shown: false };
  if (mode === 3) return { present: true, shown: true };
  if (mode === 2) return valueError('field_headers 2 (generated headers) is not supported yet');
  return valueError('field_headers must be 0, 1, 2 or 3');
}

function fieldsOf(grid: Cell[][], headers: Headers): Fields {
  return headers.present
    ? { names: grid[0] ?? [], rows: grid.slice(1) }
    : { names: [], rows: grid };
}

/** Whether a filter_array value keeps its row: TRUE or a number other than 0. */
function keeps(value: Cell): boolean | CellError {
  if (value instanceof CellError) return value;
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value !== 0;
  if (value === EmptyValue || value === null || value === undefined) return false;
  return valueError('filter_array holds a value that is not TRUE, FALSE or a number');
}

/** The layout settings PIVOTBY and GROUPBY share once their arguments are read. */
interface Summary {
  readonly rowFields: Fields;
  readonly values: Fields;
  readonly headers: Headers;
  readonly kept: readonly number[];
  readonly aggregate: (column: number, subset: readonly number[], all: readonly number[]) => Cell;
}

/**
 * Whether `ast` is the formula itself, or the one argument of the DYNAMIC.ARRAY an import wraps
 * a file's dynamic-array formula in (legacy-array-function.ts): either way its cell is the
 * spill's corner.
 */
function isWholeFormula(formula: unknown, ast: Call): boolean {
  if (formula === ast) return true;
  const call = formula as { procedureName?: unknown; args?: readonly unknown[] } | undefined;
  return (
    typeof call?.procedureName === 'string' &&
    isInternalLegacyArrayFunction(call.procedureName) &&
    call.args?.length === 1 &&
    call.args[0] === ast
  );
}

/**
 * The summary as an array. As a whole formula it spills (data-sized-spills.ts): a blank anchor
 * (PIVOTBY's corner above the row keys) is the empty text, since this engine shows an empty
 * formula result as 0 (=Z99 over an empty Z99) while Excel leaves that corner of the spill blank
 * (formulas/test.xlsx LOOKUP!AJ92 caches no value).
 */
function resultOf(grid: Cell[][], ast: Call, state: State): Cell {
  const vertex = (state as { formulaVertex?: { formula?: unknown; array?: unknown } })
    .formulaVertex;
  // Spilled or not (data-sized-spills.ts spills it when its size is known after evaluation).
  const whole = vertex !== undefined && isWholeFormula(vertex.formula, ast);
  if (whole && grid[0]?.[0] === EmptyValue) grid[0][0] = '';
  return SimpleRangeValue.onlyValues(grid as never);
}

export class GroupingFunctions extends LambdaFunctions {
  private grid(node: Node | undefined, state: State): Cell[][] | CellError {
    if (isOmitted(node)) return [];
    const value = this.evaluate(node!, state);
    return value instanceof CellError ? value : gridOf(value);
  }

  /** A whole-number setting, or `fallback` when omitted. */
  private setting(
    node: Node | undefined,
    state: State,
    fallback?: number,
  ): number | undefined | CellError {
    if (isOmitted(node)) return fallback;
    const value = this.evaluate(node!, state);
    const single = gridOf(value)[0]?.[0];
    if (single instanceof CellError) return single;
    if (typeof single === 'boolean') return single ? 1 : 0;
    if (typeof single === 'number') return Math.trunc(single);
    return valueError('a number was expected');
  }

  /** A sort_order: one signed column number or a row or column of them. */
  private sortOrder(node: Node | undefined, state: State): number[] | CellError {
    const grid = this.grid(node, state);
    if (grid instanceof CellError) return grid;
    const numbers: number[] = [];
    for (const value of grid.flat()) {
      if (value instanceof CellError) return value;
      if (typeof value !== 'number') return valueError('sort_order must hold numbers');
      numbers.push(Math.trunc(value));
    }
    return numbers;
  }

  /** The rows filter_array keeps (all when omitted); one entry per data row, header included. */
  private keptRows(
    node: Node | undefined,
    state: State,
    height: number,
    headers: Headers,
  ): number[] | CellError {
    const all = Array.from({ length: height }, (_, row) => row);
    if (isOmitted(node)) return all;
    const grid = this.grid(node, state);
    if (grid instanceof CellError) return grid;
    if (grid.length !== height + (headers.present ? 1 : 0))
      return valueError('filter_array must be as long as the fields');
    // A filter wider than one column is read by its first column, as Excel's cached results
    // show (formulas/test.xlsx LOOKUP!N93: rows whose second column is 0 or an error are kept).
    const flags = grid.slice(headers.present ? 1 : 0).map((row) => keeps(row[0]));
    const error = flags.find((flag) => flag instanceof CellError);
    if (error !== undefined) return error as CellError;
    return all.filter((row) => flags[row] === true);
  }

  /** The function that aggregates a cell's values; PERCENTOF by name also gets the whole. */
  private aggregator(
    fn: Node,
    values: Fields,
    state: State,
    where: string,
  ): Summary['aggregate'] | CellError {
    const stacked =
      fn.type === 'ARRAY' ||
      (fn.type === 'FUNCTION_CALL' && /^(?:HSTACK|VSTACK)$/i.test(String(fn.procedureName)));
    if (stacked) return valueError(`${where}: several functions at once are not supported yet`);
    if (this.lambdaOf(fn, state) === undefined) {
      const given = this.evaluate(fn, state);
      return given instanceof CellError
        ? given
        : valueError(`${where}: function must be a LAMBDA or a function's name`);
    }
    const share =
      fn.type === 'NAMED_EXPRESSION' && String(fn.expressionName).toUpperCase() === 'PERCENTOF';
    const column = (rows: readonly number[], at: number): Node =>
      valueNode(SimpleRangeValue.onlyValues(rows.map((row) => [values.rows[row]![at]]) as never));
    return (at, subset, all) => {
      const args = share ? [column(subset, at), column(all, at)] : [column(subset, at)];
      return scalarOf(this.invoke(fn, args, state, where), where);
    };
  }

  /** Reads what both functions share; `positions` names each argument's place. */
  private summary(
    ast: Call,
    state: State,
    at: { rows: number; values: number; fn: number; headers: number; filter: number },
    others: readonly Cell[][][],
    where: string,
  ): { summary: Summary; others: Fields[] } | CellError {
    const rowGrid = this.grid(ast.args[at.rows], state);
    if (rowGrid instanceof CellError) return rowGrid;
    const valueGrid = this.grid(ast.args[at.values], state);
    if (valueGrid instanceof CellError) return valueGrid;
    const mode = this.setting(ast.args[at.headers], state);
    if (mode instanceof CellError) return mode;
    const headers = headersOf(mode, valueGrid);
    if (headers instanceof CellError) return headers;
    if ([rowGrid, ...others].some((grid) => grid.length !== valueGrid.length))
      return valueError(`${where}: the fields and values must have as many rows`);
    const values = fieldsOf(valueGrid, headers);
    const kept = this.keptRows(ast.args[at.filter], state, values.rows.length, headers);
    if (kept instanceof CellError) return kept;
    // Excel's #CALC! for an empty result, which files store (and this engine answers) as #VALUE!.
    if (kept.length === 0) return valueError(`${where}: no rows to summarise`);
    const aggregate = this.aggregator(ast.args[at.fn]!, values, state, where);
    if (aggregate instanceof CellError) return aggregate;
    return {
      summary: { rowFields: fieldsOf(rowGrid, headers), values, headers, kept, aggregate },
      others: others.map((grid) => fieldsOf(grid, headers)),
    };
  }

  private axis(
    fields: Fields,
    depth: number,
    sort: number[],
    table: boolean,
    summary: Summary,
  ): AxisSpec {
    const sortValues = new WeakMap<readonly number[], Map<number, Cell>>();
    return {
      keys: fields.rows,
      fields: fields.rows[0]?.length ?? 0,
      depth,
      sort,
      table,
      valueOf: (rows, column) => {
        // A sort compares each group many times: its value is computed once.
        const known = sortValues.get(rows) ?? new Map<number, Cell>();
        sortValues.set(rows, known);
        if (!known.has(column)) known.set(column, summary.aggregate(column, rows, summary.kept));
        return known.get(column);
      },
    };
  }

  groupby(ast: Call, state: State): Cell {
    if (ast.args.length < 3 || ast.args.length > 8)
      return valueError('GROUPBY takes 3 to 8 arguments');
    const read = this.summary(
      ast,
      state,
      { rows: 0, values: 1, fn: 2, headers: 3, filter: 6 },
      [],
      'GROUPBY',
    );
    if (read instanceof CellError) return read;
    const { summary } = read;
    const depth = this.setting(ast.args[4], state, 1);
    const relationship = this.setting(ast.args[7], state, 0);
    const sort = this.sortOrder(ast.args[5], state);
    for (const given of [depth, relationship, sort]) if (given instanceof CellError) return given;
    const width = summary.values.rows[0]?.length ?? 0;
    const spec = this.axis(
      summary.rowFields,
      depth as number,
      sort as number[],
      relationship === 1,
      summary,
    );
    const lines = axisLines(spec, summary.kept, width);
    if (lines instanceof CellError) return lines;
    const out: Cell[][] = [];
    if (summary.headers.shown) out.push([...summary.rowFields.names, ...summary.values.names]);
    for (const line of lines)
      out.push([
        ...lineKeys(line, spec.fields),
        ...Array.from({ length: width }, (_, at) =>
          summary.aggregate(at, line.node.rows, summary.kept),
        ),
      ]);
    return resultOf(out, ast, state);
  }

  pivotby(ast: Call, state: State): Cell {
    if (ast.args.length < 4 || ast.args.length > 11)
      return valueError('PIVOTBY takes 4 to 11 arguments');
    const colGrid = this.grid(ast.args[1], state);
    if (colGrid instanceof CellError) return colGrid;
    const read = this.summary(
      ast,
      state,
      { rows: 0, values: 2, fn: 3, headers: 4, filter: 9 },
      [colGrid],
      'PIVOTBY',
    );
    if (read instanceof CellError) return read;
    const { summary } = read;
    const settings = [
      this.setting(ast.args[5], state, 1),
      this.sortOrder(ast.args[6], state),
      this.setting(ast.args[7], state, 1),
      this.sortOrder(ast.args[8], state),
      this.setting(ast.args[10], state, 0),
    ];
    const problem = settings.find((given) => given instanceof CellError);
    if (problem !== undefined) return problem;
    const [rowDepth, rowSort, colDepth, colSort, relativeTo] = settings as [
      number,
      number[],
      number,
      number[],
      number,
    ];
    if (relativeTo < 0 || relativeTo > 4) return valueError('PIVOTBY: relative_to must be 0 to 4');
    const width = summary.values.rows[0]?.length ?? 0;
    const rowSpec = this.axis(summary.rowFields, rowDepth, rowSort, false, summary);
    const colSpec = this.axis(read.others[0]!, colDepth, colSort, false, summary);
    const rowLines = axisLines(rowSpec, summary.kept, width);
    if (rowLines instanceof CellError) return rowLines;
    const colLines = axisLines(colSpec, summary.kept, width);
    if (colLines instanceof CellError) return colLines;
    const grid = pivotLayout(
      summary,
      rowSpec,
      colSpec,
      rowLines,
      colLines,
      read.others[0]!,
      relativeTo,
    );
    return resultOf(grid, ast, state);
  }

  /** PERCENTOF(data_subset, data_all): the subset's sum as a share of the whole's (text ignored). */
  percentof(ast: Call, state: State): Cell {
    if (ast.args.length !== 2) return valueError('PERCENTOF takes data_subset and data_all');
    const sums: number[] = [];
    for (const node of ast.args) {
      const sum = this.evaluate(
        { type: 'FUNCTION_CALL', procedureName: 'SUM', args: [node] },
        state,
      );
      // Any error in either argument is #NUM!, whatever its kind, as Excel's cached results
      // show (formulas/test.xlsx MATH & TRIG row 49: #VALUE!, #N/A, #REF! … all give #NUM!).
      if (sum instanceof CellError)
        return new CellError(ErrorType.NUM, 'PERCENTOF: the data holds an error');
      sums.push(Number(sum));
    }
    const [part, whole] = sums as [number, number];
    return whole === 0
      ? new CellError(ErrorType.DIV_BY_ZERO, 'PERCENTOF: data_all sums to 0')
      : part / whole;
  }

  /** One cell at parse time: the size depends on the data. */
  groupSize(): ArraySize {
    return ArraySize.scalar();
  }
}

/**
 * PIVOTBY's grid: [a row naming the column fields], one row of keys per column field, [a row
 * naming the row fields and values], then a row per row line; each column line spans one column
 * per value column.
 */
function pivotLayout(
  summary: Summary,
  rowSpec: AxisSpec,
  colSpec: AxisSpec,
  rowLines: readonly AxisLine[],
  colLines: readonly AxisLine[],
  colFields: Fields,
  relativeTo: number,
): Cell[][] {
  const width = summary.values.rows[0]?.length ?? 0;
  const blanks = (count: number): Cell[] => Array.from({ length: count }, () => EmptyValue);
  const perValue = <T>(make: (line: AxisLine, at: number) => T): T[] =>
    colLines.flatMap((line) => Array.from({ length: width }, (_, at) => make(line, at)));
  const out: Cell[][] = [];
  const shown = summary.headers.shown;
  if (shown) {
    const row = blanks(rowSpec.fields + colLines.length * width);
    row[rowSpec.fields] = colFields.names.map(String).join(', ');
    out.push(row);
  }
  for (let level = 0; level < colSpec.fields; level += 1)
    out.push([
      ...blanks(rowSpec.fields),
      ...perValue((line) => lineKeys(line, colSpec.fields)[level]),
    ]);
  if (shown)
    out.push([...summary.rowFields.names, ...perValue((_, at) => summary.values.names[at])]);
  const sets = new RowSets(summary.values.rows.length);
  const wholeOf = (row: AxisLine, col: AxisLine): readonly number[] => {
    switch (relativeTo) {
      case 1:
        return row.node.rows;
      case 2:
        return summary.kept;
      case 3:
        return sets.both(row.node.rows, parentOf(col.node));
      case 4:
        return sets.both(col.node.rows, parentOf(row.node));
      default:
        return col.node.rows;
    }
  };
  for (const row of rowLines)
    out.push([
      ...lineKeys(row, rowSpec.fields),
      ...perValue((col, at) => {
        const subset = sets.both(row.node.rows, col.node);
        return subset.length === 0 ? EmptyValue : summary.aggregate(at, subset, wholeOf(row, col));
      }),
    ]);
  return out;
}

const FUNCTIONS: readonly PluginFunctionRow[] = [
  {
    name: 'GROUPBY',
    method: 'groupby',
    size: 'groupSize',
    category: 'Lookup and reference',
    parameters: [
      ['row_fields', false],
      ['values', false],
      ['function', false],
      ['field_headers', true],
      ['total_depth', true],
      ['sort_order', true],
      ['filter_array', true],
      ['field_relationship', true],
    ],
    description:
      'A summary of values grouped by the keys of row_fields, each group aggregated by function (a LAMBDA or a name: SUM, AVERAGE, COUNT, PERCENTOF…), sorted by key, with a Total row; total_depth 0 none, 2 subtotals, negative at the top; sort_order a signed column number; filter_array keeps rows; shows its first cell (read the rest through INDEX or TAKE)',
  },
  {
    name: 'PIVOTBY',
    method: 'pivotby',
    size: 'groupSize',
    category: 'Lookup and reference',
    parameters: [
      ['row_fields', false],
      ['col_fields', false],
      ['values', false],
      ['function', false],
      ['field_headers', true],
      ['row_total_depth', true],
      ['row_sort_order', true],
      ['col_total_depth', true],
      ['col_sort_order', true],
      ['filter_array', true],
      ['relative_to', true],
    ],
    description:
      'A pivot table of values: a row per key of row_fields, a column per key of col_fields, each cell aggregated by function (a LAMBDA or a name: SUM, PERCENTOF…), with Total rows and columns; relative_to is what PERCENTOF divides by (0 column, 1 row, 2 grand, 3 parent column, 4 parent row total); shows its first cell (read the rest through INDEX or TAKE)',
  },
  {
    name: 'PERCENTOF',
    method: 'percentof',
    category: 'Math and trigonometry',
    parameters: [
      ['data_subset', false],
      ['data_all', false],
    ],
    description: 'The sum of data_subset as a fraction of the sum of data_all',
  },
];

/** The catalogue's entries for the plugin's functions. */
export const GROUPING_FUNCTION_INFO: ReadonlyMap<string, FunctionInfo> = pluginCatalogue(FUNCTIONS);

/** The plugin class (stateless, shared by every engine). */
export function groupingPlugin(): FunctionPluginDefinition {
  // Arguments are read as syntax: the function argument is a LAMBDA or a name, never evaluated.
  return definePlugin(GroupingFunctions, FUNCTIONS, { arrayArguments: true });
}
