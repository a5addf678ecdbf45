// π and the circular functions as Excel computes them (excel-trigonometry.ts): Excel's cached
// values in ironcalc docs--TAN.xlsx and MATH_AND_TRIGONOMETRY--TRIGONOMETRIC.xlsx COT_CSC_SEC.
import { describe, expect, it } from 'vitest';
import { formulaValue, useWorkbooks } from '../../../test/support/workbook-bed.js';
import { excelCos, excelSin, excelTan } from './excel-trigonometry.js';

const bed = useWorkbooks();
const calc = (formula: string) => formulaValue(bed, formula);

describe('PI()', () => {
  it('is the double nearest π, not π cut to 15 digits', () => {
    // With 3.14159265358979, the angle is 3.2e-15 short of π and so is its tangent.
    expect((calc('=TAN(PI())') as number) / -1.22514845490862e-16).toBeCloseTo(1, 12);
    expect((calc('=TAN(PI()/2)') as number) / 16324552277619072).toBeCloseTo(1, 12);
  });
});

describe('angles reduced with the x87 π', () => {
  it.each([
    [Math.PI, 1.22514845490862e-16, -1, -1.22514845490862e-16],
    [Math.PI / 2, 1, 6.1257422745431e-17, 16324552277619072],
    [(3 * Math.PI) / 2, -1, -1.83772268236293e-16, 5441517425873024],
    [(-3 * Math.PI) / 2, 1, -1.83772268236293e-16, -5441517425873024],
    [0.5, Math.sin(0.5), Math.cos(0.5), 0.5463024898437905],
  ])('sin, cos and tan of %d', (x, sin, cos, tan) => {
    expect(excelSin(x)).toBeCloseTo(sin, 15 - Math.floor(Math.log10(Math.abs(sin))));
    expect(excelCos(x)).toBeCloseTo(cos, 15 - Math.floor(Math.log10(Math.abs(cos))));
    expect(excelTan(x) / tan).toBeCloseTo(1, 12);
  });

  it.each([
    ['=TAN(PI()/2)', 16324552277619072],
    ['=TAN(-3*PI()/2)', -5441517425873024],
    ['=SEC(PI()/2-0.000000000001)', 999849864538.9548],
    ['=SEC(PI()/2+0.000000000001)', -999972357604.5276],
    ['=COT(PI()-0.000000000001)', -999788629259.2037],
    ['=CSC(PI()-0.000000000001)', 999788629259.2037],
  ])('%s is %d, as Excel cached it', (formula, expected) => {
    expect((calc(formula) as number) / expected).toBeCloseTo(1, 12);
  });

  it('keeps #DIV/0! for COT and CSC of 0, and SEC(0) is 1', () => {
    expect(calc('=COT(0)')).toBe('#DIV/0!');
    expect(calc('=CSC(0)')).toBe('#DIV/0!');
    expect(calc('=SEC(0)')).toBe(1);
    expect(calc('=SQRTPI(1)')).toBeCloseTo(1.772453850905516, 14);
  });
});
