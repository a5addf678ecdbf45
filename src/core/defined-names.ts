// Defined names (Excel's Name Manager): a name that stands for a range, a constant or a formula,
// for the whole workbook or for one sheet. The workbook holds each name's text (`=Sheet1!$A$2:$A$9`)
// as the truth, rewritten with the formulas on sheet renames and structure changes; the engine
// is told every change (FormulaEngine.setName).
import { tryParseCell } from './address/index.js';
import { InvalidNameError, InvalidOperationError } from './errors.js';

export interface DefinedName {
  readonly name: string;
  /** What it refers to, as a formula: `=Sheet1!$A$2:$A$9`, `=0.05`, `=Rate*12`. */
  readonly formula: string;
}

/** A name with where it applies: a sheet's name, or undefined for the whole workbook. */
export interface ScopedName extends DefinedName {
  readonly sheet?: string;
}

/** Excel's limit on a name's length. */
export const MAX_DEFINED_NAME = 255;
/** Excel's limit on a formula's length, which a name's definition shares. */
export const MAX_NAME_FORMULA = 8_192;
/** The most names one scope holds: each is recomputed with its dependents on every rebuild. */
export const MAX_DEFINED_NAMES = 10_000;

// A letter or `_`, then letters, digits, `_` and `.` (what both Excel and the engine accept).
const NAME_PATTERN = /^[\p{L}_][\p{L}\p{N}_.]*$/u;
const R1C1_PATTERN = /^[rR][0-9]*[cC][0-9]*$/;
const LETTERS_THEN_DIGITS = /^[A-Za-z]+[0-9]+$/;
/** Names the engine already gives a meaning. */
const RESERVED = new Set(['TRUE', 'FALSE']);

/**
 * The key two spellings of one name share. Lower case, as the engine folds names: upper case
 * folds more ("Maß" and "MASS", "ıx" and "Ix" are one name in upper case), and a table that
 * merged names the engine keeps apart replaced one defined name with another that formulas
 * still told apart.
 */
export function nameKey(name: string): string {
  return name.toLowerCase();
}

export function validateDefinedName(raw: unknown, field = 'name'): string {
  const name = typeof raw === 'string' ? raw.trim() : '';
  if (name === '') throw new InvalidNameError(field, 'a defined name cannot be empty.');
  if (name.length > MAX_DEFINED_NAME)
    throw new InvalidNameError(
      field,
      `the name is ${name.length} characters; the limit is ${MAX_DEFINED_NAME}.`,
    );
  if (!NAME_PATTERN.test(name))
    throw new InvalidNameError(
      field,
      `"${name}" is not a valid name: start with a letter or "_", then letters, digits, "_" or ".".`,
    );
  if (tryParseCell(name) !== undefined || R1C1_PATTERN.test(name))
    throw new InvalidNameError(field, `"${name}" reads as a cell reference.`);
  // The engine reads letters then digits as a cell at any column (`answer2`), past Excel's XFD.
  if (LETTERS_THEN_DIGITS.test(name))
    throw new InvalidNameError(
      field,
      `"${name}" reads as a cell reference to the formula engine (letters then digits); add "_" or another character.`,
    );
  if (RESERVED.has(name.toUpperCase()))
    throw new InvalidNameError(field, `"${name}" is reserved (it is a value in formulas).`);
  return name;
}

export function validateNameFormula(raw: unknown, field = 'refers_to'): string {
  if (typeof raw !== 'string' || !raw.startsWith('=') || raw.trim() === '=')
    throw new InvalidOperationError(field, 'expected a formula starting with "=".');
  if (raw.length > MAX_NAME_FORMULA)
    throw new InvalidOperationError(
      field,
      `the definition is ${raw.length} characters; the limit is ${MAX_NAME_FORMULA}.`,
    );
  return raw;
}

/** A scope's names, by nameKey, in the order they were defined. */
export type NameTable = Map<string, DefinedName>;

/** A scope's names sorted as Excel's Name Manager lists them (case-insensitive). */
export function sortedNames(table: ReadonlyMap<string, DefinedName>): DefinedName[] {
  const order = (key: string): string => key.toUpperCase();
  return [...table.entries()]
    .sort(([a], [b]) => compareText(order(a), order(b)) || compareText(a, b))
    .map(([, v]) => v);
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Checks a document's list of names for one scope and builds its table. */
export function nameTableOf(names: readonly DefinedName[] | undefined, field: string): NameTable {
  const table: NameTable = new Map();
  if (names === undefined) return table;
  if (names.length > MAX_DEFINED_NAMES)
    throw new InvalidOperationError(field, `at most ${MAX_DEFINED_NAMES} names per scope.`);
  names.forEach((entry, index) => {
    const name = validateDefinedName(entry?.name, `${field}[${index}].name`);
    const formula = validateNameFormula(entry.formula, `${field}[${index}].formula`);
    if (table.has(nameKey(name)))
      throw new InvalidOperationError(`${field}[${index}].name`, `"${name}" appears twice.`);
    table.set(nameKey(name), { name, formula });
  });
  return table;
}
