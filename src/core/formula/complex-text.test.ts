// The IM… functions read complex numbers written with a capital exponent, as Excel writes them.
import { describe, expect, it } from 'vitest';
import { formulaValue, useWorkbooks } from '../../../test/support/workbook-bed.js';
import type { WireValue } from '../index.js';

const bed = useWorkbooks();

const calc = (formula: string): WireValue => formulaValue(bed, formula);

describe('complex numbers with an exponent', () => {
  it.each([
    ['=IMREAL("1.2E-45-3i")', 1.2e-45],
    ['=IMAGINARY("1.2E-45-3i")', -3],
    ['=IMAGINARY("2+1E+3i")', 1000],
    ['=IMREAL("1E-16")', 1e-16],
    ['=IMREAL("1e-16")', 1e-16],
    ['=IMREAL(COMPLEX(1.2E-45,-3))', 1.2e-45],
    ['=IMABS("3E0+4E0i")', 5],
  ])('%s is %j', (formula, expected) => {
    expect(calc(formula)).toBe(expected);
  });

  it('a capital E that is not an exponent is still refused', () => {
    expect(calc('=IMREAL("E+3i")')).toBe('#NUM!');
    expect(calc('=IMREAL("3+4I")')).toBe('#NUM!');
  });
});
