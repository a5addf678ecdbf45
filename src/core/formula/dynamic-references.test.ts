// INDIRECT, OFFSET with computed arguments, ranges with a computed end, and ROW, COLUMN, ROWS,
// ISREF, ISFORMULA and CELL over such references. Expected values come from Microsoft's INDIRECT,
// OFFSET and CELL pages ("MS") and, where Excel's cached results are the only word, from the
// conformance corpus (file and cell named).
import { describe, expect, it } from 'vitest';
import {
  holdRows,
  useWorkbooks,
  valueAt,
  writeCell,
  writeRows,
} from '../../../test/support/workbook-bed.js';
import type { WireValue } from '../index.js';
import type { Workbook } from '../workbook.js';
import { dynamicSpelling } from './dynamic-spelling.js';

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

describe('INDIRECT', () => {
  // MS example: A2:A5 hold B2, B3, George, 5; B2:B5 hold 1.333, 45, 10, 62.
  const table: WireValue[][] = [
    ['Data', 'Data'],
    ['B2', 1.333],
    ['B3', 45],
    ['George', 10],
    [5, 62],
  ];

  it.each([
    ['=INDIRECT(A2)', 1.333],
    ['=INDIRECT(A3)', 45],
    ['=INDIRECT("B"&A5)', 62],
    ['=SUM(INDIRECT("B2:B5"))', 118.333],
    ['=INDIRECT("R3C2",FALSE)', 45],
    ['=INDIRECT("R[2]C[-24]",FALSE)', 45],
  ])('MS example %s is %j', (formula, expected) => {
    expect(result(bookWith(table), formula)).toBe(expected);
  });

  it('text that names no reference is #REF!', () => {
    // ironcalc/LOOKUP_AND_REFERENCE--ROW_COLUM.xlsx K7:K9: "NonExist!W3", "h", 5.
    const book = bookWith(table);
    expect(result(book, '=INDIRECT("NonExist!W3")')).toBe('#REF!');
    expect(result(book, '=INDIRECT("h")')).toBe('#REF!');
    expect(result(book, '=INDIRECT(5)')).toBe('#REF!');
    expect(result(book, '=INDIRECT("XFE:XFE")')).toBe('#REF!');
  });

  it('reads another sheet named in quotes', () => {
    const book = bookWith(table);
    book.apply([{ type: 'add-sheet', name: 'Other Data' }]);
    writeCell(book, 'D5', 7, 'Other Data');
    expect(result(book, '=INDIRECT("\'Other Data\'!D5")')).toBe(7);
  });

  it('ROW and COLUMN of the reference it names', () => {
    // ironcalc/LOOKUP_AND_REFERENCE--ROW_COLUM.xlsx K3:L24.
    const book = bookWith(table);
    expect(result(book, '=ROW(INDIRECT("D5:E7"))')).toBe(5);
    expect(result(book, '=COLUMN(INDIRECT("$RS34"))')).toBe(487);
    expect(result(book, '=ROW(INDIRECT("05:05"))')).toBe(5);
    expect(result(book, '=COLUMN(INDIRECT("s:s"))')).toBe(19);
    expect(result(book, '=ROWS(INDIRECT("D:D"))')).toBe(1048576);
    expect(result(book, '=ISREF(INDIRECT("A1"))')).toBe(true);
  });

  it('ROW and COLUMN answer every row or column of a range where an array is wanted', () => {
    // pycel/excelcompiler.xlsx ArrayForm!F2, F3, I2: INDEX(ROW(A1:A3), 2) is 2,
    // INDEX(COLUMN(A1:B1),1,2) is 2; alone in a cell, ROW(A1:A3) is the first row.
    const book = bookWith(table);
    expect(result(book, '=INDEX(ROW(A1:A3), 2)')).toBe(2);
    expect(result(book, '=INDEX(ROW(A1:A3), 3)')).toBe(3);
    expect(result(book, '=INDEX(COLUMN(A1:B1),1,2)')).toBe(2);
    expect(result(book, '=SUMPRODUCT((ROW(C2:C6)>3)*1)')).toBe(3);
    expect(result(book, '=ROW(C4:C6)')).toBe(4);
  });

  it('a one-cell reference stays a cell for SUM: its text is not a number', () => {
    // ironcalc/MATH_AND_TRIGONOMETRY--PRODUCT_SUM.xlsx C43 (A2 holds the text "7") and C44 (empty).
    const book = bookWith([[7], ['="7"']]);
    expect(result(book, '=SUM(INDIRECT("A2"))')).toBe(0);
    expect(result(book, '=SUM(INDIRECT("A3"))')).toBe(0);
    expect(result(book, '=SUM(INDIRECT("A1"))')).toBe(7);
  });

  it('an operator reads the value of the cell it names (=INDIRECT("B2")*2, =-OFFSET(…))', () => {
    const book = bookWith(table);
    expect(result(book, '=INDIRECT("B3")*2')).toBe(90);
    expect(result(book, '=-INDIRECT(A3)')).toBe(-45);
    expect(result(book, '=1+OFFSET(A1,A5-3,1)')).toBe(46);
    expect(result(book, '=INDIRECT("A4")&"!"')).toBe('George!');
    expect(result(book, '=SUM(INDIRECT("B2:B3"))*2')).toBe(92.666);
  });

  it('follows a formula cell computed after it, and later changes', () => {
    const book = bed.open();
    writeRows(book, 'A1', [['=INDIRECT("B1")', '=C1*2', 5]]);
    expect(valueAt(book, 'A1')).toBe(10);
    writeCell(book, 'C1', 6);
    expect(valueAt(book, 'A1')).toBe(12);
    // A block of plain values over plain values (the in-place write path) reaches it too.
    writeRows(book, 'C1', [[7]]);
    expect(valueAt(book, 'A1')).toBe(14);
  });
});

describe('OFFSET with computed arguments', () => {
  it('sums each week of a column (ironcalc ROW_COLUM.xlsx, OFFSET!E24:E26)', () => {
    const book = bookWith([[45], [33], [123], [91], [-67], [82], [43], [57], [12], [-87]]);
    writeCell(book, 'C2', '=SUM(OFFSET($A$1,(ROW()-2)*5,0,5,1))');
    writeCell(book, 'C3', '=SUM(OFFSET($A$1,(ROW()-2)*5,0,5,1))');
    expect(valueAt(book, 'C2')).toBe(225);
    expect(valueAt(book, 'C3')).toBe(107);
  });

  it('truncates fractions and refuses an empty size (ROW_COLUM.xlsx OFFSET!K37, K47, K48)', () => {
    const book = bookWith([
      [1, 2],
      [3, 4],
    ]);
    expect(result(book, '=OFFSET(B2,-1.3,-1.8)')).toBe(1);
    expect(result(book, '=SUM(OFFSET(A1,0,0,2,0.9))')).toBe(4);
    expect(result(book, '=SUM(OFFSET(A1,0,0,2,0))')).toBe('#REF!');
    expect(result(book, '=SUM(OFFSET(A1:B2,1,0))')).toBe(7);
  });

  it('MS example: a reference moved by cells holding the offsets', () => {
    const book = bookWith([
      [4, 1, 1],
      [8, 0, 0],
    ]);
    expect(result(book, '=SUM(OFFSET(A1,B2,C2,2,1))')).toBe(12);
  });

  // poi FormulaEvalTestData_Copy.xlsx EverythingTests!G1008 =OFFSET(F7,E7:I7,E7:I7) is 1.001.
  it("reads a range of offsets in a formula saved before dynamic arrays at the formula's column", () => {
    const book = bed.open();
    holdRows(book, 'E7', [
      ['=""', 'x', 1, 2, 3],
      [null, null, 1.001, 'h', null],
    ]);
    holdRows(book, 'G20', [['=SUM(OFFSET(F7,E7:I7,E7:I7))', '=SUM(OFFSET(F7,1,E7:I7))']]);
    holdRows(book, 'A20', [['=SUM(OFFSET(F7,E7:I7,1))']]);
    expect(valueAt(book, 'G20')).toBe(1.001);
    expect(valueAt(book, 'H20')).toBe(0); // OFFSET(F7,1,2) is H8, text
    expect(valueAt(book, 'A20')).toBe('#VALUE!'); // column A meets no cell of E7:I7
  });
});

describe('ranges with a computed end', () => {
  it('joins a cell and a computed reference (koala NamedRanges.xlsx D9, range_operator.xlsx C15)', () => {
    const book = bookWith([[1], [2], [3], [4], [5], [2]]);
    expect(result(book, '=SUM(A1:OFFSET(A1,A6,0))')).toBe(6);
    expect(result(book, '=SUM(INDIRECT("A2"):INDIRECT("A4"))')).toBe(9);
    expect(result(book, '=ISREF(A1:OFFSET(A1,1,1))')).toBe(true);
  });
});

describe('chains of the range operator', () => {
  // formulas/test.xlsx LOOKUP!AG12, AT12, AG112 and CORE!D9 (f names a range).
  it('span every reference of the chain', () => {
    const book = bookWith([
      [1, 2, 3],
      [4, 5, 6],
      [7, 8, 9],
    ]);
    expect(result(book, '=SUM(A1:B1:C3)')).toBe(45);
    expect(result(book, '=SUM(B2:A1:B1)')).toBe(12);
    expect(result(book, '=COLUMN(A1:A2:C1:C2 B1:B3)')).toBe(2);
    expect(result(book, '=ROW(A2:B2:A3:C3 B1:B3)')).toBe(2);
  });
});

describe('INDEX, CHOOSE and IF as references', () => {
  it('a range ends where INDEX or CHOOSE points (range_operator.xlsx C13)', () => {
    const book = bookWith([[1], [2], [3], [4], [5], [3]]);
    expect(result(book, '=SUM(A1:INDEX(A1:A5,A6))')).toBe(6);
    expect(result(book, '=SUM(CHOOSE(1,A1,A2):CHOOSE(2,A3,A4))')).toBe(10);
    expect(result(book, '=ROW(IF(A1>0,A4,A5))')).toBe(4);
    expect(result(book, '=ROWS(INDEX(A1:A5,0,1))')).toBe(5);
  });

  it('a range between INDEX calls over the row holding the formula is no cycle', () => {
    // koala examples--advanced.xlsx B17:G17: SUM(INDEX(Liste3,1,1):INDEX(Liste3,1,Indice-1)),
    // Liste3 the row A17:G17 itself, each cell the sum of the cells before it (30, 60, 120 …).
    // Held as the file holds it, a legacy formula ($A$1:$D$1 intersected with its column).
    const book = bed.open();
    const sum = '=SUM(INDEX($A$2:$D$2,1,1):INDEX($A$2:$D$2,1,$A$1:$D$1-1))';
    holdRows(book, 'A1', [
      [1, 2, 3, 4],
      [30, sum, sum, sum],
    ]);
    expect(['B2', 'C2', 'D2'].map((a) => valueAt(book, a))).toEqual([30, 60, 120]);
    writeCell(book, 'A2', 10);
    expect(['B2', 'C2', 'D2'].map((a) => valueAt(book, a))).toEqual([10, 20, 40]);
  });
});

describe('3-D references', () => {
  it('aggregate the same cells across sheets (poi 55906-MultiSheetRefs.xlsx)', () => {
    const book = bed.open();
    book.apply([
      { type: 'add-sheet', name: 'Sheet2' },
      { type: 'add-sheet', name: 'Sheet3' },
    ]);
    writeRows(book, 'A1', [[11, 12]], 'Sheet1');
    writeRows(book, 'A1', [[22, 'x']], 'Sheet2');
    writeRows(book, 'A1', [[33, null]], 'Sheet3');
    writeCell(book, 'D1', '=SUM(Sheet1:Sheet3!A1)', 'Sheet1');
    writeCell(book, 'D2', '=AVERAGE(Sheet1:Sheet3!A1)', 'Sheet1');
    writeCell(book, 'D3', '=COUNTA(Sheet1:Sheet3!B1)', 'Sheet1');
    writeCell(book, 'D4', '=MAX(Sheet1:Sheet3!$A$1:B1)', 'Sheet1');
    expect(valueAt(book, 'D1', 'Sheet1')).toBe(66);
    expect(valueAt(book, 'D2', 'Sheet1')).toBe(22);
    expect(valueAt(book, 'D3', 'Sheet1')).toBe(2);
    expect(valueAt(book, 'D4', 'Sheet1')).toBe(33);
    writeCell(book, 'A1', 1, 'Sheet2');
    expect(valueAt(book, 'D1', 'Sheet1')).toBe(45);
  });
});

describe('CELL', () => {
  it('answers from the reference (ironcalc INFORMATION--CELL.xlsx B2:B30)', () => {
    const book = bookWith([['=1/0'], [3.4], ['hola'], [null]]);
    expect(result(book, '=CELL("address",A2:A4)')).toBe('$A$2');
    expect(result(book, '=CELL("col",C8)')).toBe(3);
    expect(result(book, '=CELL("row",A11:A21)')).toBe(11);
    expect(result(book, '=CELL("contents",A2)')).toBe(3.4);
    expect(result(book, '=CELL("contents",A1)')).toBe('#DIV/0!');
    expect(result(book, '=CELL("type",A3)')).toBe('l');
    expect(result(book, '=CELL("type",A4)')).toBe('b');
    expect(result(book, '=CELL("type",A2)')).toBe('v');
    expect(result(book, '=CELL("hello")')).toBe('#VALUE!');
  });

  it('a range around its own cell is no cycle (INFORMATION--CELL.xlsx B8)', () => {
    const book = bed.open();
    writeCell(book, 'B8', '=CELL("col",A8:C8)');
    expect(valueAt(book, 'B8')).toBe(1);
  });
});

describe('CELL("width")', () => {
  const setLayout = (book: Workbook, patch: object): void => {
    book.apply([{ type: 'set-layout', sheet: 'Sheet1', patch }]);
  };

  it('answers the first column’s width in whole characters of 7 px after 5 px of padding', () => {
    const book = bed.open();
    setLayout(book, { columnWidths: [[1, 84]] });
    // poi/47804.xlsx: a column 84 px wide (11.29 characters) answers 11.
    expect(result(book, '=CELL("width",B:D)')).toBe(11);
    expect(result(book, '=CELL("width",B7)')).toBe(11);
  });

  it('answers the sheet’s default for a column it does not list, Gridbook’s own without one', () => {
    const book = bed.open();
    expect(result(book, '=CELL("width",A1)')).toBe(13); // 100 px
    setLayout(book, { defaultColumnWidth: 80 });
    expect(result(book, '=CELL("width",A1)')).toBe(10); // 80 px, poi/47804.xlsx's baseColWidth 10
  });

  it('is recomputed, with what depends on it, when the widths change', () => {
    const book = bed.open();
    writeCell(book, 'A1', '=CELL("width",C1)');
    writeCell(book, 'A2', '=A1*2');
    setLayout(book, { columnWidths: [[2, 180]] });
    expect(valueAt(book, 'A1')).toBe(25);
    expect(valueAt(book, 'A2')).toBe(50);
    setLayout(book, { columnWidths: [[2, null]] });
    expect(valueAt(book, 'A2')).toBe(26);
  });
});

describe('the intersection operator (a space between references)', () => {
  const grid: WireValue[][] = [
    [1, 2, 3],
    [4, 5, 6],
    [7, 8, 9],
  ];

  it.each([
    // formulas/test.xlsx CORE!D7: =SUM(B2:E5 C3:D4) sums the four shared cells.
    ['=SUM(A1:B2 B2:C3)', 5],
    ['=A1:C1 B1:B3', 2],
    ['=SUM((A1:B2) B1:C3)', 7],
    ['=ROW(A1:C3 B2)', 2],
    ['=COLUMN(A1:C3 B1:C1)', 2],
    ['=COLUMNS(A1:C3 B1:C3)', 2],
    ['=SUM(A1:C3 B1:C3 A2:C2)', 11],
    ['=-A1:B2 B2*2', -10],
  ])('%s is %s', (formula, expected) => {
    expect(result(bookWith(grid), formula)).toBe(expected);
  });

  it('references that share no cell are #NULL! (formulas/test.xlsx LOOKUP!K12)', () => {
    expect(result(bookWith(grid), '=A1:A2 B1:B2')).toBe('#NULL!');
    expect(result(bookWith(grid), '=AREAS((A1:A2 B1:B2))')).toBe('#NULL!');
  });

  it('follows a change to a shared cell', () => {
    const book = bookWith(grid);
    expect(result(book, '=SUM(A1:B2 B2:C3)')).toBe(5);
    writeCell(book, 'B2', 50);
    expect(valueAt(book, 'Z1')).toBe(50);
  });
});

describe('dynamicSpelling', () => {
  it.each([
    ['=OFFSET(A1,3,3)', '=OFFSET(A1,3,3)'],
    ['=SUM(A1:OFFSET(A1,4,0))', '=SUM(A1:OFFSET(A1,4,0))'],
    ['=OFFSET(A1,B1,0)', '=DYNAMIC.OFFSET(A1,B1,0)'],
    ['=SUM(OFFSET(C3:C10,-1,-2))', '=SUM(DYNAMIC.OFFSET(C3:C10,-1,-2))'],
    ['=OFFSET(A1,2,2,-10,1)', '=DYNAMIC.OFFSET(A1,2,2,-10,1)'],
    ['=SUM(A1:OFFSET(A1,B1,0))', '=SUM(DYNAMIC.RANGE(A1,DYNAMIC.OFFSET(A1,B1,0)))'],
    ['=SUM(INDIRECT("A1"):INDIRECT("A3"))', '=SUM(DYNAMIC.RANGE(INDIRECT("A1"),INDIRECT("A3")))'],
    ['="OFFSET(A1,B1,0)"&A1:B2', '="OFFSET(A1,B1,0)"&A1:B2'],
    ['=SUM(Sheet1:Sheet3!$A$1:B2)', '=SUM(DYNAMIC.SHEETS("Sheet1","Sheet3","A1:B2"))'],
    ["=SUM('Q1 data:Q4 data'!C3)", '=SUM(DYNAMIC.SHEETS("Q1 data","Q4 data","C3"))'],
    ['=SUM(Sheet1!A1:B2)+"a:b!C1"', '=SUM(Sheet1!A1:B2)+"a:b!C1"'],
    ['=SUM(B2:E5 C3:D4)', '=SUM(DYNAMIC.INTERSECT(B2:E5,C3:D4))'],
    ["='My S'!A1:C3 'My S'!B:B", "=DYNAMIC.INTERSECT('My S'!A1:C3,'My S'!B:B)"],
    ['=Sales Jan', '=DYNAMIC.INTERSECT(Sales,Jan)'],
    ['=A1 B1 C1', '=DYNAMIC.INTERSECT(DYNAMIC.INTERSECT(A1,B1),C1)'],
    ['=SUM( A1 ) + B1', '=SUM( A1 ) + B1'],
    ['=SUM (A1)', '=SUM (A1)'],
    ['="a b" & "c d"', '="a b" & "c d"'],
    ['=IF(A1 >1, 1 , 2)', '=IF(A1 >1, 1 , 2)'],
    ['=Table1[Sales 2024] * 2', '=Table1[Sales 2024] * 2'],
    ['=TRUE FALSE', '=TRUE FALSE'],
    ['=SUM(B2:E5:f)', '=SUM(DYNAMIC.RANGE(DYNAMIC.RANGE(B2,E5),f))'],
    ['=SUM(Data!A1:B2:C3)', '=SUM(DYNAMIC.RANGE(DYNAMIC.RANGE(Data!A1,Data!B2),Data!C3))'],
    ['=TEXT(A1,"h:mm:ss")', '=TEXT(A1,"h:mm:ss")'],
  ])('%s is spelled %s', (formula, spelled) => {
    expect(dynamicSpelling(formula)).toBe(spelled);
  });
});

describe("Excel's union operator", () => {
  const grid: WireValue[][] = [
    [1, 2, 3, 4],
    [5, 6, 7, 8],
    [9, 10, 11, 12],
  ];

  it('is spelled as a call only inside parentheses that are no call’s', () => {
    expect(dynamicSpelling('=SUM((A1:B2,C3))')).toBe('=SUM(DYNAMIC.UNION(A1:B2,C3))');
    expect(dynamicSpelling('=IF(A1,(B1+1),2)')).toBe('=IF(A1,(B1+1),2)');
    expect(dynamicSpelling('=SUM(A1,B1)')).toBe('=SUM(A1,B1)');
  });

  // formulas/test.xlsx LOOKUP!S4, V4, S115, AQ52; CORE!E7; poi/61063.xlsx A4.
  it.each([
    ['=AREAS((A1:B2,C3,D1:D3))', 3],
    ['=AREAS(((A1:B1,B1:C1,A3:B3,B3:C3) B1:B3))', 4],
    ['=ROWS((A1:A3,C1:C3))', '#REF!'],
    ['=COLUMNS(((A1:B1,B1:C1) B1:B3))', '#REF!'],
    ['=SUM((A1:B2,C3))', 25],
    ['=SUM(A1:C2 (A1:A3,C1:C3))', 16],
    ['=RANK(B1,(A1,B1,C1),1)', 2],
    ['=LARGE((A1:B2,D3),1)', 12],
    ['=INDEX((A1:A3,C1:C3),2,1,2)', 7],
    ['=INDEX((A1:A3,C1:C3),1,1,3)', '#REF!'],
  ])('%s is %j', (formula, expected) => {
    expect(result(bookWith(grid), formula)).toBe(expected);
  });
});
