// A blocked spilling formula shows an error or a single value it answers; only a result that
// really spills is #SPILL! (Microsoft's #SPILL! page; formulas/test.xlsx MATH & TRIG!T42,
// LOOKUP!V22 and AA22 in the conformance corpus).
import { describe, expect, it } from 'vitest';
import { replaceWorkbookOps, type Workbook } from '../index.js';
import { useWorkbooks, valueAt, writeCell, writeRows } from '../../../test/support/workbook-bed.js';

const bed = useWorkbooks();

/** The cells' values, and the same cells' in a workbook rebuilt from the document (a reload). */
function liveAndRebuilt(book: Workbook, cells: readonly string[]): unknown[][] {
  const rebuilt = bed.open();
  rebuilt.apply(replaceWorkbookOps(book.document()));
  return [cells.map((cell) => valueAt(book, cell)), cells.map((cell) => valueAt(rebuilt, cell))];
}

describe('a spilling formula whose area is taken', () => {
  it('shows the error it answers instead of #SPILL!', () => {
    const book = bed.open();
    // A singular matrix: MINVERSE is #NUM!, which needs no room.
    writeRows(book, 'A1', [
      [1, 2],
      [2, 4],
    ]);
    writeCell(book, 'D2', 'taken');
    writeCell(book, 'D1', '=MINVERSE(A1:B2)');
    expect(valueAt(book, 'D1')).toBe('#NUM!');
  });

  it('shows a single value it answers (a filter keeping one of two)', () => {
    const book = bed.open();
    writeRows(book, 'A1', [[-1.1, 2, true, false]]);
    writeCell(book, 'G1', 'taken');
    writeCell(book, 'F1', '=FILTER(A1:B1,C1:D1)');
    expect(valueAt(book, 'F1')).toBe(-1.1);
    expect(valueAt(book, 'G1')).toBe('taken');
  });

  it('is #SPILL! when the result needs the room, and follows its inputs', () => {
    const book = bed.open();
    writeRows(book, 'A1', [[-1.1, 2, true, false]]);
    writeCell(book, 'G1', 'taken');
    writeCell(book, 'F1', '=FILTER(A1:B1,C1:D1)');
    writeCell(book, 'D1', true);
    expect(valueAt(book, 'F1')).toBe('#SPILL!');
    writeCell(book, 'C1', false);
    expect(valueAt(book, 'F1')).toBe(2);
  });

  it('spills once the blocking cell is cleared', () => {
    const book = bed.open();
    writeRows(book, 'A1', [[-1.1, 2, true, false]]);
    writeCell(book, 'G1', 'taken');
    writeCell(book, 'F1', '=FILTER(A1:B1,C1:D1)');
    writeCell(book, 'G1', null);
    writeCell(book, 'D1', true);
    expect(valueAt(book, 'F1')).toBe(-1.1);
    expect(valueAt(book, 'G1')).toBe(2);
  });

  it('a typed formula whose INDEX result outgrows its parse-time size spills its whole result', () => {
    const book = bed.open();
    writeRows(book, 'A1', [
      [1, 2, 1],
      [2, 3, 1],
      [3, 4, 1],
    ]);
    writeCell(book, 'E1', '=SORT(IF(C1:C2>0,INDEX(A1:B3,0,0)))');
    // INDEX(…,0,0) was sized as one cell when parsed, and its 3 × 2 result was #SPILL! beside
    // that reservation; it is now sized by its result (data-sized-spills.ts). The third row,
    // outside C1:C2, is #N/A in Excel (HyperFormula's IF answers FALSE there): not pinned.
    expect([
      valueAt(book, 'E1'),
      valueAt(book, 'F1'),
      valueAt(book, 'E2'),
      valueAt(book, 'F2'),
    ]).toEqual([1, 2, 2, 3]);
  });
});

// Excel shows an error answered by an array formula in the formula's cell alone: an error is one
// value and spills nowhere (a singular MINVERSE is one #NUM!; a formula reading its own spill
// area is one circular-reference error). HyperFormula spread it over the area it reserved.
describe('an array formula answering an error', () => {
  it('shows a singular MINVERSE as one #NUM! in its cell, the cells around it empty', () => {
    const book = bed.open();
    writeRows(book, 'A1', [
      [1, 2],
      [2, 4],
    ]);
    writeCell(book, 'A4', '=MINVERSE(A1:B2)');
    writeCell(book, 'D1', '=B5&"|"');
    expect(liveAndRebuilt(book, ['A4', 'B4', 'A5', 'B5', 'D1'])).toEqual([
      ['#NUM!', null, null, null, '|'],
      ['#NUM!', null, null, null, '|'],
    ]);
  });

  it('shows #NUM!, not #SPILL!, when a cell is written into its area after it was entered', () => {
    const book = bed.open();
    writeRows(book, 'A1', [
      [1, 2],
      [2, 4],
    ]);
    writeCell(book, 'A4', '=MINVERSE(A1:B2)');
    writeCell(book, 'B5', 5);
    expect(liveAndRebuilt(book, ['A4', 'B5'])).toEqual([
      ['#NUM!', 5],
      ['#NUM!', 5],
    ]);
  });

  it('spills again when its inputs give it an array', () => {
    const book = bed.open();
    writeRows(book, 'A1', [
      [1, 2],
      [2, 4],
    ]);
    writeCell(book, 'A4', '=MINVERSE(A1:B2)');
    writeCell(book, 'B2', 3);
    expect(liveAndRebuilt(book, ['A4', 'B4', 'A5', 'B5'])).toEqual([
      [-3, 2, 2, -1],
      [-3, 2, 2, -1],
    ]);
  });

  it('shows a circular reference to its own area as one #CIRCULAR! in its cell', () => {
    const book = bed.open();
    writeCell(book, 'B4', '=B3:E5+1');
    writeCell(book, 'A1', '=E5&"|"');
    expect(liveAndRebuilt(book, ['B4', 'C4', 'E5', 'A1'])).toEqual([
      ['#CIRCULAR!', null, null, '|'],
      ['#CIRCULAR!', null, null, '|'],
    ]);
  });

  it('shows one #CIRCULAR! when its area was taken and is cleared, as a reload does', () => {
    const book = bed.open();
    writeCell(book, 'C4', 'taken');
    writeCell(book, 'B4', '=B3:E5+1');
    writeCell(book, 'C4', null);
    writeCell(book, 'A1', '=E5&"|"');
    expect(liveAndRebuilt(book, ['B4', 'C4', 'E5', 'A1'])).toEqual([
      ['#CIRCULAR!', null, null, '|'],
      ['#CIRCULAR!', null, null, '|'],
    ]);
  });
});

describe('a legacy (Ctrl+Shift+Enter) array formula answering an error', () => {
  it('fills its whole range with it, as Excel fills the range it was entered in', () => {
    const book = bed.open();
    writeCell(book, 'B4', '=LEGACY.ARRAY(B3:C5+1,2,2)');
    expect(liveAndRebuilt(book, ['B4', 'C5'])).toEqual([
      ['#CIRCULAR!', '#CIRCULAR!'],
      ['#CIRCULAR!', '#CIRCULAR!'],
    ]);
  });
});
