// Typed formulas are Excel 365 formulas: evaluated as arrays and spilled, whatever path types
// them (typeInput), while formulas a file or a save holds as they are keep their evaluation.
// Expected values are Excel 365's (Microsoft, "Dynamic array formulas and spilled array
// behavior"; "Implicit intersection operator: @").
import { describe, expect, it } from 'vitest';
import {
  inputAt,
  useWorkbooks,
  valueAt,
  writeCell,
  writeRows,
} from '../../test/support/workbook-bed.js';
import { parseCell } from './address/index.js';
import { inputToText, typeInput } from './value-typing.js';
import { mayEvaluateAsArray, typedFormula } from './typed-formulas.js';
import type { Workbook } from './workbook.js';

const { open } = useWorkbooks();

const values = (book: Workbook, cells: string[]): unknown[] => cells.map((a) => valueAt(book, a));

/** A1:A3 = 1, 2, 3 and B1:B3 = 10, 20, 30. */
function columns(): Workbook {
  const book = open();
  writeRows(book, 'A1', [
    [1, 10],
    [2, 20],
    [3, 30],
  ]);
  return book;
}

describe('typed formulas evaluate as Excel 365 dynamic arrays', () => {
  it('=SEQUENCE(3)*2 spills 2, 4, 6 and shows as typed', () => {
    const book = open();
    writeCell(book, 'C1', '=SEQUENCE(3)*2');
    expect(values(book, ['C1', 'C2', 'C3', 'C4'])).toEqual([2, 4, 6, null]);
    expect(inputToText(inputAt(book, 'C1')!)).toBe('=SEQUENCE(3)*2');
    expect(book.sheet().input(1, 2)).toBeNull();
    expect(book.sheet().spilledFrom(2, 2)).toEqual({ row: 0, col: 2 });
  });

  it('arithmetic over a range spills element by element, on any row', () => {
    const book = columns();
    writeCell(book, 'D2', '=A1:A3*2');
    expect(values(book, ['D2', 'D3', 'D4'])).toEqual([2, 4, 6]);
  });

  it('IF over a range tests each cell', () => {
    const book = columns();
    writeCell(book, 'D1', '=IF(A1:A3>1,"big","small")');
    expect(values(book, ['D1', 'D2', 'D3'])).toEqual(['small', 'big', 'big']);
  });

  it('array arithmetic inside an aggregate sums the products', () => {
    const book = columns();
    writeCell(book, 'D5', '=SUM(A1:A3*B1:B3)');
    expect(valueAt(book, 'D5')).toBe(140);
    expect(valueAt(book, 'D6')).toBeNull();
  });

  it('a range spills its cells, an empty one as 0', () => {
    const book = columns();
    writeCell(book, 'A2', null);
    writeCell(book, 'F1', '=A1:A3');
    expect(values(book, ['F1', 'F2', 'F3'])).toEqual([1, 0, 3]);
  });

  it('an occupied cell blocks the spill with #SPILL!, and clearing it lets the spill back', () => {
    const book = open();
    writeCell(book, 'C2', 'in the way');
    writeCell(book, 'C1', '=SEQUENCE(3)*2');
    expect(valueAt(book, 'C1')).toBe('#SPILL!');
    writeCell(book, 'C2', null);
    expect(values(book, ['C1', 'C2', 'C3'])).toEqual([2, 4, 6]);
  });

  it('a formula that cannot differ as an array is stored and computed as typed', () => {
    const book = columns();
    writeCell(book, 'D1', '=A1+1');
    writeCell(book, 'D2', '=SUM(A1:A3)');
    writeCell(book, 'D3', '=VLOOKUP(2,A1:B3,2,FALSE)');
    expect(inputAt(book, 'D1')).toEqual({ formula: '=A1+1' });
    expect(inputAt(book, 'D2')).toEqual({ formula: '=SUM(A1:A3)' });
    expect(inputAt(book, 'D3')).toEqual({ formula: '=VLOOKUP(2,A1:B3,2,FALSE)' });
    expect(values(book, ['D1', 'D2', 'D3', 'E1'])).toEqual([2, 6, 20, null]);
  });

  it('@ intersects a range with the formula’s row, and takes an array’s first value', () => {
    const book = columns();
    writeCell(book, 'D2', '=@A1:A3');
    writeCell(book, 'E1', '=@SEQUENCE(3)*2');
    writeCell(book, 'F3', '=@B1:B3+@A1:A3');
    expect(values(book, ['D2', 'D3', 'E1', 'E2', 'F3'])).toEqual([2, null, 2, null, 33]);
    expect(inputToText(inputAt(book, 'D2')!)).toBe('=@A1:A3');
  });

  it('undo removes the spill and redo brings it back', () => {
    const book = open();
    writeCell(book, 'B1', '=SEQUENCE(2)*5');
    book.undo();
    expect(values(book, ['B1', 'B2'])).toEqual([null, null]);
    book.redo();
    expect(values(book, ['B1', 'B2'])).toEqual([5, 10]);
  });

  it('inserting a row above moves the formula with its range and its spill', () => {
    const book = columns();
    writeCell(book, 'D1', '=A1:A3*2');
    book.apply([
      {
        type: 'change-structure',
        change: { kind: 'insert', axis: 'row', at: 0, count: 1, sheet: book.activeSheetName },
      },
    ]);
    expect(inputToText(inputAt(book, 'D2')!)).toBe('=A2:A4*2');
    expect(values(book, ['D1', 'D2', 'D3', 'D4'])).toEqual([null, 2, 4, 6]);
  });

  it('a restored document computes the same spill', () => {
    const book = columns();
    writeCell(book, 'D1', '=B1:B3/A1:A3');
    const copy = open();
    copy.apply([{ type: 'replace-workbook', document: book.document() }]);
    expect(values(copy, ['D1', 'D2', 'D3'])).toEqual([10, 10, 10]);
  });

  it('a formula held as it is (a file’s legacy formula, an older save) keeps implicit intersection', () => {
    const book = columns();
    const { row, col } = parseCell('D2');
    book.apply([
      {
        type: 'set-cells',
        sheet: book.activeSheetName,
        runs: [{ row, col, inputs: [{ formula: '=A1:A3*2' }] }],
      },
    ]);
    expect(values(book, ['D2', 'D3'])).toEqual([4, null]);
  });
});

describe('which typed formulas are held as dynamic arrays', () => {
  it.each([
    ['=SEQUENCE(3)', true],
    ['=_xlfn.SEQUENCE(3)', true],
    ['=A1:A3*2', true],
    ['=ABS(A1:A3)', true],
    ['=SUM(A1:A3*B1:B3)', true],
    ['=VLOOKUP(A1:A3,D1:E9,2,FALSE)', true],
    ['=COUNTIF(A:A,B1:B3)', true],
    ['=SUM((A1:A3,B1))', true],
    ['=A:A', true],
    ['=Sales*2', true],
    ['={1,2}*2', true],
    ['=C1#*2', true],
    ['=@A1:A3', true],
    ['=INDEX(A1:C3,0,1)', true],
    ['=LET(x,2,x*3)', true],
    ['=A1+B1', false],
    ['=SUM(A1:A100)', false],
    ['=SUM(A1:A3,C1:C3)*2', false],
    ['=AVERAGE(B:B)', false],
    ['=VLOOKUP(5,A1:E100,3,FALSE)', false],
    ['=SUMIFS(C:C,A:A,"x",B:B,">1")', false],
    ['=IF(C5>50,TRUE,FALSE)', false],
    ['="A1:A3"&B1', false],
  ])('%s → %s', (formula, dynamic) => {
    expect(mayEvaluateAsArray(formula)).toBe(dynamic);
    expect(typedFormula(formula)).toBe(dynamic ? `=DYNAMIC.ARRAY(${formula.slice(1)})` : formula);
  });

  it('a formula already saying how it evaluates is not wrapped again', () => {
    expect(typedFormula('=DYNAMIC.ARRAY(A1:A3*2)')).toBe('=DYNAMIC.ARRAY(A1:A3*2)');
    expect(typedFormula('=LEGACY.ARRAY(A1:A3*2,3,1)')).toBe('=LEGACY.ARRAY(A1:A3*2,3,1)');
  });

  it('typing a value wraps the formula; reading it back shows what was typed', () => {
    const input = typeInput('=A1:A3 * 2 ');
    expect(input).toEqual({ formula: '=DYNAMIC.ARRAY(A1:A3 * 2)' });
    expect(inputToText(input!)).toBe('=A1:A3 * 2');
  });
});
