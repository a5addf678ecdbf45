// FREQUENCY and MODE.MULT, which HyperFormula 3.5 lacks: statistical functions that answer a
// vertical array, so they are a HyperFormula plugin (as the regression functions are) that
// evaluates its arguments as arrays. They reserve no area: a plain formula shows the array's first
// value (implicit-intersection.ts), as Excel shows one saved without array entry, and a legacy
// array formula fills its range (legacy-array-function.ts). Semantics: Microsoft's FREQUENCY
// and MODE.MULT pages; where they are silent (blank bins, which error wins, the modes' order),
// Excel's cached results in the conformance corpus (formulas/test.xlsx, ironcalc).
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
import type { AstCall as Call, AstNode as Node } from './engine-internals.js';

type Value = unknown;
interface State {
  readonly arraysFlag: boolean;
}

/** The values of an argument, row by row (a single value is one). */
function valuesOf(value: Value): readonly Value[] {
  if (value instanceof SimpleRangeValue) return value.rawData().flat();
  return [value];
}

/**
 * The numbers of an argument in order; text, booleans and (unless `blank` is given) empty cells
 * are skipped; the first error is thrown.
 */
export function numbersOf(values: readonly Value[], blank?: number): number[] {
  const numbers: number[] = [];
  for (const value of values) {
    if (value instanceof CellError) throw value;
    if (typeof value === 'number') numbers.push(value);
    else if (blank !== undefined && (value === EmptyValue || value === null)) numbers.push(blank);
  }
  return numbers;
}

/**
 * How many of the data fall in each bin: at most the bin and above the next lower bin (bins are
 * taken in sorted order; of equal bins the first written counts), and last those above every bin.
 */
export function frequencies(data: readonly number[], bins: readonly number[]): number[] {
  const order = bins.map((_, index) => index).sort((a, b) => bins[a]! - bins[b]! || a - b);
  const counts = new Array<number>(bins.length + 1).fill(0);
  for (const value of data) {
    let low = 0;
    let high = order.length;
    // The first sorted bin at least the value.
    while (low < high) {
      const middle = (low + high) >> 1;
      if (bins[order[middle]!]! < value) low = middle + 1;
      else high = middle;
    }
    counts[low === order.length ? bins.length : order[low]!]! += 1;
  }
  return counts;
}

/** The numbers that appear most often (at least twice), in the order they first appear. */
export function modes(numbers: readonly number[]): number[] {
  const counts = new Map<number, number>();
  for (const value of numbers) counts.set(value, (counts.get(value) ?? 0) + 1);
  let top = 0;
  for (const count of counts.values()) top = Math.max(top, count);
  if (top < 2) return [];
  const seen = new Set<number>();
  const result: number[] = [];
  for (const value of numbers)
    if (counts.get(value) === top && !seen.has(value)) {
      seen.add(value);
      result.push(value);
    }
  return result;
}

const column = (values: readonly number[]): Value =>
  values.length === 1 ? values[0] : SimpleRangeValue.onlyValues(values.map((value) => [value]));

class StatisticalArrays extends FunctionPlugin {
  private argument(node: Node, state: State): Value {
    return this.evaluateAst(node as never, { ...state, arraysFlag: true } as never);
  }

  private guarded(compute: () => Value): Value {
    try {
      return compute();
    } catch (error) {
      if (error instanceof CellError) return error;
      throw error;
    }
  }

  frequency(ast: Call, state: State): Value {
    if (ast.args.length !== 2 || ast.args.some((node) => node.type === 'EMPTY'))
      return new CellError(ErrorType.NA, 'FREQUENCY takes data_array and bins_array');
    return this.guarded(() => {
      const data = numbersOf(valuesOf(this.argument(ast.args[0]!, state)));
      // A blank bin counts as 0 (Excel: FREQUENCY(A1:A5, B1) with B1 blank counts the data ≤ 0).
      const bins = numbersOf(valuesOf(this.argument(ast.args[1]!, state)), 0);
      return column(frequencies(data, bins));
    });
  }

  modeMult(ast: Call, state: State): Value {
    if (ast.args.length === 0) return new CellError(ErrorType.NA, 'MODE.MULT needs a number');
    return this.guarded(() => {
      const numbers: number[] = [];
      for (const node of ast.args) {
        if (node.type === 'EMPTY') return new CellError(ErrorType.VALUE, 'an omitted argument');
        numbers.push(...numbersOf(valuesOf(this.argument(node, state))));
      }
      const found = modes(numbers);
      if (found.length === 0)
        return new CellError(ErrorType.NA, 'MODE.MULT: no number appears more than once');
      return column(found);
    });
  }

  scalarSize(): ArraySize {
    return ArraySize.scalar();
  }
}

const FUNCTIONS: readonly PluginFunctionRow[] = [
  {
    name: 'FREQUENCY',
    method: 'frequency',
    size: 'scalarSize',
    parameters: [
      ['data_array', false],
      ['bins_array', false],
    ],
    description:
      'How many of the data fall at or below each bin and above the next lower one, then how many above every bin, in a column',
  },
  {
    name: 'MODE.MULT',
    method: 'modeMult',
    size: 'scalarSize',
    parameters: [
      ['number1', false],
      ['number2', true],
    ],
    description:
      'The most frequent numbers (each appearing as often), in a column; #N/A when none repeats',
  },
];

/** The catalogue's entries for the plugin's functions (HyperFormula has no metadata for them). */
export const STATISTICAL_ARRAY_INFO: ReadonlyMap<string, FunctionInfo> = pluginCatalogue(
  FUNCTIONS,
  'Statistical',
);

/** The plugin class (stateless, shared by every engine). */
export function statisticalArraysPlugin(): FunctionPluginDefinition {
  return definePlugin(StatisticalArrays, FUNCTIONS, { arrayArguments: true });
}
