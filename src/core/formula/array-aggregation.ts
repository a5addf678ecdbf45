// Aggregates over an array computed in the formula (=SUM(SEQUENCE(n)), =MAX(A1:A9*2)) in one
// pass. HyperFormula's numeric aggregation (SUM, SUMSQ, MAX, MIN, MAXA, MINA, COUNT, COUNTA,
// AVERAGE, PRODUCT, VAR, STDEV … all go through its plugin's `reduce`) copied such an array into
// a list, then made three more lists of the same length (coerced, filtered, mapped) before
// folding: four allocations per element-count for every argument, which for a 200,000-value
// array was most of the formula's time. `reduce` is replaced once on the plugin's prototype by
// one that gives the same answer: cell ranges and single values go exactly as before, and an
// array is folded value by value in the same order with the same coercion, map and reduction,
// stopping at its first error as the lists' fold kept it. A SequenceArray is walked without
// ever being built (sequence-arrays.ts).
import { CellError, HyperFormula, SimpleRangeValue } from 'hyperformula';
import { SequenceArray } from './sequence-arrays.js';

interface Node {
  readonly type: string;
}
type Reducer = (left: unknown, right: unknown) => unknown;
type Mapper = (value: unknown) => unknown;
interface AggregationPlugin {
  reduce(
    args: readonly Node[],
    state: unknown,
    initial: unknown,
    functionName: string,
    reducing: Reducer,
    map: Mapper,
    coerce: Mapper,
  ): unknown;
  evaluateRange(
    ast: Node,
    state: unknown,
    initial: unknown,
    functionName: string,
    reducing: Reducer,
    map: Mapper,
    coerce: Mapper,
  ): unknown;
  evaluateAst(ast: Node, state: unknown): unknown;
  /** An instance property (set in FunctionPlugin's constructor), not on the prototype. */
  coerceScalarToNumberOrError(value: unknown): unknown;
}

const RANGE_NODES: ReadonlySet<string> = new Set(['CELL_RANGE', 'COLUMN_RANGE', 'ROW_RANGE']);

/** Folds an array's values into `acc` in row-major order; the first coerced error is the answer. */
export function foldArray(
  array: SimpleRangeValue,
  acc: unknown,
  reducing: Reducer,
  map: Mapper,
  coerce: Mapper,
): unknown {
  // Two plain loops (no per-value closure): this is the hot path of =SUM(SEQUENCE(n)).
  let result = acc;
  if (array instanceof SequenceArray && !array.isMaterialized()) {
    const count = array.rows * array.cols;
    for (let index = 0; index < count; index++) {
      const coerced = coerce(array.valueAt(index));
      if (coerced === undefined) continue;
      if (coerced instanceof CellError) return coerced;
      result = reducing(result, map(coerced));
    }
    return result;
  }
  const data = array.data;
  // Each row as wide as the first, as HyperFormula's valuesFromTopLeftCorner reads them.
  const width = data.length > 0 ? data[0]!.length : 0;
  for (const row of data) {
    for (let col = 0; col < width; col++) {
      const coerced = coerce(row[col]);
      if (coerced === undefined) continue;
      if (coerced instanceof CellError) return coerced;
      result = reducing(result, map(coerced));
    }
  }
  return result;
}

let installed = false;

export function foldArraysInOnePass(): void {
  if (installed) return;
  const plugin = HyperFormula.getFunctionPlugin('SUM') as
    { prototype?: AggregationPlugin } | undefined;
  const prototype = plugin?.prototype;
  if (
    prototype === undefined ||
    ['reduce', 'evaluateRange', 'evaluateAst'].some(
      (name) => typeof (prototype as unknown as Record<string, unknown>)[name] !== 'function',
    )
  )
    throw new Error('HyperFormula no longer has SUM where array-aggregation.ts patches it.');
  const original = prototype.reduce;
  prototype.reduce = function (
    this: AggregationPlugin,
    args,
    state,
    initial,
    name,
    reducing,
    map,
    coerce,
  ) {
    // No arguments: HyperFormula's own answer (its error).
    if (args.length < 1)
      return original.call(this, args, state, initial, name, reducing, map, coerce);
    let acc = initial;
    for (const arg of args) {
      if (acc instanceof CellError) return acc;
      acc = reduceArgument(this, arg, acc, state, initial, name, reducing, map, coerce);
    }
    return acc;
  };
  installed = true;
}

/** One argument folded into `acc`, as HyperFormula's reduce folds it. */
function reduceArgument(
  plugin: AggregationPlugin,
  arg: Node,
  acc: unknown,
  state: unknown,
  initial: unknown,
  name: string,
  reducing: Reducer,
  map: Mapper,
  coerce: Mapper,
): unknown {
  if (RANGE_NODES.has(arg.type)) {
    // A sheet range: folded (and cached per range) by HyperFormula, then joined to the rest.
    const folded = plugin.evaluateRange(arg, state, initial, name, reducing, map, coerce);
    return folded instanceof CellError ? folded : reducing(folded, acc);
  }
  const value = plugin.evaluateAst(arg, state);
  if (value instanceof SimpleRangeValue) return foldArray(value, acc, reducing, map, coerce);
  const coerced =
    arg.type === 'CELL_REFERENCE'
      ? coerce(value)
      : coerce(plugin.coerceScalarToNumberOrError(value));
  if (coerced === undefined) return acc;
  if (coerced instanceof CellError) return coerced;
  return reducing(acc, map(coerced));
}
