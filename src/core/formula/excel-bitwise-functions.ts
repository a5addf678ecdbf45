// BITAND, BITOR, BITXOR, BITLSHIFT and BITRSHIFT as Excel answers them, replacing HyperFormula's
// (which work on 32 bits, so BITOR(2^48-1, 1) came out -1, and refuse a fractional shift). The
// operands are whole numbers from 0 to 2^48 − 1, anything else #NUM! (12.5 included: it is not
// truncated); TRUE is 1 and text reading as a number that number. A shift is truncated, at most 53
// places either way, negative shifting the other way, and a result of 2^48 or more is #NUM!
// (ironcalc ENGINEERING--BITs.xlsx, formulas test.xlsx ENGINEERING rows 10–14). They read each
// argument as one value, so an array formula applies them cell by cell.
import { numberArg, plainArg, toNumber, numError } from './excel-arguments.js';
import type { CustomFunction, FunctionArgument } from './function-registry.js';

const LIMIT = 2 ** 48;
const MAX_SHIFT = 53;

/** An operand: a whole number from 0 to 2^48 − 1. */
function operand(name: string, arg: FunctionArgument | undefined, position: number): number {
  const value = toNumber(name, plainArg(name, arg, position), position);
  if (!Number.isInteger(value) || value < 0 || value >= LIMIT)
    throw numError(`${name} argument ${position} must be a whole number from 0 to 2^48 - 1`);
  return value;
}

function bitwise(
  name: string,
  does: string,
  combine: (a: bigint, b: bigint) => bigint,
): CustomFunction {
  return {
    name,
    minArgs: 2,
    maxArgs: 2,
    category: 'Engineering',
    parameters: ['number1', 'number2'],
    description: `${name}(number1, number2): ${does} (whole numbers from 0 to 2^48 - 1)`,
    evaluate: (args) => {
      const a = operand(name, args[0], 1);
      const b = operand(name, args[1], 2);
      return Number(combine(BigInt(a), BigInt(b)));
    },
  };
}

/** `number` shifted left by `places` (right when negative), within 0 … 2^48 − 1. */
function shifted(name: string, number: number, places: number): number {
  if (Math.abs(places) > MAX_SHIFT) throw numError(`${name}: shift_amount must be from -53 to 53`);
  const result =
    places >= 0
      ? Number(BigInt(number) << BigInt(places))
      : Number(BigInt(number) >> BigInt(-places));
  if (result >= LIMIT) throw numError(`${name}: the result is 2^48 or more`);
  return result;
}

function shift(name: string, direction: 1 | -1): CustomFunction {
  const way = direction === 1 ? 'left' : 'right';
  return {
    name,
    minArgs: 2,
    maxArgs: 2,
    category: 'Engineering',
    parameters: ['number', 'shift_amount'],
    description: `${name}(number, shift_amount): number shifted ${way} by shift_amount bits (${direction === 1 ? 'right' : 'left'} when negative; at most 53)`,
    evaluate: (args) => {
      const number = operand(name, args[0], 1);
      const places = Math.trunc(numberArg(name, args, 1));
      return shifted(name, number, direction * places);
    },
  };
}

export const EXCEL_BITWISE_FUNCTIONS: readonly CustomFunction[] = [
  bitwise('BITAND', 'the bits set in both numbers', (a, b) => a & b),
  bitwise('BITOR', 'the bits set in either number', (a, b) => a | b),
  bitwise('BITXOR', 'the bits set in exactly one of the numbers', (a, b) => a ^ b),
  shift('BITLSHIFT', 1),
  shift('BITRSHIFT', -1),
];
