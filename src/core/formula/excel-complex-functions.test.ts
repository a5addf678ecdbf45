// The IM… functions as Excel answers them: its text form of results, suffixes, argument kinds.
import { describe, expect, it } from 'vitest';
import { formulaValue, useWorkbooks } from '../../../test/support/workbook-bed.js';
import type { WireValue } from '../index.js';
import { complexPart, complexText, parseComplex } from './excel-complex-functions.js';

const bed = useWorkbooks();

/** `formula` evaluated with `row` written from A1 rightwards (null leaves a cell empty). */
const calc = (formula: string, row?: readonly WireValue[]): WireValue =>
  formulaValue(bed, formula, row === undefined ? undefined : [row]);

describe('how a complex result is written', () => {
  it.each([
    [1086.9858702170102, '1086.98587021701'],
    [-145.14131773325488, '-145.141317733255'],
    [0.0000692442674613868, '0.0000692442674613868'],
    [1e-16, '0.0000000000000001'],
    [1e-18, '0.000000000000000001'],
    [1e-20, '1E-20'],
    [2.2404448639373186e-6, '2.24044486393732E-06'],
    [-2.99158552811404e-7, '-2.99158552811404E-07'],
    [1.2e-45, '1.2E-45'],
    [1e16, '1E+16'],
    [123456789012345, '123456789012345'],
    [0, '0'],
  ])('the part %d is written "%s"', (value, text) => {
    expect(complexPart(value)).toBe(text);
  });

  it('a coefficient of 1 or -1 is the suffix alone, and zero parts are left out', () => {
    expect(complexText(3.82126757337684e-22, -1, 'j')).toBe('3.82126757337684E-22-j');
    expect(complexText(0, 1, 'i')).toBe('i');
    expect(complexText(-5, 0, 'j')).toBe('-5');
    expect(complexText(0, 0, 'j')).toBe('0');
  });
});

describe('reading complex text', () => {
  it.each([
    ['3+4i', { re: 3, im: 4, suffix: 'i' }],
    ['1.2E-45-3j', { re: 1.2e-45, im: -3, suffix: 'j' }],
    ['-j', { re: 0, im: -1, suffix: 'j' }],
    ['2+i', { re: 2, im: 1, suffix: 'i' }],
    ['5', { re: 5, im: 0 }],
    ['1e+5i', { re: 0, im: 1e5, suffix: 'i' }],
  ])('"%s" is %j', (text, parts) => {
    expect(parseComplex(text)).toEqual(parts);
  });

  it.each(['yvj', '3+4I', 'E+3i', '3 + 4i', '3+4k', 'i3'])(
    '"%s" is not a complex number',
    (text) => {
      expect(parseComplex(text)).toBeUndefined();
    },
  );
});

describe('the IM… functions', () => {
  it('keep the suffix j of their input and write 15 significant digits', () => {
    expect(calc('=IMEXP("7+25j")')).toBe('1086.98587021701-145.141317733255j');
    expect(calc('=IMEXP("-13+25j")')).toBe('2.24044486393732E-06-2.99158552811404E-07j');
    expect(calc('=IMCONJUGATE("-j")')).toBe('j');
    expect(calc('=IMPOWER("2+3j",2)')).toBe('-5+12j');
  });

  it('answer #VALUE! for TRUE or FALSE and #NUM! for text that is no complex number', () => {
    expect(calc('=IMEXP(A1)', [true])).toBe('#VALUE!');
    expect(calc('=IMREAL(TRUE)')).toBe('#VALUE!');
    expect(calc('=IMABS("yvj")')).toBe('#NUM!');
    expect(calc('=IMDIV("yvj",TRUE)')).toBe('#NUM!');
    expect(calc('=COMPLEX("3.6",TRUE,"j")')).toBe('#VALUE!');
  });

  it('read an empty cell as 0', () => {
    expect(calc('=IMEXP(A1)')).toBe('1');
    expect(calc('=IMPRODUCT(A1,7)')).toBe('0');
    expect(calc('=IMDIV("-13+25j",A1)')).toBe('#NUM!');
  });

  it('refuse a range where one complex number is expected', () => {
    expect(calc('=IMEXP(A1:B1)', ['1+i', '2'])).toBe('#VALUE!');
  });

  it('refuse inputs mixing i and j: #NUM! from IMSUB and IMDIV, #VALUE! from IMSUM and IMPRODUCT', () => {
    expect(calc('=IMSUB("3.1+2j","-3+2i")')).toBe('#NUM!');
    expect(calc('=IMDIV("3.1+2j","-3+2i")')).toBe('#NUM!');
    expect(calc('=IMSUM("3.1+2j","-3+2i")')).toBe('#VALUE!');
    expect(calc('=IMPRODUCT("-3+2i","3.1+2j")')).toBe('#VALUE!');
    expect(calc('=IMSUM("1+2j",3)')).toBe('4+2j');
  });

  it('IMDIV divides as Excel does, leaving its rounding noise in the imaginary part', () => {
    expect(
      calc('=IMDIV("1.85021985907055+1.41787163074572j","0.556971676153418+0.426821890855467j")'),
    ).toBe('3.32192809488737-8.28846662730513E-15j');
  });

  it('IMTAN and IMCOT keep a tiny real part, and IMCOT of a tiny real number is large', () => {
    expect(calc('=IMTAN("7+25j")')).toBe('3.82126757337684E-22+j');
    expect(calc('=IMCOT("7+25j")')).toBe('3.82126757337684E-22-j');
    expect(calc('=IMCOT("1E-16")')).toBe('1E+16');
    expect(calc('=IMCOT("0")')).toBe('#NUM!');
  });

  it('IMCSC sums the squared products of its denominator as Excel does', () => {
    expect(calc('=IMCSC("3.1+2j")')).toBe('0.0118908807944521+0.275445903842597j');
  });

  it('IMARGUMENT of 0 is #DIV/0! and IMLN of 0 is #NUM!', () => {
    expect(calc('=IMARGUMENT("0")')).toBe('#DIV/0!');
    expect(calc('=IMLN("0")')).toBe('#NUM!');
  });
});

describe('IMSUM and IMPRODUCT over ranges', () => {
  const row = ['yvj', true, null, '7+25j', '13+5j', '3.1+2j'];

  it('sum and multiply every cell of a range', () => {
    expect(calc('=IMSUM(D1:E1,F1)', row)).toBe('23.1+32j');
    expect(calc('=IMPRODUCT(D1:F1)', row)).toBe('-825.4+1048j');
  });

  it('answer with the first cell, in argument order, that is not a complex number', () => {
    expect(calc('=IMSUM(A1:B1,1/0)', row)).toBe('#NUM!');
    expect(calc('=IMSUM(B1:C1,1/0)', row)).toBe('#VALUE!');
    expect(calc('=IMSUM(D1:E1,NA())', row)).toBe('#N/A');
  });

  it('skip the empty cells of a range', () => {
    expect(calc('=IMPRODUCT(C1:D1)', row)).toBe('7+25j');
  });
});
