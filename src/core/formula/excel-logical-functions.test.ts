// AND, OR and XOR (excel-logical-functions.ts): the text TRUE or FALSE counts when written in the
// formula, never when a referenced cell holds it. Expected values are Excel's cached results in
// the conformance corpus, named by file, sheet and cell.
import { describe, expect, it } from 'vitest';
import { useWorkbooks, valueAt, writeCell } from '../../../test/support/workbook-bed.js';

const bed = useWorkbooks();

describe('AND, OR and XOR with text', () => {
  it('skip the text "TRUE" or "FALSE" of a referenced cell (#VALUE! with nothing else)', () => {
    const book = bed.open();
    writeCell(book, 'A7', '="TRUE"');
    writeCell(book, 'A8', '="FALSE"');
    writeCell(book, 'C1', '=OR(A7)'); // ironcalc/LOGICAL--AND_OR_XOR.xlsx C101
    writeCell(book, 'C2', '=AND(A8:B8)'); // E104
    writeCell(book, 'C3', '=XOR(A7, TRUE)');
    expect(valueAt(book, 'C1')).toBe('#VALUE!');
    expect(valueAt(book, 'C2')).toBe('#VALUE!');
    expect(valueAt(book, 'C3')).toBe(true);
  });

  it('read the text TRUE or FALSE written in the formula, and skip other text', () => {
    const book = bed.open();
    writeCell(book, 'C1', '=OR("TRUE")');
    writeCell(book, 'C2', '=AND(TRUE,"0")'); // formulas/test.xlsx LOGICAL AT3
    writeCell(book, 'C3', '=AND("", FALSE)'); // ironcalc/LOGICAL--AND_OR_XOR.xlsx E53
    expect(valueAt(book, 'C1')).toBe(true);
    expect(valueAt(book, 'C2')).toBe(true);
    expect(valueAt(book, 'C3')).toBe(false);
  });
});
