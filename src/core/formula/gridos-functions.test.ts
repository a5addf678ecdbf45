import { afterAll, describe, expect, it } from 'vitest';
import { parseCell } from '../address/index.js';
import { writeRangeOps } from '../ops/index.js';
import { Workbook } from '../workbook.js';
import { GRIDOS_FUNCTIONS } from './gridos-functions.js';
import { valueToJson } from './sentinels.js';

// A1:C5 holds a small table MEDIANIFS can filter: region, units, price.
const book = Workbook.create();
book.apply(
  writeRangeOps('Sheet1', parseCell('A1'), [
    ['Region', 'Units', 'Price'],
    ['North', 10, 4],
    ['South', 30, 8],
    ['north', 20, 6],
    ['East', 40, 10],
  ]),
);
afterAll(() => book.dispose());

const evaluate = (formula: string) => valueToJson(book.evaluate(undefined, formula));

describe("GridOS's non-Excel functions (docs/gridos-compat.md §2.7)", () => {
  it('[FUNC-1] every one of them is registered in the engine', () => {
    const names = book.functionNames();
    for (const name of [
      'MINUS',
      'SUBTRACT',
      'MULTIPLY',
      'DIVIDE',
      'GT',
      'LT',
      'EQ',
      'GTE',
      'LTE',
      'CEIL',
      'E',
      'MEDIANIFS',
    ]) {
      expect(names).toContain(name);
    }
    expect(GRIDOS_FUNCTIONS.map((fn) => fn.name)).toHaveLength(12);
  });

  it.each([
    ['=MINUS(5,3)', 2],
    ['=SUBTRACT(B3,B2)', 20],
    ['=MULTIPLY(4,2.5)', 10],
    ['=MULTIPLY(TRUE,3)', 3],
    ['=DIVIDE(1,4)', 0.25],
    ['=DIVIDE(C5,B2)', 1],
    ['=minus(10,4)', 6],
  ])('[FUNC-1] arithmetic: %s is %d', (formula, expected) => {
    expect(evaluate(formula)).toBe(expected);
  });

  it('[FUNC-1] DIVIDE by zero is #DIV/0!', () => {
    expect(evaluate('=DIVIDE(5,0)')).toBe('#DIV/0!');
  });

  it.each([['=MINUS("a",1)'], ['=MINUS(Z99,1)'], ['=DIVIDE(1,Z99)'], ['=MULTIPLY(A1:A2,2)']])(
    '[FUNC-1] %s does not coerce text, blanks or ranges: #VALUE!',
    (formula) => {
      expect(evaluate(formula)).toBe('#VALUE!');
    },
  );

  it('[FUNC-1] the arithmetic functions take exactly two arguments', () => {
    expect(evaluate('=MINUS(1)')).toMatch(/^#/);
    expect(evaluate('=MINUS(1,2,3)')).toMatch(/^#/);
  });

  it.each([
    ['=GT(2,1)', true],
    ['=GT(1,2)', false],
    ['=LT(1,2)', true],
    ['=EQ(3,3)', true],
    ['=EQ("abc","ABC")', true],
    ['=GTE(2,2)', true],
    ['=GTE(1,2)', false],
    ['=LTE(2,2)', true],
    ['=LTE(3,2)', false],
    ['=GT("b","a")', true],
  ])('[FUNC-1] comparisons return booleans: %s is %s', (formula, expected) => {
    expect(evaluate(formula)).toBe(expected);
  });

  it('[FUNC-1] comparing a number with text is #VALUE!', () => {
    expect(evaluate('=GT(1,"a")')).toBe('#VALUE!');
  });

  it.each([
    ['=CEIL(1.2)', 2],
    ['=CEIL(-1.5)', -1],
    ['=CEIL(3)', 3],
  ])('[FUNC-1] %s is %d', (formula, expected) => {
    expect(evaluate(formula)).toBe(expected);
  });

  it("[FUNC-1] E() is Euler's number", () => {
    expect(evaluate('=E()') as number).toBeCloseTo(Math.E, 9);
    expect(evaluate('=LN(E())') as number).toBeCloseTo(1, 9);
  });

  it.each([
    ['=MEDIANIFS(B2:B5,A2:A5,"north")', 15],
    ['=MEDIANIFS(C2:C5,B2:B5,">15")', 8],
    ['=MEDIANIFS(C2:C5,B2:B5,">=20",A2:A5,"<>East")', 7],
    ['=MEDIANIFS(B2:B5,A2:A5,"*th")', 20],
    ['=MEDIANIFS(B2:B5,B2:B5,40)', 40],
  ])('[FUNC-1] %s is %d', (formula, expected) => {
    expect(evaluate(formula)).toBe(expected);
  });

  it('[FUNC-1] MEDIANIFS with no match is #N/A; unequal ranges or a missing criterion are #VALUE!', () => {
    expect(evaluate('=MEDIANIFS(B2:B5,A2:A5,"West")')).toBe('#N/A');
    expect(evaluate('=MEDIANIFS(B2:B5,A2:A4,"North")')).toBe('#VALUE!');
    expect(evaluate('=MEDIANIFS(B2:B5,A2:A5,"North",B2:B5)')).toBe('#VALUE!');
  });
});
