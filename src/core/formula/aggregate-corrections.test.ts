// AVEDEV, DEVSQ, MEDIAN, LARGE, SMALL, COUNTBLANK and NPV where their data is empty or typed directly, as
// Excel answers them: Microsoft's documented examples ("MS example") and Excel's cached results
// in the conformance corpus (named by file and cell).
import { describe, expect, it } from 'vitest';
import { formulaValue, useWorkbooks } from '../../../test/support/workbook-bed.js';
import type { WireValue } from '../index.js';

const bed = useWorkbooks();

const calc = (formula: string, rows?: readonly (readonly WireValue[])[]): WireValue =>
  formulaValue(bed, formula, rows);

const NO_NUMBERS: readonly (readonly WireValue[])[] = [['a'], [true], [null]];

describe('GEOMEAN and HARMEAN', () => {
  it('skip a single cell’s text and TRUE/FALSE (formulas test.xlsx STATISTICAL X50, Y50, X53, Y53)', () => {
    const rows = [['29/02/1900'], [true], [5]];
    expect(calc('=GEOMEAN(A1,A3)', rows)).toBe(5);
    expect(calc('=GEOMEAN(A2,A3)', rows)).toBe(5);
    expect(calc('=HARMEAN(A1,A3)', rows)).toBe(5);
    expect(calc('=HARMEAN(A2,A3)', rows)).toBe(5);
  });

  it('still coerce typed values and refuse numbers not above 0', () => {
    expect(calc('=GEOMEAN(4,5,8,7,11,4,3)')).toBeCloseTo(5.47698697, 8); // MS example
    expect(calc('=HARMEAN(4,5,8,7,11,4,3)')).toBeCloseTo(5.02837596, 8); // MS example
    expect(calc('=GEOMEAN(4,TRUE)')).toBe(2);
    expect(calc('=GEOMEAN(4,0)')).toBe('#NUM!');
    expect(calc('=HARMEAN(A1:A2)', [['a'], [null]])).toBe('#NUM!');
  });
});

describe('AVEDEV and DEVSQ', () => {
  it('are #NUM! without numbers (poi FormulaEvalTestData EverythingTests F176, H392)', () => {
    expect(calc('=AVEDEV(A1:A3)', NO_NUMBERS)).toBe('#NUM!');
    expect(calc('=DEVSQ(A1:A3)', NO_NUMBERS)).toBe('#NUM!');
  });

  it('still measure the numbers given', () => {
    expect(calc('=AVEDEV(4,5,6,7,5,4,3)')).toBeCloseTo(1.020408163, 9); // MS example
    expect(calc('=DEVSQ(4,5,8,7,11,4,3)')).toBe(48); // MS example
    expect(calc('=AVEDEV(A1:A4)', [[1], ['x'], [3], [true]])).toBe(1);
  });

  it('skip a single cell’s text and TRUE/FALSE but coerce typed ones (formulas test.xlsx STATISTICAL X3, Y3)', () => {
    const rows = [['29/02/1900'], [true], [-0.1]];
    expect(calc('=AVEDEV(A1,A3)', rows)).toBe(0);
    expect(calc('=DEVSQ(A2,A3)', rows)).toBe(0);
    expect(calc('=AVEDEV(TRUE,3)')).toBe(1);
    expect(calc('=DEVSQ("1",3)')).toBe(2);
  });

  it('answer with an error among the data', () => {
    expect(calc('=DEVSQ(A1:A2)', [[1], ['=1/0']])).toBe('#DIV/0!');
  });
});

describe('MEDIAN', () => {
  it('is the middle number, or the mean of the middle two (MS examples)', () => {
    expect(calc('=MEDIAN(1,2,3,4,5)')).toBe(3);
    expect(calc('=MEDIAN(1,2,3,4,5,6)')).toBe(3.5);
  });

  it('skips a single cell’s text, TRUE/FALSE and emptiness, and is #NUM! without numbers (formulas test.xlsx STATISTICAL row 65)', () => {
    const rows = [['text'], [true], [0.1], [null]];
    expect(calc('=MEDIAN(A1,A3)', rows)).toBe(0.1);
    expect(calc('=MEDIAN(A2,A3)', rows)).toBe(0.1);
    expect(calc('=MEDIAN(A4)', rows)).toBe('#NUM!');
    expect(calc('=MEDIAN(TRUE,3)')).toBe(2);
  });
});

describe('LARGE and SMALL', () => {
  it.each([
    ['=LARGE(TRUE,1)', 1], // poi EverythingTests G816
    ['=LARGE("2.3",1)', 2.3], // poi EverythingTests H816
    ['=SMALL("3.4", 1)', 3.4], // ironcalc STATISTICAL--SMALL_LARGE.xlsx J3
    ['=SMALL(TRUE, 1)', 1], // ibid. H4
    ['=SMALL("Hello", 1)', '#VALUE!'], // ibid. J4
  ])('coerce a value typed as the array: %s is %j', (formula, expected) => {
    expect(calc(formula)).toBe(expected);
  });

  it('skip text and booleans read from cells', () => {
    expect(calc('=LARGE(A1,1)', [[true]])).toBe('#NUM!');
    expect(calc('=SMALL(A1:A3,1)', [['x'], [true], [5]])).toBe(5);
  });

  it('order the numbers and refuse k outside 1 … count', () => {
    const rows = [[3], [5], [3], [5], [4]];
    expect(calc('=LARGE(A1:A5,3)', rows)).toBe(4); // MS example
    expect(calc('=SMALL(A1:A5,2)', rows)).toBe(3);
    expect(calc('=LARGE(A1:A5,0)', rows)).toBe('#NUM!');
    expect(calc('=SMALL(A1:A5,6)', rows)).toBe('#NUM!');
  });
});

describe('COUNTBLANK', () => {
  it('counts a formula answering "" as blank (ironcalc STATISTICAL--COUNT.xlsx G18)', () => {
    expect(calc('=COUNTBLANK(A1)', [['=""']])).toBe(1);
    expect(calc('=COUNTBLANK(A1:A4)', [['=""'], [0], [null], ['x']])).toBe(2);
  });

  it('counts a whole column or row to the sheet’s edge, past the last used cell', () => {
    const rows = [
      [1, null],
      [null, null],
      ['x', '=""'],
    ];
    expect(calc('=COUNTBLANK(A:A)', rows)).toBe(1_048_576 - 2);
    expect(calc('=COUNTBLANK(B:C)', rows)).toBe(2 * 1_048_576 - 0);
    expect(calc('=COUNTBLANK($A:B,A2)', rows)).toBe(2 * 1_048_576 - 2 + 1);
    expect(calc('=COUNTBLANK(2:2)', rows)).toBe(16_384);
    expect(calc('=COUNTBLANK(A1:B3)', rows)).toBe(4);
  });

  it('counts a whole column to the edge on a sheet one row tall (the engine reads one cell there)', () => {
    const oneRow = [[5, null, null, 1]];
    expect(calc('=COUNTBLANK(A:A)', oneRow)).toBe(1_048_576 - 1);
    expect(calc('=COUNTBLANK(B:B)', oneRow)).toBe(1_048_576);
  });

  it('counts a range of 200,000 cells (it overflowed the stack past about 120,000), errors not blank', () => {
    const rows: WireValue[][] = [[1], ['=1/0'], ['=""']];
    rows[199_999] = ['last'];
    expect(
      calc(
        '=COUNTBLANK(A1:A200000)',
        Array.from(rows, (row) => row ?? []),
      ),
    ).toBe(200_000 - 3);
    expect(calc('=COUNTBLANK(A1:A3,A4)', rows.slice(0, 3))).toBe(2);
  });
});

describe('a formula whose result is an empty cell', () => {
  it('holds 0 for the formulas reading it (poi EverythingTests E288, J1272)', () => {
    const rows = [
      ['x', 1e-5],
      ['y', '=D9'],
    ];
    expect(calc('=COUNTA(A1:B2)', rows)).toBe(4);
    expect(calc('=SMALL(A1:B2,1)', rows)).toBe(0);
    expect(calc('=ISBLANK(B2)', rows)).toBe(false);
    expect(calc('=COUNTBLANK(B2)', rows)).toBe(0);
  });
});

describe('NPV', () => {
  it('skips a single cell’s emptiness, text and TRUE/FALSE: they take no period (ironcalc FINANCIAL--NPV.xlsx K3, L5; pycel npv.xlsx A8, A9)', () => {
    expect(calc('=NPV(0.1,A1,A2,A3,A4:C4)', [[10], [20], [null], [null, 10, 20]])).toBeCloseTo(
      46.793251827060985,
      9,
    );
    expect(calc('=NPV(0.07,A1,A2,A3)', [[true], [false], [7]])).toBeCloseTo(6.5420560747663545, 9);
    expect(calc('=NPV(0.07,A1,A2,A3)', [[8000], ['a'], [10000]])).toBeCloseTo(
      8000 / 1.07 + 10000 / 1.07 ** 2,
      9,
    );
  });

  it('still discounts typed values and answers an error among the cells', () => {
    expect(calc('=NPV(0.1,TRUE)')).toBeCloseTo(1 / 1.1, 12);
    expect(calc('=NPV(0.1,"2",3)')).toBeCloseTo(2 / 1.1 + 3 / 1.21, 12);
    expect(calc('=NPV(0.1,A1,A2)', [['=1/0'], [1]])).toBe('#DIV/0!');
  });
});
