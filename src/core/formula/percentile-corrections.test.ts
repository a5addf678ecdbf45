// PERCENTILE and QUARTILE (percentile-corrections.ts): an error in the array before a k or quart
// out of range, and quart checked before truncation, as Excel cached them (formulas test.xlsx).
import { describe, expect, it } from 'vitest';
import { formulaValue, useWorkbooks } from '../../../test/support/workbook-bed.js';

const bed = useWorkbooks();
const rows = [[1, 2, 3, 4]];

describe('PERCENTILE and QUARTILE', () => {
  it.each([
    ['=PERCENTILE({1,#REF!},-8)', '#REF!'], // COMPATIBILITY!AF29
    ['=QUARTILE({1,#REF!},-8)', '#REF!'], // COMPATIBILITY!AF32
    ['=PERCENTILE.EXC({1,#REF!},-10)', '#REF!'], // STATISTICAL!AF78
    ['=PERCENTILE.INC({1,#REF!},-10)', '#REF!'], // STATISTICAL!AF79
    ['=QUARTILE.EXC({1,#REF!},-10)', '#REF!'], // STATISTICAL!AF87
    ['=QUARTILE.INC({1,#REF!},-10)', '#REF!'], // STATISTICAL!AF88
    ['=QUARTILE({2.2,-0.1},-0.1)', '#NUM!'], // COMPATIBILITY!U32
  ])('%s is %j', (formula, expected) => {
    expect(formulaValue(bed, formula)).toBe(expected);
  });

  it('keeps their answers and their #NUM! for k out of range', () => {
    expect(formulaValue(bed, '=PERCENTILE(A1:D1,0.3)', rows)).toBeCloseTo(1.9, 12); // MS example
    expect(formulaValue(bed, '=QUARTILE(A1:D1,1.9)', rows)).toBe(1.75);
    expect(formulaValue(bed, '=QUARTILE.EXC(A1:D1,2)', rows)).toBe(2.5);
    expect(formulaValue(bed, '=PERCENTILE(A1:D1,1.1)', rows)).toBe('#NUM!');
    expect(formulaValue(bed, '=PERCENTILE.EXC(A1:D1,0)', rows)).toBe('#NUM!');
    expect(formulaValue(bed, '=QUARTILE(A1:D1,5)', rows)).toBe('#NUM!');
    expect(formulaValue(bed, '=QUARTILE.EXC(A1:D1,4)', rows)).toBe('#NUM!');
  });

  it('QUARTILE.INC truncates a quart above 4 before checking it (ironcalc STATISTICAL--PERCENTIL_QUARTIL.xlsx G9)', () => {
    expect(formulaValue(bed, '=QUARTILE.INC(A1:D1,4.5)', rows)).toBe(4);
    expect(formulaValue(bed, '=QUARTILE(A1:D1,4.99)', rows)).toBe(4);
  });
});
