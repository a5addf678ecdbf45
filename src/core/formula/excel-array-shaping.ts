// TAKE, DROP, EXPAND, CHOOSECOLS, CHOOSEROWS, TOCOL, TOROW, WRAPROWS, WRAPCOLS, MUNIT, MINVERSE and
// RANDARRAY (volatile, as RAND), which HyperFormula 3.5 lacks: functions that answer an array
// cut from, or built around, their arguments (RANDARRAY: sized by them). They are a HyperFormula
// plugin with a size method (the spill area is fixed when a formula is parsed), as the
// regression functions are. The size is known when the counts are
// written as numbers (TAKE(A1:C9,2)); a count read from a cell is known only after parsing, so
// such a formula keeps one cell and shows the array's first value (as HyperFormula's SEQUENCE(A1)).
//
// Semantics are Microsoft's pages; where they are silent the values Excel cached in the
// conformance corpus (formulas/test.xlsx, ironcalc/*DROP_TAKE*, *MUNIT_MDETERM_MINVERSE*): counts
// are truncated towards zero, a blank cell counts as 0, text is read as a number (or a date), an
// empty result is #VALUE!, and an array given where one count is expected answers, cell by cell,
// the first value of the function at each count (SUM(MUNIT({1,2;3,4})) is 4).
import {
  ArraySize,
  CellError,
  EmptyValue,
  ErrorType,
  FunctionPlugin,
  SimpleRangeValue,
  type FunctionPluginDefinition,
  type ImplementedFunctions,
} from 'hyperformula';
import type { FunctionInfo } from './function-catalogue.js';
import { pluginCatalogue } from './function-catalogue.js';
import { translateFunctionNames } from './engine-internals.js';
import { MAX_FORMULA_RANGE_CELLS } from './formula-limits.js';
import { excelNumberText } from './number-text.js';
import type {
  AstCall as Call,
  AstNode as Node,
  InterpreterState as State,
} from './engine-internals.js';

type Value = unknown;
type Rows = Value[][];

/** An answer that is not an array: thrown while shaping, returned as the cell's value. */
class Refusal extends Error {
  constructor(readonly error: CellError) {
    super(error.message ?? '');
  }
}

const refuse = (type: ErrorType, message: string): never => {
  throw new Refusal(new CellError(type, message));
};

const isOmitted = (node: Node | undefined): boolean => node === undefined || node.type === 'EMPTY';

const rowsOf = (value: Value): Rows =>
  value instanceof SimpleRangeValue ? (value.rawData() as Rows) : [[value]];

const isMultiCell = (value: Value): value is SimpleRangeValue =>
  value instanceof SimpleRangeValue && (value.width() > 1 || value.height() > 1);

const firstOf = (value: Value): Value =>
  value instanceof SimpleRangeValue ? value.rawData()[0]?.[0] : value;

const transpose = (rows: Rows): Rows =>
  rows[0] === undefined ? [] : rows[0].map((_, col) => rows.map((row) => row[col]));

function answerOf(rows: Rows): Value {
  if (rows.length === 0 || rows[0]!.length === 0)
    return new CellError(ErrorType.VALUE, 'the result would be empty');
  return rows.length === 1 && rows[0]!.length === 1
    ? rows[0]![0]
    : SimpleRangeValue.onlyValues(rows as never);
}

/** The function's arguments as the shaping code reads them. */
interface Reader {
  /** A whole argument as rows (an array or range as is, one value as one cell); errors thrown. */
  readonly array: (position: number) => Rows;
  /** A count, truncated towards zero; `fallback` when omitted, 0 for a blank cell. */
  readonly count: (position: number, fallback: number) => number;
  /** A number as given (not truncated); `fallback` when omitted, 0 for a blank cell. */
  readonly number: (position: number, fallback: number) => number;
  /** A flag: omitted is `fallback`; a number is TRUE unless 0. */
  readonly flag: (position: number, fallback: boolean) => boolean;
  /** A value as given (errors included); `fallback` when omitted. */
  readonly plain: (position: number, fallback: Value) => Value;
  /** Every cell of the arguments from `position` on, as counts (CHOOSECOLS' indices). */
  readonly counts: (position: number) => number[];
}

interface Shaper {
  readonly name: string;
  readonly method: string;
  readonly category: string;
  readonly parameters: readonly (readonly [string, boolean])[];
  readonly repeatLastArgs?: number;
  /** Arguments that take an array whole; the others are single values, lifted over an array. */
  readonly arrays: readonly number[];
  readonly description: string;
  readonly shape: (args: Reader) => Rows;
  /** The result's width and height from argument sizes and the counts written as numbers. */
  /** Whether a call whose arguments are all written values is sized by computing it. */
  readonly fromLiterals?: boolean;
  /** Computed again at every change, as RAND (RANDARRAY). */
  readonly volatile?: boolean;
  readonly size: (
    sizes: readonly (ArraySize | undefined)[],
    literals: readonly (number | undefined)[],
  ) => readonly [number, number] | undefined;
}

/** Index `index` (1-based, negative from the end) of `length` items, else #VALUE!. */
function indexIn(index: number, length: number, name: string): number {
  if (index === 0 || Math.abs(index) > length)
    refuse(ErrorType.VALUE, `${name}: index ${index} is outside the array`);
  return index > 0 ? index - 1 : length + index;
}

function take(rows: Rows, count: number, columns: number): Rows {
  if (count === 0 || columns === 0) refuse(ErrorType.VALUE, 'TAKE: rows and columns may not be 0');
  const cut = <T>(items: T[], n: number): T[] => (n > 0 ? items.slice(0, n) : items.slice(n));
  return cut(rows, count).map((row) => cut(row, columns));
}

function drop(rows: Rows, count: number, columns: number): Rows {
  const cut = <T>(items: T[], n: number): T[] =>
    n >= 0 ? items.slice(n) : items.slice(0, Math.max(0, items.length + n));
  return cut(rows, count).map((row) => cut(row, columns));
}

function wrap(args: Reader, name: string): Rows {
  const vector = args.array(0);
  if (vector.length > 1 && vector[0]!.length > 1)
    refuse(ErrorType.VALUE, `${name}: the values must be one row or one column`);
  const values = vector.flat();
  const count = args.count(1, 0);
  if (count < 1) refuse(ErrorType.NUM, `${name}: wrap_count must be at least 1`);
  const pad = args.plain(2, new CellError(ErrorType.NA, 'padding'));
  const lines: Rows = [];
  for (let start = 0; start < values.length; start += count)
    lines.push(
      Array.from({ length: count }, (_, at) =>
        start + at < values.length ? values[start + at] : pad,
      ),
    );
  return name === 'WRAPROWS' ? lines : transpose(lines);
}

function flatten(args: Reader, name: string): Rows {
  const ignore = args.count(1, 0);
  if (ignore < 0 || ignore > 3) refuse(ErrorType.VALUE, `${name}: ignore must be 0, 1, 2 or 3`);
  const byColumn = args.flag(2, false);
  const rows = args.array(0);
  const values = (byColumn ? transpose(rows) : rows)
    .flat()
    .filter(
      (value) =>
        !((ignore & 1) !== 0 && (value === EmptyValue || value === null)) &&
        !((ignore & 2) !== 0 && value instanceof CellError),
    );
  return name === 'TOROW' ? [values] : values.map((value) => [value]);
}

/**
 * RANDARRAY (Microsoft's page): min above max is #VALUE!. Where the page is silent, as Excel 365
 * answers: counts are truncated, a count below 1 is an empty array (Excel's #CALC!, #VALUE! here
 * as for the other empty results), and whole numbers need whole bounds (#VALUE! otherwise).
 */
function randomArray(args: Reader): Rows {
  const rows = args.count(0, 1);
  const columns = args.count(1, 1);
  const min = args.number(2, 0);
  const max = args.number(3, 1);
  const whole = args.flag(4, false);
  if (rows < 1 || columns < 1)
    refuse(ErrorType.VALUE, 'RANDARRAY: rows and columns must be at least 1');
  if (min > max) refuse(ErrorType.VALUE, 'RANDARRAY: min must not be above max');
  if (whole && (!Number.isInteger(min) || !Number.isInteger(max)))
    refuse(ErrorType.VALUE, 'RANDARRAY: whole numbers need whole min and max');
  // As SEQUENCE (result-limits.ts): no more cells than a formula's ranges may cover.
  if (rows * columns > MAX_FORMULA_RANGE_CELLS)
    refuse(ErrorType.VALUE, `RANDARRAY: more than ${MAX_FORMULA_RANGE_CELLS} cells`);
  const draw = whole
    ? () => min + Math.floor(Math.random() * (max - min + 1))
    : () => min + Math.random() * (max - min);
  return Array.from({ length: rows }, () => Array.from({ length: columns }, draw));
}

/** Gauss–Jordan elimination with partial pivoting; a zero pivot is a singular matrix (#NUM!). */
export function inverseOf(matrix: readonly (readonly number[])[]): number[][] {
  const n = matrix.length;
  const work = matrix.map((row, r) => [
    ...row,
    ...Array.from({ length: n }, (_, c) => (c === r ? 1 : 0)),
  ]);
  const scale = Math.max(...matrix.flat().map(Math.abs));
  for (let col = 0; col < n; col += 1) {
    let pivot = col;
    for (let row = col + 1; row < n; row += 1)
      if (Math.abs(work[row]![col]!) > Math.abs(work[pivot]![col]!)) pivot = row;
    if (Math.abs(work[pivot]![col]!) <= scale * 1e-15)
      refuse(ErrorType.NUM, 'MINVERSE: the matrix is singular');
    [work[pivot], work[col]] = [work[col]!, work[pivot]!];
    const top = work[col]!;
    const lead = top[col]!;
    for (let k = 0; k < 2 * n; k += 1) top[k] = top[k]! / lead;
    for (let row = 0; row < n; row += 1) {
      if (row === col) continue;
      const current = work[row]!;
      const factor = current[col]!;
      if (factor !== 0)
        for (let k = 0; k < 2 * n; k += 1) current[k] = current[k]! - factor * top[k]!;
    }
  }
  return work.map((row) => row.slice(n));
}

function numbersOf(rows: Rows, name: string): number[][] {
  // The first error in reading order is the answer; then any cell that is not a number is #VALUE!.
  for (const value of rows.flat()) if (value instanceof CellError) throw new Refusal(value);
  return rows.map((row) =>
    row.map((value) =>
      typeof value === 'number'
        ? value
        : refuse(ErrorType.VALUE, `${name}: every cell must be a number`),
    ),
  );
}

/** A value as TEXTSPLIT reads text: numbers and booleans as Excel writes them; errors thrown. */
function textOf(value: Value): string {
  if (value instanceof CellError) throw new Refusal(value);
  if (value === undefined || value === null || value === EmptyValue) return '';
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (typeof value === 'object' && typeof (value as { val?: unknown }).val === 'number')
    return excelNumberText((value as { val: number }).val);
  return typeof value === 'number' ? excelNumberText(value) : String(value);
}

/** Pieces of `text` cut at any of `delimiters` (the earliest, then the longest, match). */
function splitAt(text: string, delimiters: readonly string[], caseless: boolean): string[] {
  if (delimiters.length === 0) return [text];
  const haystack = caseless ? text.toLowerCase() : text;
  const needles = delimiters.map((d) => (caseless ? d.toLowerCase() : d));
  const pieces: string[] = [];
  let start = 0;
  let from = 0;
  for (;;) {
    let at = -1;
    let length = 0;
    for (const needle of needles) {
      const found = haystack.indexOf(needle, from);
      if (found >= 0 && (at < 0 || found < at || (found === at && needle.length > length))) {
        at = found;
        length = needle.length;
      }
    }
    if (at < 0) break;
    pieces.push(text.slice(start, at));
    start = at + length;
    from = start;
  }
  pieces.push(text.slice(start));
  return pieces;
}

function delimitersOf(args: Reader, position: number): string[] | undefined {
  if (args.plain(position, undefined) === undefined) return undefined;
  const delimiters = args.array(position).flat().map(textOf);
  if (delimiters.some((delimiter) => delimiter === ''))
    refuse(ErrorType.VALUE, 'TEXTSPLIT: a delimiter may not be empty');
  return delimiters;
}

function textSplit(args: Reader): Rows {
  const text = textOf(args.plain(0, ''));
  const columns = delimitersOf(args, 1);
  const rows = delimitersOf(args, 2);
  if (columns === undefined && rows === undefined)
    refuse(ErrorType.VALUE, 'TEXTSPLIT: give a column or a row delimiter');
  const ignoreEmpty = args.flag(3, false);
  const caseless = args.count(4, 0) === 1;
  const keep = (pieces: string[]): string[] =>
    ignoreEmpty ? pieces.filter((piece) => piece !== '') : pieces;
  const lines = keep(splitAt(text, rows ?? [], caseless)).map((line) =>
    keep(splitAt(line, columns ?? [], caseless)),
  );
  const width = Math.max(1, ...lines.map((line) => line.length));
  const pad = args.plain(5, new CellError(ErrorType.NA, 'padding'));
  const grid = lines.map((line) =>
    Array.from({ length: width }, (_, col): Value => (col < line.length ? line[col] : pad)),
  );
  return grid.length > 0 ? grid : [['']];
}

const arraySize = (size: ArraySize | undefined): readonly [number, number] | undefined =>
  size === undefined ? undefined : [size.width, size.height];

const SHAPERS: readonly Shaper[] = [
  {
    name: 'TAKE',
    method: 'shape',
    category: 'Lookup and reference',
    parameters: [
      ['array', false],
      ['rows', false],
      ['columns', true],
    ],
    arrays: [0],
    description: 'The first rows and columns of an array (the last ones for negative counts)',
    shape: (args) => {
      const rows = args.array(0);
      return take(rows, args.count(1, rows.length), args.count(2, rows[0]?.length ?? 0));
    },
    size: ([array], [, rows, columns]) => {
      if (array === undefined || rows === undefined || columns === undefined) return undefined;
      return [Math.min(Math.abs(columns), array.width), Math.min(Math.abs(rows), array.height)];
    },
  },
  {
    name: 'DROP',
    method: 'shape',
    category: 'Lookup and reference',
    parameters: [
      ['array', false],
      ['rows', false],
      ['columns', true],
    ],
    arrays: [0],
    description: 'An array without its first rows and columns (its last ones for negative counts)',
    shape: (args) => drop(args.array(0), args.count(1, 0), args.count(2, 0)),
    size: ([array], [, rows, columns]) => {
      if (array === undefined || rows === undefined || columns === undefined) return undefined;
      return [array.width - Math.abs(columns), array.height - Math.abs(rows)];
    },
  },
  {
    name: 'EXPAND',
    method: 'shape',
    category: 'Lookup and reference',
    parameters: [
      ['array', false],
      ['rows', false],
      ['columns', true],
      ['pad_with', true],
    ],
    arrays: [0],
    description: 'An array grown to rows × columns, the new cells filled with pad_with (#N/A)',
    shape: (args) => {
      const rows = args.array(0);
      const width = rows[0]?.length ?? 0;
      const height = args.count(1, rows.length);
      const columns = args.count(2, width);
      if (height < rows.length || columns < width)
        refuse(ErrorType.VALUE, 'EXPAND: the array is larger than rows × columns');
      const pad = args.plain(3, new CellError(ErrorType.NA, 'padding'));
      return Array.from({ length: height }, (_, row) =>
        Array.from({ length: columns }, (_, col) =>
          row < rows.length && col < width ? rows[row]![col] : pad,
        ),
      );
    },
    size: ([array], [, rows, columns]) => {
      if (array === undefined || rows === undefined || columns === undefined) return undefined;
      return [columns, rows];
    },
  },
  {
    name: 'CHOOSECOLS',
    method: 'shape',
    category: 'Lookup and reference',
    parameters: [
      ['array', false],
      ['col_num1', false],
    ],
    repeatLastArgs: 1,
    arrays: [0, 1],
    description: 'The given columns of an array, in the given order (negative from the right)',
    shape: (args) => {
      const rows = args.array(0);
      const picks = args
        .counts(1)
        .map((index) => indexIn(index, rows[0]?.length ?? 0, 'CHOOSECOLS'));
      return rows.map((row) => picks.map((col) => row[col]));
    },
    size: ([array], [, ...indices]) => {
      if (array === undefined || indices.some((index) => index === undefined)) return undefined;
      return [indices.length, array.height];
    },
  },
  {
    name: 'CHOOSEROWS',
    method: 'shape',
    category: 'Lookup and reference',
    parameters: [
      ['array', false],
      ['row_num1', false],
    ],
    repeatLastArgs: 1,
    arrays: [0, 1],
    description: 'The given rows of an array, in the given order (negative from the bottom)',
    shape: (args) => {
      const rows = args.array(0);
      return args.counts(1).map((index) => rows[indexIn(index, rows.length, 'CHOOSEROWS')]!);
    },
    size: ([array], [, ...indices]) => {
      if (array === undefined || indices.some((index) => index === undefined)) return undefined;
      return [array.width, indices.length];
    },
  },
  {
    name: 'TOCOL',
    method: 'shape',
    category: 'Lookup and reference',
    parameters: [
      ['array', false],
      ['ignore', true],
      ['scan_by_column', true],
    ],
    arrays: [0],
    description:
      'The values of an array in one column, row by row (column by column); ignore 1 skips blanks, 2 errors, 3 both',
    shape: (args) => flatten(args, 'TOCOL'),
    size: ([array], [, ignore]) =>
      array === undefined || ignore !== 0 ? undefined : [1, array.width * array.height],
  },
  {
    name: 'TOROW',
    method: 'shape',
    category: 'Lookup and reference',
    parameters: [
      ['array', false],
      ['ignore', true],
      ['scan_by_column', true],
    ],
    arrays: [0],
    description:
      'The values of an array in one row, row by row (column by column); ignore 1 skips blanks, 2 errors, 3 both',
    shape: (args) => flatten(args, 'TOROW'),
    size: ([array], [, ignore]) =>
      array === undefined || ignore !== 0 ? undefined : [array.width * array.height, 1],
  },
  {
    name: 'WRAPROWS',
    method: 'shape',
    category: 'Lookup and reference',
    parameters: [
      ['vector', false],
      ['wrap_count', false],
      ['pad_with', true],
    ],
    arrays: [0],
    description: 'A row or column of values laid out in rows of wrap_count, the last padded (#N/A)',
    shape: (args) => wrap(args, 'WRAPROWS'),
    size: ([vector], [, count]) => {
      if (vector === undefined || count === undefined || count < 1) return undefined;
      return [count, Math.ceil((vector.width * vector.height) / count)];
    },
  },
  {
    name: 'WRAPCOLS',
    method: 'shape',
    category: 'Lookup and reference',
    parameters: [
      ['vector', false],
      ['wrap_count', false],
      ['pad_with', true],
    ],
    arrays: [0],
    description:
      'A row or column of values laid out in columns of wrap_count, the last padded (#N/A)',
    shape: (args) => wrap(args, 'WRAPCOLS'),
    size: ([vector], [, count]) => {
      if (vector === undefined || count === undefined || count < 1) return undefined;
      return [Math.ceil((vector.width * vector.height) / count), count];
    },
  },
  {
    name: 'MUNIT',
    method: 'shape',
    category: 'Math and trigonometry',
    parameters: [['dimension', false]],
    arrays: [],
    description: 'The identity matrix of the given dimension',
    shape: (args) => {
      const n = args.count(0, 0);
      if (n < 1) refuse(ErrorType.VALUE, 'MUNIT: the dimension must be at least 1');
      return Array.from({ length: n }, (_, row) =>
        Array.from({ length: n }, (_, col) => (row === col ? 1 : 0)),
      );
    },
    size: (_, [n]) => (n === undefined || n < 1 ? undefined : [n, n]),
  },
  {
    name: 'RANDARRAY',
    method: 'shape',
    category: 'Math and trigonometry',
    parameters: [
      ['rows', true],
      ['columns', true],
      ['min', true],
      ['max', true],
      ['whole_number', true],
    ],
    arrays: [],
    description:
      'An array of random numbers (rows × columns, default 1 × 1) from min up to max (default 0 to 1), whole numbers (min to max inclusive) when whole_number is TRUE',
    shape: randomArray,
    // Omitted counts are 1; the size never depends on the random values, only on the counts.
    size: (sizes, [rows, columns]) => {
      const height = sizes[0] === undefined ? 1 : rows;
      const width = sizes[1] === undefined ? 1 : columns;
      if (height === undefined || width === undefined || height < 1 || width < 1) return undefined;
      return height * width > MAX_FORMULA_RANGE_CELLS ? undefined : [width, height];
    },
    volatile: true,
  },
  {
    name: 'MINVERSE',
    method: 'shape',
    category: 'Math and trigonometry',
    parameters: [['array', false]],
    arrays: [0],
    description: 'The inverse of a square matrix of numbers (#NUM! when it has none)',
    shape: (args) => {
      const rows = args.array(0);
      if (rows.length !== (rows[0]?.length ?? 0))
        refuse(ErrorType.VALUE, 'MINVERSE: the array must be square');
      return inverseOf(numbersOf(rows, 'MINVERSE'));
    },
    size: ([array]) =>
      array !== undefined && array.width === array.height ? arraySize(array) : undefined,
  },
  {
    name: 'TEXTSPLIT',
    method: 'shape',
    category: 'Text',
    parameters: [
      ['text', false],
      ['col_delimiter', false],
      ['row_delimiter', true],
      ['ignore_empty', true],
      ['match_mode', true],
      ['pad_with', true],
    ],
    arrays: [1, 2],
    description:
      'Text split into columns at col_delimiter and rows at row_delimiter (any of several), short rows padded (#N/A)',
    shape: textSplit,
    // How many pieces there are depends on the text: known at parse time only when it is written.
    size: () => undefined,
    fromLiterals: true,
  },
];

/** Whether an argument is taken whole (CHOOSECOLS' indices repeat: every one after the array). */
const takesArray = (shaper: Shaper, position: number): boolean =>
  shaper.arrays.includes(Math.min(position, shaper.parameters.length - 1));

const BY_NAME = new Map(SHAPERS.map((shaper) => [shaper.name, shaper]));

/** A count written as a number (or a negated one): the only counts known at parse time. */
function literalCount(node: Node | undefined): number | undefined {
  if (node?.type === 'NUMBER' && typeof node.value === 'number') return Math.trunc(node.value);
  if (node?.type === 'MINUS_UNARY_OP') {
    const inner = literalCount(node.value as Node);
    return inner === undefined ? undefined : -inner;
  }
  return undefined;
}

/** TRUE or FALSE as written: the named expression the engine reads them through, or TRUE(). */
function booleanLiteral(node: Node): boolean | undefined {
  const name =
    node.type === 'NAMED_EXPRESSION'
      ? String(node.expressionName)
      : node.type === 'FUNCTION_CALL' && (node.args as unknown[]).length === 0
        ? String(node.procedureName)
        : '';
  const upper = name.toUpperCase();
  return upper === 'TRUE' ? true : upper === 'FALSE' ? false : undefined;
}

class ArrayShaping extends FunctionPlugin {
  private evaluated(node: Node | undefined, state: State): Value {
    if (isOmitted(node)) return undefined;
    return this.evaluateAst(node as never, { ...state, arraysFlag: true } as never);
  }

  private countOf(value: Value): number {
    return Math.trunc(this.numberOf(value));
  }

  private numberOf(value: Value): number {
    const plain = firstOf(value);
    if (plain instanceof CellError) throw new Refusal(plain);
    if (plain === EmptyValue || plain === null || plain === undefined) return 0;
    const number = this.coerceScalarToNumberOrError(plain as never) as unknown;
    if (number instanceof CellError) throw new Refusal(number);
    // Text read as a date or a percentage is a number with a format attached: its `val`.
    const raw = typeof number === 'number' ? number : (number as { val?: unknown }).val;
    if (typeof raw !== 'number' || !Number.isFinite(raw))
      return refuse(ErrorType.VALUE, 'a count must be a number');
    return raw;
  }

  private readerOf(args: readonly Value[]): Reader {
    return {
      array: (position) => {
        const value = args[position];
        if (value instanceof CellError) throw new Refusal(value);
        return rowsOf(value).map((row) => [...row]);
      },
      count: (position, fallback) =>
        args[position] === undefined ? fallback : this.countOf(args[position]),
      number: (position, fallback) =>
        args[position] === undefined ? fallback : this.numberOf(args[position]),
      flag: (position, fallback) => {
        const value = firstOf(args[position]);
        if (value === undefined || value === EmptyValue || value === null) return fallback;
        if (value instanceof CellError) throw new Refusal(value);
        if (typeof value === 'boolean') return value;
        if (typeof value === 'number') return value !== 0;
        return refuse(ErrorType.VALUE, 'a flag must be TRUE, FALSE or a number');
      },
      plain: (position, fallback) =>
        args[position] === undefined ? fallback : firstOf(args[position]),
      counts: (position) =>
        args
          .slice(position)
          .flatMap((value) => {
            if (value === undefined) return refuse(ErrorType.VALUE, 'an index is missing');
            const rows = rowsOf(value);
            // A row or a column of indices is read in order; a grid of them is refused
            // (formulas/test.xlsx LOOKUP!AH6: CHOOSECOLS(…,D6:E7) is #VALUE!).
            if (rows.length > 1 && (rows[0]?.length ?? 0) > 1)
              return refuse(ErrorType.VALUE, 'indices must be one row or one column');
            return rows.flat();
          })
          .map((value) => this.countOf(value)),
    };
  }

  private run(shaper: Shaper, args: readonly Value[]): Value {
    try {
      return answerOf(shaper.shape(this.readerOf(args)));
    } catch (error) {
      if (error instanceof Refusal) return error.error;
      throw error;
    }
  }

  shape(ast: Call, state: State): Value {
    const name = String((ast as unknown as { procedureName: string }).procedureName).toUpperCase();
    const shaper = BY_NAME.get(name.replace(/^_XLFN\./, ''))!;
    const args = ast.args.map((node) => this.evaluated(node, state));
    const lifted = args
      .map((value, position) => (takesArray(shaper, position) ? undefined : value))
      .filter(isMultiCell);
    if (lifted.length === 0) return this.topLevel(ast, state, this.run(shaper, args));
    // One value per cell of the widest, tallest array given where a single value is expected.
    const height = Math.max(...lifted.map((value) => value.height()));
    const width = Math.max(...lifted.map((value) => value.width()));
    const cellOf = (value: Value, row: number, col: number): Value => {
      if (!(value instanceof SimpleRangeValue)) return value;
      const r = value.height() === 1 ? 0 : row;
      const c = value.width() === 1 ? 0 : col;
      return r < value.height() && c < value.width()
        ? value.rawData()[r]![c]
        : new CellError(ErrorType.NA, 'outside the array');
    };
    const rows: Rows = Array.from({ length: height }, (_, row) =>
      Array.from({ length: width }, (_, col) => {
        const cellArgs = args.map((value, position) =>
          takesArray(shaper, position) ? value : cellOf(value, row, col),
        );
        const cellArgsError = cellArgs.find(
          (value, position) => !takesArray(shaper, position) && value instanceof CellError,
        );
        return cellArgsError ?? firstOf(this.run(shaper, cellArgs));
      }),
    );
    return this.topLevel(ast, state, answerOf(rows));
  }

  /**
   * The first value of an array that has no spill area: the whole formula is this call and its
   * size was not known when it was parsed (a count read from a cell; data-sized-spills.ts then
   * enters it again at its result's size, and it spills). HyperFormula would show
   * #VALUE! there; nested in another function (SUM(TAKE(A1:C9,B1))) the whole array is passed on.
   */
  private topLevel(ast: Call, state: State, answer: Value): Value {
    const vertex = (state as unknown as { formulaVertex?: { formula?: unknown; array?: unknown } })
      .formulaVertex;
    if (!(answer instanceof SimpleRangeValue) || vertex === undefined) return answer;
    return vertex.formula === ast && vertex.array === undefined ? firstOf(answer) : answer;
  }

  /** The size of the answer itself, when every argument is a written value (TEXTSPLIT("a,b",",")). */
  private literalSize(shaper: Shaper, ast: Call): readonly [number, number] | undefined {
    if (shaper.fromLiterals !== true) return undefined;
    const values: Value[] = [];
    for (const node of ast.args) {
      if (isOmitted(node)) values.push(undefined);
      else if (node.type === 'STRING' || node.type === 'NUMBER') values.push(node.value);
      else if (booleanLiteral(node) !== undefined) values.push(booleanLiteral(node));
      else if (node.type === 'ARRAY') {
        const rows = (node.args as unknown as Node[][]).map((row) =>
          row.map((cell) =>
            cell.type === 'STRING' || cell.type === 'NUMBER' ? cell.value : undefined,
          ),
        );
        if (rows.flat().includes(undefined)) return undefined;
        values.push(SimpleRangeValue.onlyValues(rows as never));
      } else return undefined;
    }
    const answer = this.run(shaper, values);
    return answer instanceof SimpleRangeValue ? [answer.width(), answer.height()] : undefined;
  }

  shapeSize(ast: Call, state: State): ArraySize {
    const name = String((ast as unknown as { procedureName: string }).procedureName).toUpperCase();
    const shaper = BY_NAME.get(name.replace(/^_XLFN\./, ''));
    if (shaper === undefined) return ArraySize.scalar();
    const sizes = ast.args.map((node) => {
      if (isOmitted(node)) return undefined;
      const size = this.arraySizeForAst(node as never, { ...state, arraysFlag: true } as never);
      return size.isRef ? new ArraySize(size.width, size.height) : size;
    });
    const singles = sizes.filter(
      (size, position) => !takesArray(shaper, position) && size !== undefined,
    ) as ArraySize[];
    const lifted = singles.filter((size) => size.width > 1 || size.height > 1);
    if (lifted.length > 0)
      return new ArraySize(
        Math.max(...lifted.map((size) => size.width)),
        Math.max(...lifted.map((size) => size.height)),
      );
    const literals = shaper.parameters.map((_, position) => {
      const node = ast.args[position];
      return isOmitted(node) ? undefined : literalCount(node);
    });
    // Omitted counts take their defaults: the array's own size (TAKE, EXPAND) or none (DROP).
    const defaults = literals.map((literal, position) => {
      if (literal !== undefined || !isOmitted(ast.args[position])) return literal;
      if (position === 0) return undefined;
      const array = sizes[0];
      if (shaper.name === 'DROP' || shaper.name === 'TOCOL' || shaper.name === 'TOROW') return 0;
      if (array === undefined) return undefined;
      return position === 1 ? array.height : position === 2 ? array.width : 0;
    });
    const indices =
      shaper.repeatLastArgs === undefined
        ? defaults
        : [
            undefined,
            ...ast.args
              .slice(1)
              .flatMap((node) =>
                node.type === 'ARRAY'
                  ? (node.args as unknown as Node[][]).flat().map(literalCount)
                  : [isOmitted(node) ? undefined : literalCount(node)],
              ),
          ];
    const size = shaper.size(sizes, indices) ?? this.literalSize(shaper, ast);
    if (size === undefined) return ArraySize.scalar();
    const [width, height] = size;
    const config = this.config as unknown as { maxRows: number; maxColumns: number };
    if (width < 1 || height < 1 || height > config.maxRows || width > config.maxColumns)
      return ArraySize.scalar();
    return new ArraySize(width, height);
  }
}

/** The catalogue's entries for the plugin's functions (HyperFormula has no metadata for them). */
export const ARRAY_SHAPING_INFO: ReadonlyMap<string, FunctionInfo> = pluginCatalogue(SHAPERS);

/** The plugin class (stateless, shared by every engine). */
export function arrayShapingPlugin(): FunctionPluginDefinition {
  translateFunctionNames(SHAPERS.map((fn) => fn.name));
  const implemented: ImplementedFunctions = {};
  for (const fn of SHAPERS)
    implemented[fn.name] = {
      method: fn.method,
      sizeOfResultArrayMethod: 'shapeSize',
      ...(fn.volatile === true ? { isVolatile: true } : {}),
      // Arguments are evaluated here, as arrays (a range is the array it covers, not one cell).
      parameters: [],
      enableArrayArithmeticForArguments: true,
    };
  (ArrayShaping as unknown as { implementedFunctions: ImplementedFunctions }).implementedFunctions =
    implemented;
  return ArrayShaping as unknown as FunctionPluginDefinition;
}
