// Argument handling shared by the Excel functions HyperFormula lacks (excel-functions.ts): Excel's
// coercions, one-row-or-column vectors, same-type comparison and wildcard patterns. An error
// found in an argument is thrown; the engine turns a thrown FormulaError into the cell's result.
import { type FunctionArgument, isRangeArgument } from './function-registry.js';
import { excelNumberText } from './number-text.js';
import { FormulaError, SENTINELS, isFormulaError, type CellValue } from './sentinels.js';

/** A value that is not an error. */
export type Plain = Exclude<CellValue, FormulaError>;

export const valueError = (message: string): FormulaError =>
  new FormulaError(SENTINELS.value, message);
export const notAvailable = (message: string): FormulaError =>
  new FormulaError(SENTINELS.notAvailable, message);
export const divideByZero = (message: string): FormulaError =>
  new FormulaError(SENTINELS.divideByZero, message);
export const numError = (message: string): FormulaError =>
  new FormulaError(SENTINELS.number, message);

/** The cells of an argument row by row (a single value is one cell). */
export function cellsOf(arg: FunctionArgument): CellValue[] {
  return isRangeArgument(arg) ? arg.rows.flat() : [arg];
}

/**
 * The error statistics of two arrays answer: the first among `cells` (the first array's before
 * the second's), passing over #NULL! when another error follows (formulas/test.xlsx STATISTICAL
 * AD17, AD55: #NULL!, #NUM! … beside #REF! is #NUM!).
 */
export function firstErrorPastNull(cells: readonly CellValue[]): FormulaError | undefined {
  const errors = cells.filter(isFormulaError);
  return errors.find((found) => found.sentinel !== SENTINELS.null) ?? errors[0];
}

export interface Grid {
  readonly height: number;
  readonly width: number;
  readonly rows: readonly (readonly CellValue[])[];
}

export function gridOf(arg: FunctionArgument): Grid {
  const rows = isRangeArgument(arg) ? arg.rows : [[arg]];
  return { height: rows.length, width: rows[0]?.length ?? 0, rows };
}

/** The cells of a one-row or one-column range (or a single value); anything wider is #VALUE!. */
export function vectorOf(name: string, arg: FunctionArgument, position: number): CellValue[] {
  const { height, width, rows } = gridOf(arg);
  if (height > 1 && width > 1)
    throw valueError(`${name} argument ${position} must be one row or one column`);
  return rows.flat();
}

/**
 * A range given where a function reads one value: #VALUE! in an ordinary formula; in an array
 * formula the function is applied to each of its cells instead (array-lifting.ts).
 */
export class RangeForValue extends FormulaError {
  constructor(
    name: string,
    position: number,
    readonly range: FunctionArgument,
  ) {
    super(SENTINELS.value, `${name} argument ${position} must be a single value, not a range`);
  }
}

/** One value: a one-cell range stands for its cell; a bigger one is a RangeForValue error. */
export function plainArg(name: string, arg: FunctionArgument | undefined, position: number): Plain {
  if (arg === undefined) return null;
  let value: CellValue;
  if (isRangeArgument(arg)) {
    if (arg.rows.length !== 1 || arg.rows[0]?.length !== 1)
      throw new RangeForValue(name, position, arg);
    value = arg.rows[0][0] ?? null;
  } else value = arg;
  if (isFormulaError(value)) throw value;
  return value;
}

let readTextNumber: (text: string) => number | undefined = () => undefined;

/**
 * The engine's reading of text as a number (dates, times, percentages, currency), which toNumber
 * falls back on: installed by the engine module (hyperformula-engine.ts), so that "2024-01-10",
 * "29/02/1900" or "50%" given to these functions read as they do in =A1+0.
 */
export function readTextNumbersWith(reader: (text: string) => number | undefined): void {
  readTextNumber = reader;
}

/** Text read as the engine reads it in arithmetic (a date, time, percentage …); undefined if it is no number. */
export function engineTextNumber(text: string): number | undefined {
  return readTextNumber(text);
}

/**
 * Excel's number coercion: TRUE is 1, an empty cell 0, text that reads as a number that number
 * (a date or time as its serial, "50%" as 0.5, as the engine reads text in arithmetic).
 */
export function toNumber(name: string, value: Plain, position: number): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value === null) return 0;
  let number = value.trim() === '' ? Number.NaN : Number(value.trim());
  if (Number.isNaN(number) && value.trim() !== '') number = readTextNumber(value) ?? Number.NaN;
  if (Number.isNaN(number))
    throw valueError(`${name} argument ${position} must be a number, got "${value}"`);
  return number;
}

/** A number argument; an omitted or empty one is `fallback`. */
export function numberArg(
  name: string,
  args: readonly FunctionArgument[],
  index: number,
  fallback?: number,
): number {
  const value = plainArg(name, args[index], index + 1);
  if (value === null && fallback !== undefined) return fallback;
  return toNumber(name, value, index + 1);
}

/**
 * A number argument where TRUE or FALSE is #VALUE!: like numberArg otherwise. Excel's Analysis
 * ToolPak functions (GESTEP, ERF.PRECISE …), Treasury bills, XNPV, XIRR, CUMIPMT, EFFECT and the
 * base conversions take no logical value for a number (their cached results show #VALUE!).
 */
export function strictNumberArg(
  name: string,
  args: readonly FunctionArgument[],
  index: number,
  fallback?: number,
): number {
  if (typeof plainArg(name, args[index], index + 1) === 'boolean')
    throw valueError(`${name} argument ${index + 1} must be a number, not TRUE or FALSE`);
  return numberArg(name, args, index, fallback);
}

export function integerArg(
  name: string,
  args: readonly FunctionArgument[],
  index: number,
  fallback?: number,
): number {
  return Math.trunc(numberArg(name, args, index, fallback));
}

export function booleanArg(
  name: string,
  args: readonly FunctionArgument[],
  index: number,
  fallback: boolean,
): boolean {
  const value = plainArg(name, args[index], index + 1);
  if (value === null) return fallback;
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string' && /^(true|false)$/i.test(value.trim()))
    return value.trim().toUpperCase() === 'TRUE';
  return toNumber(name, value, index + 1) !== 0;
}

/**
 * A value as text, the way `&` makes it: numbers as Excel writes them (15 significant digits,
 * number-text.ts), booleans as TRUE/FALSE.
 */
export function textOf(value: Plain): string {
  if (value === null) return '';
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  return typeof value === 'number' ? excelNumberText(value) : value;
}

export function textArg(name: string, args: readonly FunctionArgument[], index: number): string {
  return textOf(plainArg(name, args[index], index + 1));
}

/**
 * Order of two values of the same type (numbers, text ignoring case, FALSE before TRUE);
 * undefined when their types differ or either is empty or an error: Excel's lookups skip those.
 */
export function compareSameType(a: CellValue, b: CellValue): number | undefined {
  if (typeof a === 'number' && typeof b === 'number') return a < b ? -1 : a > b ? 1 : 0;
  if (typeof a === 'string' && typeof b === 'string') {
    const left = a.toLowerCase();
    const right = b.toLowerCase();
    return left < right ? -1 : left > right ? 1 : 0;
  }
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  return undefined;
}

/** Excel's wildcard pattern: * any run, ? any one character, ~ takes the next one literally. Case-insensitive. */
export function wildcardPattern(pattern: string): RegExp {
  let source = '';
  for (let index = 0; index < pattern.length; index += 1) {
    const char = pattern[index]!;
    if (char === '~' && index + 1 < pattern.length) {
      index += 1;
      source += escapeRegExp(pattern[index]!);
    } else if (char === '*') source += '.*';
    else if (char === '?') source += '.';
    else source += escapeRegExp(char);
  }
  return new RegExp(`^${source}$`, 'is');
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
