import { describe, expect, it } from 'vitest';
import {
  inputToText,
  normalizeFormula,
  parseNumericText,
  sameInput,
  typeInput,
  typeValue,
  type CellInput,
} from './value-typing.js';

describe('typing numeric text', () => {
  it.each([
    ['12', 12],
    ['-7', -7],
    ['+5', 5],
    ['3.25', 3.25],
    ['.5', 0.5],
    ['5.', 5],
    ['1e3', 1000],
    ['1E-2', 0.01],
    ['-2.5e+2', -250],
    ['0', 0],
    ['007', 7],
  ])('[TYPE-1] %j becomes the number %d', (text, number) => {
    expect(typeInput(text)).toBe(number);
  });

  it('[TYPE-1] surrounding whitespace is ignored when typing a number', () => {
    expect(typeInput('  12 ')).toBe(12);
    expect(typeInput('\t3.5\n')).toBe(3.5);
  });

  it('[TYPE-1] "-0" and the JSON number -0 both become a plain 0, never negative zero', () => {
    expect(Object.is(typeInput('-0'), 0)).toBe(true);
    expect(Object.is(typeInput(-0), 0)).toBe(true);
    expect(Object.is(typeInput('-0.0e5'), 0)).toBe(true);
  });

  it.each([
    '0x10',
    '1_000',
    'Infinity',
    'NaN',
    '1e999',
    '12abc',
    '1.2.3',
    '--1',
    'e5',
    '1e',
    '5$',
    '€5',
    '555-1234',
    '3/4',
    '31/12/2026',
    'Q1 2026',
  ])('[TYPE-1] %j is not a number and stays text as written', (text) => {
    expect(typeInput(text)).toBe(text);
  });

  it('[TYPE-1] parseNumericText refuses non-finite results', () => {
    expect(parseNumericText('1e400')).toBeUndefined();
    expect(parseNumericText('1e300')).toBe(1e300);
  });
});

describe('typing numbers the way a spreadsheet shows them (issue 19)', () => {
  it.each([
    ['15%', 0.15, '0%'],
    ['5%', 0.05, '0%'],
    ['0%', 0, '0%'],
    ['-5%', -0.05, '0%'],
    ['12.5%', 0.125, '0.00%'],
    ['$5', 5, '$#,##0'],
    ['$1,200', 1200, '$#,##0'],
    ['$1,200.50', 1200.5, '$#,##0.00'],
    ['1,200', 1200, '#,##0'],
    ['1,200.50', 1200.5, '#,##0.00'],
    ['2026-01-31', 46053, 'yyyy-mm-dd'],
    ['1/31/2026', 46053, 'm/d/yyyy'],
    ['31 Jan 2026', 46053, 'd mmm yyyy'],
    ['14:30', 14.5 / 24, 'h:mm'],
  ])('%j becomes %d shown with %j', (text, value, numberFormat) => {
    const typed = typeValue(text);
    expect(typed.input).toBeCloseTo(value, 12);
    expect(typed.numberFormat).toBe(numberFormat);
    expect(typeInput(text)).toBe(typed.input);
  });

  it('leaves plain numbers, JSON numbers and quoted text without a format', () => {
    expect(typeValue('12')).toEqual({ input: 12 });
    expect(typeValue(0.15)).toEqual({ input: 0.15 });
    expect(typeValue("'15%")).toEqual({ input: '15%' });
    expect(inputToText('15%')).toBe("'15%");
  });

  it.each([
    '12',
    ' 12 ',
    '-0',
    '+1.5e3',
    '.5',
    '1e400',
    "'12",
    '=12',
    ' =12',
    '12 %',
    'TRUE',
    '#N/A',
    '',
    '   ',
    '0x10',
    '1,200',
  ])('types %j to the same input typeInput gives', (text) => {
    expect(typeValue(text).input).toEqual(typeInput(text));
  });
});

describe('typing booleans, formulas, literal text and clears', () => {
  it.each([
    ['TRUE', true],
    ['true', true],
    [' True ', true],
    ['FALSE', false],
    ['false', false],
    ['fAlSe', false],
  ])('[TYPE-2] %j becomes %s', (text, value) => {
    expect(typeInput(text)).toBe(value);
  });

  it('[TYPE-2] words that only contain TRUE stay text', () => {
    expect(typeInput('TRUEISH')).toBe('TRUEISH');
    expect(typeInput('yes')).toBe('yes');
  });

  it('[TYPE-3] a leading = makes a formula, trailing spaces trimmed', () => {
    expect(typeInput('=SUM(A1:A3)')).toEqual({ formula: '=SUM(A1:A3)' });
    expect(typeInput('=A1*2  ')).toEqual({ formula: '=A1*2' });
  });

  it('[TYPE-3] a space, tab or line break before = keeps the value as text, as in Excel', () => {
    for (const text of [' =A1*2', '\t=1+1', '\r=1', '\n=SUM(A1:A3)'])
      expect(typeInput(text)).toBe(text);
    expect(inputToText(' =A1')).toBe(' =A1');
  });

  it('[TYPE-3] unicode operators pasted from documents are rewritten outside string literals only', () => {
    expect(typeInput('=A1\u2212B1\u00d72\u00f74')).toEqual({ formula: '=A1-B1*2/4' });
    expect(normalizeFormula('="a\u2212b"&A1\u2212B1')).toBe('="a\u2212b"&A1-B1');
  });

  it('[TYPE-4] a leading apostrophe keeps the rest as literal text', () => {
    expect(typeInput("'123")).toBe('123');
    expect(typeInput("'TRUE")).toBe('TRUE');
    expect(typeInput("'=A1")).toBe('=A1');
    expect(typeInput("' padded ")).toBe(' padded ');
  });

  it('[TYPE-4] plain text keeps its own spaces (only the tests trim)', () => {
    expect(typeInput(' hello ')).toBe(' hello ');
    expect(typeInput('Revenue')).toBe('Revenue');
  });

  it.each([[''], ['   '], ['\t\n']])('[TYPE-5] %j clears the cell', (text) => {
    expect(typeInput(text)).toBeNull();
  });

  it('[TYPE-5] null and undefined clear the cell', () => {
    expect(typeInput(null)).toBeNull();
    expect(typeInput(undefined)).toBeNull();
  });

  it('[TYPE-1] JSON numbers and booleans are taken as they are; non-finite numbers clear', () => {
    expect(typeInput(42.5)).toBe(42.5);
    expect(typeInput(true)).toBe(true);
    expect(typeInput(false)).toBe(false);
    expect(typeInput(Number.POSITIVE_INFINITY)).toBeNull();
    expect(typeInput(Number.NaN)).toBeNull();
  });
});

describe('typing error values', () => {
  it('types an Excel error literal (any case) as an error value, and writes it back as typed', () => {
    expect(typeInput('#N/A')).toEqual({ error: '#N/A' });
    expect(typeInput(' #div/0! ')).toEqual({ error: '#DIV/0!' });
    expect(typeInput('#CALC!')).toEqual({ error: '#CALC!' });
    expect(inputToText({ error: '#N/A' })).toBe('#N/A');
  });

  it('keeps an apostrophe-led literal and a lookalike as text', () => {
    expect(typeInput("'#N/A")).toBe('#N/A');
    expect(inputToText('#N/A')).toBe("'#N/A");
    expect(typeInput('#NOPE!')).toBe('#NOPE!');
  });
});

describe('writing an input back as text', () => {
  const inputs: CellInput[] = [
    12,
    -0.5,
    true,
    false,
    'hello',
    ' hello ',
    '123',
    'TRUE',
    '=A1',
    '',
    { formula: '=SUM(A1:B2)' },
  ];

  it.each(inputs.map((input) => [input]))('[TYPE-4] %j retypes to the same input', (input) => {
    const retyped = typeInput(inputToText(input));
    if (input === '') expect(retyped).toBe('');
    else expect(sameInput(retyped, input)).toBe(true);
  });

  it('[TYPE-4] text that would be retyped gets an apostrophe; ordinary text does not', () => {
    expect(inputToText('123')).toBe("'123");
    expect(inputToText('true')).toBe("'true");
    expect(inputToText('=A1')).toBe("'=A1");
    expect(inputToText('Revenue')).toBe('Revenue');
    expect(inputToText(true)).toBe('TRUE');
  });

  it('sameInput compares formulas by text and other inputs by value', () => {
    expect(sameInput({ formula: '=A1' }, { formula: '=A1' })).toBe(true);
    expect(sameInput({ formula: '=A1' }, { formula: '=A2' })).toBe(false);
    expect(sameInput(1, 1)).toBe(true);
    expect(sameInput('1', 1)).toBe(false);
    expect(sameInput(null, null)).toBe(true);
  });
});

describe('a lone "="', () => {
  it('[ISSUE-12] is the text "=", not an empty formula that a save would drop', () => {
    expect(typeInput('=')).toBe('=');
    expect(typeInput(' = ')).toBe(' = ');
    expect(typeInput('=1')).toEqual({ formula: '=1' });
  });
});
