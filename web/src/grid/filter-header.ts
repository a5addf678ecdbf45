// The header row of the sheet's filter: each of its cells carries a ▾ button at its right edge
// (FilterButtons), so the canvas draws that cell's content in the room left of the button, as
// Excel does, instead of under it (docs/ui-rules.md FLT-01).
import type { SheetLayoutState } from '../app/sheet-layouts.js';
import { tryParseCell } from './address.js';

/** From a header cell's right edge to its button's left edge (the button is 18 px wide). */
export const FILTER_BUTTON_INSET = 21;

type Filter = SheetLayoutState['filter'];

/** The filter's header row and its first and last columns, or undefined without a filter. */
export function filterHeader(
  filter: Filter | undefined,
): { row: number; firstCol: number; lastCol: number } | undefined {
  if (filter === null || filter === undefined) return undefined;
  const [startText, endText] = filter.range.split(':');
  const start = tryParseCell(startText ?? '');
  const end = tryParseCell(endText ?? startText ?? '');
  if (start === undefined || end === undefined) return undefined;
  return { row: start.row, firstCol: start.col, lastCol: end.col };
}

/** Whether (col, row) is a header cell of the filter, holding a ▾ button. */
export function isFilterHeader(filter: Filter | undefined, col: number, row: number): boolean {
  const header = filterHeader(filter);
  return (
    header !== undefined && row === header.row && col >= header.firstCol && col <= header.lastCol
  );
}
