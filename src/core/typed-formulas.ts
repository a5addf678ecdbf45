// Formulas people, agents and API callers type are Excel 365 formulas: evaluated as arrays and
// spilled (`=SEQUENCE(3)*2`, `=A1:A3*2`, `=SUM(A1:A3*B1:B3)`). The engine evaluates a formula
// with implicit intersection unless it is wrapped in DYNAMIC.ARRAY (core/legacy-array.ts), which
// is how the xlsx import holds a file's dynamic-array formulas; so a typed formula is stored
// wrapped when entered (value-typing.ts typeInput, and POST /eval). Formulas of files and saves
// keep what they say (docs/decisions/2026-11-29-typed-formulas-are-dynamic.md).
//
// Only a formula whose result can differ in array mode is wrapped: `=A1+B1` or `=SUM(A1:A100)`
// evaluate the same either way and pay nothing for a wrapper.
import { dynamicArrayFormula, dynamicArrayOf, legacyArrayOf } from './legacy-array.js';
import { ARRAY_RESULT_FUNCTIONS } from './legacy-single.js';

/**
 * Functions that answer an array (or a reference of several cells) from single-value arguments,
 * beyond those whose whole result is one (legacy-single.ts): INDEX(r,0,1) is a column, LET and
 * LAMBDA can answer anything.
 */
const MORE_ARRAY_FUNCTIONS = new Set([
  'ANCHORARRAY',
  'GROUPBY',
  'INDEX',
  'LAMBDA',
  'LET',
  'PIVOTBY',
  'REGEXEXTRACT',
  'TRIMRANGE',
]);

const ALL = 'all';
type Positions = typeof ALL | ((index: number) => boolean);

const only =
  (...indexes: number[]): Positions =>
  (index) =>
    indexes.includes(index);
const from =
  (first: number): Positions =>
  (index) =>
    index >= first;

/**
 * Arguments a function reads whole as a range and turns into one value, in either mode: a range
 * written there (`SUM(A1:A100)`, VLOOKUP's table) gives the same result with or without arrays.
 * A range anywhere else (`ABS(A1:A3)`, VLOOKUP's lookup value, COUNTIF's criteria) spills in
 * Excel 365, so its formula is wrapped. Zero-based argument indexes.
 */
const WHOLE_RANGE_ARGUMENTS = new Map<string, Positions>([
  ...[
    'AND',
    'AVEDEV',
    'AVERAGE',
    'AVERAGEA',
    'CONCAT',
    'COUNT',
    'COUNTA',
    'COUNTBLANK',
    'DEVSQ',
    'GEOMEAN',
    'HARMEAN',
    'KURT',
    'MAX',
    'MAXA',
    'MEDIAN',
    'MIN',
    'MINA',
    'MODE',
    'MODE.SNGL',
    'OR',
    'PRODUCT',
    'SKEW',
    'STDEV',
    'STDEV.P',
    'STDEV.S',
    'STDEVA',
    'STDEVP',
    'STDEVPA',
    'SUM',
    'SUMPRODUCT',
    'SUMSQ',
    'VAR',
    'VAR.P',
    'VAR.S',
    'VARA',
    'VARP',
    'VARPA',
    'XOR',
  ].map((name): [string, Positions] => [name, ALL]),
  ['AVERAGEIF', only(0, 2)],
  ['AVERAGEIFS', (index) => index === 0 || index % 2 === 1],
  ['COLUMNS', only(0)],
  ['CORREL', only(0, 1)],
  ['COUNTIF', only(0)],
  ['COUNTIFS', (index) => index % 2 === 0],
  ['HLOOKUP', only(1)],
  ['LARGE', only(0)],
  ['MATCH', only(1)],
  ['MAXIFS', (index) => index === 0 || index % 2 === 1],
  ['MINIFS', (index) => index === 0 || index % 2 === 1],
  ['NPV', from(1)],
  ['PERCENTILE', only(0)],
  ['QUARTILE', only(0)],
  ['RANK', only(1)],
  ['RANK.AVG', only(1)],
  ['RANK.EQ', only(1)],
  ['ROWS', only(0)],
  ['SLOPE', only(0, 1)],
  ['SMALL', only(0)],
  ['SUBTOTAL', from(1)],
  ['SUMIF', only(0, 2)],
  ['SUMIFS', (index) => index === 0 || index % 2 === 1],
  ['TEXTJOIN', from(2)],
  ['VLOOKUP', only(1)],
  ['XMATCH', only(1)],
]);

const XLFN = /^_XLFN\./;
/** An operand's characters: references (`Sheet1!$A$1:B2`), names, numbers, function names. */
const OPERAND_CHAR = /[A-Za-z0-9_.$:!\\\u00c0-\uffff]/;
const CELL = /^(?:[^!]+!)?\$?[A-Za-z]{1,3}\$?\d+$/;
const SCALAR_WORD = /^(?:TRUE|FALSE|[\d.].*)$/i;

/** The call an operand sits in: its function (undefined for a bracketed group) and argument index. */
interface Frame {
  readonly name: string | undefined;
  argument: number;
}

function readsWhole(frame: Frame | undefined): boolean {
  if (frame?.name === undefined) return false;
  const positions = WHOLE_RANGE_ARGUMENTS.get(frame.name);
  if (positions === undefined) return false;
  return positions === ALL || positions(frame.argument);
}

/** The first character at or after `index` that is no space. */
function nextChar(formula: string, index: number): string {
  while (formula[index] === ' ') index += 1;
  return formula[index] ?? '';
}

/** The end (exclusive) of the quoted run opening at `start`; a doubled quote stays inside. */
function quotedEnd(formula: string, start: number): number {
  const quote = formula[start]!;
  let end = start + 1;
  while (end < formula.length) {
    if (formula[end] === quote && formula[end + 1] === quote) end += 2;
    else if (formula[end] === quote) return end + 1;
    else end += 1;
  }
  return end;
}

/**
 * Whether the formula can evaluate differently as an array formula than with implicit
 * intersection: it has a range or whole row/column outside an argument read whole, a name (it
 * may be a range or an array), an array constant, a spill reference, `@` or anything this scan
 * does not know, or calls a function that answers an array. One pass over the text, without the
 * formula lexer: every typed formula passes here, and the lexer costs ten times as much.
 */
export function mayEvaluateAsArray(formula: string): boolean {
  const frames: Frame[] = [];
  let previous = '(';
  let index = formula.startsWith('=') ? 1 : 0;
  while (index < formula.length) {
    const char = formula[index]!;
    if (char === '"') {
      index = quotedEnd(formula, index);
      previous = '"';
      continue;
    }
    if (char === "'" || OPERAND_CHAR.test(char)) {
      const start = index;
      if (char === "'") index = quotedEnd(formula, index);
      while (index < formula.length && OPERAND_CHAR.test(formula[index]!)) index += 1;
      const operand = formula.slice(start, index);
      const after = nextChar(formula, index);
      if (after === '(') {
        const name = operand.toUpperCase().replace(XLFN, '');
        if (ARRAY_RESULT_FUNCTIONS.has(name) || MORE_ARRAY_FUNCTIONS.has(name)) return true;
        frames.push({ name, argument: 0 });
        index = formula.indexOf('(', index) + 1;
        previous = '(';
        continue;
      }
      if (operand.includes(':')) {
        // A range is the same in both modes only as a whole argument a function reads whole.
        const alone = (previous === '(' || previous === ',') && (after === ')' || after === ',');
        if (!alone || !readsWhole(frames.at(-1))) return true;
      } else if (!CELL.test(operand) && !SCALAR_WORD.test(operand)) return true;
      previous = 'operand';
      continue;
    }
    if (char === '(') frames.push({ name: undefined, argument: 0 });
    else if (char === ')') frames.pop();
    else if (char === ',') {
      const frame = frames.at(-1);
      if (frame === undefined) return true;
      frame.argument += 1;
    } else if (!'+-*/^&%=<> '.includes(char)) return true;
    if (char !== ' ') previous = char;
    index += 1;
  }
  return false;
}

/**
 * A typed formula (with its `=`) as the workbook holds it: `=DYNAMIC.ARRAY(F)` when its result can
 * differ as an array formula, so the engine evaluates and spills it as Excel 365 does; as typed
 * otherwise, and when it already says how it evaluates (a wrapped formula written back).
 */
export function typedFormula(formula: string): string {
  if (dynamicArrayOf(formula) !== undefined || legacyArrayOf(formula) !== undefined) return formula;
  return mayEvaluateAsArray(formula) ? dynamicArrayFormula(formula) : formula;
}
