// BIN2DEC … HEX2OCT, the twelve base conversions, as Excel answers them (replacing HyperFormula's):
// lower-case hexadecimal digits are read; an empty cell or empty text is 0; a fractional decimal is
// truncated before its range is checked (DEC2BIN(511.2) is "111111111", not #NUM!); TRUE or FALSE
// as the number is #VALUE!; and `places`, when given, is checked before the number: an empty or
// zero `places` is #NUM!, as is one above 10, even where a negative number would ignore it.
import {
  integerArg,
  numError,
  plainArg,
  strictNumberArg,
  textOf,
  valueError,
} from './excel-arguments.js';
import type { CustomFunction, FunctionArgument } from './function-registry.js';

type Base = 'BIN' | 'OCT' | 'DEC' | 'HEX';

const RADIX: Readonly<Record<Base, number>> = { BIN: 2, OCT: 8, DEC: 10, HEX: 16 };
const DIGITS: Readonly<Record<Exclude<Base, 'DEC'>, RegExp>> = {
  BIN: /^[01]{0,10}$/,
  OCT: /^[0-7]{0,10}$/,
  HEX: /^[0-9a-f]{0,10}$/i,
};
/** Every non-decimal base writes numbers in ten digits, negative ones as their ten-digit complement. */
const WIDTH = 10;
const MAX_PLACES = 10;

/** 2^(10·log2 radix): the count of ten-digit numbers in that base; half of them are negative. */
const span = (base: Exclude<Base, 'DEC'>): number => RADIX[base] ** WIDTH;

/** The value of a ten-digit two's-complement numeral (a BIN, OCT or HEX argument). */
function readNumeral(name: string, base: Exclude<Base, 'DEC'>, arg: FunctionArgument): number {
  const value = plainArg(name, arg, 1);
  if (typeof value === 'boolean')
    throw valueError(`${name}: number must be text or a number, not TRUE or FALSE`);
  const text = textOf(value);
  if (!DIGITS[base].test(text))
    throw numError(
      `${name}: "${text}" is not a ${base.toLowerCase()} number of at most ${WIDTH} digits`,
    );
  if (text === '') return 0;
  const unsigned = Number.parseInt(text, RADIX[base]);
  return unsigned >= span(base) / 2 ? unsigned - span(base) : unsigned;
}

/** `places` as Excel checks it: a number from 1 to 10 (truncated); undefined when omitted. */
function readPlaces(name: string, args: readonly FunctionArgument[]): number | undefined {
  if (args[1] === undefined) return undefined;
  const places = Math.trunc(strictNumberArg(name, args, 1));
  if (places < 1 || places > MAX_PLACES)
    throw numError(`${name}: places must be from 1 to ${MAX_PLACES}`);
  return places;
}

function writeNumeral(
  name: string,
  base: Exclude<Base, 'DEC'>,
  value: number,
  places: number | undefined,
): string {
  const half = span(base) / 2;
  if (value < -half || value >= half)
    throw numError(`${name}: ${value} is outside ${-half} to ${half - 1}`);
  if (value < 0) return (value + span(base)).toString(RADIX[base]).toUpperCase();
  const digits = value.toString(RADIX[base]).toUpperCase();
  if (places === undefined) return digits;
  if (digits.length > places)
    throw numError(
      `${name}: ${digits} needs ${digits.length} digits, more than places (${places})`,
    );
  return digits.padStart(places, '0');
}

function conversion(from: Base, to: Base): CustomFunction {
  const name = `${from}2${to}`;
  const toDecimal = to === 'DEC';
  return {
    name,
    minArgs: 1,
    maxArgs: toDecimal ? 1 : 2,
    category: 'Engineering',
    parameters: toDecimal ? ['number'] : ['number', 'places'],
    description: toDecimal
      ? `${name}(number): a ${from.toLowerCase()} number (up to 10 digits, two's complement) as a decimal number`
      : `${name}(number, [places]): the number in ${to === 'BIN' ? 'binary' : to === 'OCT' ? 'octal' : 'hexadecimal'}, as text padded to places digits (negative numbers as 10 digits of two's complement)`,
    evaluate: (args) => {
      const places = toDecimal ? undefined : readPlaces(name, args);
      // A DEC number: a number (or text reading as one; empty text is #VALUE!), truncated.
      const value =
        from === 'DEC'
          ? Math.trunc(strictNumberArg(name, args, 0))
          : readNumeral(name, from, args[0]!);
      return to === 'DEC' ? value : writeNumeral(name, to, value, places);
    },
  };
}

const BASES: readonly Base[] = ['BIN', 'OCT', 'DEC', 'HEX'];

const MAX_RADIX = 36;
const MAX_MIN_LENGTH = 255;

/**
 * BASE(number, radix, [min_length]), replacing HyperFormula's, which wrote the fraction of a
 * fractional number (BASE(12.567, 2) is "1100" in Excel, ironcalc MATH_AND_TRIGONOMETRY--BASE).
 */
const base: CustomFunction = {
  name: 'BASE',
  minArgs: 2,
  maxArgs: 3,
  category: 'Math and trigonometry',
  parameters: ['number', 'radix', 'min_length'],
  description:
    'BASE(number, radix, [min_length]): the whole part of number (0 to 2^53 - 1) written in radix 2 to 36, padded with zeros to min_length (up to 255)',
  evaluate: (args) => {
    const number = integerArg('BASE', args, 0);
    const radix = integerArg('BASE', args, 1);
    const minLength = args[2] === undefined ? 0 : integerArg('BASE', args, 2);
    if (number < 0 || number >= 2 ** 53) throw numError('BASE: number must be from 0 to 2^53 - 1');
    if (radix < 2 || radix > MAX_RADIX) throw numError('BASE: radix must be from 2 to 36');
    if (minLength < 0 || minLength > MAX_MIN_LENGTH)
      throw numError('BASE: min_length must be from 0 to 255');
    return number.toString(radix).toUpperCase().padStart(minLength, '0');
  },
};

export const EXCEL_BASE_CONVERSIONS: readonly CustomFunction[] = [
  ...BASES.flatMap((from) => BASES.filter((to) => to !== from).map((to) => conversion(from, to))),
  base,
];
