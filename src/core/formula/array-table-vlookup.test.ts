// VLOOKUP over arrays and the searches HyperFormula's VLOOKUP answered otherwise than Excel.
// Expected values are Excel's cached results in the conformance corpus (file and cell named).
import { describe, expect, it } from 'vitest';
import { useWorkbooks, valueAt, writeCell, writeRows } from '../../../test/support/workbook-bed.js';
import type { WireValue } from '../index.js';

const bed = useWorkbooks();

function result(formula: string, rows: readonly (readonly WireValue[])[] = []): WireValue {
  const book = bed.open();
  if (rows.length > 0) writeRows(book, 'A1', rows);
  writeCell(book, 'Z1', formula);
  return valueAt(book, 'Z1');
}

describe('VLOOKUP over an array', () => {
  // formulas/test.xlsx LOOKUP!R143:Y144.
  it.each([
    ['=VLOOKUP(-1.1,{-1.1,5;2.1,6;3.1,7;4.1,8},2,0)', 5],
    ['=VLOOKUP(2.5,{-1.1,5;2.1,6;3.1,7;4.1,8},2,0)', '#N/A'],
    ['=VLOOKUP(2.5,{-1.1,5;2.1,6;3.1,7;4.1,8},2,-2)', 6],
    ['=VLOOKUP(-3,{-1.1,5;2.1,6;3.1,7;4.1,8},2,-2)', '#N/A'],
    // ironcalc LOOKUP_AND_REFERENCE--MATCH_LOOKUP_arrays.xlsx VLOOKUP!D4:D8.
    ['=VLOOKUP(2,{1,"a";2,"b";3,"c"},2,FALSE)', 'b'],
    ['=VLOOKUP("b",HSTACK({"a";"b";"c"},{10;20;30}),2,FALSE)', 20],
    ['=VLOOKUP(3,SEQUENCE(3,2),2)', 4],
    ['=VLOOKUP("banana",SORT({"cherry",3;"apple",1;"banana",2}),2,FALSE)', 2],
  ])('%s is %j', (formula, expected) => {
    expect(result(formula)).toBe(expected);
  });

  it('answers #REF! past the last column and #VALUE! below the first', () => {
    expect(result('=VLOOKUP(1,{1,2},3,FALSE)')).toBe('#REF!');
    expect(result('=VLOOKUP(1,{1,2},0,FALSE)')).toBe('#VALUE!');
  });
});

// ironcalc LOOKUP_AND_REFERENCE--HVLOOKUP.xlsx VLOOKUP!N12:N14 and HLOOKUP!N12:N14.
describe('a lookup table that is one value', () => {
  it('is #VALUE! written as text, a one-cell table otherwise', () => {
    expect(result('=VLOOKUP(A1,"Nothing",1)', [['Aranda']])).toBe('#VALUE!');
    expect(result('=HLOOKUP(A1,"Nothing",1)', [['Aranda']])).toBe('#VALUE!');
    expect(result('=VLOOKUP("a","a"&"b",1)')).toBe('#VALUE!');
    expect(result('=VLOOKUP(A1,3,1)', [['Aranda']])).toBe('#N/A');
    expect(result('=HLOOKUP(A1,TRUE,1)', [['Aranda']])).toBe('#N/A');
    expect(result('=VLOOKUP(3,3,1)')).toBe(3);
  });
  it('reads a one-cell reference to text as that cell', () => {
    expect(result('=VLOOKUP("aranda",A1,1,FALSE)', [['Aranda']])).toBe('Aranda');
    expect(result('=HLOOKUP("aranda",A1,1,FALSE)', [['Aranda']])).toBe('Aranda');
  });
});

describe('VLOOKUP over a range', () => {
  // ironcalc LOOKUP_AND_REFERENCE--HVLOOKUP.xlsx, sheet VLOOKUP.
  const cities: WireValue[][] = [
    ['Albacete', 1, 'banana'],
    ['Aranda', 2, 'alca'],
    ['Berlin', 3, 'apple'],
    ['Madrid', 4, 'orange'],
    ['Zimbawe', 5, 'done'],
  ];

  it.each([
    ['=VLOOKUP("Albacete",A1:C5,1)', 'Albacete'],
    ['=VLOOKUP("Aranda",A1:C5,3)', 'alca'],
    ['=VLOOKUP("Cuenca",A1:C5,3)', 'apple'],
  ])('the approximate search for text %s is %j', (formula, expected) => {
    expect(result(formula, cities)).toBe(expected);
  });

  it('a wildcard pattern finds the first match (VLinear!D16)', () => {
    const fruit = [
      ['Apple', 'Manzana'],
      ['Orange', 'Naranja'],
      ['Pear', 'Pera'],
      ['Strawberry', 'Fresa'],
      ['Potato', 'Patata'],
    ];
    expect(result('=VLOOKUP("*t?*",A1:B5,2,FALSE)', fruit)).toBe('Fresa');
    expect(result('=VLOOKUP("*t?t?",A1:B5,2,FALSE)', fruit)).toBe('Patata');
  });

  it('exact and numeric searches keep their answers', () => {
    expect(result('=VLOOKUP("madrid",A1:C5,2,FALSE)', cities)).toBe(4);
    expect(result('=VLOOKUP(2.5,B1:C5,2)', cities)).toBe('alca');
    expect(result('=VLOOKUP("Lisbon",A1:C5,2,FALSE)', cities)).toBe('#N/A');
    expect(result('=VLOOKUP("Madrid",A1:C5,4,FALSE)', cities)).toBe('#REF!');
  });
});
