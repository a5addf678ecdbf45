// COUNTIF, COUNTIFS, SUMIF(S), AVERAGEIF(S), MINIFS and MAXIFS with Excel's criteria
// (excel-criteria-functions.ts). Expected values are those Excel cached in the conformance corpus,
// named by file, sheet and cell; the data are the cells those formulas read.
import { describe, expect, it } from 'vitest';
import {
  holdCell,
  useWorkbooks,
  valueAt,
  writeCell,
  writeRows,
} from '../../../test/support/workbook-bed.js';
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

// ironcalc/STATISTICAL--COUNTIF.xlsx, sheet Rows, A2:A8.
const mixed = (): Workbook =>
  bookWith([[23], ["'23"], [true], [1], [-23], ['hey'], [false]].map(([value]) => [value!]));

describe('COUNTIF with numbers and text that reads as one', () => {
  it('=23 counts the number and the text "23"; "<>23" leaves out only the number', () => {
    const book = mixed();
    expect(result(book, '=COUNTIF(A1:A7, 23)')).toBe(2); // Rows C2
    expect(result(book, '=COUNTIF(A1:A7, "<>23")')).toBe(6); // Rows E2
    expect(result(book, '=COUNTIF(A1:A7, "<23")')).toBe(2); // numbers only (Rows I2)
  });
});

describe('errors as criteria', () => {
  // Rows Y2:Y8 and T2:T13: errors, their names as text, empty text.
  const errors = (): Workbook =>
    bookWith([['=NA()'], [12], ['=1/0'], ["'#N/A"], [0], ['=""'], ['=""']]);

  it('an error, or its name as text, counts the cells holding that error', () => {
    const book = errors();
    expect(result(book, '=COUNTIF(A1:A7, NA())')).toBe(1); // Rows AA2
    expect(result(book, '=COUNTIF(A1:A7, 1/0)')).toBe(1); // Rows AA3
    expect(result(book, '=COUNTIF(A1:A7, "#N/A")')).toBe(1); // Rows AA4
    expect(result(book, '=COUNTIF(A1:A7, "<>#N/A")')).toBe(6); // Rows AB4
    expect(result(book, '=COUNTIFS(A1:A7, "#DIV/0!")')).toBe(1); // COUNTIFS Rows2 T8
  });

  it('"" counts empty cells and empty text, "<>" every cell that is not empty', () => {
    const book = errors();
    expect(result(book, '=COUNTIF(A1:A9, "")')).toBe(4); // Rows AA5
    expect(result(book, '=COUNTIF(A1:A7, "<>")')).toBe(7); // Rows AB5
  });
});

describe('whole columns and rows', () => {
  it('count the empty cells past the used area, as Excel does', () => {
    const book = bookWith([['Range'], [23], ["'23"], [true]]);
    expect(result(book, '=COUNTIF(A:A, "<>23")')).toBe(1_048_575); // Rows R2
    expect(result(book, '=COUNTIFS(A:A, "<>23")')).toBe(1_048_575); // COUNTIFS Rows2 H2
    expect(result(book, '=COUNTIF(A:A, "")')).toBe(1_048_572);
    writeCell(book, 'B10', '=COUNTIF(1:1, "<>x")');
    expect(valueAt(book, 'B10')).toBe(16_384); // Columns B12
  });
});

describe('whole columns of a tall sparse sheet', () => {
  // Values in rows 1, 5 and 1,048,576 only: each formula reads the cells held, the million empty
  // cells between them counted by number. Live (a dense layout with a sparse array of rows) and
  // rebuilt from the document as a restart builds (a sparse layout), the answers are the same.
  const tall = (): Workbook => {
    const book = bed.open();
    book.apply([{ type: 'add-sheet', name: 'Data' }]);
    writeCell(book, 'B1', 2, 'Data');
    writeCell(book, 'A5', '=""', 'Data');
    writeCell(book, 'B5', 4, 'Data');
    writeCell(book, 'A1048576', 5, 'Data');
    writeCell(book, 'B1048576', 3, 'Data');
    return book;
  };
  const answers: readonly (readonly [string, WireValue])[] = [
    // Empty cells and the empty text in A5 match "" and "=", and are not equal to 5.
    ['=COUNTIF(Data!A:A, "")', 1_048_575],
    ['=COUNTIF(Data!A:A, "=")', 1_048_575],
    ['=COUNTIF(Data!A:A, "<>5")', 1_048_575],
    ['=COUNTIF(Data!A:A, "<>")', 2],
    ['=COUNTIF(Data!A:A, 5)', 1],
    ['=COUNTIF(Data!A:B, ">2")', 3],
    ['=COUNTIFS(Data!A:A, "", Data!B:B, "")', 1_048_573],
    // The values of rows whose criteria cell is empty or "" (B1 and B5), of the row holding 5 (B1048576).
    ['=SUMIF(Data!A:A, "", Data!B:B)', 6],
    ['=SUMIF(Data!A:A, 5, Data!B:B)', 3],
    ['=SUMIFS(Data!B:B, Data!A:A, "<>5", Data!B:B, ">0")', 6],
    ['=AVERAGEIF(Data!A:A, "", Data!B:B)', 3],
    ['=MINIFS(Data!B:B, Data!A:A, "")', 2],
    ['=MAXIFS(Data!B:B, Data!A:A, "<>")', 4],
    ['=COUNTBLANK(Data!A:B)', 2 * 1_048_576 - 4],
  ];

  it('count the empty cells between and past the cells held, and read the values of the rows that match', () => {
    const book = tall();
    const rebuilt = bed.open();
    rebuilt.apply(replaceWorkbookOps(book.document()));
    for (const [formula, expected] of answers) {
      expect([formula, result(book, formula)]).toEqual([formula, expected]);
      expect([formula, result(rebuilt, formula)]).toEqual([formula, expected]);
    }
  });

  it('answer the first error, rows then columns, among the values of the rows that match', () => {
    const book = tall();
    writeCell(book, 'B700000', '=NA()', 'Data');
    writeCell(book, 'B800000', '=1/0', 'Data');
    expect(result(book, '=SUMIF(Data!A:A, "", Data!B:B)')).toBe('#N/A');
    expect(result(book, '=SUMIF(Data!A:A, 5, Data!B:B)')).toBe(3);
    expect(result(book, '=COUNTIF(Data!B:B, "#DIV/0!")')).toBe(1);
  });
});

describe('wildcards and comparisons of text', () => {
  // Rows T2:T8, U2:U5.
  const names = (): Workbook =>
    bookWith([['Steven'], ['Albert'], ['Bernanrd'], ['Mr. Brown'], ['Mrs. Brown'], ['=NA()']]);

  it.each([
    ['"<>*brown"', 4], // Rows V2: errors are not equal to it
    ['"=*brown"', 2], // Rows V3
    ['"<brown"', 2], // Rows V4: text below "brown", errors never
    ['">brown"', 3], // Rows V5
  ])('COUNTIF(range, %s) is %j', (criterion, expected) => {
    expect(result(names(), `=COUNTIF(A1:A6, ${criterion})`)).toBe(expected);
  });

  it('">c" compares text (COUNTIFS Rows1 C13)', () => {
    const book = bookWith([['red'], ['blue'], ['yellow'], [5]]);
    expect(result(book, '=COUNTIFS(A1:A4, ">c")')).toBe(2);
  });
});

describe('values of the matching rows', () => {
  // ironcalc/MATH_AND_TRIGONOMETRY--SUMIFS.xlsx Sheet1 A2:B13.
  const table = (): Workbook =>
    bookWith([
      [13, 'red'],
      [-23, 'yellow'],
      ['=NA()', 'brown'],
      ['=1/0', 'white'],
      [113, 'brown'],
    ]);

  it('answer the first error among them', () => {
    const book = table();
    expect(result(book, '=AVERAGEIF(B1:B5, "brown", A1:A5)')).toBe('#N/A'); // G5
    expect(result(book, '=MINIFS(A1:A5, B1:B5, "*o*")')).toBe('#N/A'); // H4
    expect(result(book, '=MAXIFS(A1:A5, B1:B5, "white")')).toBe('#DIV/0!'); // I6
    expect(result(book, '=SUMIFS(A1:A5, B1:B5, ">c")')).toBe('#DIV/0!'); // D13
    expect(result(book, '=SUMIF(B1:B5, "red", A1:A5)')).toBe(13);
  });

  it('MINIFS and MAXIFS are 0 when nothing matches; AVERAGEIFS #DIV/0!', () => {
    const book = table();
    expect(result(book, '=MINIFS(A1:A5, B1:B5, "blue")')).toBe(0);
    expect(result(book, '=AVERAGEIFS(A1:A5, B1:B5, "blue")')).toBe('#DIV/0!');
  });

  it('ranges of different shapes are #VALUE!', () => {
    expect(result(table(), '=SUMIFS(A1:A5, B1:B4, "red")')).toBe('#VALUE!');
  });
});

// ironcalc MATH_AND_TRIGONOMETRY--SUMIF_array.xlsx G18, G26; poi FormulaEvalTestData_Copy.xlsx
// EverythingTests F296.
describe('a range of criteria', () => {
  const fruit = [
    ['Apples', 10],
    ['Pears', 20],
    ['Apples', 30],
    ['Plums', 40],
  ];

  it('answers one result per criterion, which SUM adds and LARGE reads', () => {
    const book = bookWith([...fruit, ['Apples'], ['Pears'], ['Plums']]);
    writeCell(book, 'D1', '=SUM(SUMIF(A1:A4,A5:A7,B1:B4))');
    writeCell(book, 'D3', '=LARGE(COUNTIF(A1:A4,{"Apples","Plums"}),1)');
    expect(valueAt(book, 'D1')).toBe(100);
    expect(valueAt(book, 'D3')).toBe(2);
  });

  it('reads a criteria reference without a cell in the formula’s row or column as #VALUE!, in a file’s formula', () => {
    // poi FormulaEvalTestData_Copy.xlsx E1324: SUMIF(AA7:AA13,C10:D10,C7) in column E adds the C
    // cell beside AA's #VALUE! (1.1). Held as a file saved before dynamic arrays holds it (typed,
    // it spills three results).
    const book = bookWith([...fruit, ['Apples'], ['Pears'], ['="x"+1']]);
    holdCell(book, 'D2', '=SUMIF(A1:A4,A5:A7,B1:B4)');
    holdCell(book, 'D3', '=SUMIF(A5:A7,A5:A6,B1:B3)');
    expect(valueAt(book, 'D2')).toBe(0);
    expect(valueAt(book, 'D3')).toBe(30);
  });

  it('answers for the cell in the formula’s row or column when the reference meets it', () => {
    const book = bookWith([...fruit, ['Apples'], ['Pears'], ['Plums']]);
    holdCell(book, 'C6', '=SUMIF(A1:A4,A5:A7,B1:B4)');
    holdCell(book, 'C7', '=COUNTIF(A1:A4,A5:A7)');
    expect(valueAt(book, 'C6')).toBe(20);
    expect(valueAt(book, 'C7')).toBe(1);
  });
});
