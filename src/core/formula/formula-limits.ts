// What a formula may ask of the engine. HyperFormula's parser recurses once per nesting level
// and per chained operator, so a deeply nested formula overflows the stack; and it builds a
// cell range cell by cell (about 300–500 bytes each, measured), so one =SUM(A1:XFD1048576)
// exhausts the heap and kills the process. Formulas beyond these limits become error values
// before they reach the engine, like any other formula that cannot be computed.
import { lettersToColumn, MAX_COLUMNS } from '../address/index.js';
import { FormulaError, SENTINELS } from './sentinels.js';

/** Excel's own limit on formula length. */
export const MAX_FORMULA_LENGTH = 8_192;
/** Excel allows 64 nested functions; parentheses count the same way here. */
export const MAX_FORMULA_NESTING = 64;
/**
 * How deep the engine's expression tree may get. HyperFormula evaluates a chain of operators
 * (`1+1+…`, `A1&A2&…`, `---1`) recursively, one call per operator, and overflowed the stack at
 * about 1,170 (measured for `+`, `^`, `=`, `&` and unary minus at the top of the stack; less
 * inside a request): the cell stayed uncomputed and every later read threw. Half of that keeps
 * a margin for the stack a request already uses. Excel accepts longer chains; here they are
 * #PARSE_ERROR! with a message saying how to write them (SUM, grouping).
 */
export const MAX_FORMULA_DEPTH = 500;
/** Cells all ranges of one formula may cover; whole-column ranges (A:C) are not counted. */
export const MAX_FORMULA_RANGE_CELLS = 250_000;

const LITERALS = /"(?:[^"]|"")*"|'(?:[^']|'')*'/g;
const CELL_RANGE =
  /(?<![A-Za-z0-9_.$])\$?([A-Za-z]{1,3})\$?(\d{1,7}):(?:[A-Za-z0-9_.]+!)?\$?([A-Za-z]{1,3})\$?(\d{1,7})(?![A-Za-z0-9_.(])/g;
const ROW_RANGE = /(?<![A-Za-z0-9_.$:])\$?(\d{1,7}):\$?(\d{1,7})(?![A-Za-z0-9_.:])/g;
const OFFSET_CALL = /(?<![A-Za-z0-9_.])OFFSET\s*\(/gi;

/** String literals become "" and quoted sheet names a bare placeholder, so only references remain. */
function withoutLiterals(formula: string): string {
  return formula.replace(LITERALS, (literal) => (literal.startsWith('"') ? '""' : 'S'));
}

function deepestNesting(text: string): number {
  let depth = 0;
  let deepest = 0;
  for (const char of text) {
    if (char === '(') deepest = Math.max(deepest, (depth += 1));
    else if (char === ')') depth -= 1;
  }
  return deepest;
}

const OPERATOR = /[-+*/^&%=<>]/;
/** Two-character comparisons (`<=`, `>=`, `<>`) are one operator. */
const PAIRED = new Set(['<=', '>=', '<>']);

interface DepthLevel {
  /** Operators in the argument being read. */
  operators: number;
  /** The deepest group (parenthesis or call) inside that argument. */
  deepestChild: number;
  /** The deepest argument finished so far (a comma ends one). */
  deepestArgument: number;
}

function levelDepth(level: DepthLevel): number {
  return Math.max(level.deepestArgument, level.operators + level.deepestChild);
}

/**
 * An upper bound of the expression tree's depth: at each level of parentheses, every operator of
 * one argument may nest under the next (a chain), plus the deepest group inside it.
 */
function expressionDepth(text: string): number {
  const levels: DepthLevel[] = [{ operators: 0, deepestChild: 0, deepestArgument: 0 }];
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index]!;
    const level = levels[levels.length - 1]!;
    if (char === '(') levels.push({ operators: 0, deepestChild: 0, deepestArgument: 0 });
    else if (char === ')' && levels.length > 1) {
      const depth = levelDepth(levels.pop()!) + 1;
      const parent = levels[levels.length - 1]!;
      parent.deepestChild = Math.max(parent.deepestChild, depth);
    } else if (char === ',') {
      level.deepestArgument = levelDepth(level);
      level.operators = 0;
      level.deepestChild = 0;
    } else if (OPERATOR.test(char)) {
      level.operators += 1;
      if (PAIRED.has(text.slice(index, index + 2))) index += 1;
    }
  }
  return levels.reduce((deepest, level) => Math.max(deepest, levelDepth(level)), 0);
}

/** The arguments of a call whose `(` ends at `open`, split at top-level commas. */
function callArguments(text: string, open: number): string[] {
  const args: string[] = [];
  let depth = 0;
  let start = open;
  for (let index = open; index < text.length; index += 1) {
    const char = text[index];
    if (char === '(') depth += 1;
    else if (char === ')' && --depth === 0) return [...args, text.slice(start, index)];
    else if (char === ',' && depth === 0) {
      args.push(text.slice(start, index));
      start = index + 1;
    }
  }
  return args;
}

/** OFFSET with literal height and width is expanded to a range by the engine's parser. */
function offsetCells(text: string): number {
  let cells = 0;
  for (const match of text.matchAll(OFFSET_CALL)) {
    const args = callArguments(text, match.index + match[0].length);
    const size = (arg: string | undefined) =>
      arg !== undefined && /^\s*\d+(\.\d*)?\s*$/.test(arg) ? Math.floor(Number(arg)) : 1;
    cells += size(args[3]) * size(args[4]);
  }
  return cells;
}

function rangeCells(text: string): number {
  let cells = 0;
  for (const [, fromCol, fromRow, toCol, toRow] of text.matchAll(CELL_RANGE)) {
    const rows = Math.abs(Number(toRow) - Number(fromRow)) + 1;
    const cols = Math.abs(lettersToColumn(toCol!) - lettersToColumn(fromCol!)) + 1;
    cells += rows * cols;
  }
  for (const [, fromRow, toRow] of text.matchAll(ROW_RANGE)) {
    cells += (Math.abs(Number(toRow) - Number(fromRow)) + 1) * MAX_COLUMNS;
  }
  return cells + offsetCells(text);
}

/** Why the engine must not be given this formula, as the error value it stands for; undefined when it may. */
export function formulaLimitError(formula: string): FormulaError | undefined {
  if (formula.length > MAX_FORMULA_LENGTH) {
    return new FormulaError(
      SENTINELS.parse,
      `the formula is ${formula.length} characters long; the limit is ${MAX_FORMULA_LENGTH}.`,
    );
  }
  const text = withoutLiterals(formula);
  const nesting = deepestNesting(text);
  if (nesting > MAX_FORMULA_NESTING) {
    return new FormulaError(
      SENTINELS.parse,
      `the formula nests ${nesting} levels of parentheses; the limit is ${MAX_FORMULA_NESTING}.`,
    );
  }
  const depth = expressionDepth(text.slice(1));
  if (depth > MAX_FORMULA_DEPTH) {
    return new FormulaError(
      SENTINELS.parse,
      `the formula chains ${depth} operators into one expression; the limit is ${MAX_FORMULA_DEPTH}. Add long lists with SUM(…) or CONCAT(…), or split them over cells.`,
    );
  }
  const cells = rangeCells(text);
  if (cells > MAX_FORMULA_RANGE_CELLS) {
    return new FormulaError(
      SENTINELS.reference,
      `the formula's ranges cover ${cells} cells; the limit is ${MAX_FORMULA_RANGE_CELLS} (whole columns such as A:A are not limited).`,
    );
  }
  return undefined;
}
