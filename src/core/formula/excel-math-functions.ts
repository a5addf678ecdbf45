// Excel math, statistical and engineering functions HyperFormula 3.5 lacks: ERF.PRECISE,
// ERFC.PRECISE, GESTEP, PERMUT, PERMUTATIONA, TRIMMEAN, PROB, INTERCEPT, MODE,
// MODE.SNGL, KURT, PERCENTRANK, PERCENTRANK.INC, PERCENTRANK.EXC, MDETERM, PERCENTOF and
// ECMA.CEILING, with the semantics
// and errors of Microsoft's documentation (BINOM.DIST.RANGE is in precise-built-ins.ts).
import {
  strictNumberArg,
  cellsOf,
  divideByZero,
  firstErrorPastNull,
  gridOf,
  integerArg,
  notAvailable,
  numberArg,
  valueError,
  numError,
} from './excel-arguments.js';
import {
  isRangeArgument,
  type CustomFunction,
  type FunctionArgument,
} from './function-registry.js';
import { isFormulaError, type CellValue } from './sentinels.js';

/** The numbers of range arguments (text, booleans and empty cells skipped); an error cell is thrown. */
function numbersIn(args: readonly FunctionArgument[]): number[] {
  const numbers: number[] = [];
  for (const arg of args) {
    for (const value of cellsOf(arg)) {
      if (isFormulaError(value)) throw value;
      if (typeof value === 'number') numbers.push(value);
    }
  }
  return numbers;
}

/** The error function: its power series near 0, the continued fraction of erfc further out. */
export function erf(x: number): number {
  if (x < 0) return -erf(-x);
  if (x === 0) return 0;
  if (x < 2.5) {
    let term = x;
    let sum = x;
    for (let n = 1; n < 200; n += 1) {
      term *= (-x * x) / n;
      const next = term / (2 * n + 1);
      sum += next;
      if (Math.abs(next) < 1e-17 * Math.abs(sum)) break;
    }
    return (2 / Math.sqrt(Math.PI)) * sum;
  }
  return 1 - erfcLarge(x);
}

/** erfc(x) for x ≥ 2.5, by the continued fraction (modified Lentz). */
function erfcLarge(x: number): number {
  // erfc(x) = exp(-x²)/√π · 1/(x + (1/2)/(x + 1/(x + (3/2)/(x + 2/(x + …)))))
  const tiny = 1e-300;
  let f = x;
  let c = x;
  let d = 0;
  for (let n = 1; n < 500; n += 1) {
    const a = n / 2;
    d = x + a * d;
    d = Math.abs(d) < tiny ? tiny : d;
    c = x + a / c;
    c = Math.abs(c) < tiny ? tiny : c;
    d = 1 / d;
    const delta = c * d;
    f *= delta;
    if (Math.abs(delta - 1) < 1e-16) break;
  }
  return Math.exp(-x * x) / Math.sqrt(Math.PI) / f;
}

export function erfc(x: number): number {
  return x >= 2.5 ? erfcLarge(x) : 1 - erf(x);
}

const erfPrecise: CustomFunction = {
  name: 'ERF.PRECISE',
  minArgs: 1,
  maxArgs: 1,
  description: 'ERF.PRECISE(x): the error function integrated from 0 to x',
  evaluate: (args) => erf(strictNumberArg('ERF.PRECISE', args, 0)),
};

const erfcPrecise: CustomFunction = {
  name: 'ERFC.PRECISE',
  minArgs: 1,
  maxArgs: 1,
  description: 'ERFC.PRECISE(x): the complementary error function integrated from x to infinity',
  evaluate: (args) => erfc(strictNumberArg('ERFC.PRECISE', args, 0)),
};

const gestep: CustomFunction = {
  name: 'GESTEP',
  minArgs: 1,
  maxArgs: 2,
  description: 'GESTEP(number, [step=0]): 1 when number ≥ step, else 0',
  evaluate: (args) =>
    strictNumberArg('GESTEP', args, 0) >= strictNumberArg('GESTEP', args, 1, 0) ? 1 : 0,
};

/**
 * ECMA.CEILING: ECMA-376's CEILING (Part 1, 18.17.7.32), as Excel 2007 answered it: number
 * rounded away from zero to a multiple of significance, #NUM! when their signs differ ([MS-OI29500]
 * 2.1.895: "Office returns #NUM! if x and significance have different signs"), 0 for a
 * significance of 0 as CEILING answers.
 */
const ecmaCeiling: CustomFunction = {
  name: 'ECMA.CEILING',
  minArgs: 2,
  maxArgs: 2,
  parameters: ['number', 'significance'],
  category: 'Math and trigonometry',
  description:
    'ECMA.CEILING(number, significance): number rounded away from zero to a multiple of significance; #NUM! when their signs differ',
  evaluate: (args) => {
    const value = numberArg('ECMA.CEILING', args, 0);
    const significance = numberArg('ECMA.CEILING', args, 1);
    if (value === 0 || significance === 0) return 0;
    if (value > 0 !== significance > 0)
      return numError('ECMA.CEILING: number and significance must have the same sign');
    return Math.ceil(value / significance) * significance;
  },
};

const permut: CustomFunction = {
  name: 'PERMUT',
  minArgs: 2,
  maxArgs: 2,
  description:
    'PERMUT(number, number_chosen): ordered ways to choose number_chosen of number objects',
  evaluate: (args) => {
    const n = integerArg('PERMUT', args, 0);
    const k = integerArg('PERMUT', args, 1);
    if (n < 0 || k < 0 || n < k)
      return numError('PERMUT: needs 0 ≤ number_chosen ≤ number (both truncated)');
    let result = 1;
    for (let factor = n - k + 1; factor <= n; factor += 1) result *= factor;
    return result;
  },
};

const permutationa: CustomFunction = {
  name: 'PERMUTATIONA',
  minArgs: 2,
  maxArgs: 2,
  description:
    'PERMUTATIONA(number, number_chosen): ways to choose number_chosen of number objects, repetitions allowed (number ^ number_chosen)',
  evaluate: (args) => {
    const n = integerArg('PERMUTATIONA', args, 0);
    const k = integerArg('PERMUTATIONA', args, 1);
    if (n < 0 || k < 0) return numError('PERMUTATIONA: number and number_chosen must be ≥ 0');
    return n ** k;
  },
};

const trimmean: CustomFunction = {
  name: 'TRIMMEAN',
  minArgs: 2,
  maxArgs: 2,
  description:
    'TRIMMEAN(array, percent): the mean without the given fraction of the data, taken equally from the top and the bottom',
  evaluate: (args) => {
    const numbers = numbersIn([args[0]!]).sort((a, b) => a - b);
    const percent = numberArg('TRIMMEAN', args, 1);
    if (percent < 0 || percent >= 1) return numError('TRIMMEAN: percent must be in [0, 1)');
    if (numbers.length === 0) return numError('TRIMMEAN: no numbers');
    // The number left out is rounded down to an even count, half from each end.
    const each = Math.floor((numbers.length * percent) / 2);
    const kept = numbers.slice(each, numbers.length - each);
    return kept.reduce((sum, value) => sum + value, 0) / kept.length;
  },
};

const prob: CustomFunction = {
  name: 'PROB',
  minArgs: 3,
  maxArgs: 4,
  description:
    'PROB(x_range, prob_range, lower_limit, [upper_limit]): the probability that a value lies between the limits (equals lower_limit without an upper one)',
  evaluate: (args) => {
    const xs = cellsOf(args[0]!);
    const probabilities = cellsOf(args[1]!);
    if (xs.length !== probabilities.length)
      return notAvailable('PROB: x_range and prob_range hold different numbers of values');
    const lower = numberArg('PROB', args, 2);
    const upper = args[3] === undefined ? lower : numberArg('PROB', args, 3);
    let total = 0;
    let inside = 0;
    xs.forEach((x, index) => {
      const p = probabilities[index]!;
      if (isFormulaError(x)) throw x;
      if (isFormulaError(p)) throw p;
      if (typeof p !== 'number' || typeof x !== 'number') return;
      if (p < 0 || p > 1) throw numError('PROB: every probability must be between 0 and 1');
      total += p;
      if (x >= lower && x <= upper) inside += p;
    });
    if (Math.abs(total - 1) > 1e-9) return numError('PROB: the probabilities do not add up to 1');
    return inside;
  },
};

/** Pairs of numbers from two same-sized ranges (pairs with anything else skipped). */
function numberPairs(name: string, ys: FunctionArgument, xs: FunctionArgument): [number, number][] {
  const yCells = cellsOf(ys);
  const xCells = cellsOf(xs);
  if (yCells.length !== xCells.length)
    throw notAvailable(`${name}: known_ys and known_xs hold different numbers of values`);
  // The first error of known_ys, then of known_xs (formulas/test.xlsx STATISTICAL AD55).
  const error = firstErrorPastNull([...yCells, ...xCells]);
  if (error !== undefined) throw error;
  const pairs: [number, number][] = [];
  yCells.forEach((y, index) => {
    const x = xCells[index]!;
    if (typeof y === 'number' && typeof x === 'number') pairs.push([x, y]);
  });
  return pairs;
}

const intercept: CustomFunction = {
  name: 'INTERCEPT',
  minArgs: 2,
  maxArgs: 2,
  description:
    'INTERCEPT(known_ys, known_xs): where the least-squares line through the points crosses the y-axis',
  evaluate: (args) => {
    const pairs = numberPairs('INTERCEPT', args[0]!, args[1]!);
    // No pair leaves nothing to vary: #DIV/0! (formulas/test.xlsx STATISTICAL U55).
    if (pairs.length === 0) return divideByZero('INTERCEPT: no pair of numbers');
    const meanX = pairs.reduce((sum, [x]) => sum + x, 0) / pairs.length;
    const meanY = pairs.reduce((sum, [, y]) => sum + y, 0) / pairs.length;
    let sxx = 0;
    let sxy = 0;
    for (const [x, y] of pairs) {
      sxx += (x - meanX) ** 2;
      sxy += (x - meanX) * (y - meanY);
    }
    if (sxx === 0) return divideByZero('INTERCEPT: the known_xs do not vary');
    return meanY - (sxy / sxx) * meanX;
  },
};

function mode(name: string): CustomFunction {
  return {
    name,
    minArgs: 1,
    maxArgs: Infinity,
    description: `${name}(number1, …): the most frequent number (the first met on a tie); #N/A when none repeats`,
    evaluate: (args) => {
      // The old MODE reads each argument as an array: a single value that is not a number, typed
      // ("1") or a cell's (an empty cell), is #VALUE! where a range's would be skipped (poi
      // FormulaEvalTestData_Copy.xlsx EverythingTests G936, H936, M936). MODE.SNGL skips it
      // (formulas test.xlsx STATISTICAL!S71, T71, X71: MODE.SNGL(…,"") is the mode of the rest).
      if (name === 'MODE' && args.some((arg) => !isRangeArgument(arg) && typeof arg !== 'number'))
        throw valueError(`${name}: a single argument that is not a number`);
      const numbers = numbersIn(args);
      const counts = new Map<number, number>();
      for (const value of numbers) counts.set(value, (counts.get(value) ?? 0) + 1);
      let top = 0;
      for (const count of counts.values()) top = Math.max(top, count);
      if (top < 2) return notAvailable(`${name}: no number appears more than once`);
      // On a tie, the one that appears first in the data.
      return numbers.find((value) => counts.get(value) === top)!;
    },
  };
}

const kurt: CustomFunction = {
  name: 'KURT',
  minArgs: 1,
  maxArgs: Infinity,
  description: 'KURT(number1, …): the sample excess kurtosis (needs four numbers)',
  evaluate: (args) => {
    const numbers = numbersIn(args);
    const n = numbers.length;
    if (n < 4) return divideByZero('KURT: needs at least four numbers');
    const mean = numbers.reduce((sum, value) => sum + value, 0) / n;
    const variance = numbers.reduce((sum, value) => sum + (value - mean) ** 2, 0) / (n - 1);
    if (variance === 0) return divideByZero('KURT: the numbers do not vary');
    const s = Math.sqrt(variance);
    const fourth = numbers.reduce((sum, value) => sum + ((value - mean) / s) ** 4, 0);
    return (
      ((n * (n + 1)) / ((n - 1) * (n - 2) * (n - 3))) * fourth -
      (3 * (n - 1) ** 2) / ((n - 2) * (n - 3))
    );
  },
};

/** Rounds down (towards zero) to `digits` decimals, through the decimal text (no binary residue). */
function truncateTo(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.floor(Number((value * factor).toPrecision(15))) / factor;
}

function percentRank(name: string, exclusive: boolean): CustomFunction {
  return {
    name,
    minArgs: 2,
    maxArgs: 3,
    description: `${name}(array, x, [significance=3]): the rank of x in the data as a percentage ${exclusive ? '(exclusive of 0 and 1)' : '(0 to 1 inclusive)'}, interpolated between values, truncated to significance digits`,
    evaluate: (args) => {
      const numbers = numbersIn([args[0]!]).sort((a, b) => a - b);
      const x = numberArg(name, args, 1);
      const significance = integerArg(name, args, 2, 3);
      if (significance < 1) return numError(`${name}: significance must be at least 1`);
      const n = numbers.length;
      if (n === 0) return numError(`${name}: the array holds no numbers`);
      if (x < numbers[0]! || x > numbers[n - 1]!)
        return notAvailable(`${name}: x is outside the data`);
      // x's position among the sorted numbers: that of its first occurrence, or between the last
      // number below it and the next one (a repeated lower number counts from its last copy:
      // PERCENTRANK.INC({-4,-1,3,7.5,12,12,56}, 40) is 0.939, ironcalc
      // STATISTICAL--PERCENTIL_QUARTIL.xlsx J18).
      const below = numbers.filter((number) => number < x).length;
      let position = below;
      if (numbers[below] !== x) {
        const lower = numbers[below - 1]!;
        position = below - 1 + (x - lower) / (numbers[below]! - lower);
      }
      const rank = exclusive ? (position + 1) / (n + 1) : n === 1 ? 1 : position / (n - 1);
      return truncateTo(rank, significance);
    },
  };
}

const mdeterm: CustomFunction = {
  name: 'MDETERM',
  minArgs: 1,
  maxArgs: 1,
  description: 'MDETERM(array): the determinant of a square array of numbers',
  evaluate: (args) => {
    const { height, width, rows } = gridOf(args[0]!);
    if (height !== width || height === 0) return valueError('MDETERM: the array must be square');
    const matrix = rows.map((row) =>
      row.map((value: CellValue) => {
        if (isFormulaError(value)) throw value;
        if (typeof value !== 'number') throw valueError('MDETERM: every cell must be a number');
        return value;
      }),
    );
    // Gaussian elimination with partial pivoting.
    let determinant = 1;
    for (let col = 0; col < width; col += 1) {
      let pivot = col;
      for (let row = col + 1; row < height; row += 1)
        if (Math.abs(matrix[row]![col]!) > Math.abs(matrix[pivot]![col]!)) pivot = row;
      if (matrix[pivot]![col] === 0) return 0;
      if (pivot !== col) {
        [matrix[pivot], matrix[col]] = [matrix[col]!, matrix[pivot]!];
        determinant = -determinant;
      }
      const top = matrix[col]!;
      determinant *= top[col]!;
      for (let row = col + 1; row < height; row += 1) {
        const current = matrix[row]!;
        const factor = current[col]! / top[col]!;
        for (let k = col; k < width; k += 1) current[k] = current[k]! - factor * top[k]!;
      }
    }
    return determinant;
  },
};

/** The sum of the numbers in `arg` (text, booleans and empty cells skipped); undefined when it holds an error. */
function sumWithoutErrors(arg: FunctionArgument): number | undefined {
  let sum = 0;
  for (const value of cellsOf(arg)) {
    if (isFormulaError(value)) return undefined;
    if (typeof value === 'number') sum += value;
  }
  return sum;
}

const percentOf: CustomFunction = {
  name: 'PERCENTOF',
  minArgs: 2,
  maxArgs: 2,
  category: 'Math and trigonometry',
  parameters: ['data_subset', 'data_all'],
  description:
    'PERCENTOF(data_subset, data_all): the sum of data_subset as a fraction of the sum of data_all (text and TRUE/FALSE skipped)',
  evaluate: ([subsetArg, allArg]) => {
    const subset = sumWithoutErrors(subsetArg!);
    const all = sumWithoutErrors(allArg!);
    // An error cell in either range is #NUM!, not that error (formulas test.xlsx MATH & TRIG!W49:AF49).
    if (subset === undefined || all === undefined)
      return numError('PERCENTOF: the data holds an error value');
    if (all === 0) return divideByZero('PERCENTOF: data_all sums to 0');
    return subset / all;
  },
};

export const EXCEL_MATH_FUNCTIONS: readonly CustomFunction[] = [
  ecmaCeiling,
  erfPrecise,
  erfcPrecise,
  gestep,
  permut,
  permutationa,
  trimmean,
  prob,
  intercept,
  mode('MODE'),
  mode('MODE.SNGL'),
  kurt,
  percentRank('PERCENTRANK', false),
  percentRank('PERCENTRANK.INC', false),
  percentRank('PERCENTRANK.EXC', true),
  mdeterm,
  percentOf,
];
