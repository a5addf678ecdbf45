// Thousands separators in a number section whose integer digits are interleaved with literal
// text (`0,## ##, ##`, `0cc###,00`, `#,#"ZZ"#.0"YY"00`): numfmt drops the grouping there, Excel
// keeps it. Excel's rules, read from its cached results (formulas/test.xlsx EXTRA!A13:A24,
// pycel text.xlsx TextNumbers!C2:C40):
// - a `,` right after a digit placeholder and right before another turns grouping on; a `,` right
//   after a placeholder is never shown; any other `,` is literal text;
// - integer placeholders take the number's digits from the right, the leftmost one all that are
//   left; an unfilled `0` shows 0, an unfilled `#` nothing;
// - a separator follows the digit in the 4th, 7th, 10th … place from the right (counted over
//   the placeholders, so literals between them do not shift it): `0,## ##, ##` shows
//   1234567890 as `1,234,56 7,8 90`;
// - fraction placeholders take the rounded decimals from the left (a `#` whose digit and all
//   after it are 0 shows nothing); later `.` are literal text.
import { sectionFor, tokenize, type FormatToken } from './format-sections.js';

/** Letters that make a section a date, time, exponent or other form this file does not read. */
const MEANINGFUL_LETTERS = /[a-z]/i;
const PLAIN_LETTERS = /^[cfijklqrtuvwxz]$/i;

type Part =
  | { readonly kind: 'digit'; readonly char: '0' | '#' }
  | { readonly kind: 'text'; readonly text: string };

interface GroupedSection {
  readonly integer: readonly Part[];
  /** Undefined without a decimal point. */
  readonly fraction: readonly Part[] | undefined;
}

const sections = new Map<string, GroupedSection | null>();
const SECTION_LIMIT = 10_000;

/** The section's parts when it is one this file formats (grouping with literals between integer digits). */
function groupedSection(section: string): GroupedSection | undefined {
  const cached = sections.get(section);
  if (cached !== undefined) return cached ?? undefined;
  const parsed = parseSection(tokenize(section)) ?? null;
  if (sections.size >= SECTION_LIMIT) sections.clear();
  sections.set(section, parsed);
  return parsed ?? undefined;
}

function parseSection(tokens: readonly FormatToken[]): GroupedSection | undefined {
  const integer: Part[] = [];
  let fraction: Part[] | undefined;
  let grouping = false;
  for (let i = 0; i < tokens.length; i += 1) {
    const token = tokens[i]!;
    const parts = fraction ?? integer;
    if (token.kind === 'digit') {
      if (token.char === '?') return undefined;
      parts.push({ kind: 'digit', char: token.char });
    } else if (token.kind === 'literal') {
      parts.push({ kind: 'text', text: token.text });
    } else if (token.kind !== 'other') {
      return undefined;
    } else if (token.text === '.') {
      if (fraction === undefined) fraction = [];
      else fraction.push({ kind: 'text', text: '.' });
    } else if (token.text === ',') {
      const afterDigit = tokens[i - 1]?.kind === 'digit';
      if (!afterDigit) parts.push({ kind: 'text', text: ',' });
      else if (fraction === undefined) {
        // A `,` after the last integer placeholder scales by 1,000: not this file's case.
        const laterDigit = tokens
          .slice(i + 1)
          .findIndex(
            (next) => next.kind === 'digit' || (next.kind === 'other' && next.text === '.'),
          );
        if (laterDigit < 0 || tokens[i + 1 + laterDigit]!.kind !== 'digit') return undefined;
        if (tokens[i + 1]?.kind === 'digit') grouping = true;
      }
    } else if (/^[1-9]$/.test(token.text) || PLAIN_LETTERS.test(token.text)) {
      parts.push({ kind: 'text', text: token.text });
    } else if (MEANINGFUL_LETTERS.test(token.text) || token.text.charCodeAt(0) < 0x80) {
      return undefined;
    } else parts.push({ kind: 'text', text: token.text });
  }
  const first = integer.findIndex((part) => part.kind === 'digit');
  const last = integer.findLastIndex((part) => part.kind === 'digit');
  const interleaved = integer.slice(first, last).some((part) => part.kind === 'text');
  return grouping && interleaved ? { integer, fraction } : undefined;
}

/** Excel's text for `value` under `code` when the chosen section groups digits around literals; else undefined. */
export function groupedDigitsText(code: string, value: number): string | undefined {
  if (!Number.isFinite(value)) return undefined;
  const chosen = sectionFor(code, value);
  if (chosen === undefined) return undefined;
  const section = groupedSection(chosen.section);
  if (section === undefined) return undefined;
  const places = (section.fraction ?? []).filter((part) => part.kind === 'digit').length;
  const scaled = Math.round(Number(Math.abs(value).toPrecision(15)) * 10 ** places);
  if (!Number.isSafeInteger(scaled)) return undefined;
  const text = String(scaled).padStart(places + 1, '0');
  const whole = text.slice(0, text.length - places).replace(/^0+/, '');
  const decimals = text.slice(text.length - places);
  const integer = integerText(section.integer, whole);
  const fraction =
    section.fraction === undefined ? '' : `.${fractionText(section.fraction, decimals)}`;
  return `${chosen.signed && scaled !== 0 ? '-' : ''}${integer}${fraction}`;
}

function integerText(parts: readonly Part[], digits: string): string {
  const leftmost = parts.findIndex((part) => part.kind === 'digit');
  const withSeparator = (place: number): string => {
    const digit = place < digits.length ? digits[digits.length - 1 - place]! : '0';
    return place > 0 && place % 3 === 0 ? `${digit},` : digit;
  };
  let out = '';
  let place = 0;
  for (let i = parts.length - 1; i >= 0; i -= 1) {
    const part = parts[i]!;
    if (part.kind === 'text') {
      out = part.text + out;
      continue;
    }
    let shown = '';
    if (i === leftmost) {
      for (let rest = Math.max(place, digits.length - 1); rest > place; rest -= 1)
        shown += withSeparator(rest);
    }
    if (place < digits.length || part.char === '0') shown += withSeparator(place);
    out = shown + out;
    place += 1;
  }
  return out;
}

function fractionText(parts: readonly Part[], decimals: string): string {
  let out = '';
  let index = 0;
  for (const part of parts) {
    if (part.kind === 'text') {
      out += part.text;
      continue;
    }
    const digit = decimals[index]!;
    const restZero = /^0*$/.test(decimals.slice(index));
    if (part.char === '0' || !restZero) out += digit;
    index += 1;
  }
  return out;
}
