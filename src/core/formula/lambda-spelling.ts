// LET and LAMBDA spelled so HyperFormula parses them (lambda-functions.ts evaluates them). Its
// parser refuses three things Excel writes:
// - a call of a LAMBDA written in place, `LAMBDA(x,x+1)(2)`: it becomes LAMBDA.CALL(LAMBDA(x,x+1),2);
// - a call of a name a LET binds to a LAMBDA, `f(2)`: LAMBDA.CALL(_xlpm.f,2);
// - names it reads as something else (`r` and `c` are R1C1 references to it).
// Every name a LET or LAMBDA binds is therefore written `_xlpm.name`, as Excel itself stores them
// in files (imports already carry that spelling); an optional parameter (`[b]`, or `_xlop.b` in
// files) is written `_xlop.b`. A name bound anywhere in the formula is renamed everywhere in it:
// the same word used outside its LET as a defined name would be read as the unbound parameter.
// - a call of a defined name that holds a LAMBDA, `cal_month(1)`, when the caller says which names
//   hold one: LAMBDA.CALL(cal_month,1) (the plugin reads the LAMBDA from the name).
// - a function given by name where a LAMBDA is expected, as files store it (`BYROW(r,_xleta.SUM)`):
//   the prefix goes, the plugin calls the function.
// Formulas without LET, LAMBDA, `_xlpm.` or `_xleta.` (or a call of such a name) are returned untouched after
// one regular expression.
import { quotedEnd } from './engine-spelling.js';

const HAS_LAMBDA = /\b(?:LET|LAMBDA)\s*\(|_xl(?:pm|eta)\./i;
const WORD = /^[A-Za-z_\\][A-Za-z0-9_.]*/;
const NUMBER = /^(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?/;
const PREFIX = /^_xl(?:pm|op)\./i;
/** A word Excel reads as a cell or column reference, never a name (`A1`, `XFD1048576`, `$B$2`). */
const REFERENCE_LIKE = /^\$?[A-Za-z]{1,3}\$?\d+$/;

export const LAMBDA_CALL = 'LAMBDA.CALL';
const NO_NAMES: ReadonlySet<string> = new Set();

/** Whether a defined name's formula is a LAMBDA (its calls then need `lambdaNames`). */
export function holdsLambda(definition: string): boolean {
  return /^=?\s*(?:_xlfn\.)?LAMBDA\s*\(/i.test(definition);
}

/** Whether the formula calls one of `names` (lower case), by a cheap text search. */
function callsName(formula: string, names: ReadonlySet<string>): boolean {
  if (names.size === 0) return false;
  const lower = formula.toLowerCase();
  for (const name of names) if (lower.includes(`${name}(`)) return true;
  return false;
}

type TokenKind = 'word' | 'open' | 'close' | 'comma' | 'space' | 'bracket' | 'other';
interface Token {
  readonly kind: TokenKind;
  readonly text: string;
}

function tokenize(formula: string): Token[] {
  const tokens: Token[] = [];
  let index = 0;
  while (index < formula.length) {
    const char = formula[index]!;
    const rest = formula.slice(index);
    let token: Token;
    if (char === '"' || char === "'") {
      token = { kind: 'other', text: formula.slice(index, quotedEnd(formula, index, char) + 1) };
    } else if (char === '[') {
      const end = formula.indexOf(']', index);
      token = { kind: 'bracket', text: formula.slice(index, end < 0 ? undefined : end + 1) };
    } else if (char === '(') token = { kind: 'open', text: char };
    else if (char === ')') token = { kind: 'close', text: char };
    else if (char === ',') token = { kind: 'comma', text: char };
    else if (/\s/.test(char)) token = { kind: 'space', text: /^\s+/.exec(rest)![0] };
    else if (/[\d.]/.test(char) && NUMBER.test(rest)) {
      token = { kind: 'other', text: NUMBER.exec(rest)![0] };
    } else {
      const word = WORD.exec(rest);
      token = word === null ? { kind: 'other', text: char } : { kind: 'word', text: word[0] };
    }
    tokens.push(token);
    index += Math.max(1, token.text.length);
  }
  return tokens;
}

/** The lower-case name a bound word stands for (`_xlpm.Rate` and `rate` are the same name). */
function nameOf(word: string): string {
  return word.replace(PREFIX, '').toLowerCase();
}

function isBinder(word: string): 'LET' | 'LAMBDA' | undefined {
  const upper = word.replace(/^_xlfn\./i, '').toUpperCase();
  return upper === 'LET' || upper === 'LAMBDA' ? upper : undefined;
}

/** The next token that is not white space, from `index` on. */
function nextSolid(tokens: readonly Token[], index: number): number {
  let next = index;
  while (tokens[next]?.kind === 'space') next += 1;
  return next;
}

interface Frame {
  readonly binder: 'LET' | 'LAMBDA' | undefined;
  /** Per argument, its non-space tokens' indices. */
  readonly args: number[][];
  /** Index in the output of the binder's word, for wrapping a call written in place. */
  readonly outAt: number;
}

/** The names bound by every LET (its odd arguments but the last) and LAMBDA (all but the last). */
function boundNames(tokens: readonly Token[]): Set<string> {
  const names = new Set<string>();
  const stack: Frame[] = [];
  tokens.forEach((token, index) => {
    const top = stack[stack.length - 1];
    if (token.kind === 'open') {
      const before = tokens[index - 1];
      const binder = before?.kind === 'word' ? isBinder(before.text) : undefined;
      stack.push({ binder, args: [[]], outAt: 0 });
    } else if (token.kind === 'comma' && top !== undefined) top.args.push([]);
    else if (token.kind === 'close' && top !== undefined) {
      stack.pop();
      if (top.binder === undefined) return;
      top.args.slice(0, -1).forEach((arg, position) => {
        if (top.binder === 'LET' && position % 2 === 1) return;
        if (arg.length !== 1) return;
        const only = tokens[arg[0]!]!;
        const word =
          only.kind === 'bracket' && top.binder === 'LAMBDA' ? only.text.slice(1, -1) : only.text;
        if ((only.kind === 'word' || only.kind === 'bracket') && isName(word))
          names.add(nameOf(word));
      });
    } else if (token.kind !== 'space' && top !== undefined)
      top.args[top.args.length - 1]!.push(index);
  });
  return names;
}

function isName(word: string): boolean {
  const bare = word.replace(PREFIX, '');
  return WORD.test(bare) && WORD.exec(bare)![0] === bare && !REFERENCE_LIKE.test(bare);
}

/**
 * The formula with LET/LAMBDA names and calls spelled as HyperFormula parses them. `lambdaNames`:
 * the defined names (lower case) whose formula is a LAMBDA, so that calls of them are spelled too.
 */
export function lambdaSpelling(
  formula: string,
  lambdaNames: ReadonlySet<string> = NO_NAMES,
): string {
  if (!HAS_LAMBDA.test(formula) && !callsName(formula, lambdaNames)) return formula;
  const tokens = tokenize(formula);
  const names = boundNames(tokens);
  const out: string[] = [];
  const stack: Frame[] = [];
  let index = 0;
  const openCall = (open: number): void => {
    // `f(` → `LAMBDA.CALL(f,`; `f()` → `LAMBDA.CALL(f)`.
    const after = nextSolid(tokens, open + 1);
    if (tokens[after]?.kind !== 'close') out.push(',');
    stack.push({ binder: undefined, args: [], outAt: out.length });
  };
  for (; index < tokens.length; index += 1) {
    const token = tokens[index]!;
    const before = tokens[index - 1];
    const next = tokens[index + 1];
    if (token.kind === 'word' && /^_xleta\./i.test(token.text)) {
      out.push(token.text.slice('_xleta.'.length));
      continue;
    }
    if (token.kind === 'word') {
      const qualified = before?.text === '!' || next?.text === '!';
      if (!qualified && isName(token.text) && names.has(nameOf(token.text))) {
        const prefix = /^_xlop\./i.test(token.text) ? '_xlop.' : '_xlpm.';
        const spelled = `${prefix}${nameOf(token.text)}`;
        if (next?.kind === 'open') {
          out.push(`${LAMBDA_CALL}(${spelled}`);
          index += 1;
          openCall(index);
        } else out.push(spelled);
        continue;
      }
      if (!qualified && next?.kind === 'open' && lambdaNames.has(token.text.toLowerCase())) {
        out.push(`${LAMBDA_CALL}(${token.text}`);
        index += 1;
        openCall(index);
        continue;
      }
      out.push(token.text);
      continue;
    }
    if (token.kind === 'bracket') {
      const inner = token.text.slice(1, -1);
      const inLambda = stack[stack.length - 1]?.binder === 'LAMBDA';
      out.push(
        inLambda && isName(inner) && names.has(nameOf(inner))
          ? `_xlop.${nameOf(inner)}`
          : token.text,
      );
      continue;
    }
    if (token.kind === 'open') {
      const binder = before?.kind === 'word' ? isBinder(before.text) : undefined;
      stack.push({ binder, args: [], outAt: out.length - 1 });
      out.push(token.text);
      continue;
    }
    if (token.kind === 'close') {
      const frame = stack.pop();
      out.push(token.text);
      if (frame?.binder === 'LAMBDA' && next?.kind === 'open') {
        // A LAMBDA called where it is written.
        out[frame.outAt] = `${LAMBDA_CALL}(${out[frame.outAt]!}`;
        index += 1;
        openCall(index);
      }
      continue;
    }
    out.push(token.text);
  }
  return out.join('');
}

/**
 * The formula as Excel stores it in a file: every LET and LAMBDA name written `_xlpm.name`
 * (Excel shows #NAME? for a parameter without the prefix). Calls stay as written.
 */
export function excelParameterSpelling(formula: string): string {
  if (!HAS_LAMBDA.test(formula)) return formula;
  const tokens = tokenize(formula);
  const names = boundNames(tokens);
  if (names.size === 0) return formula;
  return tokens
    .map((token, index) => {
      const qualified = tokens[index - 1]?.text === '!' || tokens[index + 1]?.text === '!';
      if (
        token.kind === 'word' &&
        !qualified &&
        isName(token.text) &&
        names.has(nameOf(token.text))
      )
        return `${/^_xlop\./i.test(token.text) ? '_xlop.' : '_xlpm.'}${token.text.replace(PREFIX, '')}`;
      return token.text;
    })
    .join('');
}
