// Defined names Gridbook cannot hold as names (the engine reads `answer2` as a cell), rewritten in
// imported formulas to the ranges they stand for, as table references are (table-references.ts).
// A name that stands for one range becomes that range, absolute and sheet-qualified, so the
// formula reads the same cells after save, export and journal replay. Names defined by a formula
// or a constant, or by several areas, are left as written (#NAME?). Every other name is kept as a
// name (defined-names.ts).
import { parseRange, quoteSheetName } from '../core/index.js';

export interface ImportedName {
  readonly name: string;
  /** The range it stands for, as written after `=` in the file (`'Sales data'!$A$2:$A$9`). */
  readonly reference: string;
}

/** `Sheet!$A$1:$B$2` or `'Sheet name'!$A$1`: a sheet and a range on it. */
const SHEET_RANGE =
  /^(?:'((?:[^']|'')+)'|([^'!]+))!(\$?[A-Za-z]{1,3}\$?\d+(?::\$?[A-Za-z]{1,3}\$?\d+)?)$/;

/** The range a name's definition stands for, or undefined for anything else (formulas, constants). */
export function nameReference(definition: string): string | undefined {
  const match = SHEET_RANGE.exec(definition.trim());
  if (match === null) return undefined;
  const sheet = match[1]?.replace(/''/g, "'") ?? match[2]!;
  const range = match[3]!;
  try {
    parseRange(range.replace(/\$/g, ''));
  } catch {
    return undefined;
  }
  return `${quoteSheetName(sheet)}!${range}`;
}

/** The names of a workbook that stand for one range, by lower-case name. */
export function namesByKey(names: readonly ImportedName[]): Map<string, ImportedName> {
  return new Map(names.map((entry) => [entry.name.toLowerCase(), entry]));
}

// A name: a letter, `_` or `\`, then letters, digits, `_`, `.` or `\`.
const NAME = /[A-Za-z_\\][A-Za-z0-9_.\\]*/y;
const NAME_CHAR = /[A-Za-z0-9_.\\$]/;
const ERROR_LITERAL = /#[A-Za-z0-9/]+[!?]?/y;

/**
 * The formula with every defined name replaced by its range. Text in double quotes, quoted sheet
 * names, error literals (`#N/A`), function names (followed by `(`), sheet prefixes (followed by `!`), table names
 * (followed by `[`), column letters of references (`B$3`, `B:B`) and anything after a sheet
 * prefix are left alone.
 */
export function rewriteDefinedNames(
  formula: string,
  names: ReadonlyMap<string, ImportedName>,
): string {
  if (names.size === 0) return formula;
  let out = '';
  let index = 0;
  while (index < formula.length) {
    const char = formula[index]!;
    if (char === '"' || char === "'") {
      let end = index + 1;
      while (end < formula.length) {
        if (formula[end] === char && formula[end + 1] === char) end += 2;
        else if (formula[end] === char) break;
        else end += 1;
      }
      out += formula.slice(index, end + 1);
      index = end + 1;
      continue;
    }
    if (char === '#') {
      // An error literal (#N/A, #REF!): its letters are no name.
      ERROR_LITERAL.lastIndex = index;
      const literal = ERROR_LITERAL.exec(formula)?.[0] ?? char;
      out += literal;
      index += literal.length;
      continue;
    }
    const previous = formula[index - 1] ?? '';
    if (NAME_CHAR.test(previous) || previous === '!' || previous === ':') {
      out += char;
      index += 1;
      continue;
    }
    NAME.lastIndex = index;
    const match = NAME.exec(formula);
    if (match === null) {
      out += char;
      index += 1;
      continue;
    }
    const word = match[0];
    const next = formula[index + word.length] ?? '';
    const entry = names.get(word.toLowerCase());
    // Followed by `$` or `:` (or after `:`), a one-letter name is a column: `B$3`, `B:B`.
    out +=
      entry !== undefined && !['(', '!', '[', '$', ':'].includes(next) ? entry.reference : word;
    index += word.length;
  }
  return out;
}

/** The key of a sheet's own name in `qualifiedNames`: `sheet!name`, lower case. */
export function qualifiedKey(sheet: string, name: string): string {
  return `${sheet.toLowerCase()}!${name.toLowerCase()}`;
}

// `Sheet1!Name` or `'Sheet name'!Name`, not inside a longer word or after a workbook link `]`.
const QUALIFIED_NAME =
  /(?<![A-Za-z0-9_.\\\]])(?:'((?:[^']|'')+)'|([A-Za-z_\\][A-Za-z0-9_.\\]*))!([A-Za-z_\\][A-Za-z0-9_.\\]*)(?![A-Za-z0-9_.\\([$:!])/g;

/**
 * The formula with each sheet-qualified use of a sheet's own name (`Defines!NR_To_A1`, a name
 * scoped to the sheet Defines) replaced by the range it stands for: the engine reads a sheet's
 * names only from formulas on that sheet. `qualified`: such names' ranges by qualifiedKey.
 * Text in double quotes is left alone, and so is anything that names no such name.
 */
export function rewriteQualifiedNames(
  formula: string,
  qualified: ReadonlyMap<string, string>,
): string {
  if (qualified.size === 0 || !formula.includes('!')) return formula;
  return formula
    .split(/("(?:[^"]|"")*")/)
    .map((segment) =>
      segment.startsWith('"')
        ? segment
        : segment.replace(
            QUALIFIED_NAME,
            (whole, quoted: string | undefined, plain: string | undefined, name: string) =>
              qualified.get(qualifiedKey(quoted?.replace(/''/g, "'") ?? plain!, name)) ?? whole,
          ),
    )
    .join('');
}
