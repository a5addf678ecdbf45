// Excel lookup functions HyperFormula 3.5 lacks, XMATCH and LOOKUP (vector and array forms), and
// MATCH and HLOOKUP in place of HyperFormula's (which matched text by case and without wildcards,
// and whose approximate search on text answered the last column).
import {
  booleanArg,
  compareSameType,
  gridOf,
  integerArg,
  notAvailable,
  plainArg,
  textOf,
  valueError,
  wildcardPattern,
  type Plain,
} from './excel-arguments.js';
import {
  isRangeArgument,
  type CustomFunction,
  type FunctionArgument,
} from './function-registry.js';
import { FormulaError, SENTINELS, type CellValue } from './sentinels.js';
import {
  findInLine,
  heldSliceOf,
  lineOf,
  shapeOf,
  valuesLine,
  vectorLineOf,
  type Line,
} from './lookup-lines.js';

const refError = (message: string): FormulaError => new FormulaError(SENTINELS.reference, message);

/** The value looked up; an empty cell looks for 0, as Excel reads a blank reference. */
function lookupValueArg(name: string, arg: FunctionArgument | undefined): Exclude<Plain, null> {
  return plainArg(name, arg, 1) ?? 0;
}

/** An index argument: a range or array stands for its first value (the anchor of Excel's spill). */
function firstIntegerArg(name: string, args: readonly FunctionArgument[], index: number): number {
  const arg = args[index];
  if (arg === undefined || !isRangeArgument(arg)) return integerArg(name, args, index);
  const first = arg.rows[0]?.[0];
  if (first === undefined) return integerArg(name, [], 0);
  return integerArg(name, [first ?? null], 0);
}

/** Positions of the values comparable with `lookup` (same type), in order. */
function comparablePositions(line: Line, lookup: Plain): number[] {
  const positions: number[] = [];
  for (let position = line.nextHeld(0); position < line.length;) {
    if (compareSameType(line.at(position), lookup) !== undefined) positions.push(position);
    position = line.nextHeld(position + 1);
  }
  return positions;
}

/** match_mode 3: a regular expression any part of a text value may match, case-sensitive. */
function regexPattern(source: string): RegExp {
  try {
    return new RegExp(source, 'u');
  } catch {
    throw valueError(`"${source}" is not a valid regular expression`);
  }
}

export type MatchMode = -1 | 0 | 1 | 2 | 3;

const TYPE_RANK = { number: 0, string: 1, boolean: 2 } as const;

/** Excel's sort order across types (numbers, text, logical values); undefined for empty cells and errors. */
function compareAcrossTypes(a: CellValue, b: CellValue): number | undefined {
  const rankA = TYPE_RANK[typeof a as keyof typeof TYPE_RANK];
  const rankB = TYPE_RANK[typeof b as keyof typeof TYPE_RANK];
  if (rankA === undefined || rankB === undefined) return undefined;
  return rankA === rankB ? compareSameType(a, b) : rankA - rankB;
}

/**
 * XMATCH's empty lookup_value (a reference to an empty cell) equals an empty cell and sorts after
 * every number, text and logical value, so match_mode -1 finds the largest value in Excel's sort
 * order and match_mode 1 nothing (formulas/test.xlsx LOOKUP!W189:W197, W177, W185); undefined for
 * errors.
 */
function orderAgainstEmpty(value: CellValue): number | undefined {
  if (value === null) return 0;
  return (typeof value) in TYPE_RANK ? -1 : undefined;
}

/** Linear search in either direction: the first exact match, else the closest on the wanted side. */
export function linearSearch(
  values: readonly CellValue[] | Line,
  lookup: Plain,
  mode: MatchMode,
  reverse: boolean,
): number | undefined {
  const line = lineOf(values);
  const pattern =
    mode === 2 && typeof lookup === 'string'
      ? wildcardPattern(lookup)
      : mode === 3
        ? regexPattern(textOf(lookup))
        : undefined;
  const side = mode === -1 ? -1 : mode === 1 ? 1 : 0;
  let best: number | undefined;
  const found = findInLine(
    line,
    (value, position) => {
      if (pattern !== undefined) return typeof value === 'string' && pattern.test(value);
      const order = lookup === null ? orderAgainstEmpty(value) : compareSameType(value, lookup);
      if (order === 0) return true;
      if (side === 0) return false;
      // The next smaller or larger value may be of another type, in Excel's sort order: numbers,
      // then text, then logical values (ironcalc XLOOKUP.xlsx ReturnLarger!E8: text is larger than 10).
      const across = order ?? (lookup === null ? undefined : compareAcrossTypes(value, lookup));
      if (across === undefined || Math.sign(across) !== side) return false;
      // Closer to the lookup value than the best so far (ties keep the first one met).
      if (best === undefined || Math.sign(compareAcrossTypes(value, line.at(best))!) === -side)
        best = position;
      return false;
    },
    reverse,
    // An empty cell is the answer only when an empty cell is looked for; else it is passed over.
    lookup === null && pattern === undefined,
  );
  return found ?? best;
}

/** Binary search over the comparable values, sorted ascending (`direction` 1) or descending (-1). */
export function binarySearch(
  values: readonly CellValue[] | Line,
  lookup: Exclude<Plain, null>,
  mode: MatchMode,
  direction: 1 | -1,
): number | undefined {
  const line = lineOf(values);
  const positions = comparablePositions(line, lookup);
  const key = (index: number): number =>
    direction * compareSameType(line.at(positions[index]!), lookup)!;
  // The first index whose value is not before the lookup value in the sort order.
  let low = 0;
  let high = positions.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (key(middle) < 0) low = middle + 1;
    else high = middle;
  }
  if (low < positions.length && key(low) === 0) return positions[low];
  if (mode === 0) return undefined;
  // Ascending: the next smaller value sits just before `low`, the next larger at it; descending, the other way round.
  const wantsBefore = (mode === -1) === (direction === 1);
  return positions[wantsBefore ? low - 1 : low];
}

/**
 * XMATCH's and XLOOKUP's binary search (search_mode ±2) as Excel bisects: every position is
 * probed, values of other types ordered as Excel sorts them (numbers, text, logical values;
 * poi/xlookup.xlsx F2 lands on text); an equal value ends the search at the first of its run
 * (sorted ascending) or the last (descending, ironcalc XLOOKUP.xlsx MultipleElements!M4).
 * Without an equal value, the last probe on the wanted side answers.
 */
export function bisect(
  values: readonly CellValue[] | Line,
  lookup: Plain,
  mode: MatchMode,
  direction: 1 | -1,
): number | undefined {
  const line = lineOf(values);
  let low = 0;
  let high = line.bisected - 1;
  let equal: number | undefined;
  let smaller: number | undefined;
  let larger: number | undefined;
  while (low <= high) {
    const middle = (low + high) >> 1;
    // Empty cells and errors sort after everything.
    const value = line.at(middle);
    const order =
      lookup === null ? (orderAgainstEmpty(value) ?? 1) : (compareAcrossTypes(value, lookup) ?? 1);
    if (order < 0) smaller = middle;
    else if (order > 0) larger = middle;
    else equal = middle;
    // Towards the lookup value; on an equal one, on towards the first (ascending) or last of its run.
    const right = order === 0 ? direction === -1 : direction * order < 0;
    if (right) low = middle + 1;
    else high = middle - 1;
  }
  if (equal !== undefined) return equal;
  return mode === -1 ? smaller : mode === 1 ? larger : undefined;
}

const xmatch: CustomFunction = {
  name: 'XMATCH',
  minArgs: 2,
  maxArgs: 4,
  description:
    'XMATCH(lookup_value, lookup_array, [match_mode=0], [search_mode=1]): 1-based position of a value in one row or column (match_mode -1/1 next smaller/larger, 2 wildcards, 3 regular expression; search_mode -1 from the end, ±2 binary)',
  evaluate: (args) => {
    const given = plainArg('XMATCH', args[0], 1);
    const values = vectorLineOf('XMATCH', args[1]!, 2);
    const mode = integerArg('XMATCH', args, 2, 0);
    // An empty cell is looked for as itself, except by a regular expression (as "0", as before).
    const lookup = given === null && mode === 3 ? 0 : given;
    const search = integerArg('XMATCH', args, 3, 1);
    if (![-1, 0, 1, 2, 3].includes(mode))
      return valueError('XMATCH: match_mode must be 0, -1, 1, 2 or 3');
    if (![-1, 1, -2, 2].includes(search))
      return valueError('XMATCH: search_mode must be 1, -1, 2 or -2');
    if (mode >= 2 && Math.abs(search) === 2)
      return valueError(
        'XMATCH: wildcards and regular expressions (match_mode 2, 3) cannot be used with a binary search',
      );
    const found =
      Math.abs(search) === 2
        ? bisect(values, lookup, mode as MatchMode, search > 0 ? 1 : -1)
        : linearSearch(values, lookup, mode as MatchMode, search < 0);
    return found === undefined ? notAvailable('XMATCH: the value was not found') : found + 1;
  },
};

/** LOOKUP's array form: search the first row of a wider-than-tall array (else the first column), answer from the last. */
function arrayForm(arg: FunctionArgument): { search: Line; result: Line } {
  if (isRangeArgument(arg) && arg.held !== undefined) {
    const { held } = arg;
    const across = held.width > held.height;
    const last = across ? held.height - 1 : held.width - 1;
    return { search: heldSliceOf(held, across, 0), result: heldSliceOf(held, across, last) };
  }
  const { search, result } = arrayFormValues(arg);
  return { search: valuesLine(search), result: valuesLine(result) };
}

function arrayFormValues(arg: FunctionArgument): { search: CellValue[]; result: CellValue[] } {
  const { height, width, rows } = gridOf(arg);
  if (width > height) return { search: [...rows[0]!], result: [...rows[height - 1]!] };
  return {
    search: rows.map((row) => row[0]!),
    result: rows.map((row) => row[width - 1]!),
  };
}

function isTwoDimensional(arg: FunctionArgument): boolean {
  const { height, width } = shapeOf(arg);
  return height > 1 && width > 1;
}

const lookup: CustomFunction = {
  name: 'LOOKUP',
  minArgs: 2,
  maxArgs: 3,
  description:
    'LOOKUP(lookup_value, lookup_vector, [result_vector]): the value at the position of the largest value not above lookup_value (data sorted ascending); with a 2-D array and no result_vector, searches its first row or column and answers from the last',
  evaluate: (args): CellValue => {
    const value = lookupValueArg('LOOKUP', args[0]);
    if (args[2] !== undefined && isTwoDimensional(args[2]))
      return notAvailable('LOOKUP: result_vector must be one row or one column');
    // A 2-D lookup_vector beside a result_vector is searched as in the array form (pycel/lookup.xlsx row 29).
    const { search, result } =
      args[2] === undefined
        ? arrayForm(args[1]!)
        : { search: arrayForm(args[1]!).search, result: vectorLineOf('LOOKUP', args[2], 3) };
    const found = bisectApproximate(search, value, 1);
    if (found === undefined)
      return notAvailable('LOOKUP: no value is smaller than or equal to the lookup value');
    const answer = found < result.length ? result.at(found) : undefined;
    if (answer === undefined)
      return notAvailable('LOOKUP: result_vector is shorter than lookup_vector');
    // An empty cell answers 0, as in Excel (and VLOOKUP here).
    return answer ?? 0;
  },
};

/**
 * MATCH's and LOOKUP's approximate search as Excel bisects, over the whole array (the corpus's
 * formulas/test.xlsx LOOKUP!R56:AF91 fix every step). `type` 1 wants the largest value not above
 * the lookup value (data ascending), -1 the smallest not below it (data descending). Each probe
 * is the middle of the inclusive bounds; a probe on a value of another type (or an empty cell)
 * reads the first value of the lookup value's type to its right within the bounds, and with none
 * there the search goes left. An equal value ends the search at the last of its run
 * (`MATCH(4.1,{"c bau c",4.1,"a",1.1})` is 2; duplicates in sorted data answer the last, ironcalc
 * MATCH.xlsx C7); otherwise the last probe on the wanted side answers. Type -1 first reads the
 * first value of the lookup value's type: below the lookup value, nothing is found
 * (`MATCH(1.1,{-1.1,2.1,3.1,4.1},-1)` is #N/A, though 2.1 is not below 1.1); equal to it, it
 * answers (pycel lookup.xlsx G32: 0 in 0, 1, 2, 3, 4 is 1).
 */
export function bisectApproximate(
  values: readonly CellValue[] | Line,
  lookup: Exclude<Plain, null>,
  type: 1 | -1,
): number | undefined {
  const line = lineOf(values);
  const comparable = (position: number): number | undefined =>
    compareSameType(line.at(position), lookup);
  const lastOfRun = (position: number): number => {
    let last = position;
    while (last + 1 < line.length && comparable(last + 1) === 0) last += 1;
    return last;
  };
  if (type === -1) {
    const first = findInLine(line, (value) => compareSameType(value, lookup) !== undefined);
    if (first === undefined || comparable(first)! < 0) return undefined;
    if (comparable(first) === 0) return lastOfRun(first);
  }
  let low = 0;
  let high = line.bisected - 1;
  let found: number | undefined;
  while (low <= high) {
    const middle = (low + high) >> 1;
    // The first comparable value from the middle on (empty cells are never comparable).
    let probe = line.nextHeld(middle);
    while (probe <= high && comparable(probe) === undefined) probe = line.nextHeld(probe + 1);
    if (probe > high) {
      high = middle - 1;
      continue;
    }
    const order = comparable(probe)!;
    if (order === 0) return lastOfRun(probe);
    if (order * type < 0) {
      found = probe;
      low = probe + 1;
    } else high = middle - 1;
  }
  return found;
}

/** MATCH's and HLOOKUP's search: exact (text ignoring case, with wildcards) or the largest value not above (ascending data). */
function matchPosition(
  values: readonly CellValue[] | Line,
  value: Exclude<Plain, null>,
  type: number,
): number | undefined {
  if (type === 0) return linearSearch(values, value, 2, false);
  return bisectApproximate(values, value, type > 0 ? 1 : -1);
}

const hlookup: CustomFunction = {
  name: 'HLOOKUP',
  minArgs: 3,
  maxArgs: 4,
  description:
    'HLOOKUP(lookup_value, table_array, row_index_num, [range_lookup=TRUE]): the value in row row_index_num of the column whose first-row value matches (TRUE: the largest value not above it, first row ascending; FALSE: the first equal one, text ignoring case, wildcards * ? ~)',
  evaluate: (args, _settings, syntax) => {
    // A table written as text is #VALUE!, one of a number or TRUE a one-cell table (ironcalc
    // LOOKUP_AND_REFERENCE--HVLOOKUP.xlsx HLOOKUP!N12:N14).
    if (syntax.writtenAsText.has(1)) return valueError('HLOOKUP: table_array is text, not a table');
    const value = lookupValueArg('HLOOKUP', args[0]);
    const { height, rows } = gridOf(args[1]!);
    const row = firstIntegerArg('HLOOKUP', args, 2);
    if (row < 1) return valueError('HLOOKUP: row_index_num must be at least 1');
    if (row > height) return refError('HLOOKUP: row_index_num is past the last row of table_array');
    const exact = !booleanArg('HLOOKUP', args, 3, true);
    // The approximate search as before: the first of the largest values not above (poi
    // FormulaEvalTestData_Copy.xlsx G716 on unsorted text agrees with it, not with MATCH's bisection).
    const found = exact ? matchPosition(rows[0]!, value, 0) : binarySearch(rows[0]!, value, -1, 1);
    if (found === undefined) return notAvailable('HLOOKUP: the value was not found');
    // An empty cell answers 0, as in Excel.
    return rows[row - 1]![found] ?? 0;
  },
};

const match: CustomFunction = {
  name: 'MATCH',
  minArgs: 2,
  maxArgs: 3,
  description:
    'MATCH(lookup_value, lookup_array, [match_type=1]): 1-based position in one row or column; 1 the largest value not above it (data ascending), 0 the first equal one (text ignoring case, wildcards * ? ~), -1 the smallest not below it (data descending)',
  evaluate: (args) => {
    const value = lookupValueArg('MATCH', args[0]);
    if (isTwoDimensional(args[1]!))
      return notAvailable('MATCH: lookup_array must be one row or one column');
    const values = vectorLineOf('MATCH', args[1]!, 2);
    const found = matchPosition(values, value, Math.sign(integerArg('MATCH', args, 2, 1)));
    return found === undefined ? notAvailable('MATCH: the value was not found') : found + 1;
  },
};

export const EXCEL_LOOKUP_FUNCTIONS: readonly CustomFunction[] = [xmatch, lookup, match, hlookup];
