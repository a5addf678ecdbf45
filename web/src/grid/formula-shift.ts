// Moving a formula by (rows, cols) the way a spreadsheet does on copy and fill: relative
// parts of each reference move, `$`-anchored parts stay, text inside string literals is left
// alone, and a reference pushed off the sheet becomes #REF!.
import { columnIndex, columnLetters, MAX_COLUMNS, MAX_ROWS } from './address.js';

// A cell reference (optionally sheet-qualified) that is not part of a longer name or a call.
const REFERENCE =
  /(?<![A-Za-z0-9_.$])((?:'(?:[^']|'')+'|[A-Za-z_][A-Za-z0-9_.]*)!)?(\$?)([A-Za-z]{1,3})(\$?)(\d{1,7})(?![A-Za-z0-9_(!])/g;

function shiftPart(
  text: string,
  parts: { col$: string; col: string; row$: string; row: string },
  rows: number,
  cols: number,
): string | undefined {
  let col = columnIndex(parts.col);
  let row = Number(parts.row) - 1;
  if (parts.col$ === '') col += cols;
  if (parts.row$ === '') row += rows;
  if (col < 0 || row < 0 || col >= MAX_COLUMNS || row >= MAX_ROWS) return undefined;
  return `${text}${parts.col$}${columnLetters(col)}${parts.row$}${row + 1}`;
}

function shiftOutsideStrings(segment: string, rows: number, cols: number): string {
  return segment.replace(
    REFERENCE,
    (_match, sheet: string | undefined, col$: string, col: string, row$: string, row: string) => {
      const shifted = shiftPart(sheet ?? '', { col$, col, row$, row }, rows, cols);
      return shifted ?? '#REF!';
    },
  );
}

/** `=A1*2` moved one row down is `=A2*2`; `=$A$1` stays. Non-formulas are returned as they are. */
export function shiftFormula(input: string, rows: number, cols: number): string {
  if (!input.startsWith('=') || (rows === 0 && cols === 0)) return input;
  // Split on string literals so "A1" inside quotes is never touched.
  const pieces = input.split(/("(?:[^"]|"")*")/);
  return pieces
    .map((piece, index) => (index % 2 === 1 ? piece : shiftOutsideStrings(piece, rows, cols)))
    .join('');
}
