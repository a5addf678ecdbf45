// What a formula may ask of the engine. HyperFormula's parser recurses once per nesting level
// and per chained operator, so a deeply nested formula overflows the stack; and it builds a
// cell range cell by cell (about 300–500 bytes each, measured), so one =SUM(A1:XFD1048576)
// exhausts the heap and kills the process. Formulas beyond these limits become error values
// before they reach the engine, like any other formula that cannot be computed.
import { MAX_COLUMNS } from '../address/index.js';
import {
  MAX_FORMULA_RANGE_CELLS,
  tokenizeFormula,
  type FormulaToken,
} from '../formula-text/index.js';
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
export { MAX_FORMULA_RANGE_CELLS };

const OFFSET_SIZE = /^\s*\d+(\.\d*)?\s*$/;

interface DepthLevel {
  /** Operators in the argument being read. */
  operators: number;
  /** The deepest group (parenthesis or call) inside that argument. */
  deepestChild: number;
  /** The deepest argument finished so far (a separator ends one). */
  deepestArgument: number;
}

function levelDepth(level: DepthLevel): number {
  return Math.max(level.deepestArgument, level.operators + level.deepestChild);
}

function deepestNesting(tokens: readonly FormulaToken[]): number {
  let depth = 0;
  let deepest = 0;
  for (const token of tokens) {
    if (token.kind === 'open') deepest = Math.max(deepest, (depth += 1));
    else if (token.kind === 'close') depth -= 1;
  }
  return deepest;
}

/**
 * An upper bound of the expression tree's depth: at each level of parentheses, every operator of
 * one argument may nest under the next (a chain), plus the deepest group inside it.
 */
function expressionDepth(tokens: readonly FormulaToken[]): number {
  const levels: DepthLevel[] = [{ operators: 0, deepestChild: 0, deepestArgument: 0 }];
  for (const token of tokens) {
    const level = levels[levels.length - 1]!;
    if (token.kind === 'open') levels.push({ operators: 0, deepestChild: 0, deepestArgument: 0 });
    else if (token.kind === 'close' && levels.length > 1) {
      const depth = levelDepth(levels.pop()!) + 1;
      const parent = levels[levels.length - 1]!;
      parent.deepestChild = Math.max(parent.deepestChild, depth);
    } else if (token.kind === 'separator') {
      level.deepestArgument = levelDepth(level);
      level.operators = 0;
      level.deepestChild = 0;
    } else if (token.kind === 'operator') level.operators += 1;
  }
  return levels.reduce((deepest, level) => Math.max(deepest, levelDepth(level)), 0);
}

/** The argument texts of the call whose `(` is `tokens[open]`, split at its own separators. */
function callArguments(formula: string, tokens: readonly FormulaToken[], open: number): string[] {
  const args: string[] = [];
  let depth = 0;
  let start = tokens[open]!.to;
  for (let index = open; index < tokens.length; index += 1) {
    const token = tokens[index]!;
    if (token.kind === 'open') depth += 1;
    else if (token.kind === 'close' && --depth === 0)
      return [...args, formula.slice(start, token.from)];
    else if (token.kind === 'separator' && depth === 1) {
      args.push(formula.slice(start, token.from));
      start = token.to;
    }
  }
  return args;
}

/** OFFSET with literal height and width is expanded to a range by the engine's parser. */
function offsetCells(formula: string, tokens: readonly FormulaToken[], index: number): number {
  const open = tokens[index + 1];
  if (tokens[index]!.kind !== 'function' || open?.kind !== 'open') return 0;
  const args = callArguments(formula, tokens, index + 1);
  const size = (arg: string | undefined) =>
    arg !== undefined && OFFSET_SIZE.test(arg) ? Math.floor(Number(arg)) : 1;
  return size(args[3]) * size(args[4]);
}

/** Cells the formula's ranges cover; whole columns are not counted, whole rows are. */
function rangeCells(formula: string, tokens: readonly FormulaToken[]): number {
  let cells = 0;
  tokens.forEach((token, index) => {
    if (token.kind === 'reference' && token.end !== undefined) {
      const rows = Math.abs(token.end.row - token.start.row) + 1;
      const cols = Math.abs(token.end.col - token.start.col) + 1;
      cells += rows * cols;
    } else if (token.kind === 'line' && token.axis === 'row') {
      cells += (Math.abs(token.last - token.first) + 1) * MAX_COLUMNS;
    } else if (token.kind === 'function' && token.name === 'OFFSET') {
      cells += offsetCells(formula, tokens, index);
    }
  });
  return cells;
}

/** Why the engine must not be given this formula, as the error value it stands for; undefined when it may. */
export function formulaLimitError(formula: string): FormulaError | undefined {
  if (formula.length > MAX_FORMULA_LENGTH) {
    return new FormulaError(
      SENTINELS.parse,
      `the formula is ${formula.length} characters long; the limit is ${MAX_FORMULA_LENGTH}.`,
    );
  }
  const tokens = tokenizeFormula(formula);
  const nesting = deepestNesting(tokens);
  if (nesting > MAX_FORMULA_NESTING) {
    return new FormulaError(
      SENTINELS.parse,
      `the formula nests ${nesting} levels of parentheses; the limit is ${MAX_FORMULA_NESTING}.`,
    );
  }
  const depth = expressionDepth(tokens);
  if (depth > MAX_FORMULA_DEPTH) {
    return new FormulaError(
      SENTINELS.parse,
      `the formula chains ${depth} operators into one expression; the limit is ${MAX_FORMULA_DEPTH}. Add long lists with SUM(…) or CONCAT(…), or split them over cells.`,
    );
  }
  const cells = rangeCells(formula, tokens);
  if (cells > MAX_FORMULA_RANGE_CELLS) {
    return new FormulaError(
      SENTINELS.reference,
      `the formula's ranges cover ${cells} cells; the limit is ${MAX_FORMULA_RANGE_CELLS} (whole columns such as A:A are not limited).`,
    );
  }
  return undefined;
}
