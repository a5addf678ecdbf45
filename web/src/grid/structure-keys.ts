// Ctrl+- deletes and Ctrl+Shift+= (Ctrl++) inserts the rows or columns selected whole
// (Shift+Space, Ctrl+Space, a header click), as in Excel and Sheets; new ones go above (left).
import type { Rect } from './address.js';

export interface StructureChange {
  readonly axis: 'row' | 'col';
  readonly kind: 'insert' | 'delete';
  /** The first row (column) inserted before or deleted, zero-based. */
  readonly at: number;
  readonly count: number;
}

interface StructureKey {
  readonly key: string;
  readonly ctrlKey: boolean;
  readonly metaKey: boolean;
  readonly altKey: boolean;
}

/** Which change the key asks for: undefined for another key; 'not-whole' when the selection is not whole rows or columns. */
export function structureKeyChange(
  event: StructureKey,
  rect: Rect,
  label: string | undefined,
): StructureChange | 'not-whole' | undefined {
  if (!(event.ctrlKey || event.metaKey) || event.altKey) return undefined;
  const kind = event.key === '-' ? 'delete' : event.key === '+' ? 'insert' : undefined;
  if (kind === undefined) return undefined;
  if (label !== undefined && /^\d+:\d+$/.test(label))
    return { axis: 'row', kind, at: rect.row, count: rect.height };
  if (label !== undefined && /^[A-Z]+:[A-Z]+$/.test(label))
    return { axis: 'col', kind, at: rect.col, count: rect.width };
  return 'not-whole';
}
