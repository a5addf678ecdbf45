// Excel text functions HyperFormula 3.5 lacks: CONCAT, TEXTBEFORE, TEXTAFTER, NUMBERVALUE, FIXED,
// VALUETOTEXT, ARRAYTOTEXT; and SUBSTITUTE in place of HyperFormula's, which put new_text before
// every character for an empty old_text and matched no instance for a fractional instance_num.
import { MAX_TEXT_LENGTH } from '../value-typing.js';
import {
  booleanArg,
  cellsOf,
  integerArg,
  notAvailable,
  numberArg,
  plainArg,
  textArg,
  textOf,
  valueError,
} from './excel-arguments.js';
import {
  isRangeArgument,
  type CustomFunction,
  type FunctionArgument,
} from './function-registry.js';
import { isFormulaError, type CellValue } from './sentinels.js';

const concat: CustomFunction = {
  name: 'CONCAT',
  minArgs: 1,
  maxArgs: Infinity,
  description: 'CONCAT(text1, …): joins texts, numbers and every cell of ranges (row by row)',
  evaluate: (args) => {
    let joined = '';
    for (const arg of args) {
      for (const value of cellsOf(arg)) {
        if (isFormulaError(value)) return value;
        joined += textOf(value);
        if (joined.length > MAX_TEXT_LENGTH)
          return valueError(`CONCAT: the text would be longer than ${MAX_TEXT_LENGTH} characters`);
      }
    }
    return joined;
  },
};

/**
 * VALUETOTEXT's and ARRAYTOTEXT's format: 0 concise (the default), 1 strict, where text is
 * quoted so the result reads back as a formula would; anything else is #VALUE!.
 */
function textFormatArg(name: string, args: readonly FunctionArgument[], index: number): boolean {
  const format = integerArg(name, args, index, 0);
  if (format !== 0 && format !== 1) throw valueError(`${name}: format must be 0 or 1`);
  return format === 1;
}

/** One value as VALUETOTEXT writes it: errors by name, text quoted when strict. */
function valueText(value: CellValue, strict: boolean): string {
  if (isFormulaError(value)) return value.sentinel;
  if (typeof value === 'string' && strict) return `"${value.replace(/"/g, '""')}"`;
  return textOf(value);
}

const valueToText: CustomFunction = {
  name: 'VALUETOTEXT',
  minArgs: 1,
  maxArgs: 2,
  takesErrors: true,
  description:
    'VALUETOTEXT(value, [format=0]): the value as text; format 1 (strict) puts text in quotes',
  evaluate: (args) => valueText(args[0] as CellValue, textFormatArg('VALUETOTEXT', args, 1)),
};

const arrayToText: CustomFunction = {
  name: 'ARRAYTOTEXT',
  minArgs: 1,
  maxArgs: 2,
  description:
    'ARRAYTOTEXT(array, [format=0]): the values of an array as text, "1, 2, 3"; format 1 (strict) writes {1,2;3,4} with text in quotes',
  evaluate: (args) => {
    const strict = textFormatArg('ARRAYTOTEXT', args, 1);
    const array = args[0]!;
    const rows = isRangeArgument(array) ? array.rows : [[array]];
    const text = strict
      ? `{${rows.map((row) => row.map((value) => valueText(value, true)).join(',')).join(';')}}`
      : rows
          .flat()
          .map((value) => valueText(value, false))
          .join(', ');
    if (text.length > MAX_TEXT_LENGTH)
      return valueError(`ARRAYTOTEXT: the text would be longer than ${MAX_TEXT_LENGTH} characters`);
    return text;
  },
};

interface Match {
  readonly start: number;
  readonly end: number;
}

/** The leftmost match at or after `from` (the longest delimiter on a tie). */
function nextMatch(text: string, delimiters: readonly string[], from: number): Match | undefined {
  let best: Match | undefined;
  for (const delimiter of delimiters) {
    const start = text.indexOf(delimiter, from);
    const end = start + delimiter.length;
    if (
      start >= 0 &&
      (best === undefined || start < best.start || (start === best.start && end > best.end))
    )
      best = { start, end };
  }
  return best;
}

/** The rightmost match ending at or before `to` (the longest delimiter on a tie). */
function previousMatch(text: string, delimiters: readonly string[], to: number): Match | undefined {
  let best: Match | undefined;
  for (const delimiter of delimiters) {
    const start = to < delimiter.length ? -1 : text.lastIndexOf(delimiter, to - delimiter.length);
    const end = start + delimiter.length;
    if (
      start >= 0 &&
      (best === undefined || end > best.end || (end === best.end && start < best.start))
    )
      best = { start, end };
  }
  return best;
}

/**
 * The `instance`-th delimiter (counted from the end when negative), matches not overlapping. An
 * empty delimiter matches at once. With `matchEnd` the end of the text (the start, counting
 * backwards) counts as one more delimiter after the last real one.
 */
function findInstance(
  text: string,
  delimiters: readonly string[],
  instance: number,
  matchEnd: boolean,
): Match | undefined {
  const forward = instance > 0;
  const wanted = Math.abs(instance);
  let position = forward ? 0 : text.length;
  for (let count = 1; count <= wanted; count += 1) {
    const match =
      position < 0 || position > text.length
        ? undefined
        : forward
          ? nextMatch(text, delimiters, position)
          : previousMatch(text, delimiters, position);
    if (match === undefined) {
      const edge = forward ? text.length : 0;
      return matchEnd && count === wanted ? { start: edge, end: edge } : undefined;
    }
    if (count === wanted) return match;
    // After a zero-length match the search moves one character on.
    position = forward
      ? Math.max(match.end, match.start + 1)
      : Math.min(match.start, match.end - 1);
  }
  return undefined;
}

function delimitersOf(arg: FunctionArgument): string[] {
  return cellsOf(arg).map((value) => {
    if (isFormulaError(value)) throw value;
    return textOf(value);
  });
}

/** Lower case, character by character, so positions in the folded text are positions in the text. */
function foldCase(text: string): string {
  return text.replace(/./gsu, (char) => {
    const lower = char.toLowerCase();
    return lower.length === char.length ? lower : char;
  });
}

function textAround(name: 'TEXTBEFORE' | 'TEXTAFTER', before: boolean): CustomFunction {
  return {
    name,
    minArgs: 2,
    maxArgs: 6,
    description: `${name}(text, delimiter, [instance_num], [match_mode], [match_end], [if_not_found]): the text ${before ? 'before' : 'after'} a delimiter (negative instance_num counts from the end; match_mode 1 ignores case)`,
    // if_not_found's error shows only when the delimiter is missing (G5, I5).
    errorTolerantArguments: [5],
    evaluate: (args, _settings, syntax): CellValue => {
      const text = textArg(name, args, 0);
      const delimiters = delimitersOf(args[1]!);
      // instance_num is rounded down (-1.2 is -2, ironcalc/TEXT--TEXTBEFORE_TEXTAFTER.xlsx G17);
      // left out it is 1, but an empty cell is 0, so #VALUE! (formulas/test.xlsx TEXT!W44, W45).
      const instance =
        args.length <= 2 || syntax.omitted.has(2) ? 1 : Math.floor(numberArg(name, args, 2));
      const matchMode = integerArg(name, args, 3, 0);
      const matchEnd = integerArg(name, args, 4, 0);
      if (matchMode !== 0 && matchMode !== 1)
        return valueError(`${name}: match_mode must be 0 (match case) or 1 (ignore case)`);
      if (matchEnd !== 0 && matchEnd !== 1) return valueError(`${name}: match_end must be 0 or 1`); // G39, G40
      if (text === '') return '';
      if (instance === 0 || Math.abs(instance) > text.length)
        return valueError(
          `${name}: instance_num must not be 0 nor beyond the text's length (${text.length})`,
        );
      // With instance_num written, a delimiter longer than the whole text is #VALUE! (G19, K19).
      if (args.length > 2 && delimiters.every((delimiter) => delimiter.length > text.length))
        return valueError(`${name}: the delimiter is longer than the text`);
      const fold = (value: string): string => (matchMode === 1 ? foldCase(value) : value);
      const match = findInstance(fold(text), delimiters.map(fold), instance, matchEnd === 1);
      // if_not_found written as an empty cell answers "" (G25).
      if (match === undefined)
        return args[5] === undefined
          ? notAvailable(`${name}: delimiter instance ${instance} is not in the text`)
          : (plainArg(name, args[5], 6) ?? '');
      return before ? text.slice(0, match.start) : text.slice(match.end);
    },
  };
}

/** Excel's NUMBERVALUE: spaces dropped, group separators before the decimal one ignored, each trailing % (inside parentheses too) divides by 100. */
function numberValue(text: string, decimal: string, group: string): CellValue {
  let rest = text.replace(/\s+/g, '');
  if (rest === '') return 0;
  let percents = 0;
  while (rest.endsWith('%')) {
    rest = rest.slice(0, -1);
    percents += 1;
  }
  const decimalAt = rest.indexOf(decimal);
  if (decimalAt >= 0 && rest.indexOf(decimal, decimalAt + 1) >= 0)
    return valueError('NUMBERVALUE: the decimal separator appears more than once');
  const whole = decimalAt < 0 ? rest : rest.slice(0, decimalAt);
  const fraction = decimalAt < 0 ? '' : rest.slice(decimalAt + 1);
  if (fraction.includes(group))
    return valueError('NUMBERVALUE: a group separator follows the decimal separator');
  let plain = `${whole.split(group).join('')}${decimalAt < 0 ? '' : `.${fraction}`}`;
  let sign = 1;
  const parenthesised = /^\((.*)\)$/.exec(plain);
  if (parenthesised !== null) {
    plain = parenthesised[1]!;
    sign = -1;
    // Percent signs inside the parentheses count too: "(2,500.27%)%" is -0.250027 (formulas
    // test.xlsx TEXT U27, V27, W28).
    while (plain.endsWith('%')) {
      plain = plain.slice(0, -1);
      percents += 1;
    }
    // Parentheses already make it negative: a sign inside them is no number (TEXT R28).
    if (/^[+-]/.test(plain)) return valueError(`NUMBERVALUE: "${text}" is not a number`);
  }
  if (!/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(plain))
    return valueError(`NUMBERVALUE: "${text}" is not a number`);
  return (sign * Number(plain)) / 100 ** percents;
}

function separatorArg(args: readonly FunctionArgument[], index: number, fallback: string): string {
  if (args[index] === undefined) return fallback;
  const separator = textArg('NUMBERVALUE', args, index);
  if (separator === '') throw valueError('NUMBERVALUE: a separator cannot be empty');
  return separator[0]!;
}

const numbervalue: CustomFunction = {
  name: 'NUMBERVALUE',
  minArgs: 1,
  maxArgs: 3,
  description:
    'NUMBERVALUE(text, [decimal_separator], [group_separator]): text to a number with the given separators (default "." and ",")',
  evaluate: (args) => {
    const decimal = separatorArg(args, 1, '.');
    // With a decimal comma the group separator left out is the point, as in the locales using one.
    const group = separatorArg(args, 2, decimal === ',' ? '.' : ',');
    if (decimal === group)
      return valueError('NUMBERVALUE: the decimal and group separators must differ');
    const value = plainArg('NUMBERVALUE', args[0], 1);
    if (typeof value === 'number') return value;
    if (typeof value === 'boolean') return valueError('NUMBERVALUE: TRUE and FALSE are not text');
    return numberValue(value ?? '', decimal, group);
  },
};

/** `value` times 10^places, through the decimal exponent (no binary multiplication error). */
function shifted(value: number, places: number): number {
  const [mantissa, exponent] = value.toExponential().split('e');
  return Number(`${mantissa}e${Number(exponent) + places}`);
}

/** Excel's ROUND: half away from zero; negative `decimals` round left of the point. */
function roundHalfAway(value: number, decimals: number): number {
  const scaled = shifted(Math.abs(value), decimals);
  // Past 2^52 a double has no fractional part left to round.
  const magnitude =
    !Number.isFinite(scaled) || scaled >= 2 ** 52
      ? Math.abs(value)
      : shifted(Math.round(scaled), -decimals);
  return value < 0 ? -magnitude : magnitude;
}

/** A non-negative number in plain digits with exactly `decimals` places, from its 15 significant digits. */
function plainDigits(value: number, decimals: number): string {
  const [mantissa, exponentText] = value.toExponential(14).split('e');
  const digits = mantissa!.replace('.', '');
  const exponent = Number(exponentText);
  const whole = exponent >= 0 ? digits.padEnd(exponent + 1, '0').slice(0, exponent + 1) : '0';
  const fraction =
    exponent >= 0 ? digits.slice(exponent + 1) : `${'0'.repeat(-exponent - 1)}${digits}`;
  const places = fraction.padEnd(decimals, '0').slice(0, decimals);
  return decimals > 0 ? `${whole}.${places}` : whole;
}

/**
 * FIXED's no_commas: a logical value or number, or the text TRUE or FALSE in any case; other text,
 * "1" and "0" included, is #VALUE! (formulas test.xlsx EXTRA Q3, O4, Q4, Q5).
 */
function noCommasArg(arg: FunctionArgument | undefined): boolean {
  const value = plainArg('FIXED', arg, 3);
  if (value === null) return false;
  if (typeof value !== 'string') return booleanArg('FIXED', [value], 0, false);
  const word = value.trim().toUpperCase();
  if (word !== 'TRUE' && word !== 'FALSE')
    throw valueError('FIXED: no_commas must be TRUE or FALSE, not text');
  return word === 'TRUE';
}

const fixed: CustomFunction = {
  name: 'FIXED',
  minArgs: 1,
  maxArgs: 3,
  description:
    'FIXED(number, [decimals=2], [no_commas=FALSE]): the number rounded to that many decimals, as text with thousands separators',
  evaluate: (args) => {
    const number = numberArg('FIXED', args, 0);
    // Omitted, decimals is 2; an empty cell given for it is 0 (formulas test.xlsx TEXT W18).
    const decimals = args[1] === undefined ? 2 : integerArg('FIXED', args, 1, 0);
    const noCommas = noCommasArg(args[2]);
    if (decimals > 127) return valueError('FIXED: decimals can be at most 127');
    const { negative, digits } = fixedDecimals(number, decimals, !noCommas);
    return negative ? `-${digits}` : digits;
  },
};

/**
 * `number` rounded as ROUND does to `decimals` (negative: left of the point), its magnitude as
 * plain digits with exactly max(decimals, 0) places, thousands separated by commas when asked:
 * what FIXED and DOLLAR write.
 */
export function fixedDecimals(
  number: number,
  decimals: number,
  commas: boolean,
): { negative: boolean; digits: string } {
  const rounded = roundHalfAway(number, Math.max(decimals, -308));
  let digits = plainDigits(Math.abs(rounded), Math.max(decimals, 0));
  if (commas) digits = digits.replace(/^\d+/, (whole) => whole.replace(/\B(?=(\d{3})+$)/g, ','));
  return { negative: rounded < 0, digits };
}

const substitute: CustomFunction = {
  name: 'SUBSTITUTE',
  minArgs: 3,
  maxArgs: 4,
  description:
    'SUBSTITUTE(text, old_text, new_text, [instance_num]): text with old_text replaced by new_text, every time or only its instance_num-th time (truncated); an empty old_text changes nothing',
  evaluate: (args) => {
    const text = textArg('SUBSTITUTE', args, 0);
    const old = textArg('SUBSTITUTE', args, 1);
    const replacement = textArg('SUBSTITUTE', args, 2);
    const instance = args.length > 3 ? integerArg('SUBSTITUTE', args, 3) : undefined;
    if (instance !== undefined && instance < 1)
      return valueError('SUBSTITUTE: instance_num must be at least 1');
    if (old === '') return text;
    if (instance === undefined) return text.split(old).join(replacement);
    let at = -old.length;
    for (let seen = 0; seen < instance; seen += 1) {
      at = text.indexOf(old, at + old.length);
      if (at < 0) return text;
    }
    return text.slice(0, at) + replacement + text.slice(at + old.length);
  },
};

export const EXCEL_TEXT_FUNCTIONS: readonly CustomFunction[] = [
  substitute,
  concat,
  textAround('TEXTBEFORE', true),
  textAround('TEXTAFTER', false),
  numbervalue,
  fixed,
  valueToText,
  arrayToText,
];
