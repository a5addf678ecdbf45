// A formula as the user typed it, spelled the way HyperFormula parses it. The cell keeps what was
// typed; only the engine sees this spelling. Three Excel spellings HyperFormula refuses:
// - TRUE and FALSE inside an array constant (`={TRUE,1,2}`): the engine reads those words through
//   named expressions (BOOLEAN_LITERALS), which an array constant cannot hold, so its one-pass
//   build gave up on the whole workbook. They become TRUE() and FALSE().
// - an upper-case exponent (`=1E-12`), a parse error there: it becomes `1e-12`.
// - a doubled quote inside text (`="a""b"`): the text becomes ("a"&CHAR(34)&"b").
// - a name with a backslash (`HSI\10_1___val`, valid in Excel), a parse error there: no name the
//   engine holds has one (the name rules refuse it; imports rewrite such names to their ranges),
//   so it is the #NAME? Excel answers for a name nobody defined.
// - a repeated percent sign (`=1000%%`, a hundredth of a hundredth), which the parser refuses after
//   the first: the operand takes one in parentheses per extra sign, `((1000%)%)`.
// - a spill reference (`=SUM(C1#)`: the whole array the formula in C1 spills), which the parser
//   does not know: it becomes the call Excel itself stores it as, `ANCHORARRAY(C1)`.
// - the implicit intersection operator (`=@A1:A3`, `=@SEQUENCE(3)`), which the parser refuses:
//   its operand becomes the call Excel stores the operator as, `SINGLE(A1:A3)`.

const BOOLEAN_WORD = /^(TRUE|FALSE)(?![A-Za-z0-9_.(!])/i;
const EXPONENT = /^(\d+\.?\d*|\.\d+)E([+-]?\d)/;
const IDENTIFIER_CHAR = /[A-Za-z0-9_.$]/;
/** A name as Excel reads one (letters, digits, `_`, `.`, `\`), not a call, sheet or table. */
const NAME_WORD = /^[A-Za-z_\\][A-Za-z0-9_.\\]*(?![A-Za-z0-9_.\\(![])/;

/** The end (index of the closing quote) of a quoted run starting at `start`; doubled quotes stay inside. */
export function quotedEnd(formula: string, start: number, quote: string): number {
  let end = start + 1;
  while (end < formula.length) {
    if (formula[end] === quote && formula[end + 1] === quote) end += 2;
    else if (formula[end] === quote) return end;
    else end += 1;
  }
  return end;
}

/** A text literal with doubled quotes as an expression HyperFormula reads. */
function textLiteral(literal: string): string {
  if (!literal.includes('""', 1) || literal.length < 4) return literal;
  const inner = literal.slice(1, -1);
  if (!inner.includes('""')) return literal;
  const pieces = inner.split('""').map((piece) => `"${piece}"`);
  return `(${pieces.join('&CHAR(34)&')})`;
}

/** Where the operand ending at the end of `text` starts (a call, a bracketed group, a number or a reference). */
function operandStart(text: string): number {
  let start = text.length;
  if (text.endsWith(')')) {
    let depth = 0;
    for (start = text.length - 1; start >= 0; start -= 1) {
      if (text[start] === ')') depth += 1;
      else if (text[start] === '(' && --depth === 0) break;
    }
    if (start < 0) return text.length;
  }
  while (start > 0 && /[A-Za-z0-9_.$:!]/.test(text[start - 1]!)) start -= 1;
  return start;
}

/** `operand` followed by `count` percent signs, each after the first applied in parentheses. */
function repeatedPercent(out: string, count: number): string {
  const start = operandStart(out);
  const extra = count - 1;
  return `${out.slice(0, start)}${'('.repeat(extra)}${out.slice(start)}${'%)'.repeat(extra)}%`;
}

/** A cell reference, sheet-qualified or not, at the end of what has been spelled so far. */
const TRAILING_CELL = /(?:(?:'(?:[^']|'')+'|[A-Za-z0-9_.]+)!)?\$?[A-Za-z]{1,3}\$?\d+$/;

/** `out` with the cell reference it ends with as ANCHORARRAY(ref), or undefined when it ends with none. */
function spillReferenceCall(out: string): string | undefined {
  const reference = TRAILING_CELL.exec(out);
  if (reference === null || IDENTIFIER_CHAR.test(out[reference.index - 1] ?? '')) return undefined;
  return `${out.slice(0, reference.index)}ANCHORARRAY(${reference[0]})`;
}

/** Every spill reference (`C1#`) written as Excel stores it, `ANCHORARRAY(C1)`; the rest as it is. */
export function spillReferencesAsCalls(formula: string): string {
  if (!formula.includes('#')) return formula;
  let out = '';
  for (let index = 0; index < formula.length; index += 1) {
    const char = formula[index]!;
    if (char === '"' || char === "'") {
      const end = quotedEnd(formula, index, char);
      out += formula.slice(index, end + 1);
      index = end;
      continue;
    }
    const call = char === '#' ? spillReferenceCall(out) : undefined;
    out = call ?? out + char;
  }
  return out;
}

/** The end (exclusive) of the bracketed group opening at `start` (`(` or `[`), quotes skipped. */
function groupEnd(formula: string, start: number): number {
  const open = formula[start]!;
  const close = open === '(' ? ')' : ']';
  let depth = 0;
  for (let index = start; index < formula.length; index += 1) {
    const char = formula[index]!;
    if (char === '"' || (char === "'" && open === '(')) index = quotedEnd(formula, index, char);
    else if (char === open) depth += 1;
    else if (char === close && --depth === 0) return index + 1;
  }
  return formula.length;
}

/** The end (exclusive) of the operand `@` applies to at `start`: a reference, name, call or group. */
function operandEnd(formula: string, start: number): number {
  let end = start;
  if (formula[end] === "'") end = quotedEnd(formula, end, "'") + 1;
  while (end < formula.length && /[A-Za-z0-9_.$:!\\]/.test(formula[end]!)) end += 1;
  // A call or bracketed group, a table's column (`Table1[Col]`), a spill reference (`A1#`).
  while (formula[end] === '(' || formula[end] === '[') end = groupEnd(formula, end);
  if (formula[end] === '#' && end > start) end += 1;
  return end;
}

/**
 * Every implicit intersection operator written as Excel stores it: `@A1:A3` → `SINGLE(A1:A3)`.
 * A table's this-row reference (`Table1[@Col]`, `[@Col]`) keeps its `@`.
 */
export function intersectionsAsCalls(formula: string): string {
  if (!formula.includes('@')) return formula;
  let out = '';
  for (let index = 0; index < formula.length; index += 1) {
    const char = formula[index]!;
    if (char === '"' || char === "'") {
      const end = quotedEnd(formula, index, char);
      out += formula.slice(index, end + 1);
      index = end;
      continue;
    }
    if (char === '[') {
      const end = groupEnd(formula, index);
      out += formula.slice(index, end);
      index = end - 1;
      continue;
    }
    const end = char === '@' ? operandEnd(formula, index + 1) : index + 1;
    if (char !== '@' || end === index + 1) {
      out += char;
      continue;
    }
    out += `SINGLE(${intersectionsAsCalls(formula.slice(index + 1, end))})`;
    index = end - 1;
  }
  return out;
}

export function engineSpelling(typed: string): string {
  const formula = intersectionsAsCalls(typed);
  if (!/[{E"\\#]|%%/.test(formula)) return formula;
  let out = '';
  let depth = 0;
  for (let index = 0; index < formula.length; index += 1) {
    const char = formula[index]!;
    if (char === '"' || char === "'") {
      const end = quotedEnd(formula, index, char);
      const literal = formula.slice(index, end + 1);
      out += char === '"' ? textLiteral(literal) : literal;
      index = end;
      continue;
    }
    if (char === '{') depth += 1;
    else if (char === '}') depth = Math.max(0, depth - 1);
    const afterName = IDENTIFIER_CHAR.test(formula[index - 1] ?? '');
    if (!afterName && /[\d.]/.test(char)) {
      const number = EXPONENT.exec(formula.slice(index));
      if (number !== null) {
        out += `${number[1]}e${number[2]}`;
        index += number[0].length - 1;
        continue;
      }
    }
    if (!afterName && char !== '$' && formula.includes('\\', index)) {
      const name = NAME_WORD.exec(formula.slice(index));
      if (name !== null && name[0].includes('\\')) {
        out += '#NAME?';
        index += name[0].length - 1;
        continue;
      }
    }
    if (char === '%' && formula[index + 1] === '%') {
      const run = /^%+/.exec(formula.slice(index))![0];
      out = repeatedPercent(out, run.length);
      index += run.length - 1;
      continue;
    }
    if (char === '#') {
      const call = spillReferenceCall(out);
      if (call !== undefined) {
        out = call;
        continue;
      }
    }
    const word = depth > 0 && !afterName ? BOOLEAN_WORD.exec(formula.slice(index)) : null;
    if (word !== null) {
      out += `${word[1]!.toUpperCase()}()`;
      index += word[0].length - 1;
      continue;
    }
    out += char;
  }
  return out;
}
