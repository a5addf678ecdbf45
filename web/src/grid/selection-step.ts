// Enter and Tab inside a selected range, as Excel and Sheets do it: the active cell steps
// through the range and the range stays selected, so a block is typed in without the mouse
// (Enter down its columns, Tab along its rows, wrapping at the edges; Shift goes back).
import { rectContains, type CellRef, type Rect } from './address.js';

/** Whether Enter and Tab step inside `rect` from `cursor`: a range of several cells holding it. */
export function stepsInside(rect: Rect, cursor: CellRef): boolean {
  return rect.width * rect.height > 1 && rectContains(rect, cursor);
}

/** The next active cell in `rect` after Enter (down) or Tab (right); `back` for Shift. */
export function stepInside(
  rect: Rect,
  cursor: CellRef,
  key: 'Enter' | 'Tab',
  back: boolean,
): CellRef {
  const count = rect.width * rect.height;
  const col = cursor.col - rect.col;
  const row = cursor.row - rect.row;
  // The cell's place in the order the key walks: down the columns, or along the rows.
  const index = key === 'Enter' ? col * rect.height + row : row * rect.width + col;
  const next = (index + (back ? count - 1 : 1)) % count;
  return key === 'Enter'
    ? { col: rect.col + Math.floor(next / rect.height), row: rect.row + (next % rect.height) }
    : { col: rect.col + (next % rect.width), row: rect.row + Math.floor(next / rect.width) };
}
