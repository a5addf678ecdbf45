// A cut moves cells, it does not copy them: a moved formula keeps computing from the cells it
// read before (Excel's and Sheets' cut and paste). Copy shifts every relative reference by the
// paste offset (shiftFormula); a cut moves only the references into the cut block itself, since
// those cells move along, and leaves every other reference on its cells. Pasted on another
// sheet, a reference left behind names the sheet it came from.
import {
  columnToLetters,
  quoteSheetName,
  type CellAddress,
} from '../../../src/core/address/index.js';
import { lexFormula } from '../../../src/core/formula-text/index.js';
import type { Rect } from './address.js';

export interface CutMove {
  /** The sheet and rectangle that were cut. */
  readonly from: { readonly sheet: string; readonly rect: Rect };
  /** The sheet and top-left cell the block is pasted at. */
  readonly to: { readonly sheet: string; readonly col: number; readonly row: number };
}

const sameSheet = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();

function inside(rect: Rect, address: CellAddress): boolean {
  return (
    address.col >= rect.col &&
    address.col < rect.col + rect.width &&
    address.row >= rect.row &&
    address.row < rect.row + rect.height
  );
}

function cellPart(address: CellAddress, absoluteCol: boolean, absoluteRow: boolean): string {
  return `${absoluteCol ? '$' : ''}${columnToLetters(address.col)}${absoluteRow ? '$' : ''}${address.row + 1}`;
}

/** The formula `input` (cut from `move.from`) as it reads once pasted at `move.to`. */
export function cutFormula(input: string, move: CutMove): string {
  if (!input.startsWith('=')) return input;
  const { from, to } = move;
  const rows = to.row - from.rect.row;
  const cols = to.col - from.rect.col;
  const otherSheet = !sameSheet(from.sheet, to.sheet);
  const shift = (address: CellAddress) => ({ row: address.row + rows, col: address.col + cols });
  let out = '';
  let copied = 0;
  for (const token of lexFormula(input).tokens) {
    if (token.kind !== 'reference' && token.kind !== 'line') continue;
    const onSource = sameSheet(token.sheet ?? from.sheet, from.sheet);
    const moves =
      token.kind === 'reference' &&
      onSource &&
      inside(from.rect, token.start) &&
      (token.end === undefined || inside(from.rect, token.end));
    let text: string;
    if (token.kind === 'reference' && moves) {
      // The cells it reads moved with it, `$` or not (a cut moves absolute references too).
      const [startCol, startRow, endCol, endRow] = token.absolute;
      text = cellPart(shift(token.start), startCol, startRow);
      if (token.end !== undefined) text += `:${cellPart(shift(token.end), endCol, endRow)}`;
      // `Source!B2` pasted on another sheet now reads that sheet's moved cell.
      if (token.sheet !== undefined) text = `${quoteSheetName(to.sheet)}!${text}`;
    } else if (token.sheet === undefined && otherSheet) {
      // An unqualified reference left behind must keep reading the source sheet.
      text = `${quoteSheetName(from.sheet)}!${input.slice(token.from, token.to)}`;
    } else continue;
    out += input.slice(copied, token.qualifiedFrom) + text;
    copied = token.to;
  }
  return copied === 0 ? input : out + input.slice(copied);
}
