// Dates written with the month's name (excel-date-text.ts): Microsoft's DATEVALUE examples and
// Excel's cached results in the corpus (ironcalc DATE_AND_TIME--DATE_TIME.xlsx C8, C9; sheetjs
// formula_stress_test.xlsx Date!B3; ironcalc TEXT--T_VALUE_VALUETOTEXT.xlsx I7).
import { describe, expect, it } from 'vitest';
import { formulaValue, useWorkbooks } from '../../../test/support/workbook-bed.js';
import { monthNameDate } from './excel-date-text.js';

const bed = useWorkbooks();
const calc = (formula: string) => formulaValue(bed, formula);

describe('dates with the month written out', () => {
  it.each([
    ['=DATEVALUE("22-AUG-2011")', 40777], // MS example
    ['=DATEVALUE("29-Feb-1900")', 60], // the day Excel's 1900 counts
    ['=DATEVALUE("1-Mar-1900")', 61],
    ['=DATEVALUE("June 9, 1969")', 25363],
    ['=DATEVALUE("2 February 2026")', 46055],
    ['=VALUE("2-Feb-2026")', 46055],
    ['=DATEVALUE("Feb-2026")', 46054],
    ['=DATEVALUE("2-feb-26")', 46055],
  ])('%s is %d', (formula, expected) => {
    expect(calc(formula)).toBe(expected);
  });

  it('refuses days a month does not have, and names that are no month', () => {
    expect(calc('=DATEVALUE("30-Feb-2024")')).toBe('#VALUE!');
    expect(calc('=DATEVALUE("2-Fe-2026")')).toBe('#VALUE!');
    expect(monthNameDate('2-Febr-2026')).toBeUndefined();
  });

  it('leaves the numeric formats as they were', () => {
    expect(calc('=DATEVALUE("1/15/2024")')).toBe(45306);
    expect(calc('=DATEVALUE("31/01/2024")')).toBe(45322); // day first only where month first is impossible
  });
});
