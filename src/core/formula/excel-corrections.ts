// HyperFormula built-ins that answer differently from Excel, replaced by functions with Excel's
// documented semantics (registered under the same names, they take the built-ins' place):
// ROUND, ROUNDUP, ROUNDDOWN and TRUNC truncate num_digits (HyperFormula scaled by 10^0.5 for
// ROUND(7.123,0.5); its TRUNC was an alias of its own ROUNDDOWN, so TRUNC(10.2,0.5) was 10.119) and
// round on 15 significant digits (TRUNC(-0.7999999999999998,1) is -0.8, formulas test.xlsx EXTRA C24); ISODD and ISEVEN read negative numbers (ISODD(-1) was FALSE); DATEDIF takes
// its unit in any case ("m" was #NUM!); CHAR and CODE read the workbook's character set (code-page-functions.ts);
// ARABIC reads any string of Roman digits.
import {
  integerArg,
  numberArg,
  plainArg,
  textArg,
  toNumber,
  valueError,
  numError,
} from './excel-arguments.js';
import type { CustomFunction } from './function-registry.js';
import { CODE_PAGE_FUNCTIONS } from './code-page-functions.js';

/** `value` times 10^places through the decimal exponent, so no binary residue creeps in. */
function shifted(value: number, places: number): number {
  const [mantissa, exponent] = value.toExponential().split('e');
  return Number(`${mantissa}e${Number(exponent) + places}`);
}

type Direction = 'nearest' | 'up' | 'down';

/**
 * Excel's rounding of `value` to `digits` decimals (negative: left of the point): half away from
 * zero, away from zero (up) or towards it (down), on the number's 15 significant digits, so
 * ROUNDUP(0.1+0.2,1) is 0.3 as in Excel, not 0.4.
 */
export function roundTo(value: number, digits: number, direction: Direction): number {
  if (value === 0 || !Number.isFinite(value)) return value;
  const magnitude = Number(Math.abs(value).toPrecision(15));
  const scaled = shifted(magnitude, digits);
  // Past 2^52 a double has no fractional part left to round.
  if (!Number.isFinite(scaled) || scaled >= 2 ** 52) return value;
  const whole =
    direction === 'nearest'
      ? Math.round(scaled)
      : direction === 'up'
        ? Math.ceil(scaled)
        : Math.floor(scaled);
  const rounded = shifted(whole, -digits);
  return value < 0 ? -rounded : rounded;
}

function rounding(
  name: string,
  direction: Direction,
  what: string,
  digitsFallback?: number,
): CustomFunction {
  const digits = digitsFallback === undefined ? 'num_digits' : '[num_digits]';
  return {
    name,
    minArgs: digitsFallback === undefined ? 2 : 1,
    maxArgs: 2,
    description: `${name}(number, ${digits}): number rounded ${what} to num_digits decimals (negative: to tens, hundreds …; num_digits is truncated${digitsFallback === undefined ? '' : `, ${digitsFallback} when left out`})`,
    evaluate: (args) =>
      roundTo(
        numberArg(name, args, 0),
        Math.max(-308, integerArg(name, args, 1, digitsFallback)),
        direction,
      ),
  };
}

function parity(name: 'ISODD' | 'ISEVEN'): CustomFunction {
  return {
    name,
    minArgs: 1,
    maxArgs: 1,
    description: `${name}(number): TRUE when the number, truncated to an integer, is ${name === 'ISODD' ? 'odd' : 'even'}`,
    evaluate: (args) => {
      const value = plainArg(name, args[0], 1);
      if (typeof value === 'boolean') return valueError(`${name}: TRUE and FALSE are not numbers`);
      const odd = Math.abs(Math.trunc(toNumber(name, value, 1))) % 2 === 1;
      return name === 'ISODD' ? odd : !odd;
    },
  };
}

/** Excel's serial day 0 is 1899-12-30 (serials after 1900-02-28 line up with the calendar). */
const EPOCH_MS = Date.UTC(1899, 11, 30);
const DAY_MS = 86_400_000;

interface YearMonthDay {
  readonly year: number;
  /** 0–11, as JavaScript counts them. */
  readonly month: number;
  readonly day: number;
}

function dateOf(serial: number): YearMonthDay {
  const date = new Date(EPOCH_MS + serial * DAY_MS);
  return { year: date.getUTCFullYear(), month: date.getUTCMonth(), day: date.getUTCDate() };
}

/** A serial from a year, month and day that may overflow, as Excel's DATE reads them. */
function serialOf(year: number, month: number, day: number): number {
  return Math.round((Date.UTC(year, month, day) - EPOCH_MS) / DAY_MS);
}

const datedif: CustomFunction = {
  name: 'DATEDIF',
  minArgs: 3,
  maxArgs: 3,
  description:
    'DATEDIF(start_date, end_date, unit): whole years ("Y"), months ("M") or days ("D") between two dates; "MD", "YM" and "YD" ignore the larger units (any case)',
  evaluate: (args) => {
    const start = Math.trunc(numberArg('DATEDIF', args, 0));
    const end = Math.trunc(numberArg('DATEDIF', args, 1));
    const unit = textArg('DATEDIF', args, 2).toUpperCase();
    if (start > end) return numError('DATEDIF: start_date is after end_date');
    if (start < 0) return numError('DATEDIF: start_date is not a valid date');
    const from = dateOf(start);
    const to = dateOf(end);
    // Whole months: the day of the month must have been reached.
    const months =
      (to.year - from.year) * 12 + (to.month - from.month) - (to.day < from.day ? 1 : 0);
    switch (unit) {
      case 'Y':
        return Math.floor(months / 12);
      case 'M':
        return months;
      case 'D':
        return end - start;
      case 'YM':
        return months % 12;
      case 'MD':
        return to.day >= from.day
          ? to.day - from.day
          : end - serialOf(to.year, to.month - 1, from.day);
      case 'YD': {
        let anniversary = serialOf(to.year, from.month, from.day);
        if (anniversary > end) anniversary = serialOf(to.year - 1, from.month, from.day);
        return end - anniversary;
      }
      default:
        return numError('DATEDIF: unit must be Y, M, D, MD, YM or YD');
    }
  },
};

const ROMAN_DIGITS: Readonly<Record<string, number>> = {
  I: 1,
  V: 5,
  X: 10,
  L: 50,
  C: 100,
  D: 500,
  M: 1000,
};

/**
 * ARABIC reads any string of Roman digits, as Excel does: a digit smaller than one to its right
 * counts negative (formulas test.xlsx MATH & TRIG T9, V9: "IIIIIIV" is -1, "IILmIIC" 1046);
 * HyperFormula's accepted only well-formed numerals. Case, leading and trailing spaces and a
 * leading minus as Microsoft's ARABIC page says; "" is 0.
 */
const arabic: CustomFunction = {
  name: 'ARABIC',
  minArgs: 1,
  maxArgs: 1,
  parameters: ['text'],
  category: 'Math and trigonometry',
  description:
    'ARABIC(text): the number a Roman numeral stands for ("MCMXII" is 1912; "-X" is -10)',
  evaluate: (args) => {
    let text = textArg('ARABIC', args, 0).trim().toUpperCase();
    if (text.length > 255) return valueError('ARABIC: text is longer than 255 characters');
    const negative = text.startsWith('-');
    if (negative) {
      text = text.slice(1);
      if (text === '') return valueError('ARABIC: a minus sign without a numeral');
    }
    let total = 0;
    let largest = 0;
    for (let index = text.length - 1; index >= 0; index -= 1) {
      const digit = ROMAN_DIGITS[text[index]!];
      if (digit === undefined) return valueError(`ARABIC: "${text[index]}" is no Roman digit`);
      if (digit < largest) total -= digit;
      else {
        total += digit;
        largest = digit;
      }
    }
    return negative ? -total : total;
  },
};

export const EXCEL_CORRECTIONS: readonly CustomFunction[] = [
  arabic,
  rounding('ROUND', 'nearest', 'half away from zero'),
  rounding('ROUNDUP', 'up', 'away from zero'),
  rounding('ROUNDDOWN', 'down', 'towards zero'),
  rounding('TRUNC', 'down', 'towards zero', 0),
  parity('ISODD'),
  parity('ISEVEN'),
  datedif,
  ...CODE_PAGE_FUNCTIONS,
];
