// SUMIF and AVERAGEIF with a sum_range of another shape than range add range's shape from
// sum_range's top-left cell (Microsoft's SUMIF and AVERAGEIF pages; poi
// FormulaEvalTestData_Copy.xlsx EverythingTests E1324, SUMIF(AA7:AA13,C10:D10,C7), is 1.1).
import { describe, expect, it } from 'vitest';
import {
  formulaValue,
  useWorkbooks,
  valueAt,
  writeCell,
  writeRows,
} from '../../../test/support/workbook-bed.js';
import type { WireValue } from '../index.js';
import { resizedSumRanges } from './resized-sum-ranges.js';

const bed = useWorkbooks();

describe('resizedSumRanges', () => {
  it.each([
    ['=SUMIF(A1:A5,"x",B1)', '=SUMIF(A1:A5,"x",B1:B5)'],
    ['=sumif(A1:B2,">1",$C$3)', '=sumif(A1:B2,">1",$C$3:$D$4)'],
    ['=AVERAGEIF(A2:A4,1,C5:D9)', '=AVERAGEIF(A2:A4,1,C5:C7)'],
    ['=SUMIF(A1:A3,1,Data!B2)', '=SUMIF(A1:A3,1,Data!B2:B4)'],
    ["=SUMIF(A1:A3,1,'My data'!B$2)", "=SUMIF(A1:A3,1,'My data'!B$2:B$4)"],
    ['=SUMIF(A:A,"x",B1)', '=SUMIF(A:A,"x",B:B)'],
    ['=SUMIF($A:$B,"x",$D1)', '=SUMIF($A:$B,"x",$D:$E)'],
    ['=SUMIF(2:2,"x",A5)', '=SUMIF(2:2,"x",5:5)'],
    ['=SUMIF(A1:A3,1,B:B)', '=SUMIF(A1:A3,1,B1:B3)'],
    ['=SUMIF(A1:A3,1,B1048575)', '=SUMIF(A1:A3,1,B1048575:B1048576)'],
    [
      '=SUMIF(A1:A2,1,B1)+SUMIF(A1:A3,SUMIF(C1:C2,1,D1),E1)',
      '=SUMIF(A1:A2,1,B1:B2)+SUMIF(A1:A3,SUMIF(C1:C2,1,D1:D2),E1:E3)',
    ],
  ])('%s is spelled %s', (formula, spelled) => {
    expect(resizedSumRanges(formula)).toBe(spelled);
  });

  it.each([
    '=SUMIF(A1:A5,"x",B1:B5)',
    '=SUMIF(A1:A5,"x")',
    '=SUMIFS(B1,A1:A5,"x")',
    '=SUMIF(Names,"x",B1)',
    '=SUMIF(A:A,"x",B2)',
    '=SUMIF(A1:A5,"x",OFFSET(B1,1,0))',
    '="SUMIF(A1:A5,1,B1)"',
  ])('leaves %s as it is', (formula) => {
    expect(resizedSumRanges(formula)).toBe(formula);
  });
});

describe('SUMIF and AVERAGEIF over a sum_range of another shape', () => {
  const ROWS: readonly (readonly WireValue[])[] = [
    ['x', 1, 10],
    ['y', 2, 20],
    ['x', 4, 40],
    ['x', 8, 80],
  ];
  const calc = (formula: string): WireValue => formulaValue(bed, formula, ROWS);

  it('adds range’s shape from sum_range’s top-left cell', () => {
    expect(calc('=SUMIF(A1:A4,"x",B1)')).toBe(13);
    expect(calc('=SUMIF(A1:A4,"x",B1:C1)')).toBe(13);
    expect(calc('=SUMIF(A1:A4,"x",C1:C2)')).toBe(130);
    expect(calc('=AVERAGEIF(A1:A4,"x",C1)')).toBeCloseTo(130 / 3, 12);
    expect(calc('=SUMIF(A:A,"x",B1)')).toBe(13);
  });

  it('recomputes when a cell it adds beyond the written sum_range changes', () => {
    const book = bed.open();
    writeRows(book, 'A1', ROWS);
    writeCell(book, 'E1', '=SUMIF(A1:A4,"x",B1)');
    expect(valueAt(book, 'E1')).toBe(13);
    writeCell(book, 'B4', 100);
    expect(valueAt(book, 'E1')).toBe(105);
  });

  it('sizes a sum_range the text cannot size while evaluating: a defined name, a whole column from a later row', () => {
    const book = bed.open();
    writeRows(book, 'A1', ROWS);
    book.apply([{ type: 'set-name', name: 'Start', formula: '=Sheet1!$B$1:$C$1' }]);
    writeCell(book, 'E1', '=SUMIF(A1:A4,"x",Start)');
    expect(valueAt(book, 'E1')).toBe(13);
    writeCell(book, 'E2', '=SUMIF(A:A,"x",C2)');
    // C2:C1048577 clipped at the sheet's edge: C2 (20), C4 (80) and C5 (empty) for the x in A1,
    // A3 and A4.
    expect(valueAt(book, 'E2')).toBe(100);
  });

  it('keeps SUMIFS strict: ranges of different shapes are #VALUE!', () => {
    expect(calc('=SUMIFS(B1,A1:A4,"x")')).toBe('#VALUE!');
  });
});
