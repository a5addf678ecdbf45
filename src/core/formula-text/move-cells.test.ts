import { describe, expect, it } from 'vitest';
import { rewriteForMove, type CellsMove } from './move-cells.js';

// B1:C1 cut on Sheet1 and pasted at E5 (E5:F5).
const block = { start: { row: 0, col: 1 }, end: { row: 0, col: 2 } };
const landing = { start: { row: 4, col: 4 }, end: { row: 4, col: 5 } };
const here: CellsMove = { sheet: 'Sheet1', range: block, targetSheet: 'Sheet1', target: landing };
const there: CellsMove = { ...here, targetSheet: 'Q2 Data' };

describe('a moved formula (cut and paste)', () => {
  it('[FIRST-HOUR] keeps references outside the cut block on their cells', () => {
    expect(rewriteForMove('=A1*2', 'Sheet1', here, true)).toBe('=A1*2');
    expect(rewriteForMove('=SUM($A$1:A3)+Z9', 'Sheet1', here, true)).toBe('=SUM($A$1:A3)+Z9');
    expect(rewriteForMove('=SUM(A:A)', 'Sheet1', here, true)).toBe('=SUM(A:A)');
  });

  it('moves references into the cut block with it, anchored or not', () => {
    expect(rewriteForMove('=B1+$C$1', 'Sheet1', here, true)).toBe('=E5+$F$5');
    expect(rewriteForMove('=SUM(B1:C1)', 'Sheet1', here, true)).toBe('=SUM(E5:F5)');
    expect(rewriteForMove('=Sheet1!B1', 'Sheet1', here, true)).toBe('=Sheet1!E5');
    // Partly inside: the range keeps its cells.
    expect(rewriteForMove('=SUM(B1:B9)', 'Sheet1', here, true)).toBe('=SUM(B1:B9)');
  });

  it('pasted on another sheet, names the source sheet for the cells left behind', () => {
    expect(rewriteForMove('=A1*2+B1', 'Sheet1', there, true)).toBe('=Sheet1!A1*2+E5');
    expect(rewriteForMove('=Sheet1!C1+Other!A1', 'Sheet1', there, true)).toBe(
      "='Q2 Data'!F5+Other!A1",
    );
    expect(rewriteForMove('=SUM(A:A)', 'Sheet1', there, true)).toBe('=SUM(Sheet1!A:A)');
  });

  it('leaves text inside strings alone', () => {
    expect(rewriteForMove('="B1"&A1', 'Sheet1', here, true)).toBe('="B1"&A1');
  });
});

describe('a formula elsewhere that reads moved cells', () => {
  it('follows them when all its cells moved, on its own sheet or from another', () => {
    expect(rewriteForMove('=B1*2', 'Sheet1', here, false)).toBe('=E5*2');
    expect(rewriteForMove('=SUM(Sheet1!B1:C1)', 'Other', here, false)).toBe('=SUM(Sheet1!E5:F5)');
    expect(rewriteForMove('=SUM(B1:D1)', 'Sheet1', here, false)).toBe('=SUM(B1:D1)');
  });

  it('names the new sheet when the cells moved to another', () => {
    expect(rewriteForMove('=B1*2', 'Sheet1', there, false)).toBe("='Q2 Data'!E5*2");
    expect(rewriteForMove('=Sheet1!C1', 'Other', there, false)).toBe("='Q2 Data'!F5");
  });

  it('is #REF! where it read a cell the block landed on', () => {
    expect(rewriteForMove('=E5+1', 'Sheet1', here, false)).toBe('=#REF!+1');
    expect(rewriteForMove("='Q2 Data'!F5", 'Other', there, false)).toBe('=#REF!');
    // On the source sheet E5 was not overwritten by a move to another sheet.
    expect(rewriteForMove('=E5', 'Sheet1', there, false)).toBe('=E5');
  });
});
