// The math and statistical functions of excel-math-functions.ts: Microsoft's documented examples
// ("MS example") and the documented errors.
import { describe, expect, it } from 'vitest';
import { formulaValue, useWorkbooks } from '../../../test/support/workbook-bed.js';
import type { WireValue } from '../index.js';

const bed = useWorkbooks();

const calc = (formula: string, rows?: readonly (readonly WireValue[])[]): WireValue =>
  formulaValue(bed, formula, rows);

const close = (formula: string, expected: number, digits: number): void => {
  expect(calc(formula)).toBeCloseTo(expected, digits);
};

describe('ERF.PRECISE and ERFC.PRECISE', () => {
  it('MS examples', () => {
    close('=ERF.PRECISE(0.745)', 0.70792892, 8);
    close('=ERF.PRECISE(1)', 0.84270079, 8);
    close('=ERFC.PRECISE(1)', 0.15729921, 8);
  });

  it('odd in x, and accurate far out', () => {
    close('=ERF.PRECISE(-1)', -0.8427007929497149, 14);
    close('=ERF.PRECISE(0.5)', 0.5204998778130465, 14);
    close('=ERF.PRECISE(3)', 0.9999779095030014, 14);
    expect(calc('=ERFC.PRECISE(5)')).toBeCloseTo(1.5374597944280349e-12, 20);
    expect(calc('=ERF.PRECISE(0)')).toBe(0);
    expect(calc('=ERF.PRECISE("a")')).toBe('#VALUE!');
  });
});

describe('ECMA.CEILING', () => {
  it.each([
    // ECMA-376 CEILING's own examples (Part 1, 18.17.7.32) and [MS-OI29500] 2.1.895.
    ['=ECMA.CEILING(2.5,1)', 3],
    ['=ECMA.CEILING(-2.5,-2)', -4],
    ['=ECMA.CEILING(1.5,0.1)', 1.5],
    ['=ECMA.CEILING(0.234,0.01)', 0.24],
    ['=ECMA.CEILING(4.42,0.05)', 4.45],
    ['=ECMA.CEILING(7,0)', 0],
    ['=ECMA.CEILING(-2.5,2)', '#NUM!'],
    ['=ECMA.CEILING(2.5,-2)', '#NUM!'],
    ['=ECMA.CEILING("x",1)', '#VALUE!'],
  ])('%s is %j', (formula, expected) => {
    if (typeof expected === 'number') close(formula, expected, 12);
    else expect(calc(formula)).toBe(expected);
  });
});

describe('GESTEP', () => {
  it.each([
    ['=GESTEP(5,4)', 1],
    ['=GESTEP(5,5)', 1],
    ['=GESTEP(-4,-5)', 1],
    ['=GESTEP(-1)', 0],
    ['=GESTEP(1,"30.2")', 0],
  ])('MS example %s is %d', (formula, expected) => {
    expect(calc(formula)).toBe(expected);
  });

  it('a step that is not a number is #VALUE!', () => {
    expect(calc('=GESTEP(1,"a")')).toBe('#VALUE!');
  });
});

describe('PERMUT and PERMUTATIONA', () => {
  it('MS examples', () => {
    expect(calc('=PERMUT(100,3)')).toBe(970200);
    expect(calc('=PERMUT(3,2)')).toBe(6);
    expect(calc('=PERMUTATIONA(3,2)')).toBe(9);
    expect(calc('=PERMUTATIONA(2,2)')).toBe(4);
  });

  it('truncates, and refuses negative numbers or choosing more than there are', () => {
    expect(calc('=PERMUT(4.9,2.2)')).toBe(12);
    expect(calc('=PERMUT(2,3)')).toBe('#NUM!');
    expect(calc('=PERMUT(-1,0)')).toBe('#NUM!');
    expect(calc('=PERMUTATIONA(-1,2)')).toBe('#NUM!');
  });
});

describe('TRIMMEAN', () => {
  it('MS example: 20 % of eleven values leaves out one from each end', () => {
    const data = [[4], [5], [6], [7], [2], [3], [4], [5], [1], [2], [3]];
    expect(calc('=TRIMMEAN(A1:A11,0.2)', data)).toBeCloseTo(3.777777778, 9);
  });

  it('percent outside [0, 1) is #NUM!', () => {
    expect(calc('=TRIMMEAN(A1:A2,1)', [[1], [2]])).toBe('#NUM!');
    expect(calc('=TRIMMEAN(A1:A2,-0.1)', [[1], [2]])).toBe('#NUM!');
  });
});

describe('PROB', () => {
  const data = [
    [0, 0.2],
    [1, 0.3],
    [2, 0.1],
    [3, 0.4],
  ];

  it('MS examples', () => {
    expect(calc('=PROB(A1:A4,B1:B4,2)', data)).toBeCloseTo(0.1, 12);
    expect(calc('=PROB(A1:A4,B1:B4,1,3)', data)).toBeCloseTo(0.8, 12);
  });

  it('probabilities that do not add up to 1 are #NUM!; ranges of different sizes #N/A', () => {
    expect(calc('=PROB({1,2},{0.5,0.4},1)')).toBe('#NUM!');
    expect(calc('=PROB({1,2},{0.5,0.4,0.1},1)')).toBe('#N/A');
  });
});

describe('INTERCEPT', () => {
  it('MS example', () => {
    const data = [
      [2, 6],
      [3, 5],
      [9, 11],
      [1, 7],
      [8, 5],
    ];
    expect(calc('=INTERCEPT(A1:A5,B1:B5)', data)).toBeCloseTo(0.0483871, 7);
  });

  it('xs that do not vary are #DIV/0!', () => {
    expect(calc('=INTERCEPT({1,2},{3,3})')).toBe('#DIV/0!');
  });

  // formulas/test.xlsx STATISTICAL U55: 0.3, -0.1, empty beside empty, text, TRUE.
  it('no pair of numbers is #DIV/0!', () => {
    expect(calc('=INTERCEPT(A1:C1,C1:E1)', [[0.3, -0.1, null, '29/02', true]])).toBe('#DIV/0!');
  });
});

describe('MODE and MODE.SNGL', () => {
  it('MS example: the most frequent number', () => {
    const data = [[5.6], [4], [4], [3], [2], [4]];
    expect(calc('=MODE.SNGL(A1:A6)', data)).toBe(4);
    expect(calc('=MODE(A1:A6)', data)).toBe(4);
  });

  it('the first of tied values; #N/A when nothing repeats', () => {
    expect(calc('=MODE.SNGL({3,1,1,3})')).toBe(3);
    expect(calc('=MODE({1,2,3})')).toBe('#N/A');
  });

  it('MODE: a single argument that is not a number is #VALUE!, where a range skips it (poi EverythingTests G936, H936, M936)', () => {
    const rows = [[1], [2], [null], ['x']];
    expect(calc('=MODE(A1,"1",2,2)', rows)).toBe('#VALUE!');
    expect(calc('=MODE(A2,2,A3)', rows)).toBe('#VALUE!');
    expect(calc('=MODE(A4,A1,1)', rows)).toBe('#VALUE!');
    expect(calc('=MODE(A1:A4,2,A2)', rows)).toBe(2);
    expect(calc('=MODE(A2,2,A3:A4)', rows)).toBe(2);
  });

  it('MODE.SNGL skips such an argument (formulas test.xlsx STATISTICAL!S71, X71)', () => {
    const rows = [[1], [2], [null], ['x']];
    expect(calc('=MODE.SNGL(A1,1,2,"")', rows)).toBe(1);
    expect(calc('=MODE.SNGL(A4,A1,1)', rows)).toBe(1);
  });
});

describe('KURT', () => {
  it('MS example', () => {
    const data = [[3], [4], [5], [2], [3], [4], [5], [6], [4], [7]];
    expect(calc('=KURT(A1:A10)', data)).toBeCloseTo(-0.151799637, 9);
  });

  it('fewer than four numbers are #DIV/0!', () => {
    expect(calc('=KURT(1,2,3)')).toBe('#DIV/0!');
  });
});

describe('PERCENTRANK.INC, PERCENTRANK and PERCENTRANK.EXC', () => {
  const data = [[13], [12], [11], [8], [4], [3], [2], [1], [1], [1]];

  it.each([
    ['=PERCENTRANK.INC(A1:A10,2)', 0.333],
    ['=PERCENTRANK.INC(A1:A10,4)', 0.555],
    ['=PERCENTRANK.INC(A1:A10,8)', 0.666],
    ['=PERCENTRANK.INC(A1:A10,5)', 0.583],
    ['=PERCENTRANK(A1:A10,5)', 0.583],
  ])('MS example %s is %d', (formula, expected) => {
    expect(calc(formula, data)).toBe(expected);
  });

  it.each([
    ['=PERCENTRANK.EXC(A1:A9,7)', 0.7],
    ['=PERCENTRANK.EXC(A1:A9,5.43)', 0.381],
    ['=PERCENTRANK.EXC(A1:A9,5.43,1)', 0.3],
  ])('MS example %s is %d', (formula, expected) => {
    expect(calc(formula, [[1], [2], [3], [6], [6], [6], [7], [8], [9]])).toBe(expected);
  });

  it('interpolate from the last copy of a repeated number below x (ironcalc STATISTICAL--PERCENTIL_QUARTIL.xlsx J18, K18)', () => {
    const repeated = [[12], [-1], [7.5], [56], [12], [-4], [3]];
    expect(calc('=PERCENTRANK.INC(A1:A7,40)', repeated)).toBe(0.939);
    expect(calc('=PERCENTRANK.EXC(A1:A7,40)', repeated)).toBe(0.829);
    expect(calc('=PERCENTRANK.INC(A1:A7,12)', repeated)).toBe(0.666);
    expect(calc('=PERCENTRANK.INC(A1:A7,10.5)', repeated)).toBe(0.611);
  });

  it('x outside the data is #N/A; significance below 1 #NUM!', () => {
    expect(calc('=PERCENTRANK.INC(A1:A10,20)', data)).toBe('#N/A');
    expect(calc('=PERCENTRANK.INC(A1:A10,2,0)', data)).toBe('#NUM!');
  });
});

describe('MDETERM', () => {
  it('MS examples', () => {
    expect(calc('=MDETERM({1,3,8,5;1,3,6,1;1,1,1,0;7,3,10,2})')).toBeCloseTo(88, 9);
    expect(calc('=MDETERM({3,6,1;1,1,0;3,10,2})')).toBeCloseTo(1, 12);
    expect(calc('=MDETERM({3,6;1,1})')).toBeCloseTo(-3, 12);
    expect(calc('=MDETERM({1,3,8,5;1,3,6,1})')).toBe('#VALUE!');
  });

  it('an empty or text cell is #VALUE!', () => {
    expect(
      calc('=MDETERM(A1:B2)', [
        [1, 2],
        [3, 'x'],
      ]),
    ).toBe('#VALUE!');
  });
});

describe('PERCENTOF', () => {
  it('is the sum of the subset over the sum of all, skipping text and TRUE/FALSE in ranges', () => {
    const rows = [[0, 2, 2.3, -0.2, -2, null, 'ciao', true]];
    expect(calc('=PERCENTOF(A1:C1,B1:E1)', rows)).toBeCloseTo(2.047619047619048, 14);
    expect(calc('=PERCENTOF(B1:D1,C1:F1)', rows)).toBeCloseTo(41, 10);
    expect(calc('=PERCENTOF(E1:G1,D1:G1)', rows)).toBeCloseTo(0.9090909090909091, 14);
  });

  it('answers #NUM! when either range holds an error (formulas test.xlsx MATH & TRIG!Y49), #DIV/0! for a zero total', () => {
    expect(calc('=PERCENTOF(A1:B1,A1:C1)', [['=NA()', 1, 2]])).toBe('#NUM!');
    expect(calc('=PERCENTOF(B1,A1:C1)', [['=1/0', 1, 2]])).toBe('#NUM!');
    expect(calc('=PERCENTOF(A1,A1:B1)', [[1, -1]])).toBe('#DIV/0!');
  });
});
