// A typed formula's open parentheses are closed on Enter, as Excel and Sheets do.
import { describe, expect, it } from 'vitest';
import { closeParentheses } from '../../web/src/grid/formula-entry.js';

describe('[FIRST-HOUR] closing the parentheses a typed formula left open', () => {
  it('closes each one left open, at the end', () => {
    expect(closeParentheses('=SUM(A1:A3')).toBe('=SUM(A1:A3)');
    expect(closeParentheses('=ROUND(AVERAGE(A1:A3), 2')).toBe('=ROUND(AVERAGE(A1:A3), 2)');
    expect(closeParentheses('=ROUND(AVERAGE(A1:A3')).toBe('=ROUND(AVERAGE(A1:A3))');
  });

  it('leaves balanced formulas, text and numbers as typed', () => {
    expect(closeParentheses('=SUM(A1:A3)')).toBe('=SUM(A1:A3)');
    expect(closeParentheses('(555) 123')).toBe('(555) 123');
    expect(closeParentheses('=A1+1')).toBe('=A1+1');
  });

  it('does not count parentheses inside string literals or quoted sheet names', () => {
    expect(closeParentheses('=IF(A1>1,"(big","small"')).toBe('=IF(A1>1,"(big","small")');
    expect(closeParentheses("=SUM('Q1 (draft)'!A1:A3")).toBe("=SUM('Q1 (draft)'!A1:A3)");
    expect(closeParentheses('=LEN("a)b"')).toBe('=LEN("a)b")');
  });

  it('leaves a formula with an unfinished string or a stray ) alone (the error shows)', () => {
    expect(closeParentheses('=CONCAT("a')).toBe('=CONCAT("a');
    expect(closeParentheses('=A1)+(B1')).toBe('=A1)+(B1');
  });
});
