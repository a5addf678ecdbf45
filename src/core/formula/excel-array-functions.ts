// INDEX, CHOOSE, IFERROR, IFNA, SUMPRODUCT, XLOOKUP (and ISREF) in place of HyperFormula's, which read their
// arguments one value at a time: Excel's take whole arrays (IFERROR(G4:G7/H4:H7, 0) is four
// values, SUMPRODUCT((A1:A9>1)*B1:B9) one product per row), answer a row or column of a range
// (INDEX(range, 0, 2)), choose a range (SUM(CHOOSE(2, A1:A3, B1:B3))) and evaluate only the
// chosen or needed argument. They are one HyperFormula plugin (stateless, shared by every engine)
// that evaluates its arguments as arrays, as the regression functions do. An array answered
// where one value is wanted shows its first value (implicit-intersection.ts), as Excel shows a
// spilling formula's anchor; the area is not reserved at parse time (its size depends on values).
// Semantics: Microsoft's INDEX, CHOOSE, IFERROR, IFNA and SUMPRODUCT pages; where they are silent
// (which error wins, fractional indexes), Excel's cached results in the conformance corpus.
import {
  ArraySize,
  CellError,
  EmptyValue,
  ErrorType,
  FunctionPlugin,
  SimpleRangeValue,
  type FunctionPluginDefinition,
} from 'hyperformula';
import { areasOfUnion } from './dynamic-references.js';
import { definePlugin } from './engine-internals.js';
import { bisect, linearSearch, type MatchMode } from './excel-lookup-functions.js';
import { heldCellOf, heldRangeOf, type HeldRange } from './held-range-values.js';
import { findInLine, heldLine, valuesLine, type Line } from './lookup-lines.js';
import type { FunctionInfo } from './function-catalogue.js';
import { pluginCatalogue, type PluginFunctionRow } from './function-catalogue.js';
import { FormulaError, SENTINELS, isFormulaError, type CellValue } from './sentinels.js';
import type {
  AstCall as Call,
  AstNode as Node,
  EngineAddress as Address,
  InterpreterState as State,
} from './engine-internals.js';

type Value = unknown;
interface RangeBounds {
  readonly start: Address;
  width(): number;
  height(): number;
  isFinite(): boolean;
}
/** HyperFormula's range class, as read off a range (AbsoluteCellRange). */
interface RangeClass {
  fromCoordinates(sheet: number, x1: number, y1: number, x2: number, y2: number): RangeBounds;
}
interface CellReader {
  getCellValue(address: Address): Value;
}

const REFERENCE_NODES = new Set(['CELL_REFERENCE', 'CELL_RANGE', 'COLUMN_RANGE', 'ROW_RANGE']);
const isOmitted = (node: Node | undefined): boolean => node === undefined || node.type === 'EMPTY';
const valueError = (message: string): CellError => new CellError(ErrorType.VALUE, message);
const refError = (message: string): CellError => new CellError(ErrorType.REF, message);

/** A number as Excel coerces an index: booleans 1/0, an empty cell 0, numeric text its number. */
function numberOf(value: Value): number | CellError {
  if (value instanceof CellError) return value;
  if (value === EmptyValue || value === null || value === undefined) return 0;
  if (typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'string') {
    const parsed = value.trim() === '' ? Number.NaN : Number(value);
    return Number.isFinite(parsed) ? parsed : valueError(`"${value}" is not a number`);
  }
  // HyperFormula's rich numbers (dates, currency, percent) carry the plain number in `val`.
  if (typeof value === 'object' && 'val' in value && typeof value.val === 'number')
    return value.val;
  return valueError('a number was expected');
}

/** The first value of an array, the value itself otherwise. */
function firstOf(value: Value): Value {
  return value instanceof SimpleRangeValue ? value.data[0]?.[0] : value;
}

/** Rows of a value: an array's, or one row of one scalar. */
function gridOf(value: Value): Value[][] {
  return value instanceof SimpleRangeValue ? (value.data as Value[][]) : [[value]];
}

/** One value stays one value; more are an array holding only values (no longer a reference). */
function arrayOf(rows: Value[][]): Value {
  if (rows.length === 1 && rows[0]!.length === 1) return rows[0]![0];
  return SimpleRangeValue.onlyValues(rows as never);
}

/** A range argument as values: one cell its value, more an array of values. */
function detached(value: Value): Value {
  if (!(value instanceof SimpleRangeValue)) return value;
  return arrayOf(value.data as Value[][]);
}

/**
 * The element of `value` at (row, col) as Excel broadcasts arrays: a scalar everywhere, a single
 * row or column along its length, and #N/A past an array's edge.
 */
function elementAt(value: Value, row: number, col: number): Value {
  if (!(value instanceof SimpleRangeValue)) return value;
  const r = value.height() === 1 ? 0 : row;
  const c = value.width() === 1 ? 0 : col;
  return value.data[r]?.[c] ?? new CellError(ErrorType.NA, 'outside the array');
}

/** An INDEX position: 0 (the whole row or column), a 1-based index, or the error to answer. */
function indexArg(value: Value): number | CellError {
  const number = numberOf(firstOf(value));
  if (number instanceof CellError) return number;
  const index = Math.trunc(number);
  if (index < 0) return valueError('INDEX: an index below 0');
  return index;
}

const isAnyError = (): boolean => true;

/** HyperFormula's answer to a call with the wrong number of arguments. */
const wrongCount = (name: string): CellError =>
  new CellError(ErrorType.NA, `${name}: wrong number of arguments`);

class ArrayFunctions extends FunctionPlugin {
  /** The size reserved at parse time: one cell (an array's size is known only from values). */
  scalarSize(): ArraySize {
    return ArraySize.scalar();
  }

  private value(node: Node | undefined, state: State): Value {
    if (isOmitted(node)) return undefined;
    return this.evaluateAst(node as never, { ...state, arraysFlag: true } as never);
  }

  private reader(): CellReader {
    return (this as unknown as { dependencyGraph: CellReader }).dependencyGraph;
  }

  index(ast: Call, state: State): Value {
    const args = ast.args;
    if (args.length < 1 || args.length > 4) return wrongCount('INDEX');
    const given = this.value(args[0], state);
    if (given instanceof CellError) return given;
    // area_num picks one area of a reference of several (`INDEX((A1:B2,D1:E2),1,1,2)`).
    const areas = areasOfUnion(given) ?? [given];
    let area = 1;
    if (args.length > 3 && !isOmitted(args[3])) {
      const number = numberOf(firstOf(this.value(args[3], state)));
      if (number instanceof CellError) return number;
      area = Math.trunc(number);
      if (area < 1) return valueError('INDEX: area_num below 1');
      if (area > areas.length) return refError('INDEX: area_num past the last area');
    }
    const source = areas[area - 1];
    const range =
      source instanceof SimpleRangeValue && !source.isAdHoc()
        ? (source as unknown as { range: RangeBounds }).range
        : undefined;
    // A range's true size (A:A has every row), an array's its own.
    const height = range?.height() ?? (source instanceof SimpleRangeValue ? source.height() : 1);
    const width = range?.width() ?? (source instanceof SimpleRangeValue ? source.width() : 1);
    const rowGiven = !isOmitted(args[1]);
    const colGiven = !isOmitted(args[2]);
    let row = rowGiven ? indexArg(this.value(args[1], state)) : 0;
    let col = colGiven ? indexArg(this.value(args[2], state)) : 0;
    if (row instanceof CellError) return row;
    if (col instanceof CellError) return col;
    // One row and a single index: the index is the column (INDEX({1,2,3}, 2) is 2).
    if (height === 1 && width > 1 && rowGiven && args.length <= 2) [row, col] = [1, row];
    // A reference of several rows and columns needs column_num written (Microsoft: it is optional
    // only where each area is one row or column); formulas/test.xlsx LOOKUP!R53,
    // INDEX(C52:E53,2), is #REF!. An array of that shape answers the whole row instead.
    if (range !== undefined && height > 1 && width > 1 && args.length <= 2)
      return refError('INDEX: column_num is needed for a reference of several columns');
    if (row > height) return refError('INDEX: row_num past the last row');
    if (col > width) return refError('INDEX: column_num past the last column');
    const rows = row === 0 ? Math.min(height, effectiveHeight(source)) : 1;
    const cols = col === 0 ? Math.min(width, effectiveWidth(source)) : 1;
    const top = row === 0 ? 0 : row - 1;
    const left = col === 0 ? 0 : col - 1;
    // A row or column of a range is a reference too: a formula of a file that answers it
    // intersects it with its own row or column (implicit-intersection.ts), so INDEX(A1:A3,0.4)
    // in row 6 is #VALUE! (ironcalc simple_functions.xlsx INDEX!H6, poi EverythingTests E736).
    if (range !== undefined && range.isFinite() && rows * cols > 1) {
      const { sheet, row: startRow, col: startCol } = range.start;
      const part = (range.constructor as unknown as RangeClass).fromCoordinates(
        sheet,
        startCol + left,
        startRow + top,
        startCol + left + cols - 1,
        startRow + top + rows - 1,
      );
      return SimpleRangeValue.onlyRange(part as never, this.reader() as never);
    }
    const cell = (r: number, c: number): Value => {
      if (range === undefined) return gridOf(source)[r]?.[c] ?? EmptyValue;
      const { sheet, row: startRow, col: startCol } = range.start;
      return this.reader().getCellValue({ sheet, row: startRow + r, col: startCol + c });
    };
    return arrayOf(
      Array.from({ length: rows }, (_, r) =>
        Array.from({ length: cols }, (_, c) => cell(top + r, left + c)),
      ),
    );
  }

  choose(ast: Call, state: State): Value {
    if (ast.args.length < 2) return wrongCount('CHOOSE');
    const [selector, ...choices] = ast.args;
    const indexes = this.value(selector, state);
    const pick = (value: Value): number | CellError => {
      const number = numberOf(value);
      if (number instanceof CellError) return number;
      const index = Math.trunc(number);
      if (index < 1 || index > choices.length)
        return valueError(`CHOOSE: index_num must be from 1 to ${choices.length}`);
      return index;
    };
    if (!(indexes instanceof SimpleRangeValue)) {
      const index = pick(indexes);
      if (index instanceof CellError) return index;
      // Only the chosen value is evaluated.
      return detached(this.value(choices[index - 1], state));
    }
    // An array of indexes: each picks its value (the chosen array's element at its place).
    const chosen = new Map<number, Value>();
    return arrayOf(
      gridOf(indexes).map((cells, row) =>
        cells.map((cell, col) => {
          const index = pick(cell);
          if (index instanceof CellError) return index;
          if (!chosen.has(index)) chosen.set(index, this.value(choices[index - 1], state));
          return elementAt(chosen.get(index), row, col);
        }),
      ),
    );
  }

  private ifError(ast: Call, state: State, caught: (error: CellError) => boolean): Value {
    if (ast.args.length !== 2) return wrongCount(caught === isAnyError ? 'IFERROR' : 'IFNA');
    const value = this.value(ast.args[0], state);
    let fallback: Value;
    const otherwise = (): Value => (fallback ??= detached(this.value(ast.args[1], state)));
    if (!(value instanceof SimpleRangeValue))
      return value instanceof CellError && caught(value) ? otherwise() : value;
    return arrayOf(
      gridOf(value).map((cells, row) =>
        cells.map((cell, col) => {
          if (!(cell instanceof CellError) || !caught(cell)) return cell;
          return elementAt(otherwise(), row, col);
        }),
      ),
    );
  }

  iferror(ast: Call, state: State): Value {
    return this.ifError(ast, state, isAnyError);
  }

  ifna(ast: Call, state: State): Value {
    return this.ifError(ast, state, (error) => error.type === ErrorType.NA);
  }

  /**
   * TRUE for a reference: a cell, a range, a name standing for one, or INDEX, OFFSET, INDIRECT or
   * CHOOSE answering one (an error they answer is no reference). HyperFormula's answered TRUE
   * only for #REF! errors.
   */
  isref(ast: Call, state: State): Value {
    if (ast.args.length !== 1) return wrongCount('ISREF');
    return this.isReference(ast.args[0]!, state);
  }

  private isReference(node: Node, state: State): boolean {
    if (REFERENCE_NODES.has(node.type)) return true;
    if (node.type === 'PARENTHESES') return this.isReference(node.expression as Node, state);
    if (node.type === 'NAMED_EXPRESSION') {
      const value = this.evaluateAst(node as never, state as never);
      return value instanceof SimpleRangeValue && !value.isAdHoc();
    }
    if (node.type !== 'FUNCTION_CALL') return false;
    const call = node as unknown as Call & { procedureName: string };
    const name = call.procedureName.toUpperCase();
    if (name === 'INDEX' || name === 'CHOOSE') {
      const source = name === 'INDEX' ? call.args[0] : call.args[1];
      if (source === undefined || !this.isReference(source, state)) return false;
    } else if (name !== 'OFFSET' && name !== 'INDIRECT') return false;
    return !(this.evaluateAst(node as never, state as never) instanceof CellError);
  }

  private integer(node: Node | undefined, state: State, fallback: number): number | CellError {
    if (isOmitted(node)) return fallback;
    const number = numberOf(firstOf(this.value(node, state)));
    return number instanceof CellError ? number : Math.trunc(number);
  }

  /**
   * XLOOKUP with XMATCH's search (excel-lookup-functions.ts): an empty lookup_value finds an empty
   * cell (ironcalc XLOOKUP.xlsx ExactMatch!U12), wildcards with a binary search are #VALUE!, and
   * a 2-D return_array answers the row (or column) found.
   */
  xlookup(ast: Call, state: State): Value {
    const args = ast.args;
    if (args.length < 3 || args.length > 6) return wrongCount('XLOOKUP');
    const key = isOmitted(args[0]) ? EmptyValue : firstOf(this.value(args[0], state));
    if (key instanceof CellError) return key;
    const keys = this.value(args[1], state);
    if (keys instanceof CellError) return keys;
    const results = this.value(args[2], state);
    if (results instanceof CellError) return results;
    const mode = this.integer(args[4], state, 0);
    if (mode instanceof CellError) return mode;
    const search = this.integer(args[5], state, 1);
    if (search instanceof CellError) return search;
    if (![-1, 0, 1, 2, 3].includes(mode))
      return valueError('XLOOKUP: match_mode must be 0, -1, 1, 2 or 3');
    if (![-1, 1, -2, 2].includes(search))
      return valueError('XLOOKUP: search_mode must be 1, -1, 2 or -2');
    if (mode >= 2 && Math.abs(search) === 2)
      return valueError('XLOOKUP: wildcards cannot be used with a binary search');
    const keyGrid = gridView(keys, args[1]);
    const resultGrid = gridView(results, args[2]);
    const vertical = keyGrid.width === 1 && resultGrid.height === keyGrid.height;
    const horizontal = keyGrid.height === 1 && resultGrid.width === keyGrid.width;
    if (!vertical && !horizontal)
      return valueError(
        'XLOOKUP: lookup_array and return_array must be one row or column of one length',
      );
    const values = keyGrid.line(vertical);
    let found: number | undefined;
    if (key === EmptyValue || key === null)
      found = findInLine(values, (value) => value === null, search === -1, true);
    else {
      const lookup = plainOf(key) as Exclude<CellValue, null | undefined | FormulaError>;
      try {
        found =
          Math.abs(search) === 2
            ? bisect(values, lookup, mode as MatchMode, search > 0 ? 1 : -1)
            : linearSearch(values, lookup, mode as MatchMode, search < 0);
      } catch (error) {
        if (isFormulaError(error)) return valueError(error.message);
        throw error;
      }
    }
    if (found === undefined)
      return isOmitted(args[3])
        ? new CellError(ErrorType.NA, 'XLOOKUP: the value was not found')
        : detached(this.value(args[3], state));
    return arrayOf(vertical ? [resultGrid.row(found)] : resultGrid.column(found).map((v) => [v]));
  }

  /** A row of return_array's width for a column lookup_array, a column for a row one. */
  xlookupSize(ast: Call, state: State): ArraySize {
    const keys = this.sizeOf(ast.args[1], state);
    const results = this.sizeOf(ast.args[2], state);
    if (keys === undefined || results === undefined) return ArraySize.scalar();
    if (keys.width === 1 && results.height === keys.height) return new ArraySize(results.width, 1);
    if (keys.height === 1 && results.width === keys.width) return new ArraySize(1, results.height);
    return ArraySize.scalar();
  }

  private sizeOf(node: Node | undefined, state: State): ArraySize | undefined {
    if (isOmitted(node)) return undefined;
    const size = this.arraySizeForAst(node as never, { ...state, arraysFlag: true } as never);
    return new ArraySize(size.width, size.height);
  }

  sumproduct(ast: Call, state: State): Value {
    if (ast.args.length < 1) return wrongCount('SUMPRODUCT');
    const arrays: Value[][][] = [];
    for (const node of ast.args) {
      const value = this.value(node, state);
      if (value instanceof CellError) return value;
      arrays.push(gridOf(value));
    }
    // An error inside an array wins over arrays of other sizes (formulas/test.xlsx MATH & TRIG!AE75,
    // SUMPRODUCT(P75:Q75,H75:I75,I75:K75) over #NUM!, #REF! is #NUM!): the first, argument by argument.
    for (const rows of arrays)
      for (const cells of rows) {
        const error = cells.find((cell) => cell instanceof CellError);
        if (error !== undefined) return error;
      }
    const height = arrays[0]!.length;
    const width = arrays[0]![0]?.length ?? 0;
    if (arrays.some((rows) => rows.length !== height || (rows[0]?.length ?? 0) !== width))
      return valueError('SUMPRODUCT: the arrays must have the same dimensions');
    let sum = 0;
    for (let row = 0; row < height; row += 1)
      for (let col = 0; col < width; col += 1) {
        let product = 1;
        for (const rows of arrays) {
          const cell = rows[row]![col];
          // Text, logical values and empty cells count as zero (errors were answered above).
          const number = typeof cell === 'number' ? cell : numberOrZero(cell);
          product *= number;
        }
        sum += product;
      }
    return sum;
  }
}

/** A value as the lookup helpers read it: empty null, an error one they skip, a rich number its number. */
function plainOf(value: Value): CellValue {
  if (value === EmptyValue || value === null || value === undefined) return null;
  if (value instanceof CellError) return new FormulaError(SENTINELS.value, value.message ?? '');
  if (typeof value === 'number' || typeof value === 'string' || typeof value === 'boolean')
    return value;
  return numberOrZero(value);
}

/**
 * A lookup or return array as XLOOKUP reads it: its shape, its one row or column as a line, and
 * one row or column of it. A whole column or row is Excel's shape and read from the cells it
 * holds (held-range-values.ts), however tall the sheet; anything else from its rows.
 */
interface GridView {
  readonly height: number;
  readonly width: number;
  line(vertical: boolean): Line;
  row(index: number): Value[];
  column(index: number): Value[];
}

function gridView(value: Value, node: Node | undefined): GridView {
  const held = heldRangeOf(value) ?? heldCellOf(value, node);
  if (held !== undefined) return heldGridView(held);
  const rows = gridOf(value);
  return {
    height: rows.length,
    width: rows[0]?.length ?? 0,
    line: (vertical) => valuesLine((vertical ? rows.map((row) => row[0]) : rows[0]!).map(plainOf)),
    row: (index) => [...rows[index]!],
    column: (index) => rows.map((row) => row[index]),
  };
}

function heldGridView(held: HeldRange): GridView {
  const { cells, excelHeight: height, excelWidth: width } = held;
  let values: Map<number, Value> | undefined;
  // Past the engine's extent every cell is empty, as a reference to one reads.
  const cellAt = (row: number, col: number): Value => {
    if (row >= held.height || col >= held.width) return EmptyValue;
    values ??= new Map(cells.map((cell) => [cell.row * width + cell.col, cell.value]));
    const value = values.get(row * width + col);
    return value === undefined ? held.empty : value;
  };
  return {
    height,
    width,
    line: (vertical) =>
      heldLine(
        vertical ? height : width,
        vertical ? held.height : held.width,
        cells.map(({ row, col }) => (vertical ? row : col)),
        cells.map(({ value }) => plainOf(value)),
      ),
    row: (index) => Array.from({ length: width }, (_, col) => cellAt(index, col)),
    column: (index) => Array.from({ length: height }, (_, row) => cellAt(row, index)),
  };
}

function numberOrZero(value: Value): number {
  if (
    typeof value === 'object' &&
    value !== null &&
    'val' in value &&
    typeof value.val === 'number'
  )
    return value.val;
  return 0;
}

function effectiveHeight(value: Value): number {
  return value instanceof SimpleRangeValue ? Math.max(value.height(), 1) : 1;
}

function effectiveWidth(value: Value): number {
  return value instanceof SimpleRangeValue ? Math.max(value.width(), 1) : 1;
}

const FUNCTIONS: readonly PluginFunctionRow[] = [
  {
    name: 'INDEX',
    method: 'index',
    category: 'Lookup and reference',
    parameters: [
      ['array', false],
      ['row_num', true],
      ['column_num', true],
      ['area_num', true],
    ],
    description:
      'The value at row_num and column_num of an array or range; 0 (or left out) takes the whole column or row; one index into a single row is its column',
  },
  {
    name: 'CHOOSE',
    method: 'choose',
    category: 'Lookup and reference',
    parameters: [
      ['index_num', false],
      ['value1', false],
      ['value2', true],
    ],
    repeatLastArgs: 1,
    description:
      'The value (or range) at position index_num (truncated, 1 to the number of values) of the list; only that one is evaluated',
  },
  {
    name: 'IFERROR',
    method: 'iferror',
    category: 'Logical',
    parameters: [
      ['value', false],
      ['value_if_error', false],
    ],
    description: 'value, or value_if_error where value is an error (element by element for arrays)',
  },
  {
    name: 'IFNA',
    method: 'ifna',
    category: 'Logical',
    parameters: [
      ['value', false],
      ['value_if_na', false],
    ],
    description: 'value, or value_if_na where value is #N/A (element by element for arrays)',
  },
  {
    name: 'XLOOKUP',
    method: 'xlookup',
    size: 'xlookupSize',
    category: 'Lookup and reference',
    parameters: [
      ['lookup_value', false],
      ['lookup_array', false],
      ['return_array', false],
      ['if_not_found', true],
      ['match_mode', true],
      ['search_mode', true],
    ],
    description:
      'The value (or row/column) of return_array at the position of lookup_value in lookup_array; match_mode -1/1 next smaller/larger, 2 wildcards, 3 regular expression; search_mode -1 from the end, ±2 binary',
  },
  {
    name: 'ISREF',
    method: 'isref',
    category: 'Information',
    parameters: [['value', false]],
    description:
      'TRUE when value is a reference (a cell, a range, or INDEX, OFFSET, INDIRECT or CHOOSE answering one)',
  },
  {
    name: 'SUMPRODUCT',
    method: 'sumproduct',
    category: 'Math and trigonometry',
    parameters: [['array1', false]],
    repeatLastArgs: 1,
    description:
      'The sum of the products of corresponding elements of arrays of one size (array expressions allowed; text and logical values count as 0)',
  },
];

/** The catalogue's entries for the plugin's functions. */
export const ARRAY_FUNCTION_INFO: ReadonlyMap<string, FunctionInfo> = pluginCatalogue(FUNCTIONS);

/** The plugin class (stateless, shared by every engine); it replaces HyperFormula's functions. */
export function arrayFunctionsPlugin(): FunctionPluginDefinition {
  // Arguments are evaluated by the methods, as arrays, and only those needed.
  return definePlugin(ArrayFunctions, FUNCTIONS, { defaultSize: 'scalarSize' });
}
