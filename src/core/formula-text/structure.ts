// Rows or columns inserted or deleted: every reference to the changed sheet follows its cells,
// as in Excel. Inserting before a reference moves it (`$` anchors too: they fix a reference
// against copying, not against the sheet's structure); a range that spans the insertion point
// grows. Deleting the cells a reference names makes it #REF!; a range that loses only some of
// its rows or columns shrinks.
import { columnToLetters, MAX_COLUMNS, MAX_ROWS } from '../address/index.js';
import { refersToSheet, rewriteReferences } from './references.js';

export interface StructureChange {
  readonly kind: 'insert' | 'delete';
  readonly sheet: string;
  readonly axis: 'row' | 'col';
  /** Zero-based index of the first row (or column) inserted or deleted. */
  readonly at: number;
  readonly count: number;
}

/** How many rows (or columns) the sheet has along the change's axis. */
export function limitOf(change: Pick<StructureChange, 'axis'>): number {
  return change.axis === 'row' ? MAX_ROWS : MAX_COLUMNS;
}

/** Where a row (or column) of the changed sheet is after the change; undefined when it is gone. */
export function movedIndex(index: number, change: StructureChange): number | undefined {
  if (index < change.at) return index;
  if (change.kind === 'insert') {
    const moved = index + change.count;
    return moved < limitOf(change) ? moved : undefined;
  }
  return index >= change.at + change.count ? index - change.count : undefined;
}

/**
 * The span [first, last] (in the order written) after the change, or undefined when every row
 * of it is gone. A span's ends move like single rows, except that an end inside a deleted band
 * stops at the band's edge and an end pushed off the sheet by an insert stays on its last row.
 */
function movedSpan(
  first: number,
  last: number,
  change: StructureChange,
): { first: number; last: number } | undefined {
  const reversed = first > last;
  const [low, high] = reversed ? [last, first] : [first, last];
  let newLow: number | undefined;
  let newHigh: number | undefined;
  if (change.kind === 'insert') {
    newLow = movedIndex(low, change);
    if (newLow === undefined) return undefined;
    newHigh = movedIndex(high, change) ?? limitOf(change) - 1;
  } else {
    const bandEnd = change.at + change.count - 1;
    if (low >= change.at && high <= bandEnd) return undefined;
    newLow = movedIndex(low, change) ?? change.at;
    newHigh = movedIndex(high, change) ?? change.at - 1;
  }
  return reversed ? { first: newHigh, last: newLow } : { first: newLow, last: newHigh };
}

/** The formula (stored on `formulaSheet`) with its references to the changed sheet moved. */
export function rewriteForStructureChange(
  formula: string,
  formulaSheet: string,
  change: StructureChange,
): string {
  const onAxis = change.axis;
  return rewriteReferences(formula, {
    cell(reference) {
      if (!refersToSheet(reference, formulaSheet, change.sheet)) return undefined;
      const start = reference.start[onAxis];
      if (reference.end === undefined) {
        const moved = movedIndex(start, change);
        if (moved === start) return undefined;
        if (moved === undefined) return 'lost';
        return { start: { ...reference.start, [onAxis]: moved }, end: undefined };
      }
      const span = movedSpan(start, reference.end[onAxis], change);
      if (span === undefined) return 'lost';
      if (span.first === start && span.last === reference.end[onAxis]) return undefined;
      return {
        start: { ...reference.start, [onAxis]: span.first },
        end: { ...reference.end, [onAxis]: span.last },
      };
    },
    line(reference) {
      if (reference.axis !== onAxis) return undefined;
      if (!refersToSheet(reference, formulaSheet, change.sheet)) return undefined;
      const span = movedSpan(reference.first, reference.last, change);
      if (span === undefined) return 'lost';
      return span.first === reference.first && span.last === reference.last ? undefined : span;
    },
  });
}

/** The band as Excel names it: rows `3:4`, columns `B:C`. */
export function bandName(axis: 'row' | 'col', at: number, count: number): string {
  const name = (index: number) => (axis === 'row' ? String(index + 1) : columnToLetters(index));
  return `${name(at)}:${name(at + count - 1)}`;
}
