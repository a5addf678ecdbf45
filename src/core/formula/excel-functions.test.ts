// The Excel functions HyperFormula 3.5 lacks (excel-functions.ts). Expected values come from the
// examples on Microsoft's support page of each function ("MS example" below), plus the documented
// error cases and a few of our own.
import { describe, expect, it } from 'vitest';
import { useWorkbooks, valueAt, writeCell, writeRows } from '../../../test/support/workbook-bed.js';
import type { WireValue } from '../index.js';
import type { Workbook } from '../workbook.js';
import { EXCEL_FUNCTIONS } from './excel-functions.js';
import { builtInFunctionNames } from './hyperformula-engine.js';

const bed = useWorkbooks();

/** A workbook holding `rows` from A1 (when given). */
function bookWith(rows?: readonly (readonly WireValue[])[]): Workbook {
  const book = bed.open();
  if (rows !== undefined) writeRows(book, 'A1', rows);
  return book;
}

/** The value of `formula` typed into a free cell (Z1) of `book`. */
function result(book: Workbook, formula: string): WireValue {
  writeCell(book, 'Z1', formula);
  return valueAt(book, 'Z1');
}

const calc = (formula: string): WireValue => result(bookWith(), formula);

const NAMES = [
  'CONCAT',
  'TEXTBEFORE',
  'SUBSTITUTE',
  'TEXTAFTER',
  'NUMBERVALUE',
  'FIXED',
  'XMATCH',
  'LOOKUP',
  'HLOOKUP',
  'ADDRESS',
  'SEARCH',
  'SEARCHB',
  'RANK',
  'RANK.EQ',
  'RANK.AVG',
  'CHISQ.TEST',
  'CHITEST',
  'FORECAST',
  'FORECAST.LINEAR',
  'CONVERT',
  'ACCRINT',
  'ACCRINTM',
  'COMPLEX',
  'REGEXTEST',
  'REGEXEXTRACT',
  'REGEXREPLACE',
  'ERF.PRECISE',
  'ERFC.PRECISE',
  'GESTEP',
  'PERMUT',
  'PERMUTATIONA',
  'TRIMMEAN',
  'PROB',
  'INTERCEPT',
  'MODE',
  'MODE.SNGL',
  'KURT',
  'PERCENTRANK',
  'PERCENTRANK.INC',
  'PERCENTRANK.EXC',
  'MDETERM',
  'ROUND',
  'ROUNDUP',
  'ROUNDDOWN',
  'TRUNC',
  'INT',
  'ACOT',
  'GCD',
  'LCM',
  'ISODD',
  'ISEVEN',
  'DATEDIF',
  'ERROR.TYPE',
  'COUPDAYBS',
  'COUPDAYS',
  'COUPDAYSNC',
  'COUPNCD',
  'COUPNUM',
  'COUPPCD',
  'PRICE',
  'YIELD',
  'VDB',
  'IPMT',
  'PPMT',
  'MIRR',
  'TBILLEQ',
  'VALUETOTEXT',
  'ARRAYTOTEXT',
  'CHAR',
  'CODE',
  'MATCH',
  ...['BIN', 'OCT', 'DEC', 'HEX'].flatMap((from) =>
    ['BIN', 'OCT', 'DEC', 'HEX'].filter((to) => to !== from).map((to) => `${from}2${to}`),
  ),
  'DOLLAR',
  'ASC',
  'BAHTTEXT',
  'PERCENTOF',
  'NORMSDIST',
  'DISC',
  'INTRATE',
  'RECEIVED',
  'PRICEDISC',
  'YIELDDISC',
  ...'REAL AGINARY ABS ARGUMENT SIN COS TAN COT SEC CSC SINH COSH SECH CSCH EXP LN LOG10 LOG2'
    .split(' ')
    .map((name) => `IM${name}`),
  ...['IMSQRT', 'IMCONJUGATE', 'IMSUB', 'IMDIV', 'IMPOWER'],
  'ODDFPRICE',
  'ODDFYIELD',
  'ODDLPRICE',
  'ODDLYIELD',
  'DB',
  'DDB',
  'CUMIPMT',
  'CUMPRINC',
  'EFFECT',
  'NOMINAL',
  'XNPV',
  'PRICEMAT',
  'YIELDMAT',
  'DURATION',
  'MDURATION',
  'BASE',
  'IRR',
  'TBILLPRICE',
  'XIRR',
  ...['BITAND', 'BITOR', 'BITXOR', 'BITLSHIFT', 'BITRSHIFT'],
  'ARABIC',
  'ECMA.CEILING',
];

describe('registration', () => {
  it("every Excel function is in the engine, beside or in place of HyperFormula's own", () => {
    const book = bookWith();
    expect(EXCEL_FUNCTIONS.map((fn) => fn.name).sort()).toEqual([...NAMES].sort());
    for (const name of NAMES) {
      expect(book.functionNames()).toContain(name);
      expect(builtInFunctionNames().has(name)).toBe(true);
    }
  });

  it('names with a dot parse as function calls, in any case', () => {
    const book = bookWith([[7], [3.5], [3.5], [1], [2]]);
    expect(result(book, '=RANK.EQ(A2,A1:A5)')).toBe(2);
    expect(result(book, '=rank.avg(A2,A1:A5)')).toBe(2.5);
    expect(result(book, '=FORECAST.LINEAR(3,A1:A2,A3:A4)')).toBeTypeOf('number');
  });
});

describe('MATCH', () => {
  const data: WireValue[][] = [
    ['Bananas', 25],
    ['Oranges', 38],
    ['Apples', 40],
    ['Pears', 41],
  ];

  it.each([
    ['=MATCH(39,B1:B4,1)', 2],
    ['=MATCH(41,B1:B4,0)', 4],
    ['=MATCH(40,B1:B4,-1)', '#N/A'],
    ['=MATCH(39,B1:B4)', 2],
    ['=MATCH(10,B1:B4)', '#N/A'],
  ])('MS example %s is %j', (formula, expected) => {
    expect(result(bookWith(data), formula)).toBe(expected);
  });

  it('exact matches ignore case and take wildcards', () => {
    const book = bookWith(data);
    expect(result(book, '=MATCH("apples",A1:A4,0)')).toBe(3);
    expect(result(book, '=MATCH("*an*",A1:A4,0)')).toBe(1);
    expect(result(book, '=MATCH("P?ars",A1:A4,0)')).toBe(4);
    expect(result(book, '=MATCH("~*",A1:A4,0)')).toBe('#N/A');
  });

  it('approximate matches search sorted data, text and numbers apart', () => {
    const book = bookWith([['Alpha'], ['Beta'], ['Delta'], ['Gamma'], ['Omega']]);
    expect(result(book, '=MATCH("beta",A1:A5)')).toBe(2);
    expect(result(book, '=MATCH("c",A1:A5)')).toBe(2);
    expect(result(book, '=MATCH("a",A1:A5)')).toBe('#N/A');
    expect(result(book, '=MATCH(5,A1:A5)')).toBe('#N/A');
    expect(result(bookWith([[9], [7], [5], [3]]), '=MATCH(6,A1:A4,-1)')).toBe(2);
  });

  it('a two-dimensional lookup_array is #N/A', () => {
    expect(result(bookWith(data), '=MATCH(25,A1:B4,0)')).toBe('#N/A');
  });
});

describe('CONCAT', () => {
  it.each([
    // MS example: the words and spaces as separate arguments.
    [
      '=CONCAT("The"," ","sun"," ","will"," ","come"," ","up"," ","tomorrow.")',
      'The sun will come up tomorrow.',
    ],
    ['=CONCAT(1,TRUE,FALSE,"x",2.5)', '1TRUEFALSEx2.5'],
    ['=CONCAT(-3,0.1+0.2)', '-30.3'],
  ])('%s is %j', (formula, expected) => {
    expect(calc(formula)).toBe(expected);
  });

  it('MS example: "Stream population for " & A2 … joins text, cells and numbers', () => {
    const book = bookWith([['brook trout'], ['species'], [32]]);
    expect(
      result(book, '=CONCAT("Stream population for ", A1, " ", A2, " is ", A3, "/mile.")'),
    ).toBe('Stream population for brook trout species is 32/mile.');
  });

  it('flattens ranges row by row, empty cells adding nothing (MS example =CONCAT(B2:C8))', () => {
    const book = bookWith([
      ['a1', 'b1'],
      [null, 'b2'],
      ['a3', 3],
    ]);
    expect(result(book, '=CONCAT(A1:B3)')).toBe('a1b1b2a33');
    expect(result(book, '=CONCAT(A1:A3,"-",B1:B3)')).toBe('a1a3-b1b23');
  });

  it('an error among the arguments or in a range is the result', () => {
    const book = bookWith([['a'], ['=1/0'], ['c']]);
    expect(result(book, '=CONCAT(A1:A3)')).toBe('#DIV/0!');
    expect(calc('=CONCAT("a",NA())')).toBe('#N/A');
  });

  it('text longer than 32,767 characters is #VALUE!', () => {
    const book = bookWith([['=REPT("x",20000)'], ['=REPT("y",20000)']]);
    expect(result(book, '=LEN(CONCAT(A1,"z"))')).toBe(20_001);
    expect(result(book, '=CONCAT(A1:A2)')).toBe('#VALUE!');
  });

  it('works inside COUNTIF criteria', () => {
    const book = bookWith([['ab'], ['x'], ['AB']]);
    expect(result(book, '=COUNTIF(A1:A3, CONCAT("a","b"))')).toBe(2);
  });
});

describe('TEXTBEFORE and TEXTAFTER', () => {
  // MS example 1's data: A1 mixes cases, A2 is all lower case.
  const riding = (): Workbook =>
    bookWith([["Little Red Riding Hood's red hood"], ["Little red riding hood's red hood"]]);

  it.each([
    ['=TEXTBEFORE(A1,"Red")', 'Little '],
    ['=TEXTBEFORE(A2,"Red")', '#N/A'],
    ['=TEXTBEFORE(A2,"red",2)', "Little red riding hood's "],
    ['=TEXTBEFORE(A2,"red",-2)', 'Little '],
    ['=TEXTBEFORE(A2,"Red",,FALSE)', '#N/A'],
    ['=TEXTBEFORE(A2,"red",3)', '#N/A'],
    ['=TEXTAFTER(A1,"Red")', " Riding Hood's red hood"],
    ['=TEXTAFTER(A1,"basket")', '#N/A'],
    ['=TEXTAFTER(A2,"red",2)', ' hood'],
    ['=TEXTAFTER(A2,"red",-2)', " riding hood's red hood"],
    ['=TEXTAFTER(A2,"Red",,FALSE)', '#N/A'],
    ['=TEXTAFTER(A1,"red",3)', '#N/A'],
  ])('MS example 1: %s is %j', (formula, expected) => {
    expect(result(riding(), formula)).toBe(expected);
  });

  it.each([
    ['=TEXTBEFORE(A1," ",,,1)', 'Marcus'],
    ['=TEXTBEFORE(A2," ",,,0)', '#N/A'],
    ['=TEXTBEFORE(A2," ",,,1)', 'Socrates'],
    ['=TEXTBEFORE(A3," ",,,1)', 'Immanuel'],
    ['=TEXTAFTER(A1," ",,,1)', 'Aurelius'],
    ['=TEXTAFTER(A2," ",,,0)', '#N/A'],
    ['=TEXTAFTER(A2," ",,,1)', ''],
    ['=IF(TEXTAFTER(A2," ",,,1)="",A2)', 'Socrates'],
    ['=TEXTAFTER(A3," ",,,1)', 'Kant'],
  ])('MS example 2 (match_end treats the end as a delimiter): %s is %j', (formula, expected) => {
    expect(result(bookWith([['Marcus Aurelius'], ['Socrates'], ['Immanuel Kant']]), formula)).toBe(
      expected,
    );
  });

  it.each([
    ['=TEXTBEFORE("Red riding hood\'s, red hood","hood")', 'Red riding '],
    ['=TEXTBEFORE("Red riding hood\'s, red hood","")', ''],
    ['=TEXTBEFORE("Red riding hood\'s, red hood","",-1)', "Red riding hood's, red hood"],
    ['=TEXTAFTER("Red riding hood\'s, red hood","hood")', "'s, red hood"],
    ['=TEXTAFTER("Red riding hood\'s, red hood","")', "Red riding hood's, red hood"],
    ['=TEXTAFTER("Red riding hood\'s, red hood","",-1)', ''],
  ])('MS remarks (an empty delimiter matches at once): %s is %j', (formula, expected) => {
    expect(calc(formula)).toBe(expected);
  });

  it.each([
    ['=TEXTBEFORE("a-b-c-d","-",-1)', 'a-b-c'],
    ['=TEXTBEFORE("a-b-c-d","-",-3)', 'a'],
    ['=TEXTAFTER("a-b-c-d","-",-1)', 'd'],
    ['=TEXTAFTER("a-b-c-d","-",-3)', 'b-c-d'],
    ['=TEXTAFTER("a-b-c-d","-",-4)', '#N/A'],
    ['=TEXTBEFORE("a-b-c-d","-",-4,,1)', ''],
    ['=TEXTAFTER("a-b-c-d","-",-4,,1)', 'a-b-c-d'],
    ['=TEXTAFTER("aXbxc","x",1,1)', 'bxc'],
    ['=TEXTAFTER("aXbxc","x",-1,1)', 'c'],
    ['=TEXTBEFORE("aaa","aa",-1)', 'a'],
    ['=TEXTAFTER("aaa","aa",1)', 'a'],
  ])('negative instances count from the end: %s is %j', (formula, expected) => {
    expect(calc(formula)).toBe(expected);
  });

  it('several delimiters as an array constant or a range: the nearest one counts', () => {
    const book = bookWith([[','], [';']]);
    expect(result(book, '=TEXTBEFORE("a;b,c",{",",";"})')).toBe('a');
    expect(result(book, '=TEXTAFTER("a;b,c",A1:A2,2)')).toBe('c');
    expect(result(book, '=TEXTAFTER("a;b,c",A1:A2,-2)')).toBe('b,c');
  });

  it('if_not_found replaces #N/A; instance_num 0 or past the length is #VALUE!', () => {
    expect(calc('=TEXTBEFORE("abc","x",,,,"none")')).toBe('none');
    expect(calc('=TEXTAFTER("abc","x",1,0,0,0)')).toBe(0);
    expect(calc('=TEXTBEFORE("abc","b",0)')).toBe('#VALUE!');
    expect(calc('=TEXTAFTER("abc","b",4)')).toBe('#VALUE!');
    expect(calc('=TEXTAFTER("abc","b",-4)')).toBe('#VALUE!');
    expect(calc('=TEXTAFTER("abc","b",2)')).toBe('#N/A');
    expect(calc('=TEXTAFTER("abc","b",1,2)')).toBe('#VALUE!');
    expect(calc('=TEXTBEFORE("","x")')).toBe('');
  });

  it('numbers are read as text; an error argument is the result', () => {
    expect(calc('=TEXTAFTER(12345,3)')).toBe('45');
    expect(calc('=TEXTBEFORE(1/0,"a")')).toBe('#DIV/0!');
  });
});

describe('NUMBERVALUE', () => {
  it.each([
    // MS examples.
    ['=NUMBERVALUE("2.500,27",",",".")', 2500.27],
    ['=NUMBERVALUE("3.5%")', 0.035],
    // MS remarks: spaces ignored anywhere, percent signs add up, "" is 0.
    ['=NUMBERVALUE(" 3 000 ")', 3000],
    ['=NUMBERVALUE("9%%")', 0.0009],
    ['=NUMBERVALUE("")', 0],
    ['=NUMBERVALUE("1,234,567.5")', 1234567.5],
    ['=NUMBERVALUE("1.234.567,5",",,",".")', 1234567.5],
    ['=NUMBERVALUE("-12.5e2")', -1250],
    ['=NUMBERVALUE("(42)")', -42],
    // Percent signs inside parentheses count too (formulas test.xlsx TEXT U27, V27, W28).
    ['=NUMBERVALUE("(2,500.27%)%",".",",.,")', -0.250027],
    ['=NUMBERVALUE("(,25,,0,0.27E + 6%)%",".",",.,")', -250027],
    ['=NUMBERVALUE("(2500,27E+6%)%",",")', -250027],
    ['=NUMBERVALUE(17)', 17],
  ])('%s is %d', (formula, expected) => {
    expect(calc(formula)).toBeCloseTo(expected, 12);
  });

  it.each([
    ['=NUMBERVALUE("1.2.3")'], // the decimal separator twice
    ['=NUMBERVALUE("(-2500.27E+2%)%",".",",.,")'], // a sign inside parentheses (TEXT R28)
    ['=NUMBERVALUE("1.234,5")'], // a group separator after the decimal one
    ['=NUMBERVALUE("12abc")'],
    ['=NUMBERVALUE("5%0")'],
    ['=NUMBERVALUE("%")'],
    ['=NUMBERVALUE("1",".",".")'],
    ['=NUMBERVALUE("1","")'],
    ['=NUMBERVALUE(TRUE)'],
  ])('%s is #VALUE!', (formula) => {
    expect(calc(formula)).toBe('#VALUE!');
  });

  it('reads a cell', () => {
    expect(result(bookWith([['1 234,5']]), '=NUMBERVALUE(A1,",")')).toBe(1234.5);
  });
});

describe('FIXED', () => {
  it.each([
    // MS example: 1234.567, -1234.567 and 44.332 in A1:A3.
    ['=FIXED(A1,1)', '1,234.6'],
    ['=FIXED(A1,-1)', '1,230'],
    ['=FIXED(A2,-1,TRUE)', '-1230'],
    ['=FIXED(A3)', '44.33'],
  ])('MS example: %s is %j', (formula, expected) => {
    expect(result(bookWith([[1234.567], [-1234.567], [44.332]]), formula)).toBe(expected);
  });

  it.each([
    ['=FIXED(2.5,0)', '3'],
    ['=FIXED(-2.5,0)', '-3'],
    ['=FIXED(1.005,2)', '1.01'],
    ['=FIXED(-0.001,2)', '0.00'],
    ['=FIXED(1234567.891,2,FALSE)', '1,234,567.89'],
    ['=FIXED(1234567.891,2,1)', '1234567.89'],
    ['=FIXED(999.995)', '1,000.00'],
    ['=FIXED(15,-2)', '0'],
    ['=FIXED(150,-2)', '200'],
    ['=FIXED(0.5,5)', '0.50000'],
    ['=FIXED(1/3,20)', '0.33333333333333300000'],
    ['=FIXED(1e21,0)', '1,000,000,000,000,000,000,000'],
    ['=FIXED(3.7,1.9)', '3.7'],
  ])('rounds half away from zero: %s is %j', (formula, expected) => {
    expect(calc(formula)).toBe(expected);
  });

  it('decimals above 127 or a non-number is #VALUE!', () => {
    expect(calc('=FIXED(1,128)')).toBe('#VALUE!');
    expect(calc('=LEN(FIXED(1,127))')).toBe(129);
    expect(calc('=FIXED("abc")')).toBe('#VALUE!');
  });

  it('reads an empty cell given for decimals as 0, not as the omitted 2 (formulas TEXT W18)', () => {
    expect(result(bookWith([[null]]), '=FIXED(1234.567,A1)')).toBe('1,235');
    expect(result(bookWith([[null]]), '=FIXED(1234.567,A1,2)')).toBe('1235');
  });

  it('takes no_commas as text only when it reads TRUE or FALSE (formulas EXTRA Q3:Q5)', () => {
    expect(calc('=FIXED(10001,1,"TRuE")')).toBe('10001.0');
    expect(calc('=FIXED(10001,1,"FALSe")')).toBe('10,001.0');
    expect(calc('=FIXED(10001,1,"1")')).toBe('#VALUE!');
    expect(calc('=FIXED(10001,1,"0")')).toBe('#VALUE!');
  });
});

describe('VALUETOTEXT and ARRAYTOTEXT', () => {
  // Microsoft's example data: TRUE, #VALUE!, 1234.01234, Seattle, Hello, 1123 in A1:B3.
  const example = (): Workbook =>
    bookWith([
      [true, '=1+"x"'],
      [1234.01234, 'Seattle'],
      ['Hello', 1123],
    ]);

  it('MS example: VALUETOTEXT is concise by default and quotes text when strict', () => {
    const book = example();
    expect(result(book, '=VALUETOTEXT(A1)')).toBe('TRUE');
    expect(result(book, '=VALUETOTEXT(B1)')).toBe('#VALUE!');
    expect(result(book, '=VALUETOTEXT(A2)')).toBe('1234.01234');
    expect(result(book, '=VALUETOTEXT(A3,0)')).toBe('Hello');
    expect(result(book, '=VALUETOTEXT(A3,1)')).toBe('"Hello"');
    expect(result(book, '=VALUETOTEXT(A3,2)')).toBe('#VALUE!');
  });

  it('MS example: ARRAYTOTEXT lists the values row by row, or as an array constant when strict', () => {
    const book = example();
    expect(result(book, '=ARRAYTOTEXT(A1:B3)')).toBe(
      'TRUE, #VALUE!, 1234.01234, Seattle, Hello, 1123',
    );
    expect(result(book, '=ARRAYTOTEXT(A1:B3,1)')).toBe(
      '{TRUE,#VALUE!;1234.01234,"Seattle";"Hello",1123}',
    );
  });
});

describe('XMATCH', () => {
  it('match_mode 3 finds the first (or, searching from the end, last) text a regular expression matches', () => {
    const book = bookWith([['Spain'], ['Germany'], ['Italy'], [42], ['Francialy']]);
    expect(result(book, '=XMATCH("[A-Z][a-z]+y",A1:A5,3)')).toBe(2);
    expect(result(book, '=XMATCH("[A-Z][a-z]+y",A1:A5,3,-1)')).toBe(5);
    expect(result(book, '=XMATCH("^4",A1:A5,3)')).toBe('#N/A');
    expect(result(book, '=XMATCH("[",A1:A5,3)')).toBe('#VALUE!');
    expect(result(book, '=XMATCH("a",A1:A5,3,2)')).toBe('#VALUE!');
  });

  it.each([
    // MS example 4.
    ['=XMATCH(4,{5,4,3,2,1})', 2],
    ['=XMATCH(4.5,{5,4,3,2,1},1)', 1],
    ['=XMATCH(4.5,{5,4,3,2,1},-1)', 2],
    ['=XMATCH(0,{5,4,3,2,1},-1)', '#N/A'],
    ['=XMATCH(6,{5,4,3,2,1},1)', '#N/A'],
    ['=XMATCH(7,{5,4,3,2,1})', '#N/A'],
  ])('%s is %j', (formula, expected) => {
    expect(calc(formula)).toBe(expected);
  });

  it('MS example 1: the first product matching "Gra" or next larger (match_mode 1) is Grape', () => {
    const book = bookWith([['Apple'], ['Grape'], ['Pear'], ['Banana'], ['Cherry']]);
    expect(result(book, '=XMATCH("Gra",A1:A5,1)')).toBe(2);
    expect(result(book, '=XMATCH("pear",A1:A5)')).toBe(3);
  });

  it('MS example 3: INDEX with two XMATCHes looks up a row and a column', () => {
    const book = bookWith([
      ['Rep', 'Jan', 'Feb', 'Mar'],
      ['Fred', 10, 20, 30],
      ['Ann', 40, 50, 60],
    ]);
    expect(result(book, '=INDEX(B2:D3,XMATCH("Ann",A2:A3),XMATCH("Feb",B1:D1))')).toBe(50);
  });

  it('wildcards with match_mode 2: * ? and ~', () => {
    const book = bookWith([['apple'], ['banana'], ['Blueberry'], ['b*d'], ['bxd']]);
    expect(result(book, '=XMATCH("b*",A1:A5,2)')).toBe(2);
    expect(result(book, '=XMATCH("b*",A1:A5,2,-1)')).toBe(5);
    expect(result(book, '=XMATCH("?pple",A1:A5,2)')).toBe(1);
    expect(result(book, '=XMATCH("b~*d",A1:A5,2)')).toBe(4);
    expect(result(book, '=XMATCH("c*",A1:A5,2)')).toBe('#N/A');
    // Without match_mode 2, * is an ordinary character.
    expect(result(book, '=XMATCH("b*",A1:A5)')).toBe('#N/A');
  });

  it('search_mode -1 finds the last match; ±2 search sorted data by halves', () => {
    const book = bookWith([
      [1, 9],
      [3, 7],
      [3, 5],
      [5, 3],
      [7, 1],
    ]);
    expect(result(book, '=XMATCH(3,A1:A5)')).toBe(2);
    expect(result(book, '=XMATCH(3,A1:A5,0,-1)')).toBe(3);
    expect(result(book, '=XMATCH(5,A1:A5,0,2)')).toBe(4);
    expect(result(book, '=XMATCH(4,A1:A5,-1,2)')).toBe(3);
    expect(result(book, '=XMATCH(4,A1:A5,1,2)')).toBe(4);
    expect(result(book, '=XMATCH(4,A1:A5,0,2)')).toBe('#N/A');
    expect(result(book, '=XMATCH(8,A1:A5,-1,2)')).toBe(5);
    expect(result(book, '=XMATCH(0,A1:A5,-1,2)')).toBe('#N/A');
    expect(result(book, '=XMATCH(5,B1:B5,0,-2)')).toBe(3);
    expect(result(book, '=XMATCH(6,B1:B5,-1,-2)')).toBe(3);
    expect(result(book, '=XMATCH(6,B1:B5,1,-2)')).toBe(2);
  });

  it('compares text ignoring case and only with text; searches a row too', () => {
    const book = bookWith([[1, "'1", 'ONE', true]]);
    expect(result(book, '=XMATCH("one",A1:D1)')).toBe(3);
    expect(result(book, '=XMATCH("1",A1:D1)')).toBe(2);
    expect(result(book, '=XMATCH(1,A1:D1)')).toBe(1);
    expect(result(book, '=XMATCH(TRUE,A1:D1)')).toBe(4);
  });

  it('a 2-D lookup_array or a bad mode is #VALUE!', () => {
    const book = bookWith([
      [1, 2],
      [3, 4],
    ]);
    expect(result(book, '=XMATCH(1,A1:B2)')).toBe('#VALUE!');
    expect(result(book, '=XMATCH(1,A1:A2,4)')).toBe('#VALUE!');
    expect(result(book, '=XMATCH(1,A1:A2,0,0)')).toBe('#VALUE!');
    expect(result(book, '=XMATCH("a*",A1:A2,2,2)')).toBe('#VALUE!');
  });
});

describe('LOOKUP', () => {
  // MS example (vector form): frequencies in A1:A5, colours in B1:B5.
  const colours = (): Workbook =>
    bookWith([
      [4.14, 'red'],
      [4.19, 'orange'],
      [5.17, 'yellow'],
      [5.77, 'green'],
      [6.39, 'blue'],
    ]);

  it.each([
    ['=LOOKUP(4.19,A1:A5,B1:B5)', 'orange'],
    ['=LOOKUP(5.00,A1:A5,B1:B5)', 'orange'],
    ['=LOOKUP(5.75,A1:A5,B1:B5)', 'yellow'],
    ['=LOOKUP(7.66,A1:A5,B1:B5)', 'blue'],
    ['=LOOKUP(0,A1:A5,B1:B5)', '#N/A'],
    ['=LOOKUP(5.17,A1:A5)', 5.17],
  ])('MS example (vector form): %s is %j', (formula, expected) => {
    expect(result(colours(), formula)).toBe(expected);
  });

  it.each([
    // MS examples (array form): wider than tall searches the first row, else the first column.
    ['=LOOKUP("C",{"a","b","c","d";1,2,3,4})', 3],
    ['=LOOKUP("bump",{"a",1;"b",2;"c",3})', 2],
    ['=LOOKUP(2.5,{1,"one";2,"two";3,"three"})', 'two'],
    ['=LOOKUP("a",{"b","c";1,2})', '#N/A'],
  ])('MS example (array form): %s is %j', (formula, expected) => {
    expect(calc(formula)).toBe(expected);
  });

  it('a range wider than tall answers from its last row; a square one from its last column', () => {
    const book = bookWith([
      [1, 2, 3],
      ['a', 'b', 'c'],
      ['x', 'y', 'z'],
      [10, 20, 30],
    ]);
    expect(result(book, '=LOOKUP(2,A1:C2)')).toBe('b');
    expect(result(book, '=LOOKUP(2,A1:C3)')).toBe(3);
    expect(result(book, '=LOOKUP("b",A1:C3)')).toBe('c');
    expect(result(book, '=LOOKUP(25,A4:C4,A2:C2)')).toBe('b');
  });

  it('skips values of another type and finds the last of equal values (LOOKUP(9.99E+307,…) is the last number)', () => {
    const book = bookWith([[3], ['text'], [8], [null], [2], ['more']]);
    expect(result(book, '=LOOKUP(9.99E+307,A1:A6)')).toBe(2);
    expect(result(book, '=LOOKUP("zzz",A1:A6)')).toBe('more');
    expect(result(bookWith([[1], [1], [1]]), '=LOOKUP(2,A1:A3,{"a";"b";"c"})')).toBe('c');
  });

  it('compares text ignoring case; an empty answer is 0', () => {
    const book = bookWith([
      ['apple', 1],
      ['Banana', null],
      ['cherry', 3],
    ]);
    expect(result(book, '=LOOKUP("BANANA",A1:A3,B1:B3)')).toBe(0);
    expect(result(book, '=LOOKUP("coconut",A1:A3,B1:B3)')).toBe(3);
  });

  it('a 2-D lookup_vector with a result_vector searches its first column (pycel/lookup.xlsx row 29)', () => {
    expect(calc('=LOOKUP(3,{1,2;3,4},{10;20})')).toBe(20);
  });
});

describe('RANK, RANK.EQ and RANK.AVG', () => {
  // MS example: 7, 3.5, 3.5, 1, 2 in A1:A5.
  const numbers = (): Workbook => bookWith([[7], [3.5], [3.5], [1], [2]]);

  it.each([
    ['=RANK(A2,A1:A5,1)', 3],
    ['=RANK(A1,A1:A5,1)', 5],
    ['=RANK.EQ(A1,A1:A5,1)', 5],
    ['=RANK.EQ(A5,A1:A5)', 4],
    ['=RANK.EQ(A2,A1:A5,1)', 3],
    ['=RANK.EQ(A2,A1:A5)', 2],
    ['=RANK.AVG(A2,A1:A5)', 2.5],
    ['=RANK.AVG(A2,A1:A5,1)', 3.5],
    ['=RANK(7,A1:A5,0)', 1],
  ])('MS example: %s is %d', (formula, expected) => {
    expect(result(numbers(), formula)).toBe(expected);
  });

  it('MS example (RANK.AVG): 94 among the temperatures ranks 4th', () => {
    const book = bookWith([[89], [88], [92], [101], [94], [97], [95]]);
    expect(result(book, '=RANK.AVG(94,A1:A7)')).toBe(4);
  });

  it('ignores what is not a number; a number not in ref is #N/A', () => {
    const book = bookWith([[5], ["'5"], [true], [null], [3]]);
    expect(result(book, '=RANK.EQ(3,A1:A5)')).toBe(2);
    expect(result(book, '=RANK(4,A1:A5)')).toBe('#N/A');
    expect(result(book, '=RANK.AVG("x",A1:A5)')).toBe('#VALUE!');
  });
});

describe('FORECAST and FORECAST.LINEAR', () => {
  // MS example: known y's in A1:A5, known x's in B1:B5.
  const known = (): Workbook =>
    bookWith([
      [6, 20],
      [7, 28],
      [9, 31],
      [15, 38],
      [21, 40],
    ]);

  it.each([['=FORECAST(30,A1:A5,B1:B5)'], ['=FORECAST.LINEAR(30,A1:A5,B1:B5)']])(
    'MS example: %s is 10.607253',
    (formula) => {
      expect(result(known(), formula) as number).toBeCloseTo(10.607253, 6);
    },
  );

  it('a straight line is followed exactly', () => {
    expect(calc('=FORECAST(4,{2,4,6},{1,2,3})')).toBe(8);
  });

  it('skips pairs where either value is not a number', () => {
    const book = bookWith([
      [2, 1],
      ['n/a', 2],
      [6, 3],
      [8, null],
      [8, 4],
    ]);
    expect(result(book, '=FORECAST(5,A1:A5,B1:B5)')).toBe(10);
  });

  it('different sizes are #N/A; x values that do not vary are #DIV/0!; a text x is #VALUE!', () => {
    const book = known();
    expect(result(book, '=FORECAST(30,A1:A5,B1:B4)')).toBe('#N/A');
    expect(result(book, '=FORECAST(30,{1,2},{3,3})')).toBe('#DIV/0!');
    expect(result(book, '=FORECAST("x",A1:A5,B1:B5)')).toBe('#VALUE!');
    expect(result(book, '=FORECAST(30,{1,1/0},{1,2})')).toBe('#DIV/0!');
  });
});

describe('AVERAGEIFS', () => {
  // MS example 1: students' quiz and exam grades.
  const grades = (): Workbook =>
    bookWith([
      ['Student', 'First Quiz', 'Second Quiz', 'Final Exam'],
      ['Emilio', 75, 85, 87],
      ['Julie', 94, 80, 88],
      ['Hans', 86, 93, 'Incomplete'],
      ['Frederique', 'Incomplete', 75, 75],
    ]);

  it.each([
    ['=AVERAGEIFS(B2:B5, B2:B5, ">70", B2:B5, "<90")', 80.5],
    ['=AVERAGEIFS(C2:C5, C2:C5, ">95")', '#DIV/0!'],
    ['=AVERAGEIFS(D2:D5, D2:D5, "<>Incomplete", D2:D5, ">80")', 87.5],
  ])('MS example 1: %s is %j', (formula, expected) => {
    expect(result(grades(), formula)).toBe(expected);
  });

  // MS example 2: houses with price, town, bedrooms and garage.
  const houses = (): Workbook =>
    bookWith([
      ['Type', 'Price', 'Town', 'Bedrooms', 'Garage?'],
      ['Cozy Rambler', 230000, 'Issaquah', 3, 'No'],
      ['Snug Bungalow', 197000, 'Bellevue', 2, 'Yes'],
      ['Cool Cape Codder', 345678, 'Bellevue', 4, 'Yes'],
      ['Splendid Split Level', 321900, 'Issaquah', 2, 'Yes'],
      ['Exclusive Tudor', 450000, 'Bellevue', 5, 'Yes'],
      ['Classy Colonial', 395000, 'Bellevue', 4, 'No'],
    ]);

  it.each([
    ['=AVERAGEIFS(B2:B7, C2:C7, "Bellevue", D2:D7, ">2", E2:E7, "Yes")', 397839],
    ['=AVERAGEIFS(B2:B7, C2:C7, "Issaquah", D2:D7, "<=3", E2:E7, "No")', 230000],
    ['=AVERAGEIFS(B2:B7, C2:C7, "bell*", E2:E7, "y?s")', 330892.6666666667],
    ['=AVERAGEIFS(B2:B7, D2:D7, 4)', 370339],
    ['=AVERAGEIFS(B2:B7, D2:D7, "=4")', 370339],
    ['=AVERAGEIFS(B2:B7, A2:A7, ">R")', 259450],
  ])('MS example 2 and more: %s is %d', (formula, expected) => {
    expect(result(houses(), formula) as number).toBeCloseTo(expected, 6);
  });

  it('agrees with SUMIFS / COUNTIFS on the same criteria', () => {
    const book = bookWith([
      [1, 'a', 10],
      [2, 'B', null],
      [3, null, 30],
      [4, 'a*', 40],
      [5, 'b', 5],
      [6, 'c', -1],
    ]);
    const cases = [
      ['B1:B6', '"a"'],
      ['B1:B6', '"b"'],
      ['B1:B6', '"<>b"'],
      ['B1:B6', '"a*"'],
      ['B1:B6', '"?"'],
      ['B1:B6', '"a~*"'],
      ['C1:C6', '">=20"'],
      ['C1:C6', '"<5"'],
      ['C1:C6', '10'],
      ['C1:C6', '"<>10"'],
    ];
    for (const [range, criterion] of cases) {
      const averaged = result(book, `=AVERAGEIFS(A1:A6,${range},${criterion})`);
      const summed = result(
        book,
        `=SUMIFS(A1:A6,${range},${criterion})/COUNTIFS(${range},${criterion})`,
      );
      expect(averaged, `${range} ${criterion}`).toBe(summed);
    }
  });

  it('empty criteria: "" matches empty cells and empty text, "=" too, "<>" all but empty cells', () => {
    const book = bookWith([
      [1, 'x'],
      [2, null],
      [4, '=""'],
      [8, 'y'],
    ]);
    expect(result(book, '=AVERAGEIFS(A1:A4,B1:B4,"")')).toBe(3);
    expect(result(book, '=AVERAGEIFS(A1:A4,B1:B4,"=")')).toBe(3);
    // Empty text is not an empty cell (ironcalc/STATISTICAL--COUNTIF.xlsx Rows AB5).
    expect(result(book, '=AVERAGEIFS(A1:A4,B1:B4,"<>")')).toBe(4.33333333333333);
  });

  it('ignores text and empty cells in average_range; an error among the matches is the result', () => {
    const book = bookWith([
      ['x', 1],
      [null, 1],
      [6, 1],
      ['=NA()', 2],
    ]);
    expect(result(book, '=AVERAGEIFS(A1:A4,B1:B4,1)')).toBe(6);
    expect(result(book, '=AVERAGEIFS(A1:A4,B1:B4,2)')).toBe('#N/A');
    expect(result(book, '=AVERAGEIFS(A1:A2,B1:B2,1)')).toBe('#DIV/0!');
  });

  it('ranges of another shape are #VALUE!; a missing criterion is #VALUE!', () => {
    const book = grades();
    expect(result(book, '=AVERAGEIFS(B2:B5,C2:C4,">1")')).toBe('#VALUE!');
    expect(result(book, '=AVERAGEIFS(B2:B5,B2:C3,">1")')).toBe('#VALUE!');
    expect(result(book, '=AVERAGEIFS(B2:B5,C2:C5,">1",D2:D5)')).toBe('#VALUE!');
  });
});
