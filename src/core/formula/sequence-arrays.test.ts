// SEQUENCE's array is made when read: what spills, what arithmetic reads and what the refusals
// answer are as HyperFormula's own SEQUENCE made them.
import { describe, expect, it } from 'vitest';
import {
  formulaValue,
  useWorkbooks,
  valueAt,
  writeCell,
} from '../../../test/support/workbook-bed.js';

const bed = useWorkbooks();

describe('SEQUENCE made when read', () => {
  it('spills every value of its rows and columns, fractional counts cut to whole ones', () => {
    const book = bed.open();
    writeCell(book, 'A1', '=SEQUENCE(2.9,3,10,-2.5)');
    expect([valueAt(book, 'A1'), valueAt(book, 'B1'), valueAt(book, 'C1')]).toEqual([10, 7.5, 5]);
    expect([valueAt(book, 'A2'), valueAt(book, 'B2'), valueAt(book, 'C2')]).toEqual([2.5, 0, -2.5]);
    expect(valueAt(book, 'A3')).toBe(null);
  });

  it('is read as rows by lookups, products and shaping functions', () => {
    expect(formulaValue(bed, '=INDEX(SEQUENCE(3,3),2,3)')).toBe(6);
    expect(formulaValue(bed, '=MATCH(7,SEQUENCE(10),0)')).toBe(7);
    expect(formulaValue(bed, '=SUMPRODUCT(SEQUENCE(3),SEQUENCE(3))')).toBe(14);
    expect(formulaValue(bed, '=ROWS(SEQUENCE(7,2))')).toBe(7);
  });

  it('keeps the refusals: counts below one, too many cells, text', () => {
    expect(formulaValue(bed, '=SEQUENCE(0)')).toBe('#VALUE!');
    expect(formulaValue(bed, '=SEQUENCE(-1,2)')).toBe('#VALUE!');
    expect(formulaValue(bed, '=SUM(SEQUENCE(600000))')).toBe('#VALUE!');
    expect(formulaValue(bed, '=SEQUENCE("x")')).toBe('#VALUE!');
  });
});
