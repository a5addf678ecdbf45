// Aggregates over an array made in the formula fold it in one pass: same answers as a range of
// the same values (HyperFormula's own path), Excel's rules for text, booleans and errors inside
// arrays, and a SEQUENCE summed without its rows ever being built.
import { describe, expect, it } from 'vitest';
import {
  formulaValue,
  useWorkbooks,
  valueAt,
  writeCell,
} from '../../../test/support/workbook-bed.js';
import { foldArray } from './array-aggregation.js';
import { SequenceArray } from './sequence-arrays.js';

const bed = useWorkbooks();

const AGGREGATES = [
  'SUM',
  'SUMSQ',
  'AVERAGE',
  'MAX',
  'MIN',
  'COUNT',
  'COUNTA',
  'PRODUCT',
  'VAR.S',
  'STDEV.P',
];

describe('aggregates over an array made in the formula', () => {
  it('answer what the same values in a sheet range answer, for fractional starts and steps', () => {
    const book = bed.open();
    writeCell(book, 'A1', '=SEQUENCE(300,1,0.1,0.7)');
    writeCell(book, 'C1', '=SEQUENCE(4,3,-2.5,1.25)');
    for (const [index, name] of AGGREGATES.entries()) {
      writeCell(book, `E${index + 1}`, `=${name}(A1:A300)`);
      writeCell(book, `F${index + 1}`, `=${name}(SEQUENCE(300,1,0.1,0.7))`);
      writeCell(book, `G${index + 1}`, `=${name}(C1:E4)`);
      writeCell(book, `H${index + 1}`, `=${name}(SEQUENCE(4,3,-2.5,1.25))`);
    }
    for (let row = 1; row <= AGGREGATES.length; row++) {
      expect(valueAt(book, `F${row}`)).toBe(valueAt(book, `E${row}`));
    }
    expect(valueAt(book, 'F1')).toBe(31_425);
    expect(valueAt(book, 'H1')).toBe(52.5);
    expect(valueAt(book, 'H4')).toBe(11.25);
    expect(valueAt(book, 'H5')).toBe(-2.5);
  });

  it('fold arguments in order with scalars and ranges beside the array', () => {
    expect(formulaValue(bed, '=SUM(A1:A2,SEQUENCE(3),10,A3)', [[1], [2], [4]])).toBe(23);
    expect(formulaValue(bed, '=MAX(SEQUENCE(3,1,-3),A1)', [[-7]])).toBe(-1);
    expect(formulaValue(bed, '=PRODUCT(SEQUENCE(5),2)')).toBe(240);
  });

  it('skip text and booleans inside an array and answer its first error, as Excel does', () => {
    expect(formulaValue(bed, '=SUM({1,"2",TRUE,4})')).toBe(5);
    expect(formulaValue(bed, '=COUNT({1,"a",TRUE,4})')).toBe(2);
    expect(formulaValue(bed, '=COUNTA({1,"a",TRUE,4})')).toBe(4);
    expect(formulaValue(bed, '=MAX({-3,"9",FALSE})')).toBe(-3);
    expect(formulaValue(bed, '=SUM({1,#N/A,#DIV/0!})')).toBe('#N/A');
    expect(formulaValue(bed, '=SUM({1,2;#DIV/0!,#N/A})')).toBe('#DIV/0!');
    expect(formulaValue(bed, '=SUM({#VALUE!},1/0)')).toBe('#VALUE!');
  });

  it('sum a SEQUENCE without building its rows, and read the same rows when something asks', () => {
    const array = new SequenceArray(200_000, 1, 1, 1);
    const add = (left: unknown, right: unknown): unknown => (left as number) + (right as number);
    const same = (value: unknown): unknown => value;
    expect(foldArray(array, 0, add, same, same)).toBe(20_000_100_000);
    expect(array.isMaterialized()).toBe(false);
    const small = new SequenceArray(2, 3, 5, -0.5);
    expect(small.data).toEqual([
      [5, 4.5, 4],
      [3.5, 3, 2.5],
    ]);
    expect(small.rawNumbers()).toBe(small.data);
    expect(small.width()).toBe(3);
    expect(small.height()).toBe(2);
  });
});
