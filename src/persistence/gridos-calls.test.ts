import { describe, expect, it } from 'vitest';
import { gridosCallsAsExcel } from './gridos-calls.js';

describe('GridOS calls written for Excel', () => {
  it.each([
    ['MINUS(C4,C3)', '(C4-C3)'],
    ['SUBTRACT(B2, 1)', '(B2-1)'],
    ['multiply(A1,$B$2)', '(A1*$B$2)'],
    ['DIVIDE(MINUS(B2,C2),B2)', '((B2-C2)/B2)'],
    ['GT(A1,0)', '(A1>0)'],
    ['LTE(A1,"x")', '(A1<="x")'],
    ['EQ(A1,SUM(B1:B3))', '(A1=SUM(B1:B3))'],
    ['MULTIPLY(A1+1,(B1))', '((A1+1)*(B1))'],
    ['-MINUS(A1,B1)^2', '-(A1-B1)^2'],
    ['CEIL(A1/2)+E()', 'CEILING.MATH(A1/2)+EXP(1)'],
    ['SUM(MULTIPLY(A1:A3,2),Data!B1)', 'SUM((A1:A3*2),Data!B1)'],
  ])('%s → %s', (formula, excel) => {
    expect(gridosCallsAsExcel(formula)).toBe(excel);
  });

  it('leaves Excel functions, text that only spells a name, and calls of the wrong shape as written', () => {
    for (const formula of [
      'SUM(A1:A3)-B1',
      '"MINUS(A1,B1)"&A1',
      'MINUS(A1)',
      'MINUS(A1,B1,C1)',
      'MEDIANIFS(A1:A9,B1:B9,">0")',
    ])
      expect(gridosCallsAsExcel(formula)).toBe(formula);
  });

  it('an array constant’s commas are not argument separators', () => {
    expect(gridosCallsAsExcel('SUM(MULTIPLY({1,2},2))')).toBe('SUM((({1,2})*2))');
  });
});
