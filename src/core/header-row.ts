// Excel's guess whether a range's first row is a header: the server's sort (`header: auto`) and
// the page's Sort dialog, which names the columns by their header text when it guesses one,
// share it (web may import this file).
import type { RangeAddress } from './address/index.js';

/** A sheet as the guess reads it: computed values by zero-based row and column. */
export interface HeaderRowValues {
  value(row: number, col: number): unknown;
}

/**
 * Excel's guess: a first row of text over numbers (or booleans) in any column of the range is a
 * header, whichever columns the sort is by (`Name | Qty` over `Pear | 3` is a header although
 * both names are text).
 */
export function looksLikeHeader(sheet: HeaderRowValues, range: RangeAddress): boolean {
  if (range.end.row === range.start.row) return false;
  for (let col = range.start.col; col <= range.end.col; col += 1) {
    const top = sheet.value(range.start.row, col);
    const below = sheet.value(range.start.row + 1, col);
    if (
      typeof top === 'string' &&
      top !== '' &&
      (typeof below === 'number' || typeof below === 'boolean')
    )
      return true;
  }
  return false;
}
