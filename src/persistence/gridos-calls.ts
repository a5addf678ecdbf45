// GridOS's non-Excel functions written as Excel writes the same thing, for an .xlsx: the engine
// keeps MINUS, MULTIPLY, DIVIDE, GT … so GridOS workbooks and the agent's models work (DESIGN §5),
// but Excel knows none of them and would show #NAME? in every cell that calls one. Each call of
// two arguments becomes the operator it stands for (`MINUS(C4,C3)` → `(C4-C3)`), CEIL(x) becomes
// CEILING.MATH(x) and E() becomes EXP(1); anything else (a wrong argument count, MEDIANIFS) is
// left as written.
import { tokenizeFormula, type FormulaToken } from '../core/index.js';

const OPERATORS: Readonly<Record<string, string>> = {
  MINUS: '-',
  SUBTRACT: '-',
  MULTIPLY: '*',
  DIVIDE: '/',
  GT: '>',
  LT: '<',
  EQ: '=',
  GTE: '>=',
  LTE: '<=',
};

/** One-argument and no-argument calls, by the Excel call each is. */
const RENAMED: Readonly<Record<string, { readonly args: number; readonly excel: string }>> = {
  CEIL: { args: 1, excel: 'CEILING.MATH(%)' },
  E: { args: 0, excel: 'EXP(1)' },
};

/** Tokens that stand alone as an operand: no parentheses needed around them. */
const ATOMS: ReadonlySet<FormulaToken['kind']> = new Set([
  'reference',
  'line',
  'number',
  'name',
  'string',
]);

/** `formula` (no leading `=`) with every GridOS call written in Excel's terms. */
export function gridosCallsAsExcel(formula: string): string {
  const tokens = tokenizeFormula(formula);
  if (!tokens.some((token) => token.kind === 'function' && isGridosCall(token.name)))
    return formula;
  return rewrite(formula, tokens, 0, tokens.length, 0, formula.length);
}

function isGridosCall(name: string): boolean {
  const upper = name.toUpperCase();
  return upper in OPERATORS || upper in RENAMED;
}

/** The text from `from` to `to`, whose tokens are tokens[first..last), rewritten. */
function rewrite(
  text: string,
  tokens: readonly FormulaToken[],
  first: number,
  last: number,
  from: number,
  to: number,
): string {
  let out = '';
  let at = from;
  for (let index = first; index < last; index += 1) {
    const token = tokens[index]!;
    if (token.kind !== 'function' || !isGridosCall(token.name)) continue;
    const call = callAt(text, tokens, index, last);
    if (call === undefined) continue;
    const args = call.args.map(([a, b]) =>
      rewrite(text, tokens, a, b, tokens[a]?.from ?? 0, tokens[b - 1]?.to ?? 0).trim(),
    );
    const excel = excelCall(token.name.toUpperCase(), args, call.args, tokens);
    if (excel === undefined) continue;
    out += text.slice(at, token.from) + excel;
    at = tokens[call.close]!.to;
    index = call.close;
  }
  return out + text.slice(at, to);
}

/** The call whose name is tokens[index]: its argument token spans and its closing token. */
function callAt(
  text: string,
  tokens: readonly FormulaToken[],
  index: number,
  last: number,
): { args: [number, number][]; close: number } | undefined {
  if (tokens[index + 1]?.kind !== 'open') return undefined;
  const args: [number, number][] = [];
  let depth = 0;
  let start = index + 2;
  for (let at = index + 1; at < last; at += 1) {
    const token = tokens[at]!;
    // Array constants (`{1,2}`) hold separators of their own.
    const brace = token.kind === 'other' ? text[token.from] : undefined;
    if (token.kind === 'open' || brace === '{') depth += 1;
    else if (token.kind === 'close' || brace === '}') {
      depth -= 1;
      if (depth === 0) {
        if (at > start || args.length > 0) args.push([start, at]);
        return { args, close: at };
      }
    } else if (token.kind === 'separator' && depth === 1) {
      args.push([start, at]);
      start = at + 1;
    }
  }
  return undefined;
}

function excelCall(
  name: string,
  args: readonly string[],
  spans: readonly [number, number][],
  tokens: readonly FormulaToken[],
): string | undefined {
  const operator = OPERATORS[name];
  if (operator !== undefined) {
    if (args.length !== 2 || args.some((arg) => arg === '')) return undefined;
    const operand = (arg: string, [a, b]: [number, number]) =>
      standsAlone(tokens, a, b) ? arg : `(${arg})`;
    return `(${operand(args[0]!, spans[0]!)}${operator}${operand(args[1]!, spans[1]!)})`;
  }
  const renamed = RENAMED[name];
  if (renamed === undefined || args.length !== renamed.args) return undefined;
  return renamed.excel.replace('%', args[0] ?? '');
}

/**
 * Whether tokens[a..b) are one operand whatever operator is beside them: a reference, number,
 * name or string, a function call (a GridOS one is written in parentheses), or a parenthesised group.
 */
function standsAlone(tokens: readonly FormulaToken[], a: number, b: number): boolean {
  if (b - a === 1) return ATOMS.has(tokens[a]!.kind);
  const open = tokens[a]!.kind === 'function' ? a + 1 : a;
  if (tokens[open]?.kind !== 'open') return false;
  let depth = 0;
  for (let at = open; at < b; at += 1) {
    const kind = tokens[at]!.kind;
    if (kind === 'open') depth += 1;
    else if (kind === 'close' && (depth -= 1) === 0) return at === b - 1;
  }
  return false;
}
