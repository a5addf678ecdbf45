// Text a formula holds literally: string literals ("…") and sheet names in references.
import { lexFormula } from './tokens.js';

/**
 * The formula with `map` applied to every stretch outside its string literals and sheet-name
 * prefixes, which are copied as written.
 */
export function mapOutsideStrings(formula: string, map: (code: string) => string): string {
  const { tokens, sheetPrefixes } = lexFormula(formula);
  const literal = [...tokens.filter((token) => token.kind === 'string'), ...sheetPrefixes].sort(
    (a, b) => a.from - b.from,
  );
  let out = '';
  let copied = 0;
  for (const span of literal) {
    out += map(formula.slice(copied, span.from)) + formula.slice(span.from, span.to);
    copied = span.to;
  }
  return out + map(formula.slice(copied));
}
