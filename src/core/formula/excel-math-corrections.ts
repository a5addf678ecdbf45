// Math built-ins of HyperFormula that answer differently from Excel, replaced under their own
// names (docs/decisions/2026-11-26-replacing-built-in-functions.md): INT rounds down (HyperFormula
// truncated, INT(-7.9) was -7), ACOT answers in (0, π) (negative numbers gave negative angles),
// GCD and LCM follow Excel's argument rules, which differ between single values and ranges, and
// NORMSDIST takes one argument, as Excel's does (HyperFormula's alias of NORM.S.DIST wanted two).
import { numberArg, toNumber, valueError, numError, notAvailable } from './excel-arguments.js';
import { normalCdf } from './normal-distribution.js';
import {
  isRangeArgument,
  type CallSyntax,
  type CustomFunction,
  type FunctionArgument,
} from './function-registry.js';
import { isFormulaError, type CellValue } from './sentinels.js';

const int: CustomFunction = {
  name: 'INT',
  minArgs: 1,
  maxArgs: 1,
  category: 'Math and trigonometry',
  parameters: ['number'],
  description: 'INT(number): number rounded down to the nearest integer (INT(-7.9) is -8)',
  evaluate: (args) => Math.floor(numberArg('INT', args, 0)),
};

const acot: CustomFunction = {
  name: 'ACOT',
  minArgs: 1,
  maxArgs: 1,
  category: 'Math and trigonometry',
  parameters: ['number'],
  description: 'ACOT(number): the arccotangent of number, in radians between 0 and π',
  // π/2 − atan(x) keeps the angle in (0, π), Microsoft's documented range, for negative x too.
  evaluate: (args) => Math.PI / 2 - Math.atan(numberArg('ACOT', args, 0)),
};

/** Excel refuses integers from 2^53 on in GCD and LCM (Microsoft's GCD page). */
const LARGEST = 2 ** 53;

/**
 * One GCD/LCM operand. Excel's rules, as its cached results show them (ironcalc
 * MATH_AND_TRIGONOMETRY--GCD_LCM.xlsx): an empty cell given on its own is left out (undefined)
 * but counts as 0 inside a range; text that reads as a number counts as that number, other text
 * ("" included) and TRUE/FALSE are #VALUE!; an error is the result.
 */
function operand(name: string, value: CellValue, inRange: boolean, position: number) {
  if (isFormulaError(value)) throw value;
  if (value === null || value === undefined) return inRange ? 0 : undefined;
  if (typeof value === 'boolean') throw valueError(`${name}: TRUE and FALSE are not numbers`);
  return toNumber(name, value, position);
}

/**
 * The operands, truncated. Every argument's errors come before the range check, which looks at
 * the numbers before truncation: GCD(-0.4) is #NUM!, GCD(-0.4, "ciao") #VALUE! (formulas
 * test.xlsx, MATH & TRIG U34 and AR34).
 */
function operands(name: string, args: readonly FunctionArgument[], syntax: CallSyntax): number[] {
  // An argument written as nothing is #N/A, unlike an empty cell, which is left out: LCM(,B34,C34)
  // with B34 5 and C34 empty is #N/A (ironcalc MATH_AND_TRIGONOMETRY--GCD_LCM.xlsx D34, E34).
  if (syntax.omitted.size > 0) throw notAvailable(`${name}: an argument is left out`);
  const numbers: number[] = [];
  args.forEach((arg, index) => {
    const cells = isRangeArgument(arg) ? arg.rows.flat() : [arg];
    for (const cell of cells) {
      const number = operand(name, cell, isRangeArgument(arg), index + 1);
      if (number !== undefined) numbers.push(number);
    }
  });
  if (numbers.length === 0) throw valueError(`${name}: no number given`);
  if (numbers.some((number) => number < 0 || number >= LARGEST))
    throw numError(`${name}: numbers must be from 0 to below 2^53`);
  return numbers.map(Math.trunc);
}

function gcdOf(a: number, b: number): number {
  while (b !== 0) [a, b] = [b, a % b];
  return a;
}

const gcd: CustomFunction = {
  name: 'GCD',
  minArgs: 1,
  maxArgs: Infinity,
  category: 'Math and trigonometry',
  parameters: ['number1'],
  description: 'GCD(number1, …): the greatest common divisor of the integers (truncated)',
  evaluate: (args, _settings, syntax) => operands('GCD', args, syntax).reduce(gcdOf),
};

const lcm: CustomFunction = {
  name: 'LCM',
  minArgs: 1,
  maxArgs: Infinity,
  category: 'Math and trigonometry',
  parameters: ['number1'],
  description: 'LCM(number1, …): the least common multiple of the integers (truncated)',
  evaluate: (args, _settings, syntax) => {
    const result = operands('LCM', args, syntax).reduce((a, b) =>
      a === 0 || b === 0 ? 0 : (a / gcdOf(a, b)) * b,
    );
    return result >= LARGEST ? numError('LCM: the result is 2^53 or more') : result;
  },
};

const normsdist: CustomFunction = {
  name: 'NORMSDIST',
  minArgs: 1,
  maxArgs: 1,
  category: 'Compatibility',
  parameters: ['z'],
  description:
    'NORMSDIST(z): the standard normal cumulative distribution at z (Excel 2007 and earlier; NORM.S.DIST(z, TRUE) today)',
  evaluate: (args) => normalCdf(numberArg('NORMSDIST', args, 0)),
};

export const EXCEL_MATH_CORRECTIONS: readonly CustomFunction[] = [int, acot, gcd, lcm, normsdist];
