// AGGREGATE, which HyperFormula 3.5 lacks (Microsoft's AGGREGATE page): one of 19 functions over
// references or an array, leaving out what `options` names.
// - function_num (truncated) 1–13 take references (reference form): AVERAGE, COUNT, COUNTA, MAX,
//   MIN, PRODUCT, STDEV.S, STDEV.P, SUM, VAR.S, VAR.P (as SUBTOTAL computes them, subtotal.ts),
//   MEDIAN and MODE.SNGL. An argument computed as an array (`A1:A3*2`) is #VALUE!; a value typed
//   directly counts as a number, as SUM's does.
// - 14–19 take an array and k (array form): LARGE, SMALL, PERCENTILE.INC, QUARTILE.INC,
//   PERCENTILE.EXC, QUARTILE.EXC. The array may be computed (`AGGREGATE(14,6,A1:A9/(B1:B9="x"),1)`);
//   without k the call is #VALUE!; an array of k answers an array.
// - options (truncated, 0 when left out) 0–7: 0–3 leave out cells whose formula calls SUBTOTAL or
//   AGGREGATE; 1, 3, 5 and 7 rows that are hidden, by hand or by a filter; 2, 3, 6 and 7 error
//   values. Anything else is #VALUE!. Only cells of a reference are left out for being hidden or
//   nested; a computed array's errors are still left out ("AGGREGATE(14,3,A1:A100*(A1:A100>0),1)
//   does not ignore hidden rows").
// - COUNT never counts an error and COUNTA counts it unless errors are left out; every other
//   function answers the first error it meets unless errors are left out.
// Hidden rows come from the workbook as for SUBTOTAL (setRowsHidden): a change of them recomputes
// every cell calling AGGREGATE as it does SUBTOTAL's (subtotalCells). Text and TRUE/FALSE in a
// reference or an array are skipped by every function but COUNTA.
import {
  ArraySize,
  CellError,
  ErrorType,
  FunctionPlugin,
  SimpleRangeValue,
  type FunctionPluginDefinition,
} from 'hyperformula';
import { readsCells, medianOf } from './aggregate-corrections.js';
import { definePlugin } from './engine-internals.js';
import type { AstCall as Call } from './engine-internals.js';
import { modes } from './excel-statistical-arrays.js';
import type { FunctionInfo } from './function-catalogue.js';
import { pluginCatalogue, type PluginFunctionRow } from './function-catalogue.js';
import {
  countedValues,
  plain,
  subtotalOf,
  type Counted,
  type Node,
  type State,
  type SubtotallingPlugin,
} from './subtotal.js';

const valueError = (message: string): CellError =>
  new CellError(ErrorType.VALUE, `AGGREGATE: ${message}`);
const numError = (message: string): CellError =>
  new CellError(ErrorType.NUM, `AGGREGATE: ${message}`);

/** What options 0–7 leave out. */
export interface AggregateOptions {
  readonly hidden: boolean;
  readonly errors: boolean;
  readonly nested: boolean;
}

/** The options' meaning (Microsoft's table), or undefined outside 0–7. */
export function aggregateOptions(option: number): AggregateOptions | undefined {
  const whole = Math.trunc(option);
  if (whole < 0 || whole > 7) return undefined;
  return { hidden: whole % 2 === 1, errors: (whole & 2) !== 0, nested: whole < 4 };
}

/** The k-th of the sorted numbers (1-based), #NUM! past either end. */
function ordered(numbers: readonly number[], k: number, fromTop: boolean): number | CellError {
  const rank = Math.trunc(k);
  if (rank < 1 || rank > numbers.length)
    return numError('k must be from 1 to the count of numbers');
  const sorted = [...numbers].sort((a, b) => (fromTop ? b - a : a - b));
  return sorted[rank - 1]!;
}

/** The value at `position` (0-based, fractional between two) of the sorted numbers. */
function interpolated(sorted: readonly number[], position: number): number {
  const lower = Math.floor(position);
  const fraction = position - lower;
  const below = sorted[lower]!;
  return fraction === 0 ? below : below + fraction * (sorted[lower + 1]! - below);
}

/** PERCENTILE.INC: k from 0 to 1, between the sorted numbers' positions k·(n−1). */
export function percentileInc(numbers: readonly number[], k: number): number | CellError {
  if (numbers.length === 0) return numError('no numbers');
  if (!(k >= 0 && k <= 1)) return numError('k must be from 0 to 1');
  const sorted = [...numbers].sort((a, b) => a - b);
  return interpolated(sorted, k * (sorted.length - 1));
}

/** PERCENTILE.EXC: the position k·(n+1) (1-based) must fall from the first number to the last. */
export function percentileExc(numbers: readonly number[], k: number): number | CellError {
  if (numbers.length === 0) return numError('no numbers');
  const position = k * (numbers.length + 1);
  if (!(k > 0 && k < 1) || position < 1 || position > numbers.length)
    return numError('k is outside the range the numbers allow');
  const sorted = [...numbers].sort((a, b) => a - b);
  return interpolated(sorted, position - 1);
}

/** AGGREGATE's function 12–19 over the numbers (k for 14–19). */
function statisticOf(kind: number, numbers: readonly number[], k: number): number | CellError {
  switch (kind) {
    case 12:
      return numbers.length === 0 ? numError('no numbers') : medianOf(numbers);
    case 13: {
      const [mode] = modes(numbers);
      return mode ?? new CellError(ErrorType.NA, 'AGGREGATE: no number appears more than once');
    }
    case 14:
      return ordered(numbers, k, true);
    case 15:
      return ordered(numbers, k, false);
    case 16:
      return percentileInc(numbers, k);
    case 17:
      // quart is checked below 0 before it is truncated, as QUARTILE.INC does (percentile-corrections.ts).
      return k < 0 || Math.trunc(k) > 4
        ? numError('quart must be from 0 to 4')
        : percentileInc(numbers, Math.trunc(k) / 4);
    case 18:
      return percentileExc(numbers, k);
    default:
      return Math.trunc(k) < 1 || Math.trunc(k) > 3
        ? numError('quart must be from 1 to 3')
        : percentileExc(numbers, Math.trunc(k) / 4);
  }
}

/** AGGREGATE of function `kind` (1–19) over the values counted (errors still among them). */
export function aggregateOf(
  kind: number,
  values: readonly Counted[],
  options: AggregateOptions,
  k = 0,
): number | CellError {
  const kept = options.errors ? values.filter((value) => !(value instanceof CellError)) : values;
  if (kind <= 11) return subtotalOf(kind, kept);
  const error = kept.find((value) => value instanceof CellError);
  if (error !== undefined) return error as CellError;
  const numbers = kept.filter((value): value is number => typeof value === 'number');
  return statisticOf(kind, numbers, k);
}

/** A whole number argument (function_num, options): its error, or #VALUE! for text or an array. */
function wholeArgument(
  plugin: SubtotallingPlugin,
  node: Node | undefined,
  state: State,
): number | CellError {
  if (node === undefined || node.type === 'EMPTY') return 0;
  const given = plugin.evaluateAst(node, state);
  if (given instanceof CellError) return given;
  if (given instanceof SimpleRangeValue) return valueError('function_num and options are numbers');
  const number = plugin.arithmeticHelper.coerceScalarToNumberOrError(plain(given) ?? 0);
  return typeof number === 'number' ? Math.trunc(number) : (number as CellError);
}

class Aggregate extends FunctionPlugin {
  private plugin(): SubtotallingPlugin {
    return this as unknown as SubtotallingPlugin;
  }

  /** An argument as arrays evaluate (`A1:A3*2` is three values). */
  private argument(node: Node, state: State): unknown {
    return this.plugin().evaluateAst(node, { ...state, arraysFlag: true } as State);
  }

  /**
   * The values of one argument: a reference's cells less those left out, a computed array's
   * values (or #VALUE! where references are wanted), a typed value coerced to a number.
   */
  private valuesOf(
    node: Node,
    state: State,
    options: AggregateOptions,
    arraysAllowed: boolean,
    into: Counted[],
  ): CellError | undefined {
    const value = this.argument(node, state);
    if (value instanceof SimpleRangeValue && value.isAdHoc()) {
      if (!arraysAllowed) return valueError('functions 1–13 take references, not arrays');
      countedValues(this.plugin(), node, value, state, NOTHING_LEFT_OUT, into);
      return undefined;
    }
    // A value typed as the argument (5, "5", TRUE), not read from a cell or a function's answer.
    const typed = !readsCells(node) && node.type !== 'FUNCTION_CALL';
    if (!(value instanceof SimpleRangeValue) && typed) {
      const given = plain(value);
      if (given === undefined) return undefined;
      const number = this.plugin().arithmeticHelper.coerceScalarToNumberOrError(given);
      into.push(number as Counted);
      return undefined;
    }
    const leftOut = { filtered: options.hidden, byHand: options.hidden, nested: options.nested };
    countedValues(this.plugin(), node, value, state, leftOut, into);
    return undefined;
  }

  aggregate(ast: Call, state: State): unknown {
    const args = ast.args as readonly Node[];
    if (args.length < 3)
      return new CellError(ErrorType.NA, 'AGGREGATE takes function_num, options and a reference');
    const kind = wholeArgument(this.plugin(), args[0], state);
    if (kind instanceof CellError) return kind;
    if (kind < 1 || kind > 19) return valueError('function_num must be from 1 to 19');
    const option = wholeArgument(this.plugin(), args[1], state);
    if (option instanceof CellError) return option;
    const options = aggregateOptions(option);
    if (options === undefined) return valueError('options must be from 0 to 7');
    const values: Counted[] = [];
    if (kind <= 13) {
      for (const node of args.slice(2)) {
        const refused = this.valuesOf(node, state, options, false, values);
        if (refused !== undefined) return refused;
      }
      return aggregateOf(kind, values, options);
    }
    if (args.length !== 4) return valueError(`function ${kind} takes an array and k`);
    this.valuesOf(args[2]!, state, options, true, values);
    const k = this.argument(args[3]!, state);
    const kOf = (given: unknown): number | CellError => {
      if (given instanceof CellError) return given;
      const number = this.plugin().arithmeticHelper.coerceScalarToNumberOrError(plain(given) ?? 0);
      return typeof number === 'number'
        ? aggregateOf(kind, values, options, number)
        : (number as CellError);
    };
    if (!(k instanceof SimpleRangeValue)) return kOf(k);
    const rows = k.data.map((cells) => cells.map(kOf));
    return rows.length === 1 && rows[0]!.length === 1
      ? rows[0]![0]
      : SimpleRangeValue.onlyValues(rows as never);
  }

  scalarSize(): ArraySize {
    return ArraySize.scalar();
  }
}

const NOTHING_LEFT_OUT = { filtered: false, byHand: false, nested: false };

const FUNCTIONS: readonly PluginFunctionRow[] = [
  {
    name: 'AGGREGATE',
    method: 'aggregate',
    size: 'scalarSize',
    parameters: [
      ['function_num', false],
      ['options', false],
      ['ref1', false],
      ['ref2', true],
    ],
    repeatLastArgs: 1,
    description:
      'One of 19 functions (1 AVERAGE … 9 SUM … 14 LARGE, 15 SMALL, 16–19 percentiles and quartiles with k) over references or an array, leaving out nested SUBTOTAL/AGGREGATE cells, hidden rows or error values as options 0–7 say',
  },
];

/** The catalogue's entry for AGGREGATE (HyperFormula has no metadata for it). */
export const AGGREGATE_INFO: ReadonlyMap<string, FunctionInfo> = pluginCatalogue(
  FUNCTIONS,
  'Math and trigonometry',
);

/** The plugin class (stateless, shared by every engine). */
export function aggregatePlugin(): FunctionPluginDefinition {
  return definePlugin(Aggregate, FUNCTIONS);
}
