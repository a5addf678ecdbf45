// GridOS's own (non-Excel) functions, so GridOS workbooks and agent habits keep working
// (docs/gridos-compat.md §2.7). Unlike GridOS, type errors say what was wrong.
import {
  type CustomFunction,
  type FunctionArgument,
  isRangeArgument,
} from './function-registry.js';
import { FormulaError, SENTINELS, isFormulaError, type CellValue } from './sentinels.js';
import { medianOf } from './aggregate-corrections.js';
import { NOT_IN_EXCEL } from './function-catalogue.js';

function scalar(
  name: string,
  arg: FunctionArgument,
  position: number,
): Exclude<CellValue, FormulaError> {
  if (isRangeArgument(arg))
    throw new Error(`${name} argument ${position} must be a single value, not a range`);
  if (isFormulaError(arg)) throw arg;
  return arg;
}

function numberArg(name: string, arg: FunctionArgument, position: number): number {
  const value = scalar(name, arg, position);
  if (typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  throw new Error(
    `${name} argument ${position} must be a number, got ${value === null ? 'an empty cell' : `"${value}"`}`,
  );
}

function binaryNumeric(
  name: string,
  description: string,
  op: (a: number, b: number) => CellValue,
): CustomFunction {
  return {
    name,
    minArgs: 2,
    maxArgs: 2,
    description,
    evaluate: (args) => op(numberArg(name, args[0]!, 1), numberArg(name, args[1]!, 2)),
  };
}

function comparable(
  name: string,
  arg: FunctionArgument,
  position: number,
): number | string | boolean {
  const value = scalar(name, arg, position);
  if (value === null) return 0;
  return typeof value === 'string' ? value.toLowerCase() : value;
}

function comparison(
  name: string,
  description: string,
  test: (order: number) => boolean,
): CustomFunction {
  return {
    name,
    minArgs: 2,
    maxArgs: 2,
    description,
    evaluate: (args) => {
      const a = comparable(name, args[0]!, 1);
      const b = comparable(name, args[1]!, 2);
      if (typeof a !== typeof b)
        throw new Error(`${name} cannot compare ${typeof a} with ${typeof b}`);
      return test(a < b ? -1 : a > b ? 1 : 0);
    },
  };
}

function flatten(arg: FunctionArgument): CellValue[] {
  return isRangeArgument(arg) ? arg.rows.flat() : [arg];
}

function matchesCriterion(value: CellValue, criterion: CellValue): boolean {
  if (isFormulaError(value) || isFormulaError(criterion)) return false;
  if (typeof criterion === 'number' || typeof criterion === 'boolean') return value === criterion;
  if (criterion === null || criterion === '') return value === null || value === '';
  const match = /^(>=|<=|<>|>|<|=)?(.*)$/s.exec(criterion)!;
  const operator = match[1] ?? '=';
  const operand = match[2]!;
  const numericOperand = operand.trim() === '' ? Number.NaN : Number(operand);
  const left = Number.isNaN(numericOperand)
    ? String(value ?? '').toLowerCase()
    : typeof value === 'number'
      ? value
      : Number.NaN;
  const right = Number.isNaN(numericOperand) ? operand.toLowerCase() : numericOperand;
  if (typeof left === 'number' && Number.isNaN(left)) return operator === '<>';
  if (operator === '=' && typeof right === 'string' && /[*?]/.test(right)) {
    const pattern = right
      .replace(/[.+^${}()|[\]\\]/g, '\\$&')
      .replace(/~\\\*/g, '\\*')
      .replace(/\*/g, '.*')
      .replace(/\?/g, '.');
    return new RegExp(`^${pattern}$`, 's').test(String(left));
  }
  switch (operator) {
    case '>':
      return left > right;
    case '<':
      return left < right;
    case '>=':
      return left >= right;
    case '<=':
      return left <= right;
    case '<>':
      return left !== right;
    default:
      return left === right;
  }
}

const medianIfs: CustomFunction = {
  name: 'MEDIANIFS',
  minArgs: 3,
  maxArgs: Infinity,
  description:
    'MEDIANIFS(median_range, criteria_range1, criterion1, …): median of the values where every criterion holds',
  evaluate: (args) => {
    if (args.length % 2 === 0)
      throw new Error('MEDIANIFS takes a median range then pairs of criteria range and criterion');
    const values = flatten(args[0]!);
    const picked: number[] = [];
    const criteria: { range: CellValue[]; criterion: CellValue }[] = [];
    for (let index = 1; index < args.length; index += 2) {
      const range = flatten(args[index]!);
      if (range.length !== values.length)
        throw new Error('MEDIANIFS ranges must all have the same size');
      criteria.push({ range, criterion: scalar('MEDIANIFS', args[index + 1]!, index + 2) });
    }
    values.forEach((value, position) => {
      if (
        typeof value === 'number' &&
        criteria.every(({ range, criterion }) => matchesCriterion(range[position]!, criterion))
      ) {
        picked.push(value);
      }
    });
    return picked.length === 0
      ? new FormulaError(SENTINELS.notAvailable, 'MEDIANIFS: no value meets the criteria')
      : medianOf(picked);
  },
};

/** In the catalogue as not in Excel: a workbook calling them shows #NAME? there. */
export const GRIDOS_FUNCTIONS: readonly CustomFunction[] = (
  [
    binaryNumeric('MINUS', 'MINUS(a, b): a - b', (a, b) => a - b),
    binaryNumeric('SUBTRACT', 'SUBTRACT(a, b): a - b', (a, b) => a - b),
    binaryNumeric('MULTIPLY', 'MULTIPLY(a, b): a * b', (a, b) => a * b),
    binaryNumeric('DIVIDE', 'DIVIDE(a, b): a / b, #DIV/0! when b is 0', (a, b) =>
      b === 0 ? new FormulaError(SENTINELS.divideByZero, 'DIVIDE by zero') : a / b,
    ),
    comparison('GT', 'GT(a, b): TRUE when a > b', (order) => order > 0),
    comparison('LT', 'LT(a, b): TRUE when a < b', (order) => order < 0),
    comparison('EQ', 'EQ(a, b): TRUE when a = b', (order) => order === 0),
    comparison('GTE', 'GTE(a, b): TRUE when a >= b', (order) => order >= 0),
    comparison('LTE', 'LTE(a, b): TRUE when a <= b', (order) => order <= 0),
    {
      name: 'CEIL',
      minArgs: 1,
      maxArgs: 1,
      description: 'CEIL(x): the smallest integer not less than x',
      evaluate: (args) => Math.ceil(numberArg('CEIL', args[0]!, 1)),
    },
    {
      name: 'E',
      minArgs: 0,
      maxArgs: 0,
      description: "E(): Euler's number",
      evaluate: () => Math.E,
    },
    medianIfs,
  ] satisfies CustomFunction[]
).map((fn) => ({ ...fn, category: NOT_IN_EXCEL }));
