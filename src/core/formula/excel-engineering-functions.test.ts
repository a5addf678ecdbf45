// CONVERT (excel-engineering-functions.ts): Microsoft's documented examples ("MS example"), the
// unit table's definitions and the documented prefix and error rules.
import { describe, expect, it } from 'vitest';
import {
  formulaValue,
  useWorkbooks,
  valueAt,
  writeCell,
} from '../../../test/support/workbook-bed.js';
import type { WireValue } from '../index.js';

const bed = useWorkbooks();

const calc = (formula: string): WireValue => formulaValue(bed, formula);

function number(formula: string): number {
  const value = calc(formula);
  expect(value).toBeTypeOf('number');
  return value as number;
}

describe('CONVERT', () => {
  it('MS examples', () => {
    expect(number('=CONVERT(1,"lbm","kg")')).toBeCloseTo(0.4535924, 7);
    expect(number('=CONVERT(68,"F","C")')).toBeCloseTo(20, 12);
    expect(calc('=CONVERT(2.5,"ft","sec")')).toBe('#N/A');
    expect(number('=CONVERT(CONVERT(100,"ft","m"),"ft","m")')).toBeCloseTo(9.290304, 12);
  });

  it.each([
    ['=CONVERT(1,"mi","m")', 1609.344],
    ['=CONVERT(1,"in","cm")', 2.54],
    ['=CONVERT(1,"yd","ft")', 3],
    ['=CONVERT(1,"Nmi","m")', 1852],
    ['=CONVERT(1,"ozm","g")', 28.349523125],
    ['=CONVERT(1,"stone","lbm")', 14],
    ['=CONVERT(1,"ton","lbm")', 2000],
    ['=CONVERT(1,"uk_ton","lbm")', 2240],
    ['=CONVERT(1,"hr","sec")', 3600],
    ['=CONVERT(1,"yr","day")', 365.25],
    ['=CONVERT(1,"atm","Pa")', 101325],
    ['=CONVERT(760,"Torr","atm")', 1],
    ['=CONVERT(1,"cal","J")', 4.1868],
    ['=CONVERT(1,"c","J")', 4.184],
    ['=CONVERT(1,"Wh","J")', 3600],
    ['=CONVERT(1,"gal","qt")', 4],
    ['=CONVERT(1,"gal","l")', 3.785411784],
    ['=CONVERT(1,"cup","oz")', 8],
    ['=CONVERT(1,"ha","m2")', 10000],
    ['=CONVERT(1,"ft^2","in2")', 144],
    ['=CONVERT(1,"byte","bit")', 8],
    ['=CONVERT(1,"kn","m/h")', 1852],
    ['=CONVERT(60,"mph","m/s")', 26.8224],
    ['=CONVERT(1,"ga","T")', 1e-4],
    ['=CONVERT(1,"HP","W")', 745.69987158227],
  ])('%s is %d', (formula, expected) => {
    expect(number(formula)).toBeCloseTo(expected, 9);
  });

  it.each([
    ['=CONVERT(0,"C","K")', 273.15],
    ['=CONVERT(100,"C","F")', 212],
    ['=CONVERT(0,"K","C")', -273.15],
    ['=CONVERT(491.67,"Rank","C")', 0],
    ['=CONVERT(80,"Reau","C")', 100],
    ['=CONVERT(1000,"mK","K")', 1],
  ])('temperature: %s is %d', (formula, expected) => {
    expect(number(formula)).toBeCloseTo(expected, 9);
  });

  it('metric prefixes scale metric units, squared and cubed with area and volume units', () => {
    expect(number('=CONVERT(1,"km","m")')).toBe(1000);
    expect(number('=CONVERT(1,"mg","g")')).toBeCloseTo(0.001, 15);
    expect(number('=CONVERT(1,"dam","m")')).toBe(10);
    expect(number('=CONVERT(1,"ms","sec")')).toBeCloseTo(0.001, 15);
    expect(number('=CONVERT(1,"km2","m2")')).toBe(1e6);
    expect(number('=CONVERT(1,"cm^3","m3")')).toBeCloseTo(1e-6, 18);
    expect(number('=CONVERT(1,"kW","W")')).toBe(1000);
  });

  it('binary prefixes apply to bits and bytes', () => {
    expect(number('=CONVERT(1,"kibyte","bit")')).toBe(8192);
    expect(number('=CONVERT(1,"Mibit","bit")')).toBe(2 ** 20);
    expect(calc('=CONVERT(1,"kim","m")')).toBe('#N/A');
  });

  it('non-metric units take no prefix', () => {
    expect(calc('=CONVERT(1,"kft","m")')).toBe('#N/A');
    expect(calc('=CONVERT(1,"klbm","g")')).toBe('#N/A');
  });

  it('the imperial pint and mph take decimal prefixes, as in Excel (formulas test.xlsx EXTRA)', () => {
    expect(calc('=CONVERT(1,"kuk_pt","L")')).toBeCloseTo(568.26125, 9);
    expect(calc('=CONVERT(1,"Muk_pt","L")')).toBeCloseTo(568261.25, 6);
    expect(calc('=CONVERT(1,"kmph","m/h")')).toBeCloseTo(1609344, 6);
    expect(calc('=CONVERT(0.004,"Mmph","m/s")')).toBeCloseTo(1788.16, 9);
  });

  it('reads a name as a prefixed unit when its own unit measures something else', () => {
    // "pc" is the parsec, and the picocalorie where energy is wanted.
    expect(calc('=CONVERT(1,"pc","J")')).toBeCloseTo(4.184e-12, 20);
    expect(calc('=CONVERT(1,"pc","ly")')).toBeCloseTo(3.261563777, 8);
  });

  it('unit names are case-sensitive; unknown units and mixed kinds are #N/A', () => {
    expect(calc('=CONVERT(1,"LBM","kg")')).toBe('#N/A');
    expect(calc('=CONVERT(1,"furlong","m")')).toBe('#N/A');
    expect(calc('=CONVERT(1,"m","g")')).toBe('#N/A');
  });

  it('a number that is not one is #VALUE!', () => {
    expect(calc('=CONVERT("abc","m","ft")')).toBe('#VALUE!');
    expect(calc('=CONVERT(TRUE,"C","F")')).toBe('#VALUE!');
    expect(calc('=CONVERT(NA(),"C","F")')).toBe('#N/A');
    expect(number('=CONVERT("2","m","cm")')).toBe(200);
  });
});

describe('COMPLEX', () => {
  it.each([
    // MS examples.
    ['=COMPLEX(3,4)', '3+4i'],
    ['=COMPLEX(3,4,"j")', '3+4j'],
    ['=COMPLEX(0,1)', 'i'],
    ['=COMPLEX(1,0)', '1'],
    ['=COMPLEX(1.5,-1)', '1.5-i'],
    ['=COMPLEX(0,-2.5)', '-2.5i'],
    ['=COMPLEX(0,0)', '0'],
    ['=COMPLEX(1,2,"")', '1+2i'],
  ])('%s is %j', (formula, expected) => {
    expect(calc(formula)).toBe(expected);
  });

  it('an empty suffix cell means "i", as an omitted one does', () => {
    const book = bed.open();
    writeCell(book, 'A1', '=IMREAL(COMPLEX(1.23,9.5,B1))+IMAGINARY(COMPLEX(1.23,9.5,B1))');
    expect(valueAt(book, 'A1')).toBeCloseTo(10.73, 12);
  });

  it('a suffix other than lower-case i or j is #VALUE!', () => {
    expect(calc('=COMPLEX(1,2,"I")')).toBe('#VALUE!');
    expect(calc('=COMPLEX(1,2,"k")')).toBe('#VALUE!');
    expect(calc('=COMPLEX("a",2)')).toBe('#VALUE!');
  });
});
