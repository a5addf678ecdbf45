// When collision resolution moves a block, the block's formulas that point into the block
// itself must move with it, or the copy would compute the original's cells (`=SUM(B2:B4)` in a
// copy written beside the original). References to cells outside the block (existing data)
// stay where they are. A range moves when its first cell lies inside the block, so a total over
// a column with an empty tail (`SUM(B2:B100)`) follows its column.
import { rangeContains, type CellAddress, type RangeAddress } from '../address/index.js';
import { refersToSheet, rewriteReferences } from './references.js';

export interface BlockMove {
  /** The sheet the block is written on; qualified references to it move too. */
  readonly sheet: string;
  /** The rectangle the block covered at its requested anchor. */
  readonly block: RangeAddress;
  readonly rows: number;
  readonly cols: number;
}

function moved(address: CellAddress, move: BlockMove): CellAddress {
  return { row: address.row + move.rows, col: address.col + move.cols };
}

/** The formula with its references into the block shifted by the move; other text is untouched. */
export function moveBlockFormula(formula: string, move: BlockMove): string {
  if (move.rows === 0 && move.cols === 0) return formula;
  return rewriteReferences(formula, {
    cell(reference) {
      if (!refersToSheet(reference, move.sheet, move.sheet)) return undefined;
      if (!rangeContains(move.block, reference.start)) return undefined;
      const end = reference.end === undefined ? undefined : moved(reference.end, move);
      return { start: moved(reference.start, move), end };
    },
  });
}
