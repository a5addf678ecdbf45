// Fraction sections (`# ?/?`, `?/8`, `#\:#=/=?` …) formatted the way Excel shows them. numfmt
// drops a literal written before the number (`|#_#/#|`), ignores a literal between the whole
// part and the numerator, and blanks whole numbers differently; Excel's rules, as its cached
// TEXT() values show them:
// - the whole part, when the section has digit placeholders left of the numerator, takes the
//   integer; otherwise the fraction is improper (3.75 → 15/4);
// - a value whose fraction rounds to 0 shows its whole part (0 as `0`), then: with a `0` in the
//   numerator, `0/1`; else with a `?` anywhere, spaces as wide as the fraction; else nothing;
// - with a whole part of 0, `#` shows nothing and drops the literal before the numerator, `?`
//   shows a space (and the literal as spaces), `0` shows `0`;
// - a denominator's missing digits are `0` (on the left) for `0`, a space (on the right) for
//   `?`, nothing for `#`; a fixed denominator (`?/8`) is kept.
import type { FormatToken } from './format-sections.js';

type Digit = '0' | '#' | '?';

interface FractionSection {
  /** Literals before the first digit placeholder. */
  readonly prefix: readonly FormatToken[];
  /** The whole part: digit placeholders with the literals among them; empty when improper. */
  readonly whole: readonly FormatToken[];
  /** Literals between the whole part and the numerator. */
  readonly wholeSeparator: readonly FormatToken[];
  readonly numerator: readonly Digit[];
  /** Literals around the `/`, the `/` included. */
  readonly slash: readonly FormatToken[];
  /** Denominator placeholders, or the fixed denominator. */
  readonly denominator: readonly Digit[] | number;
  readonly suffix: readonly FormatToken[];
}

const isShown = (token: FormatToken): boolean =>
  token.kind === 'literal' || token.kind === 'spacer';

/** The section read as a fraction, or undefined when it is not one this module formats. */
export function parseFractionSection(tokens: readonly FormatToken[]): FractionSection | undefined {
  // Colours are the engine's business; any other bracket (a condition, a locale) is not a
  // plain fraction section.
  if (tokens.some((token) => token.kind === 'bracket' && !COLOR.test(token.text))) return undefined;
  const body = tokens.filter((token) => token.kind !== 'bracket');
  const slashAt = body.findIndex((token) => token.kind === 'other' && token.text === '/');
  if (slashAt === -1) return undefined;
  if (body.some((token) => token.kind === 'other' && token.text !== '/' && !isFixedDigit(token)))
    return undefined;
  if (body.slice(0, slashAt).some(isFixedDigit)) return undefined;
  const denominator = readDenominator(body, slashAt + 1);
  if (denominator === undefined) return undefined;
  // Left of the slash: literals, then the numerator's placeholders (side by side).
  let at = slashAt - 1;
  while (at >= 0 && isShown(body[at]!)) at -= 1;
  const numeratorEnd = at + 1;
  while (at >= 0 && body[at]!.kind === 'digit') at -= 1;
  const numeratorStart = at + 1;
  if (numeratorStart === numeratorEnd) return undefined;
  while (at >= 0 && isShown(body[at]!)) at -= 1;
  const separatorStart = at + 1;
  const firstDigit = body.findIndex((token) => token.kind === 'digit');
  const improper = at < 0;
  return {
    prefix: body.slice(0, improper ? numeratorStart : firstDigit),
    whole: improper ? [] : body.slice(firstDigit, separatorStart),
    wholeSeparator: improper ? [] : body.slice(separatorStart, numeratorStart),
    numerator: digitsOf(body.slice(numeratorStart, numeratorEnd)),
    slash: body.slice(numeratorEnd, denominator.start),
    denominator: denominator.value,
    suffix: body.slice(denominator.end),
  };
}

const COLOR = /^\[(black|blue|cyan|green|magenta|red|white|yellow|color\s*\d+)\]$/i;

function digitsOf(tokens: readonly FormatToken[]): Digit[] {
  return tokens.map((token) => (token.kind === 'digit' ? token.char : '#'));
}

/** After the slash: literals, then placeholders or a fixed number, then only literals. */
function readDenominator(
  body: readonly FormatToken[],
  from: number,
): { value: readonly Digit[] | number; start: number; end: number } | undefined {
  let at = from;
  while (at < body.length && isShown(body[at]!)) at += 1;
  const start = at;
  let value: readonly Digit[] | number;
  if (at < body.length && isFixedDigit(body[at]!)) {
    // `?/8`, `?/100`: a number fixes the denominator.
    let fixed = '';
    for (; at < body.length && (isFixedDigit(body[at]!) || isZero(body[at]!)); at += 1)
      fixed += body[at]!.kind === 'digit' ? '0' : (body[at] as { text: string }).text;
    value = Number(fixed);
  } else {
    while (at < body.length && body[at]!.kind === 'digit') at += 1;
    if (at === start) return undefined;
    value = digitsOf(body.slice(start, at));
  }
  const end = at;
  if (body.slice(end).some((token) => !isShown(token))) return undefined;
  return { value, start, end };
}

function isFixedDigit(token: FormatToken): boolean {
  return token.kind === 'other' && /^[0-9]$/.test(token.text);
}

function isZero(token: FormatToken): boolean {
  return token.kind === 'digit' && token.char === '0';
}

/**
 * The fraction Excel shows for a value with denominators up to `largest`: the last continued-
 * fraction convergent whose denominator fits (so π with `??/??` is 22/7, not 311/99).
 */
function convergent(value: number, largest: number): { top: number; bottom: number } {
  let [top, previousTop] = [Math.floor(value), 1];
  let [bottom, previousBottom] = [1, 0];
  let rest = value - Math.floor(value);
  while (rest > 5e-8) {
    const inverse = 1 / rest;
    const term = Math.floor(inverse);
    const nextTop = term * top + previousTop;
    const nextBottom = term * bottom + previousBottom;
    if (nextBottom > largest) break;
    [previousTop, top] = [top, nextTop];
    [previousBottom, bottom] = [bottom, nextBottom];
    rest = inverse - term;
  }
  return { top, bottom };
}

/** An integer in placeholders (right-aligned, extra digits to the first); literals kept. */
function fillInteger(tokens: readonly FormatToken[], digits: string): string {
  const slots = tokens.filter((token) => token.kind === 'digit').length;
  let rest = digits;
  let out = '';
  let slot = slots;
  for (let i = tokens.length - 1; i >= 0; i -= 1) {
    const token = tokens[i]!;
    if (token.kind !== 'digit') {
      out = text(token) + out;
      continue;
    }
    slot -= 1;
    const take = slot === 0 ? rest : rest.slice(-1);
    rest = slot === 0 ? '' : rest.slice(0, -1);
    if (take !== '') out = take + out;
    else out = (token.char === '0' ? '0' : token.char === '?' ? ' ' : '') + out;
  }
  return out;
}

function text(token: FormatToken): string {
  if (token.kind === 'literal') return token.text;
  if (token.kind === 'spacer') return ' ';
  return token.kind === 'other' && token.text === '/' ? '/' : '';
}

const joined = (tokens: readonly FormatToken[]): string => tokens.map(text).join('');

function digitTokens(digits: readonly Digit[]): FormatToken[] {
  return digits.map((char) => ({ kind: 'digit', char }));
}

/** The denominator: `0` pads on the left, `?` with spaces on the right, `#` not at all. */
function fillDenominator(digits: readonly Digit[] | number, den: number): string {
  if (typeof digits === 'number') return String(den);
  const shown = String(den);
  const missing = digits.slice(0, Math.max(0, digits.length - shown.length));
  const zeros = missing.filter((char) => char === '0').length;
  const spaces = missing.filter((char) => char === '?').length;
  return '0'.repeat(zeros) + shown + ' '.repeat(spaces);
}

const width = (section: FractionSection): number =>
  joined(section.wholeSeparator).length +
  section.numerator.length +
  joined(section.slash).length +
  (typeof section.denominator === 'number'
    ? String(section.denominator).length
    : section.denominator.length);

/** A non-negative value through a fraction section (the caller adds any sign). */
export function formatFraction(section: FractionSection, value: number): string {
  const improper = section.whole.length === 0;
  const fixed = typeof section.denominator === 'number' ? section.denominator : undefined;
  let whole: number;
  let num: number;
  let den: number;
  if (fixed === undefined) {
    const { top, bottom } = convergent(
      value,
      10 ** (section.denominator as readonly Digit[]).length - 1,
    );
    whole = Math.floor(top / bottom);
    num = top - whole * bottom;
    den = bottom;
  } else {
    whole = Math.floor(value);
    num = Math.round((value - whole) * fixed);
    den = fixed;
  }
  if (num === den) {
    whole += 1;
    num = 0;
  }
  const prefix = joined(section.prefix);
  const suffix = joined(section.suffix);
  const numeratorTokens = digitTokens(section.numerator);
  if (improper) {
    const top = whole * den + num;
    const shown = fillInteger(numeratorTokens, top === 0 ? '0' : String(top));
    const bottom = num === 0 && fixed === undefined ? 1 : den;
    return `${prefix}${shown}${joined(section.slash)}${fillDenominator(section.denominator, bottom)}${suffix}`;
  }
  const forcedNumerator = section.numerator.includes('0');
  const wholeText = (showZero: boolean): string =>
    fillInteger(section.whole, whole === 0 ? (showZero ? '0' : '') : String(whole));
  if (num === 0) {
    if (forcedNumerator) {
      const blankWhole =
        whole === 0 && section.whole.every((t) => t.kind !== 'digit' || t.char === '#');
      const head = blankWhole ? wholeText(false) : wholeText(true) + joined(section.wholeSeparator);
      const bottom = fixed ?? 1;
      return `${prefix}${head}${fillInteger(numeratorTokens, '0')}${joined(section.slash)}${fillDenominator(section.denominator, bottom)}${suffix}`;
    }
    const anyQuestion =
      section.numerator.includes('?') ||
      (typeof section.denominator !== 'number' && section.denominator.includes('?')) ||
      section.whole.some((t) => t.kind === 'digit' && t.char === '?');
    return `${prefix}${wholeText(true)}${anyQuestion ? ' '.repeat(width(section)) : ''}${suffix}`;
  }
  let head: string;
  if (whole !== 0) head = wholeText(false) + joined(section.wholeSeparator);
  else {
    const wholeDigits = section.whole
      .filter((t) => t.kind === 'digit')
      .map((t) => (t as { char: Digit }).char);
    const separator = joined(section.wholeSeparator);
    if (wholeDigits.includes('0')) head = wholeText(false) + separator;
    else if (wholeDigits.includes('?') || section.numerator.includes('?'))
      head = wholeText(false) + ' '.repeat(separator.length);
    else head = wholeText(false);
  }
  const top = fillInteger(numeratorTokens, String(num));
  return `${prefix}${head}${top}${joined(section.slash)}${fillDenominator(section.denominator, den)}${suffix}`;
}
