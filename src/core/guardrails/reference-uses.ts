// How a formula uses each reference it reads: as a number (an arithmetic operand or a direct
// argument of a numeric function), as a label (compared, concatenated, passed to a text or
// lookup function) or plainly. The guardrails and the chain's column-alignment warnings judge
// references by this.
import { tokenizeFormula, type FormulaToken, type ReferenceToken } from '../formula-text/index.js';

/** docs/contract.md §7 rule 1: a formula wrapped whole in one of these is never checked. */
export const GUARDRAIL_WRAPPERS: ReadonlySet<string> = new Set([
  'IFERROR',
  'IFNA',
  'CONCATENATE',
  'CONCAT',
  'TEXTJOIN',
  'SUMPRODUCT',
]);

/**
 * Functions that read their direct arguments as numbers (a label there silently counts as 0 or
 * fails).
 */
const NUMERIC_FUNCTIONS: ReadonlySet<string> = new Set([
  'SUM',
  'PRODUCT',
  'AVERAGE',
  'MIN',
  'MAX',
  'MEDIAN',
  'STDEV',
  'VAR',
  'MINUS',
  'SUBTRACT',
  'MULTIPLY',
  'DIVIDE',
  'POWER',
  'SQRT',
  'ABS',
  'ROUND',
  'ROUNDUP',
  'ROUNDDOWN',
  'INT',
  'MOD',
  'EXP',
  'LN',
  'LOG',
  'LOG10',
  'CEILING',
  'CEIL',
  'FLOOR',
  'TRUNC',
  'SIGN',
  'NPV',
  'PMT',
  'FV',
  'PV',
  'RATE',
  'NPER',
  'IRR',
  'GT',
  'LT',
  'GTE',
  'LTE',
]);

/** Functions whose arguments are naturally labels: text handling, lookups and type tests. */
const LABEL_FUNCTIONS: ReadonlySet<string> = new Set([
  'LEFT',
  'RIGHT',
  'MID',
  'LEN',
  'TRIM',
  'UPPER',
  'LOWER',
  'PROPER',
  'FIND',
  'SEARCH',
  'SUBSTITUTE',
  'REPLACE',
  'CONCAT',
  'CONCATENATE',
  'TEXTJOIN',
  'REPT',
  'EXACT',
  'TEXT',
  'CODE',
  'VALUE',
  'ISTEXT',
  'ISBLANK',
  'ISNUMBER',
  'ISERROR',
  'ISNA',
  'ISLOGICAL',
  'VLOOKUP',
  'HLOOKUP',
  'XLOOKUP',
  'MATCH',
  'COUNTIF',
  'COUNTIFS',
  'SUMIF',
  'SUMIFS',
  'AVERAGEIF',
  'AVERAGEIFS',
  'MAXIFS',
  'MINIFS',
  'EQ',
  'COUNTA',
]);

const ARITHMETIC_BEFORE = new Set(['+', '-', '*', '/', '^']);
const ARITHMETIC_AFTER = new Set(['+', '-', '*', '/', '^', '%']);
const COMPARISON = new Set(['=', '<>', '<', '>', '<=', '>=']);

export interface ReferenceUse {
  readonly reference: ReferenceToken;
  /** Read as a number: an arithmetic operand or a direct argument of a numeric function. */
  readonly numeric: boolean;
  /** Read as a label: compared, concatenated, or passed to a text, lookup or type-test function. */
  readonly label: boolean;
}

function operatorText(token: FormulaToken | undefined): string | undefined {
  return token?.kind === 'operator' ? token.text : undefined;
}

function isArgumentBoundary(token: FormulaToken | undefined, side: 'before' | 'after'): boolean {
  if (token === undefined) return false;
  return token.kind === 'separator' || token.kind === (side === 'before' ? 'open' : 'close');
}

/** Every reference of the formula with how it is used, in order of appearance. */
export function referenceUses(formula: string): ReferenceUse[] {
  const tokens = tokenizeFormula(formula);
  const calls: (string | undefined)[] = [];
  const uses: ReferenceUse[] = [];
  tokens.forEach((token, index) => {
    if (token.kind === 'open') {
      const previous = tokens[index - 1];
      calls.push(previous?.kind === 'function' ? previous.name : undefined);
      return;
    }
    if (token.kind === 'close') {
      calls.pop();
      return;
    }
    if (token.kind !== 'reference') return;
    const before = tokens[index - 1];
    const after = tokens[index + 1];
    const enclosing = calls[calls.length - 1];
    const wholeArgument =
      enclosing !== undefined &&
      isArgumentBoundary(before, 'before') &&
      isArgumentBoundary(after, 'after');
    const arithmetic =
      ARITHMETIC_BEFORE.has(operatorText(before) ?? '') ||
      ARITHMETIC_AFTER.has(operatorText(after) ?? '');
    const compared =
      COMPARISON.has(operatorText(before) ?? '') || COMPARISON.has(operatorText(after) ?? '');
    const joined = operatorText(before) === '&' || operatorText(after) === '&';
    uses.push({
      reference: token,
      numeric: arithmetic || (wholeArgument && NUMERIC_FUNCTIONS.has(enclosing)),
      label: compared || joined || (wholeArgument && LABEL_FUNCTIONS.has(enclosing)),
    });
  });
  return uses;
}

/** True when one wrapper call of rule 1 spans the whole formula (`=IFERROR(A1/B1, 0)`). */
export function isWrappedFormula(formula: string): boolean {
  const tokens = tokenizeFormula(formula);
  const first = tokens[0];
  if (
    first?.kind !== 'function' ||
    !GUARDRAIL_WRAPPERS.has(first.name) ||
    tokens[1]?.kind !== 'open'
  )
    return false;
  let depth = 0;
  for (let index = 1; index < tokens.length; index += 1) {
    const kind = tokens[index]!.kind;
    if (kind === 'open') depth += 1;
    if (kind === 'close') depth -= 1;
    if (depth === 0) return index === tokens.length - 1;
  }
  return false;
}
