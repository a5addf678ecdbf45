// When collision resolution moves a block, the block's formulas that point into the block
// itself must move with it, or the copy would compute the original's cells (`=SUM(B2:B4)` in a
// copy written beside the original). References to cells outside the block (existing data)
// stay where they are. A range moves when its first cell lies inside the block, so a total over
// a column with an empty tail (`SUM(B2:B100)`) follows its column.
import {
  columnToLetters,
  rangeContains,
  type CellAddress,
  type RangeAddress,
} from './address/index.js';
import { tokenizeFormula, type ReferenceToken } from './guardrails/formula-tokens.js';

export interface BlockMove {
  /** The sheet the block is written on; qualified references to it move too. */
  readonly sheet: string;
  /** The rectangle the block covered at its requested anchor. */
  readonly block: RangeAddress;
  readonly rows: number;
  readonly cols: number;
}

function formatPart(address: CellAddress, absoluteCol: boolean, absoluteRow: boolean): string {
  return `${absoluteCol ? '$' : ''}${columnToLetters(address.col)}${absoluteRow ? '$' : ''}${address.row + 1}`;
}

function shifted(address: CellAddress, move: BlockMove): CellAddress {
  return { row: address.row + move.rows, col: address.col + move.cols };
}

function movedText(reference: ReferenceToken, move: BlockMove): string {
  const [startCol, startRow, endCol, endRow] = reference.absolute;
  const start = formatPart(shifted(reference.start, move), startCol, startRow);
  if (reference.end === undefined) return start;
  return `${start}:${formatPart(shifted(reference.end, move), endCol, endRow)}`;
}

function pointsIntoBlock(reference: ReferenceToken, move: BlockMove): boolean {
  if (reference.sheet !== undefined && reference.sheet.toLowerCase() !== move.sheet.toLowerCase())
    return false;
  return rangeContains(move.block, reference.start);
}

/** The formula with its references into the block shifted by the move; other text is untouched. */
export function moveBlockFormula(formula: string, move: BlockMove): string {
  if (move.rows === 0 && move.cols === 0) return formula;
  let out = '';
  let copied = 0;
  for (const token of tokenizeFormula(formula)) {
    if (token.kind !== 'reference' || !pointsIntoBlock(token, move)) continue;
    out += formula.slice(copied, token.from) + movedText(token, move);
    copied = token.to;
  }
  return out + formula.slice(copied);
}
