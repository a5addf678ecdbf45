// Copy and fill: a formula pasted (rows, cols) away moves the relative parts of each reference
// by that much, keeps the `$`-anchored parts, and a reference pushed off the sheet becomes
// #REF! (as in Excel). Whole rows and columns move the same way along their axis.
import { MAX_COLUMNS, MAX_ROWS, type CellAddress } from '../address/index.js';
import { rewriteReferences } from './references.js';

function shiftCell(
  address: CellAddress,
  absoluteCol: boolean,
  absoluteRow: boolean,
  rows: number,
  cols: number,
): CellAddress | undefined {
  const row = absoluteRow ? address.row : address.row + rows;
  const col = absoluteCol ? address.col : address.col + cols;
  return row < 0 || col < 0 || row >= MAX_ROWS || col >= MAX_COLUMNS ? undefined : { row, col };
}

/** `=A1*2` copied one row down is `=A2*2`; `=$A$1` stays. Text that is no formula is returned as it is. */
export function shiftFormula(input: string, rows: number, cols: number): string {
  if (!input.startsWith('=') || (rows === 0 && cols === 0)) return input;
  return rewriteReferences(input, {
    cell(reference) {
      const [startCol, startRow, endCol, endRow] = reference.absolute;
      const start = shiftCell(reference.start, startCol, startRow, rows, cols);
      const end =
        reference.end === undefined
          ? undefined
          : shiftCell(reference.end, endCol, endRow, rows, cols);
      if (start === undefined || (reference.end !== undefined && end === undefined)) return 'lost';
      return { start, end };
    },
    line(reference) {
      const by = reference.axis === 'row' ? rows : cols;
      const limit = reference.axis === 'row' ? MAX_ROWS : MAX_COLUMNS;
      const first = reference.absolute[0] ? reference.first : reference.first + by;
      const last = reference.absolute[1] ? reference.last : reference.last + by;
      if (Math.min(first, last) < 0 || Math.max(first, last) >= limit) return 'lost';
      return { first, last };
    },
  });
}
