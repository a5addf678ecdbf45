// BITAND … BITRSHIFT (excel-bitwise-functions.ts): Microsoft's documented examples and the cases
// Excel's cached answers show (ironcalc ENGINEERING--BITs.xlsx, formulas test.xlsx ENGINEERING).
import { describe, expect, it } from 'vitest';
import { formulaValue, useWorkbooks } from '../../../test/support/workbook-bed.js';

const bed = useWorkbooks();
const calc = (formula: string, rows?: Parameters<typeof formulaValue>[2]) =>
  formulaValue(bed, formula, rows);

describe('bitwise operations', () => {
  it.each([
    ['=BITAND(1,5)', 1],
    ['=BITAND(13,25)', 9],
    ['=BITOR(23,10)', 31],
    ['=BITXOR(5,3)', 6],
    // Beyond 32 bits: 2^48 - 1 is the largest operand.
    ['=BITOR(2^48-1,1)', 281474976710655],
    ['=BITXOR(2^48-1,1)', 281474976710654],
    ['=BITAND(2^48-1,2^40+5)', 2 ** 40 + 5],
    ['=BITAND(TRUE,4)', 0],
    ['=BITOR(TRUE,4)', 5],
    ['=BITAND("123",456)', 72],
  ])('%s is %j', (formula, expected) => {
    expect(calc(formula)).toBe(expected);
  });

  it.each(['=BITAND(2^48,3)', '=BITOR(12.5,3)', '=BITXOR(-34,2)', '=BITAND("3.2",1)'])(
    '%s is #NUM! (an operand that is not a whole number from 0 to 2^48 - 1)',
    (formula) => {
      expect(calc(formula)).toBe('#NUM!');
    },
  );

  it('answers the first error among its arguments', () => {
    expect(calc('=BITAND(TRUE,#VALUE!)')).toBe('#VALUE!');
    expect(calc('=BITOR(1/0,1)')).toBe('#DIV/0!');
  });
});

describe('bit shifts', () => {
  it.each([
    ['=BITLSHIFT(4,2)', 16],
    ['=BITRSHIFT(13,2)', 3],
    ['=BITLSHIFT(123123123,6)', 7879879872],
    // A fractional shift is truncated; a negative one shifts the other way.
    ['=BITLSHIFT(25,2.3)', 100],
    ['=BITRSHIFT(25,2.3)', 6],
    ['=BITLSHIFT(12,34.67)', 206158430208],
    ['=BITLSHIFT(99,-1)', 49],
    ['=BITRSHIFT(145,-3)', 1160],
    ['=BITLSHIFT(12,-53)', 0],
    ['=BITRSHIFT(12,50)', 0],
    ['=BITLSHIFT(12,44)', 211106232532992],
  ])('%s is %j', (formula, expected) => {
    expect(calc(formula)).toBe(expected);
  });

  it.each(['=BITLSHIFT(12,45)', '=BITLSHIFT(12,54)', '=BITRSHIFT(12,-54)', '=BITRSHIFT(12.6,1)'])(
    '%s is #NUM!',
    (formula) => {
      expect(calc(formula)).toBe('#NUM!');
    },
  );

  it('applies cell by cell in an array formula', () => {
    const rows = [
      [13, 25, 99],
      [25, 2.3, -1],
    ];
    // formulas test.xlsx ENGINEERING!AH11:AK11: 436207616, 100, 49.
    expect(calc('=LEGACY.ARRAY(SUM(BITLSHIFT(A1:C1,A2:C2)),1,1)', rows)).toBe(436207616 + 100 + 49);
  });
});
