// Reading an Excel number-format code the way Excel splits it: into `;` sections, and each
// section into tokens (digit placeholders, literals, spacers …). Quoted text, `\x` escapes,
// `_x` spacers and `[…]` brackets are single tokens, so a `;` or `/` inside them splits nothing.

export type FormatToken =
  /** `0`, `#` or `?`. */
  | { readonly kind: 'digit'; readonly char: '0' | '#' | '?' }
  /** Text shown as is: quoted, escaped or a plain character such as a space, `-` or `|`. */
  | { readonly kind: 'literal'; readonly text: string }
  /** `_x`: a space as wide as x (one character in text). */
  | { readonly kind: 'spacer' }
  /** `[Red]`, `[h]`, `[>100]`, `[$-409]` … */
  | { readonly kind: 'bracket'; readonly text: string }
  /** Anything else that means something to the engine: `/`, `.`, `,`, `%`, `E+`, `@`, `*x`, letters. */
  | { readonly kind: 'other'; readonly text: string };

/** Plain characters Excel shows as themselves without quotes. */
const BARE_LITERALS = new Set([..."$-+()|:!^&'~{}<>= "]);

/** The tokens of one section (or of a whole code: `;` comes out as an `other` token). */
export function tokenize(code: string): FormatToken[] {
  const tokens: FormatToken[] = [];
  for (let i = 0; i < code.length; i += 1) {
    const char = code[i]!;
    if (char === '"') {
      const end = code.indexOf('"', i + 1);
      const stop = end === -1 ? code.length : end;
      tokens.push({ kind: 'literal', text: code.slice(i + 1, stop) });
      i = stop;
    } else if (char === '\\') {
      tokens.push({ kind: 'literal', text: code[i + 1] ?? '' });
      i += 1;
    } else if (char === '_') {
      tokens.push({ kind: 'spacer' });
      i += 1;
    } else if (char === '*') {
      tokens.push({ kind: 'other', text: code.slice(i, i + 2) });
      i += 1;
    } else if (char === '[') {
      const end = code.indexOf(']', i + 1);
      const stop = end === -1 ? code.length - 1 : end;
      tokens.push({ kind: 'bracket', text: code.slice(i, stop + 1) });
      i = stop;
    } else if (char === '0' || char === '#' || char === '?') {
      tokens.push({ kind: 'digit', char });
    } else if (BARE_LITERALS.has(char)) {
      tokens.push({ kind: 'literal', text: char });
    } else {
      tokens.push({ kind: 'other', text: char });
    }
  }
  return tokens;
}

/** The code's sections (split at `;` outside quotes, escapes and brackets), as text. */
export function splitSections(code: string): string[] {
  const sections: string[] = [];
  let start = 0;
  for (let i = 0; i < code.length; i += 1) {
    const char = code[i]!;
    if (char === '"') {
      const end = code.indexOf('"', i + 1);
      i = end === -1 ? code.length : end;
    } else if (char === '\\' || char === '_' || char === '*') {
      i += 1;
    } else if (char === '[') {
      const end = code.indexOf(']', i + 1);
      i = end === -1 ? code.length : end;
    } else if (char === ';') {
      sections.push(code.slice(start, i));
      start = i + 1;
    }
  }
  sections.push(code.slice(start));
  return sections;
}

/** The code with quoted text, escapes and spacers blanked out, for searching its syntax. */
export function unquoted(code: string): string {
  return code.replace(/"[^"]*"?|\\.|_.|\*./g, (hidden) => ' '.repeat(hidden.length));
}

const CONDITION = /^\[(?:[<>=]|<=|>=|<>)/;

/**
 * The section Excel formats a number with, and whether it shows the number's own minus sign:
 * one section serves all numbers (negatives with a `-`); with two or more, negatives take the
 * second without a sign and zero takes the third when there is one. Undefined for codes with
 * conditions (`[>100]`), which the engine selects itself.
 */
export function sectionFor(
  code: string,
  value: number,
): { readonly section: string; readonly signed: boolean } | undefined {
  const sections = splitSections(code);
  if (sections.some((section) => CONDITION.test(section.trimStart()))) return undefined;
  if (value < 0 && sections.length >= 2) return { section: sections[1]!, signed: false };
  if (value === 0 && sections.length >= 3) return { section: sections[2]!, signed: false };
  return { section: sections[0]!, signed: value < 0 };
}
