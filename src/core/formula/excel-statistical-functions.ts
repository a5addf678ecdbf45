// Excel statistical functions HyperFormula 3.5 lacks: RANK, RANK.EQ, RANK.AVG, FORECAST,
// FORECAST.LINEAR (AVERAGEIFS is with the other criteria functions, excel-criteria-functions.ts);
// CHISQ.TEST and CHITEST in place of HyperFormula's, which wanted both arrays of one shape and
// answered #DIV/0! for fewer than two pairs of numbers.
import {
  cellsOf,
  divideByZero,
  firstErrorPastNull,
  gridOf,
  notAvailable,
  numError,
  numberArg,
} from './excel-arguments.js';
import type { CustomFunction, FunctionArgument } from './function-registry.js';
import { incompleteGamma } from './precise-built-ins.js';
import { isFormulaError } from './sentinels.js';

/** The numbers among the cells (text, booleans and empty cells ignored); an error cell is thrown. */
function numbersOf(arg: FunctionArgument): number[] {
  const numbers: number[] = [];
  for (const value of cellsOf(arg)) {
    if (isFormulaError(value)) throw value;
    if (typeof value === 'number') numbers.push(value);
  }
  return numbers;
}

function rank(name: string, average: boolean): CustomFunction {
  return {
    name,
    minArgs: 2,
    maxArgs: 3,
    description: `${name}(number, ref, [order=0]): rank of number among the numbers in ref (order 0 largest first, else smallest first)${average ? '; ties share their average rank' : '; ties share the top rank'}`,
    evaluate: (args) => {
      const number = numberArg(name, args, 0);
      const numbers = numbersOf(args[1]!);
      const ascending = numberArg(name, args, 2, 0) !== 0;
      let ahead = 0;
      let tied = 0;
      for (const value of numbers) {
        if (value === number) tied += 1;
        else if (ascending ? value < number : value > number) ahead += 1;
      }
      if (tied === 0) return notAvailable(`${name}: ${number} is not among the numbers of ref`);
      return average ? ahead + (tied + 1) / 2 : ahead + 1;
    },
  };
}

function forecast(name: string): CustomFunction {
  return {
    name,
    minArgs: 3,
    maxArgs: 3,
    description: `${name}(x, known_ys, known_xs): the y a least-squares line through the known points gives at x`,
    evaluate: (args) => {
      const x = numberArg(name, args, 0);
      const ys = cellsOf(args[1]!);
      const xs = cellsOf(args[2]!);
      if (ys.length !== xs.length)
        return notAvailable(`${name}: known_ys and known_xs hold different numbers of values`);
      const points: [number, number][] = [];
      ys.forEach((y, index) => {
        const known = xs[index]!;
        if (isFormulaError(y)) throw y;
        if (isFormulaError(known)) throw known;
        // A pair counts only when both are numbers (text, booleans and empty cells are skipped).
        if (typeof y === 'number' && typeof known === 'number') points.push([known, y]);
      });
      // No pair leaves nothing to vary: #DIV/0! (formulas/test.xlsx STATISTICAL Y42).
      if (points.length === 0) return divideByZero(`${name}: no pair of numbers to fit`);
      const meanX = points.reduce((sum, [px]) => sum + px, 0) / points.length;
      const meanY = points.reduce((sum, [, py]) => sum + py, 0) / points.length;
      let sxx = 0;
      let sxy = 0;
      for (const [px, py] of points) {
        sxx += (px - meanX) ** 2;
        sxy += (px - meanX) * (py - meanY);
      }
      if (sxx === 0) return divideByZero(`${name}: the known_xs do not vary`);
      return meanY + (sxy / sxx) * (x - meanX);
    },
  };
}

/**
 * Pearson's χ² statistic of the pairs of numbers in reading order (a pair with anything else is
 * left out), or #DIV/0! for an expected 0 or no pair at all.
 */
function chiSquare(name: string, observed: readonly unknown[], expected: readonly unknown[]) {
  let sum = 0;
  let pairs = 0;
  observed.forEach((actual, index) => {
    const wanted = expected[index];
    if (typeof actual !== 'number' || typeof wanted !== 'number') return;
    if (wanted === 0) throw divideByZero(`${name}: an expected value is 0`);
    sum += (actual - wanted) ** 2 / wanted;
    pairs += 1;
  });
  if (pairs === 0) throw divideByZero(`${name}: no pair of numbers`);
  return sum;
}

/**
 * CHISQ.TEST's right-tail probability, as Excel's cached results show it (formulas/test.xlsx
 * STATISTICAL row 17): the arrays need as many cells, not the same shape (R17 pairs a 2×2 range
 * with a 4×1 one in reading order); the degrees of freedom come from actual_range's shape,
 * (rows − 1)(columns − 1), or cells − 1 for one row or column (T17: one pair left of a 1×2 range
 * has 1), so one cell is #N/A (U17); errors of actual_range come before expected_range's (Y17).
 */
function chisqTest(name: string): CustomFunction {
  return {
    name,
    minArgs: 2,
    maxArgs: 2,
    category: 'Statistical',
    parameters: ['actual_range', 'expected_range'],
    description: `${name}(actual_range, expected_range): the probability of the observed values under the expected ones by Pearson's chi-squared test`,
    evaluate: (args) => {
      const observed = cellsOf(args[0]!);
      const expected = cellsOf(args[1]!);
      if (observed.length !== expected.length)
        return notAvailable(`${name}: the ranges hold different numbers of values`);
      const error = firstErrorPastNull([...observed, ...expected]);
      if (error !== undefined) return error;
      const { height, width } = gridOf(args[0]!);
      const freedom = height > 1 && width > 1 ? (height - 1) * (width - 1) : height * width - 1;
      if (freedom < 1) return notAvailable(`${name}: one value leaves no degree of freedom`);
      const statistic = chiSquare(name, observed, expected);
      if (!(statistic >= 0)) return numError(`${name}: the statistic is negative`);
      return incompleteGamma(freedom / 2, statistic / 2).upper;
    },
  };
}

export const EXCEL_STATISTICAL_FUNCTIONS: readonly CustomFunction[] = [
  chisqTest('CHISQ.TEST'),
  chisqTest('CHITEST'),
  rank('RANK', false),
  rank('RANK.EQ', false),
  rank('RANK.AVG', true),
  forecast('FORECAST'),
  forecast('FORECAST.LINEAR'),
];
