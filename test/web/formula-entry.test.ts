// A typed formula's open parentheses are closed on Enter, and a leading + or - makes a formula,
// as Excel does.
import { describe, expect, it } from 'vitest';
import { closeParentheses, signedFormula } from '../../web/src/grid/formula-entry.js';

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

describe('[FIRST-HOUR] a formula typed with a leading + or - instead of =', () => {
  it('is a formula, stored with its sign after the =, as Excel does', () => {
    expect(signedFormula('+A1+A2')).toBe('=+A1+A2');
    expect(signedFormula('-A1*2')).toBe('=-A1*2');
    expect(signedFormula('+SUM(A1:A3)')).toBe('=+SUM(A1:A3)');
    expect(signedFormula('+SUM(A1:A3')).toBe('=+SUM(A1:A3');
    expect(signedFormula('-Sheet2!B2/4')).toBe('=-Sheet2!B2/4');
    expect(signedFormula("+'Q1 (draft)'!A1%")).toBe("=+'Q1 (draft)'!A1%");
    expect(signedFormula('-PI()')).toBe('=-PI()');
    expect(signedFormula('+(A1+1)*2')).toBe('=+(A1+1)*2');
    expect(signedFormula('-A:A')).toBe('=-A:A');
  });

  it('leaves signed numbers to be typed as numbers', () => {
    for (const text of ['+5', '-3.5', '-1,200', '+1e3', '-5%', '-$1,200.50', '+.5'])
      expect(signedFormula(text)).toBe(text);
  });

  it('leaves text that reads no cell and calls no function as text', () => {
    for (const text of ['-', '--', '+', '+ note', '- item one', '-x', '+1-800-555', '-5+3', '-"a"'])
      expect(signedFormula(text)).toBe(text);
  });

  it('leaves what is no formula as text: operands with nothing between, an operator left hanging', () => {
    for (const text of ['-A1 2', '+A1*', '-A1+', '+SUM(', '-A1 B2 note'])
      expect(signedFormula(text)).toBe(text);
  });

  it('leaves an entry that does not start with the sign as it is', () => {
    for (const text of ['=A1', ' +A1', 'A1+A2', "'+A1", '']) expect(signedFormula(text)).toBe(text);
  });
});
