// A small lexer for formula text, enough to find the cell references a formula reads and the
// context each is read in. It is not a parser: the engine parses; the guardrails, the
// collision mover and the chain's observations only need to know which tokens are references,
// functions, operators and string literals (a ref inside "…" is text, not a ref).
import { tryParseCell, type CellAddress } from '../address/index.js';

export type FormulaToken =
  | ReferenceToken
  | { readonly kind: 'function'; readonly name: string; readonly from: number; readonly to: number }
  | { readonly kind: 'open' | 'close' | 'separator'; readonly from: number; readonly to: number }
  | { readonly kind: 'operator'; readonly text: string; readonly from: number; readonly to: number }
  | {
      readonly kind: 'string' | 'number' | 'name' | 'other';
      readonly from: number;
      readonly to: number;
    };

/** A cell (`end` undefined) or a range, optionally sheet-qualified, with its place in the text. */
export interface ReferenceToken {
  readonly kind: 'reference';
  /** The sheet as the formula names it (quotes removed), or undefined for the formula's own sheet. */
  readonly sheet: string | undefined;
  readonly start: CellAddress;
  readonly end: CellAddress | undefined;
  /** Which parts carry `$` (absolute): [start col, start row, end col, end row]. */
  readonly absolute: readonly [boolean, boolean, boolean, boolean];
  /** Offsets of the reference part (after any `Sheet!` prefix) in the formula text. */
  readonly from: number;
  readonly to: number;
}

const WORD_START = /[A-Za-z_$]/;
const WORD_CHAR = /[A-Za-z0-9_.$]/;
const OPERATOR_CHARS = '+-*/^&%=<>';

function readQuoted(text: string, start: number, quote: string): number {
  // Returns the index just past the closing quote; a doubled quote stands for one.
  let index = start + 1;
  while (index < text.length) {
    if (text[index] === quote) {
      if (text[index + 1] === quote) {
        index += 2;
        continue;
      }
      return index + 1;
    }
    index += 1;
  }
  return text.length;
}

function readWhile(text: string, start: number, pattern: RegExp): number {
  let index = start;
  while (index < text.length && pattern.test(text[index]!)) index += 1;
  return index;
}

function skipSpaces(text: string, start: number): number {
  return readWhile(text, start, /\s/);
}

function absoluteFlags(part: string): [boolean, boolean] {
  const match = /^(\$?)[A-Za-z]+(\$?)\d+$/.exec(part);
  return [match?.[1] === '$', match?.[2] === '$'];
}

/** Reads `A1` or `A1:B9` at `start`; undefined when the text there is not a cell reference. */
function readReference(
  text: string,
  start: number,
  sheet: string | undefined,
): { token: ReferenceToken; next: number } | undefined {
  const firstEnd = readWhile(text, start, /[A-Za-z0-9$]/);
  const first = text.slice(start, firstEnd);
  const startCell = tryParseCell(first);
  if (startCell === undefined) return undefined;
  let next = firstEnd;
  let endCell: CellAddress | undefined;
  let endFlags: [boolean, boolean] = [false, false];
  if (text[next] === ':') {
    const secondEnd = readWhile(text, next + 1, /[A-Za-z0-9$]/);
    const second = text.slice(next + 1, secondEnd);
    const parsed = tryParseCell(second);
    if (parsed !== undefined) {
      endCell = parsed;
      endFlags = absoluteFlags(second);
      next = secondEnd;
    }
  }
  const [startCol, startRow] = absoluteFlags(first);
  return {
    token: {
      kind: 'reference',
      sheet,
      start: startCell,
      end: endCell,
      absolute: [startCol, startRow, ...endFlags],
      from: start,
      to: next,
    },
    next,
  };
}

/** Skips a whole-column or whole-row range such as `A:C`, `$B:$B` or `2:5`. */
function readLineRange(text: string, start: number): number | undefined {
  const match = /^(\$?[A-Za-z]{1,3}:\$?[A-Za-z]{1,3}|\$?\d+:\$?\d+)(?![A-Za-z0-9_(])/.exec(
    text.slice(start),
  );
  return match === null ? undefined : start + match[0].length;
}

function readWord(text: string, index: number, tokens: FormulaToken[], sheet?: string): number {
  const wordEnd = readWhile(text, index, WORD_CHAR);
  const word = text.slice(index, wordEnd);
  if (sheet === undefined && text[wordEnd] === '!') {
    return readQualified(text, wordEnd + 1, word, tokens);
  }
  const afterSpaces = skipSpaces(text, wordEnd);
  if (sheet === undefined && text[afterSpaces] === '(') {
    tokens.push({ kind: 'function', name: word.toUpperCase(), from: index, to: wordEnd });
    return wordEnd;
  }
  const reference = readReference(text, index, sheet);
  if (reference !== undefined && !WORD_CHAR.test(text[reference.next] ?? '')) {
    tokens.push(reference.token);
    return reference.next;
  }
  const lineRange = readLineRange(text, index);
  if (lineRange !== undefined) {
    tokens.push({ kind: 'other', from: index, to: lineRange });
    return lineRange;
  }
  tokens.push({ kind: 'name', from: index, to: wordEnd });
  return wordEnd;
}

function readQualified(text: string, start: number, sheet: string, tokens: FormulaToken[]): number {
  if (!WORD_START.test(text[start] ?? '') && !/\d/.test(text[start] ?? '')) {
    tokens.push({ kind: 'other', from: start, to: start });
    return start;
  }
  return readWord(text, start, tokens, sheet);
}

function readOperator(text: string, index: number): string {
  const two = text.slice(index, index + 2);
  return two === '<>' || two === '<=' || two === '>=' ? two : text[index]!;
}

/** Lexes a formula (with or without its leading `=`). Never throws; unknown text becomes `other`. */
export function tokenizeFormula(formula: string): FormulaToken[] {
  const tokens: FormulaToken[] = [];
  let index = formula.trimStart().startsWith('=') ? formula.indexOf('=') + 1 : 0;
  while (index < formula.length) {
    const char = formula[index]!;
    if (/\s/.test(char)) {
      index += 1;
    } else if (char === '"') {
      const end = readQuoted(formula, index, '"');
      tokens.push({ kind: 'string', from: index, to: end });
      index = end;
    } else if (char === "'") {
      const end = readQuoted(formula, index, "'");
      const sheet = formula.slice(index + 1, end - 1).replace(/''/g, "'");
      if (formula[end] === '!') index = readQualified(formula, end + 1, sheet, tokens);
      else {
        tokens.push({ kind: 'other', from: index, to: end });
        index = end;
      }
    } else if (/\d/.test(char) || (char === '.' && /\d/.test(formula[index + 1] ?? ''))) {
      const lineRange = readLineRange(formula, index);
      const end = lineRange ?? readWhile(formula, index, /[\d.]/);
      const exponent = lineRange === undefined ? /^[eE][+-]?\d+/.exec(formula.slice(end)) : null;
      const to = end + (exponent?.[0].length ?? 0);
      tokens.push({ kind: lineRange === undefined ? 'number' : 'other', from: index, to });
      index = to;
    } else if (WORD_START.test(char)) {
      index = readWord(formula, index, tokens);
    } else if (char === '(' || char === ')') {
      tokens.push({ kind: char === '(' ? 'open' : 'close', from: index, to: index + 1 });
      index += 1;
    } else if (char === ',' || char === ';') {
      tokens.push({ kind: 'separator', from: index, to: index + 1 });
      index += 1;
    } else if (OPERATOR_CHARS.includes(char)) {
      const text = readOperator(formula, index);
      tokens.push({ kind: 'operator', text, from: index, to: index + text.length });
      index += text.length;
    } else {
      tokens.push({ kind: 'other', from: index, to: index + 1 });
      index += 1;
    }
  }
  return tokens;
}
