// Computed references spelled so HyperFormula parses them (dynamic-references.ts evaluates them).
// Its parser turns OFFSET into a reference while parsing and refuses the formula when an argument
// is not a literal (`OFFSET($C$23,(ROW()-24)*5,0,5,1)`, `OFFSET(C3:C10,-1,-2)`,
// `OFFSET(A1,0,0,-10,1)`), and its range operator joins only cell references and such OFFSETs.
// - an OFFSET the parser cannot resolve becomes DYNAMIC.OFFSET(…), evaluated as Excel does;
// - `a:b` where a side is a function call (`A1:INDEX(…)`, `INDIRECT(x):INDIRECT(y)`, `A1:OFFSET(A1,n,0)`)
//   becomes DYNAMIC.RANGE(a,b).
// - a 3-D reference, `Sheet1:Sheet3!A1:B2` or `'Q1 data:Q4 data'!A1`, becomes
//   DYNAMIC.SHEETS("Sheet1","Sheet3","A1:B2"): the cells of every sheet from the first to the last,
//   as one array (SUM, AVERAGE, COUNT, COUNTA, MIN, MAX … read it as Excel reads the 3-D range).
// - Excel's intersection operator, a space between two references (`A1:C3 B2:D4`, `Sales Jan`),
//   becomes DYNAMIC.INTERSECT(a,b); HyperFormula's parser has no such operator.
// - Excel's union operator, a comma between references inside parentheses that are no call's
//   (`SUM((A1:B2,D4))`, `INDEX((A1:A3,C1:C3),1,1,2)`), becomes DYNAMIC.UNION(a,b); the parser
//   reads the comma as an error.
// A formula without OFFSET, a call beside a colon, a 3-D reference or a space after a reference
// is returned untouched after one regular expression.
import {
  DYNAMIC_INDEX,
  DYNAMIC_INTERSECT,
  DYNAMIC_OFFSET,
  DYNAMIC_RANGE,
  DYNAMIC_SHEETS,
  DYNAMIC_UNION,
} from './dynamic-references.js';
import { quotedEnd } from './engine-spelling.js';

const MAY_NEED =
  /[\w$]:\$?\w+:|OFFSET\s*\(|(?:^|[^\w.$\s])\s*\([^()",]*,|\)\s*:|:\s*[A-Za-z_][A-Za-z0-9_.]*\s*\(|:[^:]*!|[\w$)]\s+[\w$('(]/i;
const AREA = '\\$?[A-Za-z]{1,3}\\$?\\d+(?::\\$?[A-Za-z]{1,3}\\$?\\d+)?';
const THREE_D = new RegExp(
  `(?<![A-Za-z0-9_.$'!])([A-Za-z_][A-Za-z0-9_.]*):([A-Za-z_][A-Za-z0-9_.]*)!(${AREA})(?![A-Za-z0-9_.(!])` +
    `|'((?:[^':!]|'')+):((?:[^':!]|'')+)'!(${AREA})(?![A-Za-z0-9_.(!])`,
  'g',
);

/** `"text"` as a formula's text literal. */
const quoted = (text: string): string => `"${text.replace(/"/g, '""')}"`;

/** 3-D references written as DYNAMIC.SHEETS calls, outside text literals. */
function threeD(formula: string): string {
  let out = '';
  let index = 0;
  while (index < formula.length) {
    const quote = formula.indexOf('"', index);
    const end = quote < 0 ? formula.length : quote;
    out += formula
      .slice(index, end)
      .replace(
        THREE_D,
        (
          _,
          first?: string,
          last?: string,
          area?: string,
          qFirst?: string,
          qLast?: string,
          qArea?: string,
        ) => {
          const unquote = (name: string) => name.replace(/''/g, "'");
          const from = first ?? unquote(qFirst!);
          const to = last ?? unquote(qLast!);
          return `${DYNAMIC_SHEETS}(${quoted(from)},${quoted(to)},${quoted((area ?? qArea!).replace(/\$/g, ''))})`;
        },
      );
    if (quote < 0) break;
    const close = quotedEnd(formula, quote, '"');
    out += formula.slice(quote, close + 1);
    index = close + 1;
  }
  return out;
}
const WORD = /^(?:'(?:[^']|'')*'!)?[A-Za-z0-9_.$\\]+(?:![A-Za-z0-9_.$]+)?/;
const CELL = /^(?:(?:'(?:[^']|'')*'|[A-Za-z0-9_.]+)!)?\$?[A-Za-z]{1,3}\$?\d+$/;
const SHIFT = /^[+-]?\d+$/;
const SIZE = /^\d+$/;

type Kind = 'word' | 'open' | 'close' | 'comma' | 'colon' | 'space' | 'other';
interface Token {
  readonly kind: Kind;
  readonly text: string;
}

function tokenize(formula: string): Token[] {
  const tokens: Token[] = [];
  let index = 0;
  while (index < formula.length) {
    const char = formula[index]!;
    let token: Token;
    if (char === '"') {
      token = { kind: 'other', text: formula.slice(index, quotedEnd(formula, index, char) + 1) };
    } else if (char === '(') token = { kind: 'open', text: char };
    else if (char === ')') token = { kind: 'close', text: char };
    else if (char === ',') token = { kind: 'comma', text: char };
    else if (char === ':') token = { kind: 'colon', text: char };
    else if (char === '[') {
      // A structured reference's brackets may hold spaces (`Table1[Sales 2024]`): one opaque token.
      let end = index;
      for (let depth = 0; end < formula.length; end += 1) {
        if (formula[end] === '[') depth += 1;
        else if (formula[end] === ']' && --depth === 0) break;
      }
      token = { kind: 'other', text: formula.slice(index, end + 1) };
    } else if (/\s/.test(char))
      token = { kind: 'space', text: /^\s+/.exec(formula.slice(index))![0] };
    else {
      const word = WORD.exec(formula.slice(index));
      token = word === null ? { kind: 'other', text: char } : { kind: 'word', text: word[0] };
    }
    tokens.push(token);
    index += Math.max(1, token.text.length);
  }
  return tokens;
}

/** The index of the `)` closing the `(` at `open`, or -1. */
function closing(tokens: readonly Token[], open: number): number {
  let depth = 0;
  for (let index = open; index < tokens.length; index += 1) {
    if (tokens[index]!.kind === 'open') depth += 1;
    else if (tokens[index]!.kind === 'close') {
      depth -= 1;
      if (depth === 0) return index;
    }
  }
  return -1;
}

/** The index of the `(` opening the `)` at `close`, or -1. */
function opening(tokens: readonly Token[], close: number): number {
  let depth = 0;
  for (let index = close; index >= 0; index -= 1) {
    if (tokens[index]!.kind === 'close') depth += 1;
    else if (tokens[index]!.kind === 'open') {
      depth -= 1;
      if (depth === 0) return index;
    }
  }
  return -1;
}

/** The arguments' texts of the call whose `(` is at `open` (up to its `)` at `close`). */
function argumentTexts(tokens: readonly Token[], open: number, close: number): string[] {
  const args: string[] = [''];
  let depth = 0;
  for (let index = open + 1; index < close; index += 1) {
    const token = tokens[index]!;
    if (token.kind === 'open') depth += 1;
    else if (token.kind === 'close') depth -= 1;
    if (token.kind === 'comma' && depth === 0) args.push('');
    else args[args.length - 1] += token.text;
  }
  return args.map((arg) => arg.trim());
}

/** Whether HyperFormula's parser resolves this OFFSET's arguments itself (literal numbers, a cell). */
function staticOffset(args: readonly string[]): boolean {
  if (args.length < 3 || args.length > 5) return false;
  const [reference, rows, cols, height, width] = args;
  const size = (text: string | undefined) =>
    text === undefined || (SIZE.test(text) && Number(text) >= 1);
  return (
    CELL.test(reference!) && SHIFT.test(rows!) && SHIFT.test(cols!) && size(height) && size(width)
  );
}

const isName = (token: Token | undefined, name: string): boolean =>
  token?.kind === 'word' && token.text.toUpperCase() === name;

/** The tokens [start, end] of the operand left of the colon at `colon`, and whether it is a call. */
function leftOperand(
  tokens: readonly Token[],
  colon: number,
): { start: number; call: boolean } | undefined {
  const before = tokens[colon - 1];
  if (before?.kind === 'word') return { start: colon - 1, call: false };
  if (before?.kind !== 'close') return undefined;
  const open = opening(tokens, colon - 1);
  if (open < 0) return undefined;
  const name = tokens[open - 1];
  if (name?.kind === 'word') return { start: open - 1, call: !isName(name, 'OFFSET') };
  return { start: open, call: true };
}

function rightOperand(
  tokens: readonly Token[],
  colon: number,
): { end: number; call: boolean } | undefined {
  const after = tokens[colon + 1];
  if (after?.kind === 'open') {
    const close = closing(tokens, colon + 1);
    return close < 0 ? undefined : { end: close, call: true };
  }
  if (after?.kind !== 'word') return undefined;
  if (tokens[colon + 2]?.kind !== 'open') return { end: colon + 1, call: false };
  const close = closing(tokens, colon + 2);
  return close < 0 ? undefined : { end: close, call: !isName(after, 'OFFSET') };
}

/** A word that can be a reference: a cell, a column or row, a sheet-qualified one, a name. */
const REFERENCE_WORD =
  /^(?:(?:'(?:[^']|'')*'|[A-Za-z0-9_.]+)!)?\$?[A-Za-z_\\$][A-Za-z0-9_.$\\]*$|^(?:(?:'(?:[^']|'')*'|[A-Za-z0-9_.]+)!)?\$?\d+$/;
const LITERAL_WORD = /^(?:TRUE|FALSE)$/i;

const isReferenceWord = (token: Token | undefined): boolean =>
  token?.kind === 'word' && REFERENCE_WORD.test(token.text) && !LITERAL_WORD.test(token.text);

/** The first token of the operand ending at `end` (a reference, `a:b`, or a bracketed group), or -1. */
function operandStart(tokens: readonly Token[], end: number): number {
  let start: number;
  if (tokens[end]?.kind === 'close') {
    start = opening(tokens, end);
    if (start < 0) return -1;
    if (tokens[start - 1]?.kind === 'word') start -= 1;
  } else if (isReferenceWord(tokens[end])) start = end;
  else return -1;
  while (tokens[start - 1]?.kind === 'colon' && isReferenceWord(tokens[start - 2])) start -= 2;
  return start;
}

/** The last token of the operand starting at `start`, or -1. */
function operandEnd(tokens: readonly Token[], start: number): number {
  let end: number;
  if (tokens[start]?.kind === 'open') end = closing(tokens, start);
  else if (isReferenceWord(tokens[start])) {
    end = tokens[start + 1]?.kind === 'open' ? closing(tokens, start + 1) : start;
  } else return -1;
  if (end < 0) return -1;
  while (tokens[end + 1]?.kind === 'colon' && isReferenceWord(tokens[end + 2])) end += 2;
  return end;
}

/** Whether tokens [start, end] are one reference operand: references, ranges, intersections, calls. */
function isReferenceOperand(tokens: readonly Token[], start: number, end: number): boolean {
  let index = start;
  let seen = false;
  while (index <= end) {
    const token = tokens[index]!;
    if (token.kind === 'open' || (token.kind === 'word' && tokens[index + 1]?.kind === 'open')) {
      const close = closing(tokens, token.kind === 'open' ? index : index + 1);
      if (close < 0 || close > end) return false;
      index = close + 1;
    } else if (isReferenceWord(token)) index += 1;
    else if ((token.kind === 'colon' || token.kind === 'space') && seen) index += 1;
    else return false;
    seen = true;
  }
  return seen && tokens[end]!.kind !== 'colon';
}

/**
 * Parentheses that are no call's and hold two or more references separated by commas (Excel's
 * union operator) as DYNAMIC.UNION calls.
 */
function unions(tokens: Token[]): Token[] {
  const out: Token[] = [];
  tokens.forEach((token, index) => {
    const previous = tokens[index - 1];
    if (token.kind === 'open' && previous?.kind !== 'word' && isUnion(tokens, index))
      out.push({ kind: 'word', text: DYNAMIC_UNION });
    out.push(token);
  });
  return out;
}

function isUnion(tokens: readonly Token[], open: number): boolean {
  const close = closing(tokens, open);
  if (close < 0) return false;
  const pieces: [number, number][] = [];
  let start = open + 1;
  let depth = 0;
  for (let index = open + 1; index < close; index += 1) {
    const kind = tokens[index]!.kind;
    if (kind === 'open') depth += 1;
    else if (kind === 'close') depth -= 1;
    else if (kind === 'comma' && depth === 0) {
      pieces.push([start, index - 1]);
      start = index + 1;
    }
  }
  pieces.push([start, close - 1]);
  const trimmed = pieces.map(([from, to]): [number, number] => {
    while (from <= to && tokens[from]!.kind === 'space') from += 1;
    while (to >= from && tokens[to]!.kind === 'space') to -= 1;
    return [from, to];
  });
  return trimmed.length > 1 && trimmed.every(([from, to]) => isReferenceOperand(tokens, from, to));
}

/** Spaces between two references (Excel's intersection operator) as DYNAMIC.INTERSECT calls. */
function intersections(tokens: Token[]): Token[] {
  for (let guard = 0; guard < 64; guard += 1) {
    let found: { start: number; end: number; space: number } | undefined;
    for (let index = 1; index < tokens.length - 1 && found === undefined; index += 1) {
      if (tokens[index]!.kind !== 'space') continue;
      // `SUM (A1)`: a function's name, a space, its arguments; not an intersection.
      const call = tokens[index - 1]!.kind === 'word' && tokens[index + 1]!.kind === 'open';
      const start = call ? -1 : operandStart(tokens, index - 1);
      const end = start < 0 ? -1 : operandEnd(tokens, index + 1);
      if (end >= 0) found = { start, end, space: index };
    }
    if (found === undefined) return tokens;
    const { start, end, space } = found;
    tokens = [
      ...tokens.slice(0, start),
      { kind: 'word', text: DYNAMIC_INTERSECT },
      { kind: 'open', text: '(' },
      ...tokens.slice(start, space),
      { kind: 'comma', text: ',' },
      ...tokens.slice(space + 1, end + 1),
      { kind: 'close', text: ')' },
      ...tokens.slice(end + 1),
    ];
  }
  return tokens;
}

/**
 * Three or more references joined by colons (`B2:E5:f`, `C14:E14:G13:I14`; the parser takes two)
 * as nested DYNAMIC.RANGE calls: Excel's range operator spans the smallest range holding both
 * sides, so a chain spans all of its references (formulas/test.xlsx CORE!D9, LOOKUP!AG12).
 */
function rangeChains(tokens: Token[]): Token[] {
  const out: Token[] = [];
  let index = 0;
  while (index < tokens.length) {
    let end = index;
    while (
      isReferenceWord(tokens[end]) &&
      tokens[end + 1]?.kind === 'colon' &&
      isReferenceWord(tokens[end + 2]) &&
      tokens[end + 3]?.kind !== 'open'
    )
      end += 2;
    const links = (end - index) / 2;
    const startsOperand = tokens[index - 1]?.kind !== 'colon';
    if (links < 2 || !startsOperand || tokens[index + 1]?.kind === 'open') {
      out.push(tokens[index]!);
      index += 1;
      continue;
    }
    const first = tokens[index]!.text;
    // A sheet named at the chain's start holds the cells after it (`Data!A1:B2:C3`).
    const sheet = /^(.*!)/.exec(first)?.[1] ?? '';
    const onSheet = (word: string): string =>
      CELL.test(word) && !word.includes('!') ? sheet + word : word;
    let spelled = first;
    for (let word = index + 2; word <= end; word += 2)
      spelled = `${DYNAMIC_RANGE}(${spelled},${onSheet(tokens[word]!.text)})`;
    out.push({ kind: 'word', text: spelled });
    index = end + 1;
  }
  return out;
}

export function dynamicSpelling(formula: string): string {
  if (!MAY_NEED.test(formula)) return formula;
  let tokens = rangeChains(
    intersections(unions(tokenize(formula.includes('!') ? threeD(formula) : formula))),
  );
  // OFFSETs the parser cannot resolve.
  tokens = tokens.map((token, index) => {
    if (!isName(token, 'OFFSET') || tokens[index + 1]?.kind !== 'open') return token;
    const close = closing(tokens, index + 1);
    if (close < 0 || staticOffset(argumentTexts(tokens, index + 1, close))) return token;
    return { kind: 'word', text: DYNAMIC_OFFSET };
  });
  // Ranges with a computed end, innermost last: each rewrite starts the scan again.
  for (let guard = 0; guard < 64; guard += 1) {
    const colon = tokens.findIndex((token, index) => {
      if (token.kind !== 'colon') return false;
      const left = leftOperand(tokens, index);
      const right = rightOperand(tokens, index);
      return left !== undefined && right !== undefined && (left.call || right.call);
    });
    if (colon < 0) break;
    const { start } = leftOperand(tokens, colon)!;
    const { end } = rightOperand(tokens, colon)!;
    // INDEX beside the colon stands for a reference: DYNAMIC.INDEX, whose reference argument
    // is no dependency (INDEX(Liste3,1,1):INDEX(Liste3,1,n) in a cell of Liste3 is no cycle).
    tokens = tokens.map((token, index) =>
      (index === start || index === colon + 1) &&
      isName(token, 'INDEX') &&
      tokens[index + 1]?.kind === 'open'
        ? { kind: 'word', text: DYNAMIC_INDEX }
        : token,
    );
    tokens = [
      ...tokens.slice(0, start),
      { kind: 'word', text: DYNAMIC_RANGE },
      { kind: 'open', text: '(' },
      ...tokens.slice(start, colon),
      { kind: 'comma', text: ',' },
      ...tokens.slice(colon + 1, end + 1),
      { kind: 'close', text: ')' },
      ...tokens.slice(end + 1),
    ];
  }
  return tokens.map((token) => token.text).join('');
}
