// Cells cut and pasted elsewhere (Excel's move): every reference to the moved cells follows them,
// from any formula of the workbook, and the moved formulas keep reading what they read. A
// reference follows only when all its cells moved (a range reaching past the block stays, as in
// Excel); one whose cells the block landed on is #REF! (those cells were overwritten). On another
// sheet a followed reference names its new sheet, and a moved formula's unqualified references
// to cells left behind name the sheet they were left on.
import { rangeContains, type RangeAddress } from '../address/index.js';
import { refersToSheet, rewriteReferences, type CellTarget } from './references.js';
import type { ReferenceToken } from './tokens.js';

export interface CellsMove {
  /** The sheet the cells were on. */
  readonly sheet: string;
  /** The rectangle moved. */
  readonly range: RangeAddress;
  /** The sheet they move to (the same one, or another). */
  readonly targetSheet: string;
  /** The rectangle they land on: the range's size, at its new top-left. */
  readonly target: RangeAddress;
}

function coversReference(range: RangeAddress, reference: ReferenceToken): boolean {
  return (
    rangeContains(range, reference.start) &&
    (reference.end === undefined || rangeContains(range, reference.end))
  );
}

function followed(reference: ReferenceToken, move: CellsMove): CellTarget {
  const rows = move.target.start.row - move.range.start.row;
  const cols = move.target.start.col - move.range.start.col;
  const shift = (address: { row: number; col: number }) => ({
    row: address.row + rows,
    col: address.col + cols,
  });
  const end = reference.end === undefined ? undefined : shift(reference.end);
  const sheetChanged = move.sheet.toLowerCase() !== move.targetSheet.toLowerCase();
  // Written unqualified, a moved formula's reference to its own block still names its own sheet.
  const sheet = sheetChanged && reference.sheet !== undefined ? move.targetSheet : undefined;
  return { start: shift(reference.start), end, ...(sheet === undefined ? {} : { sheet }) };
}

/**
 * The formula standing on `formulaSheet` with its references rewritten for the move; `moved`
 * when it is one of the moved cells (`formulaSheet` is then the sheet it stood on before).
 */
export function rewriteForMove(
  formula: string,
  formulaSheet: string,
  move: CellsMove,
  moved: boolean,
): string {
  const sheetChanged = move.sheet.toLowerCase() !== move.targetSheet.toLowerCase();
  // A moved formula's unqualified reference now stands on the target sheet: one left behind must
  // name the sheet it reads.
  const leftBehind = moved && sheetChanged;
  return rewriteReferences(formula, {
    cell(reference) {
      if (
        refersToSheet(reference, formulaSheet, move.sheet) &&
        coversReference(move.range, reference)
      ) {
        const target = followed(reference, move);
        // An outside formula's unqualified reference reads the sheet it stands on: on another
        // target sheet it must name it.
        if (!moved && sheetChanged && reference.sheet === undefined)
          return { ...target, sheet: move.targetSheet };
        return target;
      }
      if (
        refersToSheet(reference, formulaSheet, move.targetSheet) &&
        coversReference(move.target, reference)
      )
        return 'lost';
      if (leftBehind && reference.sheet === undefined)
        return { start: reference.start, end: reference.end, sheet: move.sheet };
      return undefined;
    },
    line(reference) {
      if (!leftBehind || reference.sheet !== undefined) return undefined;
      return { first: reference.first, last: reference.last, sheet: move.sheet };
    },
  });
}
