// The shapes the session shares with components: workbook, selection, edit, AI preview and
// conflict state.
import type { CellValue } from '../api/types.js';
import type { CellRef, Rect } from '../grid/address.js';

export interface WorkbookState {
  readonly name: string;
  readonly sheets: readonly string[];
  readonly active: string;
  readonly canUndo: boolean;
  readonly canRedo: boolean;
}

export interface SelectionState {
  readonly sheet: string;
  /** 'program' when set by the page (name box, undo, AI links): the grid then follows it. */
  readonly source?: 'grid' | 'program';
  /** Counts programmatic moves so the grid reacts to each one, even to the same cell. */
  readonly seq?: number;
  /** The active cell (where typing goes). */
  readonly cursor: CellRef;
  /** The selected rectangle (contains the cursor). */
  readonly rect: Rect;
  /** Set when the selection is a whole row/column/sheet; shown by the name box. */
  readonly label?: string;
}

export interface EditState {
  readonly sheet: string;
  readonly cell: CellRef;
  readonly text: string;
  /** The cell's input when editing began (an unchanged commit writes nothing). */
  readonly original: string;
  /**
   * The cell's version when editing began: the write expects it, so a change someone else made
   * while the user typed opens the conflict dialog instead of being overwritten (EDIT-09); 0
   * for a cell known to be empty.
   */
  readonly seenVersion?: number | undefined;
  /** 'enter' when typing replaced the cell (arrows commit and move), 'edit' for F2/double-click. */
  readonly mode: 'enter' | 'edit';
  /** Where the user types: the in-cell editor or the formula bar. */
  readonly origin: 'cell' | 'bar';
  /** Caret position in `text` (for inserting references in point mode). */
  readonly caret: number;
}

/** Proposed AI cells painted over the grid before anything is written (docs/ui-rules.md AI-07). */
export interface PreviewOverlay {
  readonly sheet: string;
  /** Keyed by A1 address. */
  readonly cells: ReadonlyMap<string, { readonly value: CellValue; readonly overwrites: boolean }>;
  /** A dashed placeholder where a proposed chart would go (docs/ui-rules.md AI-14). */
  readonly chart?: {
    readonly anchor: CellRef;
    readonly width: number;
    readonly height: number;
    readonly title: string;
  };
}

export interface ConflictState {
  readonly sheet: string;
  readonly cell: string;
  readonly mine: string;
  readonly theirs: string;
}
