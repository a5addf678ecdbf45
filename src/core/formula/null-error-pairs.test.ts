// Statistics of two arrays pass over #NULL! to the next error, as Excel's cached results show
// (formulas/test.xlsx STATISTICAL column AD; null-error-pairs.ts, INTERCEPT in excel-math-functions.ts).
import { describe, expect, it } from 'vitest';
import { useWorkbooks, valueAt, writeCell, writeRows } from '../../../test/support/workbook-bed.js';

const bed = useWorkbooks();

function calc(formula: string): unknown {
  const book = bed.open();
  // #NULL!, #NUM!, #REF!, 0.1, 0.2 as in the corpus's row (O:S), #VALUE!, #N/A in row 2.
  writeRows(book, 'A1', [
    ['#NULL!', '#NUM!', '#REF!', 0.1, 0.2],
    ['#VALUE!', '#N/A', 0.3, 0.4, '#NULL!'],
  ]);
  writeCell(book, 'H1', formula);
  return valueAt(book, 'H1');
}

describe('an error of two arrays', () => {
  it.each([
    '=COVARIANCE.P(A1:C1,C1:E1)', // AD26
    '=COVARIANCE.S(A1:C1,C1:E1)', // AD27
    '=PEARSON(A1:B1,C1:D1)', // AD77
    '=CORREL(A1:B1,C1:D1)',
    '=RSQ(A1:B1,C1:D1)', // AD91
    '=SLOPE(A1:C1,C1:E1)', // AD94
    '=STEYX(A1:B1,C1:D1)', // AD101
    '=F.TEST(A1:B1,C1:D1)', // AD34
    '=CHISQ.TEST(A1:B1,C1:D1)', // AD17
    '=INTERCEPT(A1:E1,A2:E2)', // AD55: #NUM! of the first array before the second's #VALUE!
  ])('passes over #NULL! to the next one: %s is #NUM!', (formula) => {
    expect(calc(formula)).toBe('#NUM!');
  });

  it('is answered as it is when it is not #NULL!, and #NULL! when no other comes', () => {
    expect(calc('=COVARIANCE.P(A2:B2,C2:D2)')).toBe('#VALUE!'); // Z26
    expect(calc('=SLOPE(D1:E2,D1:E2)')).toBe('#NULL!');
    expect(calc('=INTERCEPT(D2:E2,C2:D2)')).toBe('#NULL!');
  });
});
