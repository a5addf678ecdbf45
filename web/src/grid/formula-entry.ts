// A typed formula as Excel and Sheets take it on Enter: parentheses left open are closed
// ("=SUM(A1:A3" stores "=SUM(A1:A3)"), so this common slip stores the formula meant instead of
// #PARSE_ERROR!.
import { mapOutsideStrings } from '../../../src/core/formula-text/index.js';

/**
 * `text` with its open parentheses closed at the end, when it is a formula whose parentheses
 * (outside string literals and quoted sheet names) open more than they close and never close
 * one that is not open. Anything else, an unfinished string literal too, is returned as typed.
 */
export function closeParentheses(text: string): string {
  if (!text.startsWith('=') || quoteCount(text) % 2 !== 0) return text;
  let open = 0;
  let unbalanced = false;
  mapOutsideStrings(text, (code) => {
    for (const char of code) {
      if (char === '(') open += 1;
      else if (char === ')') open -= 1;
      if (open < 0) unbalanced = true;
    }
    return code;
  });
  return open > 0 && !unbalanced ? text + ')'.repeat(open) : text;
}

/** Double quotes in the text: an odd count leaves a string literal open. */
function quoteCount(text: string): number {
  let count = 0;
  for (const char of text) if (char === '"') count += 1;
  return count;
}
