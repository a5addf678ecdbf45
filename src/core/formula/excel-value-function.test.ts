// VALUE (excel-value-function.ts): an empty cell is 0 (ironcalc/TEXT--T_VALUE_VALUETOTEXT.xlsx
// C2, C14), everything else as HyperFormula's VALUE answers it.
import { describe, expect, it } from 'vitest';
import { formulaValue, useWorkbooks } from '../../../test/support/workbook-bed.js';

const bed = useWorkbooks();

describe('VALUE', () => {
  it('reads an empty cell as 0', () => {
    expect(formulaValue(bed, '=VALUE(A1)', [[null]])).toBe(0);
  });
  it('keeps #VALUE! for "", TRUE and other text, and passes errors on', () => {
    expect(formulaValue(bed, '=VALUE("")')).toBe('#VALUE!');
    expect(formulaValue(bed, '=VALUE(A1)', [[true]])).toBe('#VALUE!');
    expect(formulaValue(bed, '=VALUE("qwerty")')).toBe('#VALUE!');
    expect(formulaValue(bed, '=VALUE(A1)', [['=1/0']])).toBe('#DIV/0!');
    expect(formulaValue(bed, '=VALUE(" 3 ")')).toBe(3);
  });
  it('reads thousands separators grouped by threes, with a currency sign or percent', () => {
    expect(formulaValue(bed, '=VALUE("123,456.67")')).toBe(123456.67);
    expect(formulaValue(bed, '=VALUE("$1,000")')).toBe(1000);
    expect(formulaValue(bed, '=VALUE("-1,234,567")')).toBe(-1234567);
    expect(formulaValue(bed, '=VALUE("1,250%")')).toBe(12.5);
    expect(formulaValue(bed, '=VALUE(A1)', [['2,000.5']])).toBe(2000.5);
  });
  it('keeps #VALUE! for commas that do not group by threes', () => {
    expect(formulaValue(bed, '=VALUE("12,34")')).toBe('#VALUE!');
    expect(formulaValue(bed, '=VALUE("1,2345")')).toBe('#VALUE!');
    expect(formulaValue(bed, '=VALUE(",123")')).toBe('#VALUE!');
  });
});
