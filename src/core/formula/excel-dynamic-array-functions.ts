// FILTER, UNIQUE, SORT and MMULT in place of HyperFormula's, SORTBY, ANCHORARRAY (the `A1#`
// spill reference as Excel saves it), SINGLE (the `@` operator as Excel saves it) and TRIMRANGE:
// one more HyperFormula plugin (stateless, shared by every engine) that evaluates its arguments
// as arrays. FILTER, UNIQUE, SORT, SORTBY and MMULT reserve the size their arguments give (known
// when the formula is parsed; a smaller result leaves the rest empty, a blocked one that needs no
// room shows in its cell: blocked-spills.ts), except FILTER and UNIQUE as the whole formula,
// which spill exactly their result (data-sized-spills.ts); the others reserve one cell and show their first
// value where they would spill (implicit-intersection.ts), as Excel shows a spill's anchor.
// Semantics: Microsoft's pages for each function and for the spilled range and implicit
// intersection operators; where they are silent (argument checks, which error wins, the order of
// mixed types), Excel's cached results in the conformance corpus (formulas/test.xlsx LOOKUP rows
// 22 and 117–140, EXTRA rows 15–20; ironcalc's FILTER, MMULT, SORT and spill_operator files).
import {
  ArraySize,
  CellError,
  EmptyValue,
  ErrorType,
  FunctionPlugin,
  SimpleRangeValue,
  type FunctionPluginDefinition,
} from 'hyperformula';
import type { FunctionInfo } from './function-catalogue.js';
import { pluginCatalogue, type PluginFunctionRow } from './function-catalogue.js';
import { definePlugin } from './engine-internals.js';
import { arrayBehind } from './implicit-intersection.js';
import { intersect } from './range-intersection.js';
import type {
  AstCall as Call,
  AstNode as Node,
  EngineAddress as Address,
  InterpreterState as State,
} from './engine-internals.js';

type Value = unknown;
interface RangeBounds {
  readonly start: Address;
  readonly end: Address;
  width(): number;
  height(): number;
}
interface RangeClass {
  fromCoordinates(sheet: number, x1: number, y1: number, x2: number, y2: number): RangeBounds;
}
/** What ANCHORARRAY reads of HyperFormula's array formula vertex. */
interface ArrayVertex {
  readonly array: { simpleRangeValue(): unknown };
  isLeftCorner(address: Address): boolean;
  isComputed(): boolean;
}
interface Graph {
  getCell(address: Address): unknown;
}

const isOmitted = (node: Node | undefined): boolean => node === undefined || node.type === 'EMPTY';
const valueError = (message: string): CellError => new CellError(ErrorType.VALUE, message);
const refError = (message: string): CellError => new CellError(ErrorType.REF, message);
const wrongCount = (name: string): CellError =>
  new CellError(ErrorType.NA, `${name}: wrong number of arguments`);

/** Rows of a value: an array's, or one row of one scalar. */
function gridOf(value: Value): Value[][] {
  return value instanceof SimpleRangeValue ? (value.data as Value[][]) : [[value]];
}

/** One value stays one value; more are an array holding only values. */
function arrayOf(rows: Value[][]): Value {
  if (rows.length === 1 && rows[0]!.length === 1) return rows[0]![0];
  return SimpleRangeValue.onlyValues(rows as never);
}

/** The plain number of a value HyperFormula may carry as a rich number (dates, percent …). */
function plainNumber(value: Value): number | undefined {
  if (typeof value === 'number') return value;
  if (
    typeof value === 'object' &&
    value !== null &&
    'val' in value &&
    typeof value.val === 'number'
  )
    return value.val;
  return undefined;
}

/**
 * A whole number argument (TRIMRANGE's modes, SORT's index and order): numbers, numeric text and
 * booleans; a fraction is #VALUE! when `whole` is asked for, else truncated.
 */
function integerOf(value: Value, whole: boolean): number | CellError {
  if (value instanceof CellError) return value;
  let number: number;
  if (value === EmptyValue || value === null || value === undefined) number = 0;
  else if (typeof value === 'boolean') number = value ? 1 : 0;
  else if (typeof value === 'string') {
    number = value.trim() === '' ? Number.NaN : Number(value);
    if (!Number.isFinite(number)) return valueError(`"${value}" is not a number`);
  } else {
    const plain = plainNumber(value);
    if (plain === undefined) return valueError('a number was expected');
    number = plain;
  }
  if (whole && !Number.isInteger(number)) return valueError(`${number} is not a whole number`);
  return Math.trunc(number);
}

/** Excel's sort order of kinds: numbers, text, logical values, errors; empty cells come last. */
function kindOf(value: Value): number {
  if (value === EmptyValue || value === null || value === undefined) return 4;
  if (value instanceof CellError) return 3;
  if (typeof value === 'boolean') return 2;
  if (typeof value === 'string') return 1;
  return 0;
}

/**
 * The comparison of two sort keys in `order` (1 ascending, -1 descending): kinds first, text
 * without regard to case, errors all equal; empty cells last whichever the order.
 */
export function compareKeys(a: Value, b: Value, order: number): number {
  const kindA = kindOf(a);
  const kindB = kindOf(b);
  if (kindA === 4 || kindB === 4) return kindA === kindB ? 0 : kindA === 4 ? 1 : -1;
  if (kindA !== kindB) return (kindA - kindB) * order;
  let result = 0;
  if (kindA === 0) result = Math.sign((plainNumber(a) ?? 0) - (plainNumber(b) ?? 0));
  else if (kindA === 1) {
    const x = (a as string).toLowerCase();
    const y = (b as string).toLowerCase();
    result = x < y ? -1 : x > y ? 1 : 0;
  } else if (kindA === 2) result = Number(a) - Number(b);
  return result * order;
}

/** The rows (or, `byCol`, the columns) of `rows` stably reordered by the keys of each line. */
function reordered(
  rows: Value[][],
  byCol: boolean,
  keys: readonly { readonly values: readonly Value[]; readonly order: number }[],
): Value[][] {
  const count = byCol ? (rows[0]?.length ?? 0) : rows.length;
  const order = Array.from({ length: count }, (_, index) => index);
  order.sort((i, j) => {
    for (const key of keys) {
      const compared = compareKeys(key.values[i], key.values[j], key.order);
      if (compared !== 0) return compared;
    }
    return i - j;
  });
  return byCol ? rows.map((row) => order.map((c) => row[c])) : order.map((r) => rows[r]!);
}

/** A sort order: 1 or -1. */
function orderOf(value: Value): number | CellError {
  const order = integerOf(value, false);
  if (order instanceof CellError) return order;
  return order === 1 || order === -1 ? order : valueError('sort_order must be 1 or -1');
}

/** A value's cells in order, when it is one row or one column. */
function vectorOf(value: Value): Value[] | undefined {
  const rows = gridOf(value);
  if (rows.length === 1) return rows[0]!;
  if (rows.every((row) => row.length === 1)) return rows.map((row) => row[0]);
  return undefined;
}

/** FILTER's reading of an include value: a number is TRUE unless 0; text is #VALUE!. */
function includes(value: Value): boolean | CellError {
  if (value instanceof CellError) return value;
  if (value === EmptyValue || value === null || value === undefined) return false;
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string') return valueError('FILTER: include holds text');
  const number = plainNumber(value);
  return number === undefined ? valueError('FILTER: include holds no logical value') : number !== 0;
}

/** The key UNIQUE compares a value by: text without regard to case, errors by kind. */
export function uniqueKey(value: Value): string {
  if (value === EmptyValue || value === null || value === undefined) return 'empty';
  if (value instanceof CellError) return `e:${value.type}`;
  if (typeof value === 'string') return `s:${value.toLowerCase()}`;
  if (typeof value === 'boolean') return `b:${value}`;
  return `n:${plainNumber(value) ?? String(value)}`;
}

/** Excel's #CALC! for an empty result, which files store (and this engine answers) as #VALUE!. */
const emptyResult = (name: string): CellError => valueError(`${name}: the result is empty`);

/** Is the value empty as TRIMRANGE sees a cell (nothing in it)? */
const isBlank = (value: Value): boolean =>
  value === EmptyValue || value === null || value === undefined;

class DynamicArrayFunctions extends FunctionPlugin {
  /** One cell at parse time (the size depends on values). */
  scalarSize(): ArraySize {
    return ArraySize.scalar();
  }

  /** The size of the first argument (SORT and SORTBY keep their array's shape). */
  firstArgumentSize(ast: Call, state: State): ArraySize {
    const node = ast.args[0];
    if (isOmitted(node)) return ArraySize.scalar();
    const size = this.arraySizeForAst(node as never, { ...state, arraysFlag: true } as never);
    return new ArraySize(size.width, size.height);
  }

  private value(node: Node | undefined, state: State): Value {
    if (isOmitted(node)) return undefined;
    return this.evaluateAst(node as never, { ...state, arraysFlag: true } as never);
  }

  private graph(): Graph {
    return (this as unknown as { dependencyGraph: Graph }).dependencyGraph;
  }

  sort(ast: Call, state: State): Value {
    const args = ast.args;
    if (args.length < 1 || args.length > 4) return wrongCount('SORT');
    const source = this.value(args[0], state);
    if (source instanceof CellError) return source;
    const rows = gridOf(source);
    let byCol = false;
    if (!isOmitted(args[3])) {
      const flag = integerOf(gridOf(this.value(args[3], state))[0]![0], false);
      if (flag instanceof CellError) return flag;
      byCol = flag !== 0;
    }
    const indexes = isOmitted(args[1]) ? [1] : vectorOf(this.value(args[1], state));
    const orders = isOmitted(args[2]) ? [1] : vectorOf(this.value(args[2], state));
    if (indexes === undefined || orders === undefined)
      return valueError('SORT: sort_index and sort_order must be one row or column');
    if (orders.length !== 1 && orders.length !== indexes.length)
      return valueError('SORT: one sort_order, or one per sort_index');
    const lines = byCol ? rows.length : (rows[0]?.length ?? 0);
    const keys: { values: Value[]; order: number }[] = [];
    for (const [position, given] of indexes.entries()) {
      const index = integerOf(given, false);
      if (index instanceof CellError) return index;
      if (index < 1 || index > lines) return valueError(`SORT: sort_index must be 1 to ${lines}`);
      const order = orderOf(orders.length === 1 ? orders[0] : orders[position]);
      if (order instanceof CellError) return order;
      const values = byCol ? rows[index - 1]! : rows.map((row) => row[index - 1]);
      keys.push({ values, order });
    }
    return arrayOf(reordered(rows, byCol, keys));
  }

  sortby(ast: Call, state: State): Value {
    const args = ast.args;
    if (args.length < 2) return wrongCount('SORTBY');
    const source = this.value(args[0], state);
    if (source instanceof CellError) return source;
    const rows = gridOf(source);
    const height = rows.length;
    const width = rows[0]?.length ?? 0;
    const keys: { values: Value[]; order: number }[] = [];
    let byCol: boolean | undefined;
    for (let at = 1; at < args.length; at += 2) {
      const by = this.value(args[at], state);
      if (by instanceof CellError) return by;
      const byRows = gridOf(by);
      // A column as tall as the array sorts its rows; a row as wide as the array its columns.
      const column = byRows.every((row) => row.length === 1) && byRows.length === height;
      const row = byRows.length === 1 && byRows[0]!.length === width;
      if (!column && !row)
        return valueError('SORTBY: each by_array must be one row or column the size of array');
      const lineByCol = !column;
      if (byCol !== undefined && byCol !== lineByCol)
        return valueError('SORTBY: every by_array must run the same way');
      byCol = lineByCol;
      let order = 1;
      if (!isOmitted(args[at + 1])) {
        const orders = gridOf(this.value(args[at + 1], state));
        if (orders.length !== 1 || orders[0]!.length !== 1)
          return valueError('SORTBY: sort_order must be one value');
        const given = orderOf(orders[0]![0]);
        if (given instanceof CellError) return given;
        order = given;
      }
      keys.push({ values: column ? byRows.map((line) => line[0]) : byRows[0]!, order });
    }
    return arrayOf(reordered(rows, byCol ?? false, keys));
  }

  /** The largest of the first and third arguments' sizes (FILTER's array and if_empty). */
  filterSize(ast: Call, state: State): ArraySize {
    const sizes = [ast.args[0], ast.args[2]]
      .filter((node): node is Node => !isOmitted(node))
      .map((node) => this.arraySizeForAst(node as never, { ...state, arraysFlag: true } as never));
    if (sizes.length === 0) return ArraySize.scalar();
    return new ArraySize(
      Math.max(...sizes.map((size) => size.width)),
      Math.max(...sizes.map((size) => size.height)),
    );
  }

  /**
   * The rows (include a column as tall as array) or columns (a row as wide) of array whose
   * include value is TRUE or a number other than 0; an error in include is the answer, text
   * #VALUE!; nothing kept is if_empty, or #VALUE! (Excel's #CALC!).
   */
  filter(ast: Call, state: State): Value {
    const args = ast.args;
    if (args.length < 2 || args.length > 3) return wrongCount('FILTER');
    const source = this.value(args[0], state);
    if (source instanceof CellError) return source;
    const include = this.value(args[1], state);
    if (include instanceof CellError) return include;
    const rows = gridOf(source);
    const flags = gridOf(include);
    const height = rows.length;
    const width = rows[0]?.length ?? 0;
    const byRows = flags.every((row) => row.length === 1) && flags.length === height;
    const byCols = !byRows && flags.length === 1 && flags[0]!.length === width;
    if (!byRows && !byCols)
      return valueError('FILTER: include must be one row or column the size of array');
    const keep: boolean[] = [];
    for (const flag of byRows ? flags.map((row) => row[0]) : flags[0]!) {
      const kept = includes(flag);
      if (kept instanceof CellError) return kept;
      keep.push(kept);
    }
    const result = byRows
      ? rows.filter((_, r) => keep[r])
      : rows.map((row) => row.filter((_, c) => keep[c]));
    if (result.length === 0 || result[0]!.length === 0) {
      if (isOmitted(args[2])) return emptyResult('FILTER');
      const otherwise = this.value(args[2], state);
      return otherwise instanceof SimpleRangeValue ? arrayOf(gridOf(otherwise)) : otherwise;
    }
    return arrayOf(result);
  }

  /**
   * The distinct rows (by_col: columns) of array in the order first met, or (exactly_once) those
   * met once; text compares without regard to case. Nothing left is #VALUE! (Excel's #CALC!).
   */
  unique(ast: Call, state: State): Value {
    const args = ast.args;
    if (args.length < 1 || args.length > 3) return wrongCount('UNIQUE');
    const source = this.value(args[0], state);
    if (source instanceof CellError) return source;
    const flag = (node: Node | undefined): boolean | CellError => {
      if (isOmitted(node)) return false;
      const given = this.value(node, state);
      const number = integerOf(gridOf(given)[0]![0], false);
      return number instanceof CellError ? number : number !== 0;
    };
    const byCol = flag(args[1]);
    if (byCol instanceof CellError) return byCol;
    const exactlyOnce = flag(args[2]);
    if (exactlyOnce instanceof CellError) return exactlyOnce;
    const rows = gridOf(source);
    const lines = byCol ? (rows[0] ?? []).map((_, c) => rows.map((row) => row[c])) : rows;
    const counts = new Map<string, { line: Value[]; count: number }>();
    for (const line of lines) {
      const key = line.map(uniqueKey).join('\u0000');
      const seen = counts.get(key);
      if (seen === undefined) counts.set(key, { line, count: 1 });
      else seen.count += 1;
    }
    const kept = [...counts.values()]
      .filter((entry) => !exactlyOnce || entry.count === 1)
      .map((entry) => entry.line);
    if (kept.length === 0) return emptyResult('UNIQUE');
    return arrayOf(byCol ? (kept[0] ?? []).map((_, r) => kept.map((line) => line[r])) : kept);
  }

  /** Rows of the first array by columns of the second (MMULT's result). */
  mmultSize(ast: Call, state: State): ArraySize {
    const [left, right] = ast.args;
    if (ast.args.length !== 2 || isOmitted(left) || isOmitted(right)) return ArraySize.scalar();
    const rows = this.arraySizeForAst(left as never, { ...state, arraysFlag: true } as never);
    const cols = this.arraySizeForAst(right as never, { ...state, arraysFlag: true } as never);
    return new ArraySize(cols.width, rows.height);
  }

  /**
   * The matrix product: the first error of either array (the first array's first) is the
   * answer; anything but numbers (dates and times are numbers) or unmatched sizes are #VALUE!;
   * a product past the largest number #NUM!.
   */
  mmult(ast: Call, state: State): Value {
    if (ast.args.length !== 2) return wrongCount('MMULT');
    const grids: number[][][] = [];
    let text = false;
    for (const node of ast.args) {
      const value = this.value(node, state);
      if (value instanceof CellError) return value;
      const grid: number[][] = [];
      for (const row of gridOf(value)) {
        const numbers: number[] = [];
        for (const cell of row) {
          if (cell instanceof CellError) return cell;
          const number = typeof cell === 'boolean' ? undefined : plainNumber(cell);
          if (number === undefined) text = true;
          numbers.push(number ?? Number.NaN);
        }
        grid.push(numbers);
      }
      grids.push(grid);
    }
    if (text) return valueError('MMULT: the arrays must hold only numbers');
    const [left, right] = grids as [number[][], number[][]];
    const inner = left[0]?.length ?? 0;
    if (inner !== right.length) return valueError('MMULT: columns of array1 ≠ rows of array2');
    const width = right[0]?.length ?? 0;
    const result: Value[][] = [];
    for (const row of left) {
      const line: Value[] = [];
      for (let c = 0; c < width; c += 1) {
        let sum = 0;
        for (let k = 0; k < inner; k += 1) sum += row[k]! * right[k]![c]!;
        if (!Number.isFinite(sum))
          return new CellError(ErrorType.NUM, 'MMULT: past the largest number');
        line.push(sum);
      }
      result.push(line);
    }
    return arrayOf(result);
  }

  /**
   * The array a formula spills from the cell given (`A1#`): #REF! where that cell anchors no
   * spilling array (a plain value, a single-valued formula, a cell inside another's spill, a
   * blocked spill).
   */
  anchorarray(ast: Call, state: State): Value {
    if (ast.args.length !== 1) return wrongCount('ANCHORARRAY');
    const address = this.addressOf(ast.args[0]!, state);
    if (address instanceof CellError) return address;
    const vertex = this.graph().getCell(address) as Partial<ArrayVertex> | undefined;
    // A formula whose array was sized at run time shows its first value and holds the rest.
    const behind = vertex === undefined ? undefined : arrayBehind(vertex);
    if (behind !== undefined) return arrayOf((behind.data as Value[][]).map((row) => [...row]));
    if (
      vertex === undefined ||
      typeof vertex.isLeftCorner !== 'function' ||
      vertex.array === undefined ||
      !vertex.isLeftCorner(address)
    )
      return refError('ANCHORARRAY: the cell holds no spilling formula');
    if (vertex.isComputed?.() === false) return refError('ANCHORARRAY: not computed yet');
    const result = vertex.array.simpleRangeValue();
    if (result instanceof CellError)
      return result.type === ErrorType.SPILL
        ? refError('ANCHORARRAY: the spill is blocked')
        : result;
    // A copy: HyperFormula's array arithmetic (`A1#+3`) writes its results into the rows it is
    // given, which here are the spilling formula's own (formulas/test.xlsx CORE!AC4 became 9).
    return result instanceof SimpleRangeValue
      ? arrayOf((result.data as Value[][]).map((row) => [...row]))
      : result;
  }

  /** The one cell a reference argument names: written there, or computed (OFFSET, INDIRECT). */
  private addressOf(node: Node, state: State): Address | CellError {
    if (node.type === 'CELL_REFERENCE') {
      const reference = node.reference as { toSimpleCellAddress(base: Address): Address };
      return reference.toSimpleCellAddress(state.formulaAddress);
    }
    const value = this.value(node, state);
    if (value instanceof CellError) return value;
    if (value instanceof SimpleRangeValue && !value.isAdHoc()) {
      const range = (value as unknown as { range: RangeBounds }).range;
      if (range.width() === 1 && range.height() === 1) return range.start;
    }
    return refError('ANCHORARRAY: the argument must be a reference to one cell');
  }

  /** `@`: a range's cell in the formula's row or column; an array's first value. */
  single(ast: Call, state: State): Value {
    if (ast.args.length !== 1) return wrongCount('SINGLE');
    const value = this.value(ast.args[0], state);
    if (!(value instanceof SimpleRangeValue)) return value;
    if (value.isAdHoc() || (value.width() === 1 && value.height() === 1))
      return value.data[0]?.[0] ?? EmptyValue;
    return intersect(value, state as never);
  }

  /**
   * The range without its empty outer rows and columns: trim_rows and trim_cols 0 keep them, 1
   * drop leading ones, 2 trailing ones, 3 (the default) both. A range with nothing in it is #REF!.
   */
  trimrange(ast: Call, state: State): Value {
    const args = ast.args;
    if (args.length < 1 || args.length > 3) return wrongCount('TRIMRANGE');
    const source = this.value(args[0], state);
    if (source instanceof CellError) return source;
    const modes: number[] = [];
    for (const node of [args[1], args[2]]) {
      if (isOmitted(node)) {
        modes.push(3);
        continue;
      }
      const given = this.value(node, state);
      if (given instanceof SimpleRangeValue && given.width() * given.height() > 1)
        return valueError('TRIMRANGE: trim_rows and trim_cols take one value');
      const mode = integerOf(gridOf(given)[0]![0], true);
      if (mode instanceof CellError) return mode;
      if (mode < 0 || mode > 3) return valueError('TRIMRANGE: trim_rows and trim_cols are 0 to 3');
      modes.push(mode);
    }
    const [rowMode, colMode] = modes as [number, number];
    const rows = gridOf(source);
    let top = 0;
    let bottom = rows.length - 1;
    let left = 0;
    let right = (rows[0]?.length ?? 0) - 1;
    const rowBlank = (r: number): boolean => rows[r]!.every(isBlank);
    const colBlank = (c: number): boolean => rows.every((row) => isBlank(row[c]));
    if (rows.every((row) => row.every(isBlank)))
      return refError('TRIMRANGE: the range holds nothing');
    if (rowMode === 1 || rowMode === 3) while (top < bottom && rowBlank(top)) top += 1;
    if (rowMode === 2 || rowMode === 3) while (bottom > top && rowBlank(bottom)) bottom -= 1;
    if (colMode === 1 || colMode === 3) while (left < right && colBlank(left)) left += 1;
    if (colMode === 2 || colMode === 3) while (right > left && colBlank(right)) right -= 1;
    const range =
      source instanceof SimpleRangeValue && !source.isAdHoc()
        ? (source as unknown as { range: RangeBounds }).range
        : undefined;
    // The formula's whole result shows its values (the first, where it would spill); inside
    // another function it stays a reference (SUMIF and the like read it as one).
    const whole =
      (state as { formulaVertex?: { formula?: unknown } }).formulaVertex?.formula === ast;
    if (range === undefined || whole)
      return arrayOf(rows.slice(top, bottom + 1).map((row) => row.slice(left, right + 1)));
    // Still a reference (SUM, ROWS and the like read it as one).
    const { sheet, row, col } = range.start;
    const trimmed = (range.constructor as unknown as RangeClass).fromCoordinates(
      sheet,
      col + left,
      row + top,
      col + right,
      row + bottom,
    );
    return SimpleRangeValue.onlyRange(trimmed as never, this.graph() as never);
  }
}

const FUNCTIONS: readonly PluginFunctionRow[] = [
  {
    name: 'SORT',
    method: 'sort',
    size: 'firstArgumentSize',
    category: 'Lookup and reference',
    parameters: [
      ['array', false],
      ['sort_index', true],
      ['sort_order', true],
      ['by_col', true],
    ],
    description:
      'The array with its rows (by_col TRUE: columns) sorted by the column (row) sort_index, 1 ascending or -1 descending; several indexes sort by each in turn; numbers before text, logical values and errors, empty cells last',
  },
  {
    name: 'FILTER',
    method: 'filter',
    size: 'filterSize',
    category: 'Lookup and reference',
    parameters: [
      ['array', false],
      ['include', false],
      ['if_empty', true],
    ],
    description:
      "The rows (include a column) or columns (include a row) of array whose include value is TRUE or a non-zero number; if_empty (else #VALUE!, Excel's #CALC!) when none is",
  },
  {
    name: 'UNIQUE',
    method: 'unique',
    size: 'firstArgumentSize',
    category: 'Lookup and reference',
    parameters: [
      ['array', false],
      ['by_col', true],
      ['exactly_once', true],
    ],
    description:
      'The distinct rows (by_col TRUE: columns) of array in the order first met; exactly_once TRUE keeps only those met once; text compares without regard to case',
  },
  {
    name: 'MMULT',
    method: 'mmult',
    size: 'mmultSize',
    category: 'Math and trigonometry',
    parameters: [
      ['array1', false],
      ['array2', false],
    ],
    description:
      'The matrix product of two arrays of numbers (as many columns in array1 as rows in array2): rows of array1 by columns of array2',
  },
  {
    name: 'SORTBY',
    method: 'sortby',
    size: 'firstArgumentSize',
    category: 'Lookup and reference',
    parameters: [
      ['array', false],
      ['by_array1', false],
      ['sort_order1', true],
      ['by_array2', true],
      ['sort_order2', true],
    ],
    repeatLastArgs: 2,
    description:
      'The array sorted by the values of other rows or columns of its size (each a column sorts rows, each a row columns), the first by_array first; sort_order 1 ascending (default) or -1 descending; ties keep their order',
  },
  {
    name: 'ANCHORARRAY',
    method: 'anchorarray',
    category: 'Lookup and reference',
    parameters: [['reference', false]],
    description:
      'The whole array spilled by the formula in the cell given (A1#, as Excel saves it); #REF! if that cell anchors no spill',
  },
  {
    name: 'SINGLE',
    method: 'single',
    category: 'Lookup and reference',
    parameters: [['value', false]],
    description:
      'One value (the @ operator, as Excel saves it): the cell of a range in the formula’s row or column, the first value of an array',
  },
  {
    name: 'TRIMRANGE',
    method: 'trimrange',
    category: 'Lookup and reference',
    parameters: [
      ['range', false],
      ['trim_rows', true],
      ['trim_cols', true],
    ],
    description:
      'The range without its empty outer rows and columns: 0 keeps them, 1 drops leading, 2 trailing, 3 (default) both; #REF! when the range is empty',
  },
];

/** The catalogue's entries for the plugin's functions. */
export const DYNAMIC_ARRAY_FUNCTION_INFO: ReadonlyMap<string, FunctionInfo> =
  pluginCatalogue(FUNCTIONS);

/** The plugin class (stateless, shared by every engine); its SORT replaces HyperFormula's. */
export function dynamicArrayFunctionsPlugin(): FunctionPluginDefinition {
  return definePlugin(DynamicArrayFunctions, FUNCTIONS, { defaultSize: 'scalarSize' });
}
