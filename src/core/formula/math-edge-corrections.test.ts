// CEILING, LOG and very small results as Excel answers them: Microsoft's documented examples
// ("MS example") and Excel's cached results in the conformance corpus (named by file and cell).
import { describe, expect, it } from 'vitest';
import { formulaValue, useWorkbooks } from '../../../test/support/workbook-bed.js';
import type { WireValue } from '../index.js';

const bed = useWorkbooks();

const calc = (formula: string): WireValue => formulaValue(bed, formula);

describe('CEILING', () => {
  it.each([
    ['=CEILING(2, 0)', 0], // xlcalculator CEILING.xlsx A8
    ['=CEILING(2.5, 1)', 3], // MS example
    ['=CEILING(-2.5, 2)', -2], // MS example
    ['=CEILING(-2.5, -2)', -4], // MS example
    ['=CEILING(1.5, 0.1)', 1.5], // MS example
    ['=CEILING(2.5, -2)', '#NUM!'], // MS example
  ])('%s is %j', (formula, expected) => {
    expect(calc(formula)).toBe(expected);
  });
});

describe('CEILING.MATH and FLOOR.MATH', () => {
  it.each([
    ['=CEILING.MATH(-5.5,2,-1)', -6], // formulas test.xlsx MATH & TRIG!U16
    ['=CEILING.MATH(-0.6,2,2)', -2], // V16
    ['=CEILING.MATH(-255.5,-2,TRUE)', -256], // S16
    ['=CEILING.MATH(-8.1,3)', -6], // T16
    ['=CEILING.MATH(-5.5,2,1)', -6], // MS example (mode 1)
    ['=FLOOR.MATH(-5.5,2,-1)', -4], // U32
    ['=FLOOR.MATH(-0.6,2,2)', 0], // V32
    ['=FLOOR.MATH(-8.1,3)', -9], // T32
  ])('a nonzero mode reverses the rounding of a negative number: %s is %j', (formula, expected) => {
    expect(calc(formula)).toBe(expected);
  });
});

describe('LOG', () => {
  it('is #DIV/0! in base 1 (ironcalc MATH_AND_TRIGONOMETRY--LOG_LOG10_LN.xlsx LOG!G3)', () => {
    expect(calc('=LOG(5,1)')).toBe('#DIV/0!');
    expect(calc('=LOG(1,1)')).toBe('#DIV/0!');
  });

  it('keeps its other answers', () => {
    expect(calc('=LOG(10)')).toBe(1); // MS example
    expect(calc('=LOG(8, 2)')).toBe(3); // MS example
    expect(calc('=LOG(0, 2)')).toBe('#NUM!');
    expect(calc('=LOG(8, 0)')).toBe('#NUM!');
  });
});

describe('very small results', () => {
  it('keep their value below 1e-292 (the engine rounded them to NaN)', () => {
    const value = calc('=EXP(-700)') as number;
    expect(Math.abs(value / 9.85967654375977e-305 - 1)).toBeLessThan(1e-14);
  });

  it('are 0 below the smallest normal number (ironcalc EXP_SIGN.xlsx B44: EXP(-745))', () => {
    expect(calc('=EXP(-745)')).toBe(0);
  });
});

describe('whole numbers handed out', () => {
  it.each([
    ['=123456789012345', 123456789012345],
    ['=-999999999999999', -999999999999999],
    ['=9007199254740991', 9007199254740991],
    ['=4503599627370495*2+1', 9007199254740991],
  ])('%s stays %d', (formula, expected) => {
    expect(calc(formula)).toBe(expected);
  });

  it('leave fractions rounded to 15 digits', () => {
    expect(calc('=0.1+0.2')).toBe(0.3);
    expect(calc('=2/3')).toBe(0.666666666666667);
  });
});

describe('SUMX2MY2, SUMX2PY2 and SUMXMY2', () => {
  const rows = [
    [2, 'a', 3],
    [null, 4, true],
    ['x', null, 5],
  ];

  it('are #DIV/0! without one pair of numbers (poi FormulaEvalTestData_Copy.xlsx E1336, F1340, G1344)', () => {
    expect(formulaValue(bed, '=SUMX2MY2(A1:A3,B1:B3)', rows)).toBe('#DIV/0!');
    expect(formulaValue(bed, '=SUMX2PY2(A1:A3,B1:B3)', rows)).toBe('#DIV/0!');
    expect(formulaValue(bed, '=SUMXMY2(B1:B3,C1:C3)', rows)).toBe('#DIV/0!');
  });

  it('sum the pairs of numbers there are (MS examples)', () => {
    expect(calc('=SUMX2MY2({2,3,9,1,8,7,5},{6,5,11,7,5,4,4})')).toBe(-55);
    expect(calc('=SUMX2PY2({2,3,9,1,8,7,5},{6,5,11,7,5,4,4})')).toBe(521);
    expect(calc('=SUMXMY2({2,3,9,1,8,7,5},{6,5,11,7,5,4,4})')).toBe(79);
    expect(formulaValue(bed, '=SUMXMY2(A1:A3,C1:C3)', rows)).toBe(1);
  });
});

describe('POWER and SERIESSUM at zero', () => {
  it.each([
    ['=POWER(0,0)', '#NUM!'], // ironcalc ATAN2_POWER.xlsx C5; MS: 0^0 is #NUM!
    ['=POWER(FALSE,FALSE)', '#NUM!'], // ibid. C27
    ['=POWER(0,-1)', '#DIV/0!'], // formulas test.xlsx MATH & TRIG!U51
    ['=POWER(0,2)', 0],
    ['=POWER(5,2)', 25], // MS example
    ['=SERIESSUM(0,0,2,{1,2,3})', '#NUM!'], // ironcalc SERIESSUM.xlsx C1
    ['=SERIESSUM(0,1,1,{1,2,3})', 0],
  ])('%s is %j', (formula, expected) => {
    expect(calc(formula)).toBe(expected);
  });
});

describe('PMT, PV and FV', () => {
  it.each([
    ['=PMT(-3,5,100,300,1)', '#NUM!'], // ironcalc FINANCIAL--PMT.xlsx F8
    ['=PMT(-3,5,100)', '#NUM!'], // ibid. G8
    ['=PMT(-1,1,-100)', '#NUM!'], // ibid. G24
  ])('%s is %j: PMT at a rate of -100 percent or below', (formula, expected) => {
    expect(calc(formula)).toBe(expected);
  });

  it('PV computes below -100 percent and divides by zero at it (ironcalc FINANCIAL--PV.xlsx F8, G8; docs--PV.xlsx A14)', () => {
    expect(calc('=PV(-3,5,100,12,1)')).toBeCloseTo(-68.375, 9);
    expect(calc('=PV(-3,5,100)')).toBeCloseTo(34.375, 9);
    expect(calc('=PV(-1,20,300)')).toBe('#DIV/0!');
  });

  it('FV at -100 percent over negative periods divides by zero (ironcalc FINANCIAL--FV.xlsx Sheet2 A1, docs--FV.xlsx A14)', () => {
    expect(calc('=FV(-1,-2,1)')).toBe('#DIV/0!');
    expect(calc('=FV(-1,-1,1)')).toBe('#DIV/0!');
    expect(calc('=FV(-3,-3.5,1)')).toBe('#NUM!');
    expect(calc('=FV(-1,2,1)')).toBe(-1);
  });

  it('keep their answers above it (MS examples)', () => {
    expect(calc('=PMT(0.08/12,10,10000)')).toBeCloseTo(-1037.03, 2);
    expect(calc('=PV(0.08/12,12*20,500,,0)')).toBeCloseTo(-59777.15, 2);
    expect(calc('=PMT(-0.5,2,100)')).toBeCloseTo(-16.6666666667, 8);
  });
});
