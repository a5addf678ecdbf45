// CONCATENATE over a range as Excel answers it: intersected in a formula without array entry,
// applied cell by cell in an array formula (concatenate-intersection.ts; corpus cells named).
import { describe, expect, it } from 'vitest';
import {
  holdCell,
  useWorkbooks,
  valueAt,
  writeCell,
  writeRows,
} from '../../../test/support/workbook-bed.js';

const bed = useWorkbooks();

describe('CONCATENATE over a range', () => {
  it('takes the cell in the formula’s row or column (ironcalc TEXT--CONCATENATE.xlsx Sheet2!B2)', () => {
    const book = bed.open();
    writeRows(book, 'A1', [['Hello'], ['big'], ['World']]);
    holdCell(book, 'B2', '=CONCATENATE(A1:A3, "!")');
    holdCell(book, 'C5', '=CONCATENATE(B1:D1, A1:A3)');
    expect(valueAt(book, 'B2')).toBe('big!');
    expect(valueAt(book, 'C5')).toBe('#VALUE!');
  });

  it('is #VALUE! for a range of several rows and columns (poi EverythingTests J264)', () => {
    const book = bed.open();
    writeRows(book, 'A1', [
      [1, 2],
      [3, 4],
    ]);
    holdCell(book, 'D2', '=CONCATENATE(A1:B2,"x")');
    expect(valueAt(book, 'D2')).toBe('#VALUE!');
  });

  it('is applied cell by cell in an array formula (formulas/test.xlsx TEXT!AH11)', () => {
    const book = bed.open();
    writeRows(book, 'A1', [[0, 2, 3]]);
    writeCell(book, 'A3', '=LEGACY.ARRAY(CONCATENATE(A1:B1,B1:C1),1,2)');
    expect([valueAt(book, 'A3'), valueAt(book, 'B3')]).toEqual(['02', '23']);
  });

  it('still joins single values and numbers as Excel writes them', () => {
    const book = bed.open();
    writeRows(book, 'A1', [[1.5, true]]);
    writeCell(book, 'C1', '=CONCATENATE(A1,"-",B1,"-",1/3)');
    expect(valueAt(book, 'C1')).toBe('1.5-TRUE-0.333333333333333');
  });
});
