// HLOOKUP in place of HyperFormula's, and LOOKUP's vector form over a 2-D lookup_vector. Expected
// values come from Microsoft's HLOOKUP page ("MS example") and, where Excel's cached results are
// the only word, from the conformance corpus (file and row named).
import { describe, expect, it } from 'vitest';
import { useWorkbooks, valueAt, writeCell, writeRows } from '../../../test/support/workbook-bed.js';
import { replaceWorkbookOps, type WireValue } from '../index.js';
import type { Workbook } from '../workbook.js';

const bed = useWorkbooks();

function bookWith(rows: readonly (readonly WireValue[])[]): Workbook {
  const book = bed.open();
  writeRows(book, 'A1', rows);
  return book;
}

function result(book: Workbook, formula: string): WireValue {
  writeCell(book, 'Z1', formula);
  return valueAt(book, 'Z1');
}

describe('HLOOKUP', () => {
  const table: WireValue[][] = [
    ['Axles', 'Bearings', 'Bolts'],
    [4, 4, 9],
    [5, 7, 10],
    [6, 8, 11],
  ];

  it.each([
    ['=HLOOKUP("Axles",A1:C4,2,TRUE)', 4],
    ['=HLOOKUP("Bearings",A1:C4,3,FALSE)', 7],
    ['=HLOOKUP("B",A1:C4,3,TRUE)', 5],
    ['=HLOOKUP("Bolts",A1:C4,4)', 11],
    ['=HLOOKUP(3,{1,2,3;"a","b","c";"d","e","f"},2,TRUE)', 'c'],
  ])('MS example %s is %j', (formula, expected) => {
    expect(result(bookWith(table), formula)).toBe(expected);
  });

  it('the approximate search on text finds the largest value not above, not the last column', () => {
    const book = bookWith([
      ['Albacete', 'Berlin', 'Madrid', 'Paris', 'Zimbawe'],
      ['apple', 'banana', 'cherry', 'date', 'done'],
    ]);
    expect(result(book, '=HLOOKUP("Alcala",A1:E2,1)')).toBe('Albacete');
    expect(result(book, '=HLOOKUP("Lisbon",A1:E2,2,TRUE)')).toBe('banana');
    expect(result(book, '=HLOOKUP("Aachen",A1:E2,2)')).toBe('#N/A');
  });

  it('an exact search ignores case and reads wildcards', () => {
    expect(result(bookWith(table), '=HLOOKUP("bea*",A1:C4,2,FALSE)')).toBe(4);
    expect(result(bookWith(table), '=HLOOKUP("b?lts",A1:C4,4,FALSE)')).toBe(11);
    expect(result(bookWith(table), '=HLOOKUP("Nuts",A1:C4,2,FALSE)')).toBe('#N/A');
  });

  it('row_index_num below 1 is #VALUE!, past the table #REF!', () => {
    expect(result(bookWith(table), '=HLOOKUP("Axles",A1:C4,0,FALSE)')).toBe('#VALUE!');
    expect(result(bookWith(table), '=HLOOKUP("Axles",A1:C4,5,FALSE)')).toBe('#REF!');
  });

  it('an empty cell in the answering row is 0', () => {
    const book = bookWith([
      ['x', 'y'],
      [null, 2],
    ]);
    expect(result(book, '=HLOOKUP("x",A1:B2,2,FALSE)')).toBe(0);
  });
});

describe('LOOKUP with a 2-D lookup_vector', () => {
  // pycel/lookup.xlsx, rows 5-9 and 29-30: LOOKUP(x, $B$5:$C$9, $D$5:$D$9) searches B5:B9.
  const table: WireValue[][] = [
    [0, 'a', null],
    [1, 'e', 'plugh'],
    [2, 'i', true],
    [3, 'o', '#VALUE!'],
    [4, 'u', '#N/A'],
  ];

  it.each([
    ['=LOOKUP(2,A1:B5,C1:C5)', true],
    ['=LOOKUP(0.5,A1:B5,C1:C5)', 0],
    ['=LOOKUP(1.5,A1:B5,C1:C5)', 'plugh'],
    ['=LOOKUP(-1,A1:B5,C1:C5)', '#N/A'],
    ['=LOOKUP("plugh",A1:B5,C1:C5)', '#N/A'],
  ])('searches its first column: %s is %j', (formula, expected) => {
    expect(result(bookWith(table), formula)).toBe(expected);
  });

  it('a 2-D result_vector is #N/A (pycel/lookup.xlsx J30)', () => {
    expect(result(bookWith(table), '=LOOKUP(2,A1:B5,B1:C5)')).toBe('#N/A');
  });
});

describe('VLOOKUP', () => {
  it('col_index_num below 1 is #VALUE!, past the table #REF!', () => {
    const book = bookWith([[1, 2]]);
    expect(result(book, '=VLOOKUP(1,A1:B1,0,FALSE)')).toBe('#VALUE!');
    expect(result(book, '=VLOOKUP(1,A1:B1,3,FALSE)')).toBe('#REF!');
  });
});

describe('MATCH and LOOKUP bisect as Excel does', () => {
  it('on sorted data with equal values, the last of them (ironcalc MATCH.xlsx C7)', () => {
    expect(
      result(bed.open(), '=MATCH("delta",{"Alpha","Beta","Delta","Delta","Gamma","Omega"})'),
    ).toBe(4);
  });

  it('on data sorted the other way, no value (formulas/test.xlsx LOOKUP!T68)', () => {
    expect(result(bed.open(), '=MATCH(3,{4.1,3.1,2.1,1.1})')).toBe('#N/A');
  });

  it('an equal value ends the search, though values of other types lie past it (formulas/test.xlsx LOOKUP!V69, V60)', () => {
    expect(result(bed.open(), '=MATCH(4.1,{"c bau c",4.1,"a",1.1})')).toBe(2);
    expect(result(bed.open(), '=LOOKUP(4.1,{"b",4.1,"a",1.1})')).toBe(4.1);
    expect(result(bed.open(), '=MATCH(TRUE,{TRUE,4.1,FALSE,1.1})')).toBe(3);
  });

  it('a probe on another type reads the next value of the lookup type to its right (formulas/test.xlsx LOOKUP!X60, V66)', () => {
    expect(result(bed.open(), '=LOOKUP("b",{"b",4.1,"a",1.1})')).toBe('a');
    expect(result(bed.open(), '=MATCH(4.1,{"a",2.1,"c bau c",4.1})')).toBe(4);
    expect(result(bed.open(), '=MATCH(4.1,{"c bau c",4.1,"a",1.1})')).toBe(2);
  });

  it('match_type -1 finds nothing when the first value of the type is below the lookup value (formulas/test.xlsx LOOKUP!S83, X88)', () => {
    expect(result(bed.open(), '=MATCH(1.1,{-1.1,2.1,3.1,4.1},-1)')).toBe('#N/A');
    expect(result(bed.open(), '=MATCH(-2,{-1.1,2.1,3.1,4.1},-1)')).toBe(4);
    expect(result(bed.open(), '=MATCH("*b?u*",{"",4.1,"a",1.1},-1)')).toBe('#N/A');
    expect(result(bed.open(), '=MATCH(1.1,{"c bau c",4.1,"a",1.1},-1)')).toBe(4);
    expect(result(bed.open(), '=MATCH(3,{4.1,3.1,2.1,1.1},-1)')).toBe(2);
  });

  it('match_type -1 answers a first value equal to the lookup value (pycel lookup.xlsx G32)', () => {
    expect(result(bed.open(), '=MATCH(0,{0,1,2,3,4},-1)')).toBe(1);
    expect(result(bed.open(), '=MATCH(-1,{0,1,2,3,4},-1)')).toBe(5);
  });

  it('blank cells after sorted values are passed over to the left', () => {
    const book = bookWith([[1], [2], [3], [null], [null], [null], [null]]);
    expect(result(book, '=MATCH(2.5,A1:A7)')).toBe(2);
    expect(result(book, '=MATCH(9,A1:A7)')).toBe(3);
  });
});

describe('XLOOKUP and XMATCH searches', () => {
  it('the next larger value may be text, which sorts after numbers (ironcalc XLOOKUP.xlsx ReturnLarger!E8)', () => {
    const book = bookWith([[2], [5], [4], [5], [3], [1], ['ala']]);
    writeRows(book, 'B1', [['a'], ['b'], ['c'], ['d'], ['e'], ['f'], ['g']]);
    expect(result(book, '=XLOOKUP(10,A1:A7,B1:B7,,1)')).toBe('g');
  });

  it('a binary search probes every value, ordered across types (poi/xlookup.xlsx F2)', () => {
    const book = bookWith([
      [0.1, 9700],
      [0.22, 'xyz'],
      [0.24, 'xyz'],
      [0.32, 160726],
      [0.35, 204100],
      [0.37, 510300],
    ]);
    expect(result(book, '=XLOOKUP(46523,B1:B6,A1:A6,0,1,2)')).toBe(0.22);
  });

  it('an empty lookup_value finds an empty cell (ironcalc XLOOKUP.xlsx ExactMatch!U12)', () => {
    const book = bookWith([
      [2, 'a'],
      [null, 7],
      [3, 'c'],
    ]);
    expect(result(book, '=XLOOKUP(Y1,A1:A3,B1:B3,"none")')).toBe(7);
  });

  it('XMATCH of an empty cell: after every value, so -1 finds the largest in sort order (formulas/test.xlsx LOOKUP!W189:W197)', () => {
    const book = bed.open();
    expect(result(book, '=XMATCH(Y1,{-1.1,2.1,3.1,4.1},-1)')).toBe(4);
    expect(result(book, '=XMATCH(Y1,{"a",2.1,"c bau c",4.1},-1)')).toBe(3);
    expect(result(book, '=XMATCH(Y1,{TRUE,4.1,FALSE,1.1},-1)')).toBe(1);
    expect(result(book, '=XMATCH(Y1,{-1.1,2.1,3.1,4.1},1)')).toBe('#N/A');
    expect(result(book, '=XMATCH(Y1,{4.1,3.1,2.1,1.1},0)')).toBe('#N/A');
  });

  it('XMATCH of an empty cell in a binary search goes right past every value (formulas/test.xlsx LOOKUP!W177, W178)', () => {
    const book = bed.open();
    expect(result(book, '=XMATCH(Y1,{TRUE,4.1,FALSE,1.1},-1,2)')).toBe(4);
    expect(result(book, '=XMATCH(Y1,{TRUE,4.1,FALSE,"c bau c"},-1,-2)')).toBe(1);
  });

  it('wildcards with a binary search are #VALUE! (ironcalc XLOOKUP.xlsx Wildcards!E13)', () => {
    const book = bookWith([['a'], ['b']]);
    expect(result(book, '=XLOOKUP("a*",A1:A2,A1:A2,,2,2)')).toBe('#VALUE!');
  });

  it('a 2-D return_array answers the row found', () => {
    const book = bookWith([
      [1, 'x', 'y'],
      [2, 'p', 'q'],
    ]);
    expect(result(book, '=XLOOKUP(2,A1:A2,B1:C2)')).toBe('p');
    expect(valueAt(book, 'AA1')).toBe('q');
  });
});

describe('lookups over whole columns of a tall sparse sheet', () => {
  // Cells in rows 1–5 and 1,048,576 only: each search steps over the million empty cells between
  // them. Live (a dense layout with a sparse array of rows) and rebuilt from the document as a
  // restart builds (a sparse layout), the answers are the same.
  const tall = (): Workbook => {
    const book = bed.open();
    book.apply([{ type: 'add-sheet', name: 'Data' }]);
    writeRows(
      book,
      'A1',
      [
        [10, 'one', 1],
        [null, null, 3],
        ['apple', 'three', 5],
      ],
      'Data',
    );
    writeCell(book, 'A5', '=""', 'Data');
    writeRows(book, 'A1048576', [[7, 'last', 9]], 'Data');
    book.apply([{ type: 'add-sheet', name: 'Short' }]);
    writeCell(book, 'A1', 'short', 'Short');
    return book;
  };
  const answers: readonly (readonly [string, WireValue])[] = [
    ['=MATCH(7, Data!A:A, 0)', 1_048_576],
    ['=MATCH("APP*", Data!A:A, 0)', 3],
    // "" finds the empty text a formula answers, never an empty cell.
    ['=MATCH("", Data!A:A, 0)', 5],
    ['=MATCH(8, Data!A:A, 0)', '#N/A'],
    // Ascending numbers with empty cells between them (approximate match passes them over).
    ['=MATCH(4, Data!C:C, 1)', 2],
    ['=MATCH(100, Data!C:C, 1)', 1_048_576],
    ['=MATCH(0, Data!C:C, 1)', '#N/A'],
    ['=MATCH(7, Data!A:B, 0)', '#N/A'],
    ['=XMATCH(7, Data!A:A)', 1_048_576],
    ['=XMATCH(6, Data!C:C, 1)', 1_048_576],
    ['=XMATCH(4, Data!C:C, -1, -1)', 2],
    ['=XMATCH(5, Data!C:C, 0, 2)', 3],
    // An empty lookup_value finds the first (last) empty cell, wherever the used area ends.
    ['=XMATCH(Short!B1, Data!A:A)', 2],
    ['=XMATCH(Short!B1, Data!A:A, 0, -1)', 1_048_575],
    ['=XMATCH(Short!B1, Data!C:C)', 4],
    ['=XLOOKUP(7, Data!A:A, Data!B:B)', 'last'],
    ['=XLOOKUP("apple", Data!A:A, Data!C:C)', 5],
    ['=XLOOKUP(9, Data!C:C, Data!A:A, "none", 0, -1)', 7],
    ['=XLOOKUP(8, Data!A:A, Data!B:B, "none")', 'none'],
    // A return array on a shorter sheet is still a whole column (Excel's 1,048,576 rows).
    ['=XLOOKUP(7, Data!A:A, Short!A:A, "none")', 0],
    ['=XLOOKUP(10, Data!A:A, Short!A:A, "none")', 'short'],
    ['=VLOOKUP(7, Data!A:C, 2, FALSE)', 'last'],
    ['=VLOOKUP("Ap?le", Data!A:C, 3, FALSE)', 5],
    ['=VLOOKUP(10, Data!A:D, 4, FALSE)', 0],
    ['=VLOOKUP(8, Data!A:C, 2, FALSE)', '#N/A'],
    ['=VLOOKUP(4, Data!C:D, 1, TRUE)', 3],
    ['=VLOOKUP(100, Data!C:C, 1)', 9],
    ['=LOOKUP(5, Data!C:C, Data!B:B)', 'three'],
    ['=LOOKUP(100, Data!C:C, Data!B:B)', 'last'],
    ['=LOOKUP(4, Data!C:C)', 3],
    ['=LOOKUP(0, Data!C:C)', '#N/A'],
  ];

  it('find the cells held past the empty ones, and empty cells where one is looked for', () => {
    const book = tall();
    const rebuilt = bed.open();
    rebuilt.apply(replaceWorkbookOps(book.document()));
    for (const [formula, expected] of answers) {
      expect([formula, result(book, formula)]).toEqual([formula, expected]);
      expect([formula, result(rebuilt, formula)]).toEqual([formula, expected]);
    }
  });
});
