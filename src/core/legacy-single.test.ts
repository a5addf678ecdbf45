// A file's non-array formula whose whole result would be an array or a range is held with `@`
// (SINGLE), as Excel 365 shows a formula authored before dynamic arrays (legacy-single.ts).
import { describe, expect, it } from 'vitest';
import { answersArray, legacyIntersection } from './legacy-single.js';

describe('legacy formulas with @', () => {
  it('wrap one whole call of a function answering an array or a computed reference', () => {
    expect(legacyIntersection('=MINVERSE(C1:D2)')).toBe('=SINGLE(MINVERSE(C1:D2))');
    expect(legacyIntersection('=TREND(D129:I129,D128:I128)')).toBe(
      '=SINGLE(TREND(D129:I129,D128:I128))',
    );
    expect(legacyIntersection('=OFFSET(A1,B1,0,3,1)')).toBe('=SINGLE(OFFSET(A1,B1,0,3,1))');
  });

  it('leave formulas whose result is one value, or that only use an array inside', () => {
    for (const formula of [
      '=SUM(A1:A3)',
      '=SUM(MINVERSE(C1:D2))',
      '=MINVERSE(C1:D2)*2',
      '=MMULT(A1:B1,A1:A2)+MMULT(A1:B1,A1:A2)',
      '=INDEX(A1:C3,2,2)',
      '="TREND(A1:A3)"',
    ])
      expect(legacyIntersection(formula)).toBe(formula);
  });

  it('know a function by its name, with or without Excel’s _xlfn. prefix', () => {
    expect(answersArray('=_xlfn.UNIQUE(A1:A9)')).toBe(true);
    expect(answersArray('=unique(A1:A9)')).toBe(true);
    expect(answersArray('=UNIQUEX(A1:A9)')).toBe(false);
  });
});
