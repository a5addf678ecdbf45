// INDEX, CHOOSE, IFERROR, IFNA, SUMPRODUCT and ISREF in place of HyperFormula's. Expected values
// come from Microsoft's function pages ("MS") and, where Excel's cached results are the only
// word, from the conformance corpus (file and cell named).
import { describe, expect, it } from 'vitest';
import {
  holdCell,
  useWorkbooks,
  valueAt,
  writeCell,
  writeRows,
} from '../../../test/support/workbook-bed.js';
import type { WireValue } from '../index.js';
import type { Workbook } from '../workbook.js';

const bed = useWorkbooks();

/** pycel/lookup.xlsx's Index sheet table (B2:F6 there), at A1:E5 here. */
const GRID: WireValue[][] = [
  [1, 2, 3, 4, 5],
  [6, 'X', 8, 9, 10],
  [11, 12, 13, 14, 15],
  [16, 17, 18, 19, 20],
  [21, 22, 23, 24, '25'],
];

function bookWith(rows: readonly (readonly WireValue[])[]): Workbook {
  const book = bed.open();
  writeRows(book, 'A1', rows);
  return book;
}

function result(book: Workbook, formula: string): WireValue {
  writeCell(book, 'Z1', formula);
  return valueAt(book, 'Z1');
}

describe('INDEX', () => {
  it.each([
    // pycel/lookup.xlsx Index!D13, I12, D17, C11, C12.
    ['=INDEX(A1:E5,2,1)', 6],
    ['=INDEX(A1:E5,1,6)', '#REF!'],
    ['=INDEX(A1:E5,6,1)', '#REF!'],
    ['=INDEX(A1:E5,-1,6)', '#VALUE!'],
    ['=INDEX(A1:E5,1,-1)', '#VALUE!'],
    // ironcalc/simple_functions.xlsx J6: past the end of a range is #REF!.
    ['=INDEX(A1:A3,100)', '#REF!'],
    ['=INDEX(A1:E5,2.9,1.2)', 6],
  ])('%s is %j', (formula, expected) => {
    expect(result(bookWith(GRID), formula)).toBe(expected);
  });

  it('row or column 0 (or left out) takes the whole column or row', () => {
    const book = bookWith(GRID);
    expect(result(book, '=SUM(INDEX(A1:E5,0,3))')).toBe(65);
    expect(result(book, '=SUM(INDEX(A1:E5,3,0))')).toBe(65);
    expect(result(book, '=SUM(INDEX(A1:E5,3,))')).toBe(65);
    expect(result(book, '=SUM(INDEX(A1:E5,,1))')).toBe(55);
    // Alone in a cell, the area shows its first value (pycel/lookup.xlsx Index!D18, J18).
    expect(result(book, '=INDEX(A1:E5,0,2)')).toBe(2);
    expect(result(book, '=INDEX(A1:E5,0,0)')).toBe(1);
  });

  it('a whole column or row of a range is a reference, which a file’s formula intersects with its row or column', () => {
    // ironcalc/simple_functions.xlsx INDEX!H6: INDEX(A1:A3,0.4) in row 6 (0.4 truncated: the whole
    // column) is #VALUE!; poi FormulaEvalTestData_Copy.xlsx E736: INDEX(B14:C15,D7,2) over an empty
    // D7 in row 736 too. Held as a file saved before dynamic arrays holds its formulas.
    const book = bookWith([
      ['A', 1],
      [11, 2],
      [22, 3],
    ]);
    holdCell(book, 'H6', '=INDEX(A1:A3,0.4)');
    holdCell(book, 'H2', '=INDEX(A1:A3,0)');
    holdCell(book, 'H3', '=INDEX(A1:B3,D1,2)');
    holdCell(book, 'H4', '=ROWS(INDEX(A1:B3,0,1))');
    expect(valueAt(book, 'H6')).toBe('#VALUE!');
    expect(valueAt(book, 'H2')).toBe(11);
    expect(valueAt(book, 'H3')).toBe(3);
    expect(valueAt(book, 'H4')).toBe(3);
  });

  it('one index into a single row is the column (MS: row_num optional for one row)', () => {
    // ironcalc/LOOKUP_AND_REFERENCE--INDEX.xlsx A3; ironcalc/simple_functions.xlsx A3.
    expect(result(bed.open(), '=INDEX({1,2,3},2)')).toBe(2);
    expect(result(bookWith([['A', 'B', 'C', 'D']]), '=INDEX(A1:D1,3)')).toBe('C');
  });

  it('a reference of several rows and columns needs column_num; an array answers the row', () => {
    // formulas/test.xlsx LOOKUP!R53: INDEX(C52:E53,2) is #REF!; MS: for an array of several rows
    // and columns, row_num alone answers that whole row.
    const book = bookWith(GRID);
    expect(result(book, '=INDEX(A1:E5,3)')).toBe('#REF!');
    expect(result(book, '=SUM(INDEX({1,2;3,4},2))')).toBe(7);
  });

  it('area_num 1 is the one area, a larger one #REF!', () => {
    // ironcalc/LOOKUP_AND_REFERENCE--INDEX.xlsx E18, E20.
    expect(result(bed.open(), '=INDEX({1,2,3},1,0,1)')).toBe(1);
    expect(result(bed.open(), '=INDEX({1,2,3},1,0,2)')).toBe('#REF!');
  });

  it('indexes into an array expression', () => {
    expect(result(bookWith(GRID), '=INDEX(A1:A5*2,3)')).toBe(22);
  });
});

describe('CHOOSE', () => {
  it('index_num below 1 or past the list is #VALUE!; a fraction is truncated', () => {
    // ironcalc/LOOKUP_AND_REFERENCE--CHOOSE.xlsx B16, B17, B19, B21, B32.
    const book = bed.open();
    expect(result(book, '=CHOOSE(-1,"a")')).toBe('#VALUE!');
    expect(result(book, '=CHOOSE(0,"a")')).toBe('#VALUE!');
    expect(result(book, '=CHOOSE(2,"a")')).toBe('#VALUE!');
    expect(result(book, '=CHOOSE(FALSE,"a")')).toBe('#VALUE!');
    expect(result(book, '=CHOOSE(1.9,"a","b")')).toBe('a');
  });

  it('chooses a range (MS: =SUM(CHOOSE(2,A1:A10,B1:B10,C1:C10)))', () => {
    const book = bookWith(GRID);
    expect(result(book, '=SUM(CHOOSE(2,A1:A5,B1:B5,C1:C5))')).toBe(53);
    // xlcalculator/choose.xlsx A3: alone in a cell, the chosen range shows its first value.
    expect(result(book, '=CHOOSE(1,A2:C2,D1,11)')).toBe(6);
  });

  it('evaluates only the chosen value', () => {
    expect(result(bed.open(), '=CHOOSE(2,1/0,"b")')).toBe('b');
  });
});

describe('IFERROR and IFNA', () => {
  const quotients: WireValue[][] = [
    [100, 5],
    [200, 0],
    [300, 30],
  ];

  it('work element by element on arrays (MS IFERROR example)', () => {
    // ironcalc/LOGICAL--IFERROR.xlsx C31: =SUM(IFERROR(G4:G7/H4:H7, 0)).
    const book = bookWith(quotients);
    expect(result(book, '=SUM(IFERROR(A1:A3/B1:B3,0))')).toBe(30);
    expect(result(book, '=SUM(IFERROR(A1:A3/B1:B3,{1;2;3}))')).toBe(32);
    expect(result(book, '=SUM(IFNA(IF(B1:B3=0,NA(),B1:B3),1))')).toBe(36);
  });

  it('the first value of an array alone in a cell, the fallback only where there is an error', () => {
    // pycel/logical.xlsx K3 and N3: =IFERROR(A3:B3,"ERROR"), =IFNA(A3:B3,"AN NA").
    const book = bookWith([['=1/0', 1]]);
    expect(result(book, '=IFERROR(A1:B1,"ERROR")')).toBe('ERROR');
    expect(result(book, '=IFNA(A1:B1,"AN NA")')).toBe('#DIV/0!');
    // ironcalc/LOGICAL--IFERROR.xlsx C37, C40.
    expect(result(bookWith(quotients), '=IFERROR(NA(),A1:A3)')).toBe(100);
    expect(result(bookWith(quotients), '=IFERROR(7,A1:A3)')).toBe(7);
  });

  it('an array argument to another function sees the array (koala examples A39)', () => {
    const book = bookWith([[1], [2], [3]]);
    expect(result(book, '=IFERROR(MATCH(TRUE,A1:A3>2,0),"none")')).toBe(3);
  });
});

describe('SUMPRODUCT', () => {
  const rows: WireValue[][] = [
    [3, 4, 'a'],
    [8, 6, 'b'],
    [1, 9, 'a'],
  ];

  it('multiplies array expressions (koala tests--files--SharedFormula.xlsx N10, F5)', () => {
    const book = bookWith(rows);
    expect(result(book, '=SUMPRODUCT((A1:A3)*(B1:B3)*(C1:C3="a"))')).toBe(21);
    expect(result(book, '=SUMPRODUCT(--(C1:C3="a"),B1:B3)')).toBe(13);
    expect(result(book, '=SUMPRODUCT((A1:A3>2)*1)')).toBe(2);
  });

  it('counts text as 0, answers an error inside, and #VALUE! for arrays of other sizes', () => {
    const book = bookWith(rows);
    expect(result(book, '=SUMPRODUCT(A1:A3,C1:C3)')).toBe(0);
    expect(result(book, '=SUMPRODUCT(A1:A3,B1:B2)')).toBe('#VALUE!');
    expect(result(book, '=SUMPRODUCT(A1:A3/(B1:B3-6))')).toBe('#DIV/0!');
  });

  it('answers the first error inside an array before a difference of sizes', () => {
    // formulas/test.xlsx MATH & TRIG!AE75 and AF75: the first array's first error.
    const book = bookWith([[1, 2, '=1/0', '=NA()', 5]]);
    expect(result(book, '=SUMPRODUCT(C1:D1,A1:B1,A1:C1)')).toBe('#DIV/0!');
    expect(result(book, '=SUMPRODUCT(D1:E1,A1:B1,A1:C1)')).toBe('#N/A');
    expect(result(book, '=SUMPRODUCT(A1:B1,D1:E1,B1:C1)')).toBe('#N/A');
  });
});

describe('ISREF', () => {
  it('is TRUE for references, FALSE for values and errors', () => {
    // ironcalc/INFORMATION--ISREF_ISFORMULA_ISODD_ISEVEN.xlsx B2, B3, F9.
    const book = bookWith(GRID);
    expect(result(book, '=ISREF(A2)')).toBe(true);
    expect(result(book, '=ISREF(A2:A3)')).toBe(true);
    expect(result(book, '=ISREF(INDEX(A1:E5,1,2))')).toBe(true);
    expect(result(book, '=ISREF(INDEX(A1,1,2,2))')).toBe(false);
    expect(result(book, '=ISREF(5)')).toBe(false);
  });
});
