// How a written value becomes a cell input, the way a spreadsheet types what you enter
// (docs/design.md §5): numeric text → number, TRUE/FALSE → boolean, leading `=` → formula,
// leading `'` → literal text, whitespace before `=` → text, "" (or only spaces) → clear.

import { mapOutsideStrings } from './formula-text/index.js';
import { parseTypedNumber } from './format/number-format.js';
import { visibleFormula } from './legacy-array.js';
import { typedFormula } from './typed-formulas.js';

/** A formula as written, always with its leading `=`. */
export interface Formula {
  readonly formula: string;
}

/**
 * Excel's error values as they are typed into a cell or a formula (`#N/A` as a placeholder). The
 * first eight are every Excel's; the others are Excel 365's (ERROR.TYPE numbers 8–14), which a
 * file carries as rich values and Excel accepts as literals (`=ERROR.TYPE(#GETTING_DATA)`).
 */
export const ERROR_LITERALS = [
  '#NULL!',
  '#DIV/0!',
  '#VALUE!',
  '#REF!',
  '#NAME?',
  '#NUM!',
  '#N/A',
  '#GETTING_DATA',
  '#SPILL!',
  '#CONNECT!',
  '#BLOCKED!',
  '#UNKNOWN!',
  '#FIELD!',
  '#CALC!',
] as const;

export type ErrorLiteral = (typeof ERROR_LITERALS)[number];

const ERROR_LITERAL_SET: ReadonlySet<string> = new Set(ERROR_LITERALS);

/** An error value typed as a constant: no formula (ISFORMULA is FALSE), saved as `t="e"`. */
export interface TypedError {
  readonly error: ErrorLiteral;
}

/** What a cell holds as input. A plain string is literal text. */
export type CellInput = number | boolean | string | Formula | TypedError;

/** Excel's error literal spelled `text` (any case: Excel reads `#n/a` as #N/A), if it is one. */
export function errorLiteralOf(text: string): ErrorLiteral | undefined {
  const upper = text.trim().toUpperCase();
  return ERROR_LITERAL_SET.has(upper) ? (upper as ErrorLiteral) : undefined;
}

/** The most characters a cell's text (and a formula's text result) may have, as in Excel. */
export const MAX_TEXT_LENGTH = 32_767;

/** Why a text is refused, for the error naming its cell. */
export function tooLongText(text: string): string {
  return `text of ${text.length} characters; a cell holds at most ${MAX_TEXT_LENGTH} (as in Excel).`;
}

/** A value as clients send it. */
export type WireValue = string | number | boolean | null;

const NUMERIC_TEXT = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

export function isFormula(input: CellInput | null | undefined): input is Formula {
  return typeof input === 'object' && input !== null && 'formula' in input;
}

export function isTypedError(input: CellInput | null | undefined): input is TypedError {
  return typeof input === 'object' && input !== null && 'error' in input;
}

/** Unicode operators people paste from documents, rewritten outside string literals. */
const OPERATOR_LOOKALIKES: Readonly<Record<string, string>> = {
  '\u2212': '-',
  '\u2013': '-',
  '\u2014': '-',
  '\u00d7': '*',
  '\u2217': '*',
  '\u00f7': '/',
};

const LOOKALIKES = `[${Object.keys(OPERATOR_LOOKALIKES).join('')}]`;
const LOOKALIKE = new RegExp(LOOKALIKES, 'g');
const HAS_LOOKALIKE = new RegExp(LOOKALIKES);

export function normalizeFormula(text: string): string {
  const trimmed = text.trim();
  // Most formulas have none: they skip the lexer (this runs on every formula written).
  if (!HAS_LOOKALIKE.test(trimmed)) return trimmed;
  return mapOutsideStrings(trimmed, (code) =>
    code.replace(LOOKALIKE, (char) => OPERATOR_LOOKALIKES[char]!),
  );
}

export function parseNumericText(text: string): number | undefined {
  if (!NUMERIC_TEXT.test(text)) return undefined;
  const value = Number(text);
  if (!Number.isFinite(value)) return undefined;
  // "-0" is zero as typed; a negative zero would print as 0 yet compare differently.
  return value === 0 ? 0 : value;
}

/** A typed value and the number format its text implied (`15%` → 0.15 shown as `0%`). */
export interface TypedValue {
  readonly input: CellInput | null;
  readonly numberFormat?: string;
}

/**
 * Types a client value as a spreadsheet types what you enter, with the number format the text
 * implies: `15%` → 0.15 (`0%`), `$1,200` → 1200 (`$#,##0`), `1,200.50` → 1200.5 (`#,##0.00`),
 * `2026-01-31`, `1/31/2026`, `31 Jan 2026` → date serials, `14:30` → a time. A JSON number
 * never gets a format; `'` keeps the text as it is.
 */
export function typeValue(value: WireValue | undefined): TypedValue {
  if (typeof value !== 'string') return { input: typeInput(value) };
  // Plain numeric text (the common case) is that number and implies no format: typeInput would
  // reach the same number after its other checks, none of which such text can meet.
  const trimmed = value.trim();
  const plain = parseNumericText(trimmed);
  if (plain !== undefined) return { input: plain };
  const input = typeInput(value);
  if (typeof input !== 'number') return { input };
  const typed = parseTypedNumber(trimmed);
  return typed?.numberFormat === undefined
    ? { input }
    : { input, numberFormat: typed.numberFormat };
}

/** Types a client value; `null` means the cell is cleared. */
export function typeInput(value: WireValue | undefined): CellInput | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number')
    return Number.isFinite(value) ? (Object.is(value, -0) ? 0 : value) : null;
  if (typeof value === 'boolean') return value;
  const trimmed = value.trim();
  if (trimmed === '') return null;
  // A lone "=" is no formula (Excel refuses it); kept as the text it is, it also survives a save,
  // whose format reads an empty formula as none (the property test found it lost on restart).
  // Only a value that starts with "=" is a formula: " =1+1" stays the text it is, as in Excel
  // (a space typed or pasted before "=" is how people keep a formula-looking label).
  // A typed formula is an Excel 365 one: evaluated as an array and spilled (typed-formulas.ts).
  if (value.startsWith('=') && trimmed !== '=')
    return { formula: typedFormula(normalizeFormula(trimmed)) };
  if (value.startsWith("'")) return value.slice(1);
  const upper = trimmed.toUpperCase();
  if (upper === 'TRUE') return true;
  // An error typed into a cell is an error value, as in Excel (`#N/A` marks missing data).
  const error = errorLiteralOf(upper);
  if (error !== undefined) return { error };
  if (upper === 'FALSE') return false;
  return parseNumericText(trimmed) ?? parseTypedNumber(trimmed)?.value ?? value;
}

/** The input as a person would type it again to get the same cell. */
export function inputToText(input: CellInput): string {
  if (isFormula(input)) return visibleFormula(input.formula);
  if (isTypedError(input)) return input.error;
  if (typeof input === 'number') return String(input);
  if (typeof input === 'boolean') return input ? 'TRUE' : 'FALSE';
  const retyped = typeInput(input);
  return typeof retyped === 'string' && retyped === input ? input : `'${input}`;
}

export function sameInput(a: CellInput | null, b: CellInput | null): boolean {
  if (isFormula(a) && isFormula(b)) return a.formula === b.formula;
  if (isTypedError(a) && isTypedError(b)) return a.error === b.error;
  return a === b;
}
