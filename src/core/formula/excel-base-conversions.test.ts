// The twelve base conversions (excel-base-conversions.ts): Microsoft's documented examples, and the
// argument checks Excel's cached answers show (ironcalc ENGINEERING--NUMBER_SYSTEMS.xlsx and
// xlcalculator BASES.xlsx rows cited by sheet and cell).
import { describe, expect, it } from 'vitest';
import { formulaValue, useWorkbooks } from '../../../test/support/workbook-bed.js';

const bed = useWorkbooks();
const calc = (formula: string, rows?: Parameters<typeof formulaValue>[2]) =>
  formulaValue(bed, formula, rows);

describe('base conversions', () => {
  it.each([
    ['=BIN2DEC(1100100)', 100],
    ['=BIN2DEC(1111111111)', -1],
    ['=BIN2HEX(11111011,4)', '00FB'],
    ['=BIN2HEX(1110)', 'E'],
    ['=BIN2HEX(1111111111)', 'FFFFFFFFFF'],
    ['=BIN2OCT(1001,3)', '011'],
    ['=BIN2OCT(1111111111)', '7777777777'],
    ['=DEC2BIN(9,4)', '1001'],
    ['=DEC2BIN(-100)', '1110011100'],
    ['=DEC2HEX(100,4)', '0064'],
    ['=DEC2HEX(-54)', 'FFFFFFFFCA'],
    ['=DEC2HEX(28)', '1C'],
    ['=DEC2OCT(58,3)', '072'],
    ['=DEC2OCT(-100)', '7777777634'],
    ['=HEX2BIN("F",8)', '00001111'],
    ['=HEX2BIN("B7")', '10110111'],
    ['=HEX2BIN("FFFFFFFE00")', '1000000000'],
    ['=HEX2DEC("A5")', 165],
    ['=HEX2DEC("FFFFFFFF5B")', -165],
    ['=HEX2DEC("3DA408B9")', 1034160313],
    ['=HEX2OCT("F",3)', '017'],
    ['=HEX2OCT("3B4E")', '35516'],
    ['=HEX2OCT("FFFFFFFF00")', '7777777400'],
    ['=OCT2BIN(3,3)', '011'],
    ['=OCT2BIN(7777777000)', '1000000000'],
    ['=OCT2DEC(54)', 44],
    ['=OCT2DEC(7777777533)', -165],
    ['=OCT2HEX(100,4)', '0040'],
    ['=OCT2HEX(7777777533)', 'FFFFFFFF5B'],
  ])('MS example %s is %j', (formula, expected) => {
    expect(calc(formula)).toBe(expected);
  });

  it('reads lower-case hexadecimal digits (BASES.xlsx hex2!B46:D46)', () => {
    expect(calc('=HEX2BIN("e")')).toBe('1110');
    expect(calc('=HEX2OCT("a2")')).toBe('242');
    expect(calc('=HEX2DEC("d5a")')).toBe(3418);
  });

  it('reads an empty cell or empty text as 0, except as a decimal (BASES.xlsx non-numeric!B2:M3)', () => {
    expect(calc('=BIN2DEC(A1)', [[null]])).toBe(0);
    expect(calc('=OCT2HEX(A1)', [[null]])).toBe('0');
    expect(calc('=HEX2BIN("")')).toBe('0');
    expect(calc('=DEC2BIN("")')).toBe('#VALUE!');
  });

  it('truncates a fractional decimal before checking its range (NUMBER_SYSTEMS Decimal!C10, C12)', () => {
    expect(calc('=DEC2BIN(2.7)')).toBe('10');
    expect(calc('=DEC2BIN(511.2)')).toBe('111111111');
    expect(calc('=DEC2OCT(511.2,9)')).toBe('000000777');
    expect(calc('=DEC2BIN(512)')).toBe('#NUM!');
    expect(calc('=DEC2BIN(-513)')).toBe('#NUM!');
  });

  it('answers #VALUE! for TRUE or FALSE as the number or the places (NUMBER_SYSTEMS Binary!C4, D20)', () => {
    expect(calc('=BIN2DEC(TRUE)')).toBe('#VALUE!');
    expect(calc('=BIN2HEX(A1,TRUE)', [[1100011011]])).toBe('#VALUE!');
  });

  it('checks places before the number: empty, zero or above 10 is #NUM! (BASES.xlsx places!G38, G49)', () => {
    expect(calc('=DEC2BIN("E",0)')).toBe('#NUM!');
    expect(calc('=DEC2BIN("E",11)')).toBe('#NUM!');
    expect(calc('=DEC2BIN(3,A1)', [[null]])).toBe('#NUM!');
    expect(calc('=BIN2HEX(1100011011,0)')).toBe('#NUM!');
    expect(calc('=BIN2HEX(1100011011,2.9)')).toBe('FFFFFFFF1B');
    expect(calc('=DEC2BIN(9,2)')).toBe('#NUM!');
  });

  it('refuses numerals that are too long or hold other digits with #NUM!', () => {
    expect(calc('=BIN2DEC(11111111111)')).toBe('#NUM!');
    expect(calc('=BIN2DEC(102)')).toBe('#NUM!');
    expect(calc('=OCT2DEC("8")')).toBe('#NUM!');
    expect(calc('=HEX2DEC("G")')).toBe('#NUM!');
    expect(calc('=HEX2BIN("FFFFFFFDFF")')).toBe('#NUM!');
  });
});

describe('BASE', () => {
  it.each([
    ['=BASE(7,2)', '111'],
    ['=BASE(100,16)', '64'],
    ['=BASE(15,2,10)', '0000001111'],
    // ironcalc MATH_AND_TRIGONOMETRY--BASE.xlsx D8, E8, D11, D14.
    ['=BASE(12.567,2)', '1100'],
    ['=BASE(12.567,2,7)', '0001100'],
    ['=BASE(123.45678,16)', '7B'],
    ['=BASE(20,10.9)', '20'],
    ['=BASE(123456789,36)', '21I3V9'],
  ])('%s is %j', (formula, expected) => {
    expect(calc(formula)).toBe(expected);
  });

  it.each(['=BASE(-1,2)', '=BASE(123,1)', '=BASE(123456789,37)', '=BASE(1,2,256)'])(
    '%s is #NUM!',
    (formula) => {
      expect(calc(formula)).toBe('#NUM!');
    },
  );

  it('reads back with DECIMAL', () => {
    expect(calc('=DECIMAL(BASE(12.567,2),2)')).toBe(12);
  });
});
