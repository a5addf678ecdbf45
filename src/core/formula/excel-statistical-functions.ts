// Excel statistical functions HyperFormula 3.5 lacks: RANK, RANK.EQ, RANK.AVG, FORECAST,
// FORECAST.LINEAR (AVERAGEIFS is with the other criteria functions, excel-criteria-functions.ts).
import { cellsOf, divideByZero, notAvailable, numberArg } from './excel-arguments.js';
import type { CustomFunction, FunctionArgument } from './function-registry.js';
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
      if (points.length === 0) return notAvailable(`${name}: no pair of numbers to fit`);
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

export const EXCEL_STATISTICAL_FUNCTIONS: readonly CustomFunction[] = [
  rank('RANK', false),
  rank('RANK.EQ', false),
  rank('RANK.AVG', true),
  forecast('FORECAST'),
  forecast('FORECAST.LINEAR'),
];
