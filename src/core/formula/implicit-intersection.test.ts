// A formula whose whole result is a range takes the range's cell in its own row or column, as
// Excel's implicit intersection does (implicit-intersection.ts); array formulas still spill.
// Formulas are held as a file saved before dynamic arrays holds them (typed ones are dynamic).
import { describe, expect, it } from 'vitest';
import {
  holdCell,
  holdRows,
  useWorkbooks,
  valueAt,
  writeCell,
  writeRows,
} from '../../../test/support/workbook-bed.js';

const bed = useWorkbooks();

describe('implicit intersection of a range result', () => {
  it('a column range gives the cell in the formula’s row; a row range the cell in its column', () => {
    const book = bed.open();
    holdRows(book, 'A1', [
      [10, 'x', 'y'],
      [20, '=A1:A3', '=$A:$A'],
      [30, '=A1:C1'],
    ]);
    expect(valueAt(book, 'B2')).toBe(20);
    expect(valueAt(book, 'C2')).toBe(20);
    expect(valueAt(book, 'B3')).toBe('x');
  });

  it('is #VALUE! when the range has no cell in the formula’s row or column', () => {
    const book = bed.open();
    holdRows(book, 'A1', [[10], [20]]);
    holdCell(book, 'C5', '=A1:A2');
    holdCell(book, 'C6', '=A1:B2');
    expect(valueAt(book, 'C5')).toBe('#VALUE!');
    expect(valueAt(book, 'C6')).toBe('#VALUE!');
  });

  it('intersects a range on another sheet by the formula’s row number', () => {
    // poi/StructuredReferences.xlsx, Formulas!A2:A3: =\_Prime.1[Name] (Table!B2:B7) is "one", "two".
    const book = bed.open({ sheetNames: ['Formulas', 'Table'] });
    holdRows(book, 'B2', [['one'], ['two']], 'Table');
    holdCell(book, 'A2', '=Table!$B$2:$B$7', 'Formulas');
    holdCell(book, 'A3', '=Table!$B$2:$B$7', 'Formulas');
    holdCell(book, 'A9', '=Table!$B$2:$B$7', 'Formulas');
    expect(valueAt(book, 'A2', 'Formulas')).toBe('one');
    expect(valueAt(book, 'A3', 'Formulas')).toBe('two');
    expect(valueAt(book, 'A9', 'Formulas')).toBe('#VALUE!');
  });

  it('a reference a function computed shows its first value, as Excel 365 shows a spill’s anchor', () => {
    // pycel/lookup.xlsx Offset!F17: the dynamic-array formula =OFFSET(B$2:F$6,B17,C17,D17,E17)
    // spills C3:C4 and its cell shows C3's "X".
    // Typed, it spills the reference's cells below its anchor (data-sized-spills.ts).
    const book = bed.open();
    writeRows(book, 'A1', [[1, 'X'], [2, 12], [3, 13], [0]]);
    writeCell(book, 'D9', '=OFFSET(A1:B3,A4,1,2,1)');
    writeCell(book, 'F9', '=INDIRECT("B2:B3")');
    expect([valueAt(book, 'D9'), valueAt(book, 'D10')]).toEqual(['X', 12]);
    expect([valueAt(book, 'F9'), valueAt(book, 'F10')]).toEqual([12, 13]);
  });

  it('@ (SINGLE) keeps intersecting a computed reference with the formula’s row', () => {
    const book = bed.open();
    writeRows(book, 'A1', [[1, 'X'], [2, 12], [3, 13], [0]]);
    writeCell(book, 'D2', '=SINGLE(OFFSET(A1:B3,A4,1,3,1))');
    writeCell(book, 'D9', '=SINGLE(OFFSET(A1:B3,A4,1,3,1))');
    expect(valueAt(book, 'D2')).toBe(12);
    expect(valueAt(book, 'D9')).toBe('#VALUE!');
  });

  it('leaves spilling functions whole', () => {
    const book = bed.open();
    writeCell(book, 'A1', '=SEQUENCE(3)');
    expect(valueAt(book, 'A3')).toBe(3);
  });
});
