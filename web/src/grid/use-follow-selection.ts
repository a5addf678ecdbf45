// When the page moves the selection (name box, undo, AI links), the grid follows: it selects
// the cells, takes focus (unless the user is typing elsewhere) and scrolls them into view.
import {
  useEffect,
  type Dispatch,
  type MutableRefObject,
  type RefObject,
  type SetStateAction,
} from 'react';
import type { DataEditorRef, GridSelection, Item } from '@glideapps/glide-data-grid';
import type { Session } from '../app/session.js';
import { toGlide } from './glide-selection.js';

/** Focus is in a text field other than the cell editor, formula bar or name box (for example the AI prompt). */
export function typingElsewhere(): boolean {
  const active = document.activeElement;
  if (!(
    active instanceof HTMLInputElement ||
    active instanceof HTMLTextAreaElement ||
    active instanceof HTMLSelectElement
  ))
    return false;
  return !['cell-editor', 'formula-bar', 'name-box'].includes(active.dataset['testid'] ?? '');
}

export function useFollowSelection(
  session: Session,
  gridRef: RefObject<DataEditorRef | null>,
  setGridSelection: Dispatch<SetStateAction<GridSelection>>,
  currentCell: MutableRefObject<Item | undefined>,
  glideReported: MutableRefObject<Item | undefined>,
): void {
  useEffect(() => {
    let seen = -1;
    const follow = () => {
      const selection = session.selection.get();
      if (selection.source !== 'program' || selection.seq === seen) return;
      seen = selection.seq ?? -1;
      const isCursor = (item: Item | undefined) =>
        item?.[0] === selection.cursor.col && item?.[1] === selection.cursor.row;
      const sameCell = isCursor(currentCell.current);
      setGridSelection(toGlide(selection.rect, selection.cursor));
      if (session.editing.get() === null && !typingElsewhere()) gridRef.current?.focus();
      // Glide scrolls a changed selection into view itself (a second scroll would overshoot),
      // except to the cell it last reported itself (A1 on a fresh page), which it takes for the
      // echo of its own change; the same cell again (scrolled away meanwhile) is no change.
      if (sameCell || isCursor(glideReported.current))
        gridRef.current?.scrollTo(selection.cursor.col, selection.cursor.row);
    };
    follow();
    return session.selection.subscribe(follow);
  }, [session, gridRef, setGridSelection, currentCell, glideReported]);
}
