// A typed formula as Excel and Sheets take it on Enter: parentheses left open are closed
// ("=SUM(A1:A3" stores "=SUM(A1:A3)"), so this common slip stores the formula meant instead of
// #PARSE_ERROR!; a formula typed with a leading + or - instead of = (as Lotus users do) is one.
import {
  mapOutsideStrings,
  tokenizeFormula,
  type FormulaToken,
} from '../../../src/core/formula-text/index.js';
import { typeInput } from '../../../src/core/value-typing.js';

/** Tokens that begin an operand, and tokens that end one (`%` ends the operand it follows). */
const OPERAND_START = new Set(['reference', 'line', 'number', 'string', 'function', 'open']);
const OPERAND_END = new Set(['reference', 'line', 'number', 'string', 'close']);
/** What a signed formula may hold: a name (`+ note`) or a stray character makes it text. */
const FORMULA_KINDS = new Set([...OPERAND_START, ...OPERAND_END, 'operator', 'separator']);

function endsOperand(token: FormulaToken): boolean {
  return OPERAND_END.has(token.kind) || (token.kind === 'operator' && token.text === '%');
}

/**
 * Typing `+A1+A2`, `-A1*2` or `+SUM(A1:A3)` enters a formula, as Excel does (it stores
 * `=+A1+A2`). Only an entry that reads a cell or calls a function counts: signed numbers
 * (`-3.5`, `-1,200`, `+1e3`) stay numbers, and `-`, `--`, `+ note` or a phone number such as
 * `+1-800-555` stay the text they are. The API keeps its values literal (the spec: a formula
 * starts with `=`); this is the page's reading of what a person types.
 */
export function signedFormula(text: string): string {
  if (!text.startsWith('+') && !text.startsWith('-')) return text;
  if (typeof typeInput(text) !== 'string') return text;
  const tokens = tokenizeFormula(text);
  if (!tokens.every((token) => FORMULA_KINDS.has(token.kind))) return text;
  const reads = tokens.some((token) => ['reference', 'line', 'function'].includes(token.kind));
  // Two operands with no operator between them (`-A1 2`) or an operator left hanging at the
  // end (`-A1*`) make no formula.
  const adjacent = tokens.some(
    (token, index) => index > 0 && OPERAND_START.has(token.kind) && endsOperand(tokens[index - 1]!),
  );
  const last = tokens[tokens.length - 1];
  const finished = last !== undefined && endsOperand(last);
  return reads && !adjacent && finished ? `=${text}` : text;
}

/**
 * `text` with its open parentheses closed at the end, when it is a formula whose parentheses
 * (outside string literals and quoted sheet names) open more than they close and never close
 * one that is not open. Anything else, an unfinished string literal too, is returned as typed.
 */
export function closeParentheses(text: string): string {
  if (!text.startsWith('=') || quoteCount(text) % 2 !== 0) return text;
  let open = 0;
  let unbalanced = false;
  mapOutsideStrings(text, (code) => {
    for (const char of code) {
      if (char === '(') open += 1;
      else if (char === ')') open -= 1;
      if (open < 0) unbalanced = true;
    }
    return code;
  });
  return open > 0 && !unbalanced ? text + ')'.repeat(open) : text;
}

/** Double quotes in the text: an odd count leaves a string literal open. */
function quoteCount(text: string): number {
  let count = 0;
  for (const char of text) if (char === '"') count += 1;
  return count;
}
