// A blocked spilling formula shows an error or a single value it answers; only a result that
// really spills is #SPILL! (Microsoft's #SPILL! page; formulas/test.xlsx MATH & TRIG!T42,
// LOOKUP!V22 and AA22 in the conformance corpus).
import { describe, expect, it } from 'vitest';
import { useWorkbooks, valueAt, writeCell, writeRows } from '../../../test/support/workbook-bed.js';

const bed = useWorkbooks();

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
