// A small lexer for formula text, enough to find the references a formula reads, the context
// each is read in and the sheet names it mentions. It is not a parser: the engine parses; the
// guardrails, the reference rewriters and the chain's observations only need to know which
// tokens are references, functions, operators and string literals (a ref inside "…" is text).
import {
  MAX_COLUMNS,
  MAX_ROWS,
  lettersToColumn,
  tryParseCell,
  type CellAddress,
} from '../address/index.js';

export type FormulaToken =
  | ReferenceToken
  | LineToken
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
  /** Where the reference starts with its `Sheet!` prefix (`from` when it has none). */
  readonly qualifiedFrom: number;
}

/** Whole columns (`A:C`, `$B:$B`) or whole rows (`2:5`), optionally sheet-qualified. */
export interface LineToken {
  readonly kind: 'line';
  readonly axis: 'col' | 'row';
  readonly sheet: string | undefined;
  /** Zero-based first and last column (or row), in the order written. */
  readonly first: number;
  readonly last: number;
  /** Which ends carry `$`: [first, last]. */
  readonly absolute: readonly [boolean, boolean];
  readonly from: number;
  readonly to: number;
  readonly qualifiedFrom: number;
}

/** A `Sheet!` or `'Quoted ''name'''!` prefix: its offsets (the `!` included) and the name. */
export interface SheetPrefix {
  readonly name: string;
  readonly from: number;
  readonly to: number;
}

/** What one pass over a formula finds. */
export interface LexedFormula {
  readonly tokens: readonly FormulaToken[];
  readonly sheetPrefixes: readonly SheetPrefix[];
}

// Letters beyond ASCII count too: a sheet may be named `Données` and referenced unquoted.
const WORD_START = /[A-Za-z_$\u00c0-\uffff]/;
const WORD_CHAR = /[A-Za-z0-9_.$\u00c0-\uffff]/;
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

/** The sheet a reference token is qualified with, and where its prefix starts. */
interface Qualifier {
  readonly sheet: string;
  readonly from: number;
}

/** Reads `A1` or `A1:B9` at `start`; undefined when the text there is not a cell reference. */
function readReference(
  text: string,
  start: number,
  qualifier: Qualifier | undefined,
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
      sheet: qualifier?.sheet,
      start: startCell,
      end: endCell,
      absolute: [startCol, startRow, ...endFlags],
      from: start,
      to: next,
      qualifiedFrom: qualifier?.from ?? start,
    },
    next,
  };
}

const LINE_RANGE = /(\$?)([A-Za-z]{1,3}|\d{1,7}):(\$?)([A-Za-z]{1,3}|\d{1,7})(?![A-Za-z0-9_(])/y;

/** Reads a whole-column or whole-row range such as `A:C`, `$B:$B` or `2:5` at `start`. */
function readLineRange(
  text: string,
  start: number,
  qualifier: Qualifier | undefined,
): LineToken | undefined {
  LINE_RANGE.lastIndex = start;
  const match = LINE_RANGE.exec(text);
  if (match === null) return undefined;
  const [whole, firstDollar, first, lastDollar, last] = match as unknown as [
    string,
    string,
    string,
    string,
    string,
  ];
  const rows = /^\d/.test(first);
  if (rows !== /^\d/.test(last)) return undefined;
  const index = (part: string) => (rows ? Number(part) - 1 : lettersToColumn(part));
  const limit = rows ? MAX_ROWS : MAX_COLUMNS;
  const [firstIndex, lastIndex] = [index(first), index(last)];
  if (Math.min(firstIndex, lastIndex) < 0 || Math.max(firstIndex, lastIndex) >= limit)
    return undefined;
  return {
    kind: 'line',
    axis: rows ? 'row' : 'col',
    sheet: qualifier?.sheet,
    first: firstIndex,
    last: lastIndex,
    absolute: [firstDollar === '$', lastDollar === '$'],
    from: start,
    to: start + whole.length,
    qualifiedFrom: qualifier?.from ?? start,
  };
}

function readOperator(text: string, index: number): string {
  const two = text.slice(index, index + 2);
  return two === '<>' || two === '<=' || two === '>=' ? two : text[index]!;
}

/** One pass over one formula; `run` fills the token and sheet-prefix lists. */
class Lexer {
  readonly tokens: FormulaToken[] = [];
  readonly sheetPrefixes: SheetPrefix[] = [];

  constructor(private readonly text: string) {}

  run(): void {
    const text = this.text;
    let index = text.trimStart().startsWith('=') ? text.indexOf('=') + 1 : 0;
    while (index < text.length) index = this.readAt(index);
  }

  private readAt(index: number): number {
    const text = this.text;
    const char = text[index]!;
    if (/\s/.test(char)) return index + 1;
    if (char === '"')
      return this.push({ kind: 'string', from: index, to: readQuoted(text, index, '"') });
    if (char === "'") return this.readQuotedSheet(index);
    if (/\d/.test(char) || (char === '.' && /\d/.test(text[index + 1] ?? '')))
      return this.readNumber(index);
    if (WORD_START.test(char)) return this.readWord(index, undefined);
    if (char === '(' || char === ')')
      return this.push({ kind: char === '(' ? 'open' : 'close', from: index, to: index + 1 });
    if (char === ',' || char === ';')
      return this.push({ kind: 'separator', from: index, to: index + 1 });
    if (OPERATOR_CHARS.includes(char)) {
      const operator = readOperator(text, index);
      return this.push({
        kind: 'operator',
        text: operator,
        from: index,
        to: index + operator.length,
      });
    }
    return this.push({ kind: 'other', from: index, to: index + 1 });
  }

  /** Adds a token and returns the offset after it. */
  private push(token: FormulaToken): number {
    this.tokens.push(token);
    return token.to;
  }

  private readQuotedSheet(index: number): number {
    const end = readQuoted(this.text, index, "'");
    if (this.text[end] !== '!') return this.push({ kind: 'other', from: index, to: end });
    const name = this.text.slice(index + 1, end - 1).replace(/''/g, "'");
    return this.readQualified(end + 1, { sheet: name, from: index });
  }

  private readNumber(index: number): number {
    const line = readLineRange(this.text, index, undefined);
    if (line !== undefined) return this.push(line);
    const end = readWhile(this.text, index, /[\d.]/);
    const exponent = /^[eE][+-]?\d+/.exec(this.text.slice(end, end + 12));
    return this.push({ kind: 'number', from: index, to: end + (exponent?.[0].length ?? 0) });
  }

  private readWord(index: number, qualifier: Qualifier | undefined): number {
    const text = this.text;
    const wordEnd = readWhile(text, index, WORD_CHAR);
    if (qualifier === undefined && text[wordEnd] === '!') {
      return this.readQualified(wordEnd + 1, { sheet: text.slice(index, wordEnd), from: index });
    }
    if (qualifier === undefined && text[skipSpaces(text, wordEnd)] === '(') {
      const name = text.slice(index, wordEnd).toUpperCase();
      return this.push({ kind: 'function', name, from: index, to: wordEnd });
    }
    const reference = readReference(text, index, qualifier);
    if (reference !== undefined && !WORD_CHAR.test(text[reference.next] ?? ''))
      return this.push(reference.token);
    const line = readLineRange(text, index, qualifier);
    if (line !== undefined) return this.push(line);
    return this.push({ kind: 'name', from: index, to: wordEnd });
  }

  /** After `Sheet!`: records the prefix, then reads what it qualifies. */
  private readQualified(start: number, qualifier: Qualifier): number {
    this.sheetPrefixes.push({ name: qualifier.sheet, from: qualifier.from, to: start });
    const next = this.text[start] ?? '';
    if (!WORD_START.test(next) && !/\d/.test(next))
      return this.push({ kind: 'other', from: start, to: start });
    if (/\d/.test(next)) {
      const line = readLineRange(this.text, start, qualifier);
      if (line !== undefined) return this.push(line);
    }
    return this.readWord(start, qualifier);
  }
}

/** Lexes a formula (with or without its leading `=`). Never throws; unknown text is `other`. */
export function lexFormula(formula: string): LexedFormula {
  const lexer = new Lexer(formula);
  lexer.run();
  return lexer;
}

/** The tokens of a formula (with or without its leading `=`). */
export function tokenizeFormula(formula: string): readonly FormulaToken[] {
  return lexFormula(formula).tokens;
}
