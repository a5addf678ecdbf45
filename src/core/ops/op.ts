// The Op union: every change to a workbook is a list of these, applied by workbook.apply.
// Op names are imperative; sheets are named as they are at the moment the op applies.
import type { CellAddress, RangeAddress } from '../address/index.js';
import type { FormatPatch, FormatRect, FormatRun } from '../format/index.js';
import type { Chart } from '../chart.js';
import type { Sheet } from '../sheet.js';
import type { CellInput } from '../value-typing.js';
import type { StructureChange } from '../formula-text/index.js';
import type { LayoutPatch, SheetLayout } from '../sheet-layout.js';
import type { DefinedName, NameTable, ScopedName } from '../defined-names.js';
import type { CharacterSet } from '../formula/index.js';

/** A horizontal run of cells starting at (row, col); null clears a cell. */
export interface InputRun {
  readonly row: number;
  readonly col: number;
  readonly inputs: readonly (CellInput | null)[];
}

/**
 * Formulas, names and chart ranges naming a sheet that does not exist (a deleted sheet's name,
 * kept so that undoing the delete brings them back), as they were.
 */
export interface KeptReferences {
  readonly cells: readonly {
    readonly sheet: string;
    readonly row: number;
    readonly col: number;
    readonly formula: string;
  }[];
  readonly names: readonly ScopedName[];
  readonly charts: readonly { readonly sheet: string; readonly chart: Chart }[];
}

/** Everything a sheet owns, as `delete-sheet` takes it away and `restore-sheet` brings it back. */
export interface SheetSnapshot {
  readonly name: string;
  readonly cells: readonly SnapshotCell[];
  /** In display order; absent means none. */
  readonly charts?: readonly Chart[];
  /** Frozen panes, sizes and filter; absent means none. */
  readonly layout?: SheetLayout;
  /** Cell formats as rectangles (a later one wins where two overlap); absent means none. */
  readonly formats?: readonly FormatRect[];
  /** The names defined for this sheet only; absent means none. */
  readonly names?: readonly DefinedName[];
}

/** A whole workbook as `replace-workbook` installs it (load, import) and `document()` reads it. */
export interface WorkbookDocument {
  readonly name: string;
  readonly activeSheet: string;
  /** In tab order. */
  readonly sheets: readonly SheetSnapshot[];
  /** The workbook-wide defined names; absent means none. */
  readonly names?: readonly DefinedName[];
  /** The set CHAR and CODE compute with; absent means Windows (code page 1252). */
  readonly characterSet?: CharacterSet;
}

/**
 * A workbook's own sheets as a `replace-workbook` (or a `restore-workbook`) took them out of it,
 * kept as they are rather than copied: the undo of a load or an import. Only the history holds
 * them, and a change clears the redo stack, so nothing changes them until the undo (or redo)
 * that puts them back; from then on they are the live sheets and the step is gone.
 */
export interface RetiredWorkbook {
  readonly name: string;
  /** In tab order. */
  readonly sheets: readonly Sheet[];
  readonly activeSheet: Sheet;
  readonly names: NameTable;
  readonly characterSet: CharacterSet;
}

export interface SnapshotCell {
  readonly row: number;
  readonly col: number;
  readonly input: CellInput | null;
  readonly version: number;
  readonly locked: boolean;
}

/**
 * What a structure change puts back once its rows or columns have moved: the undo (or redo) of
 * one. Cells are set exactly as given (input, version, lock) on the named sheet, after every
 * reference has been rewritten; each sheet named under `charts` gets exactly those charts.
 */
export interface StructureRestore {
  readonly cells: readonly { readonly sheet: string; readonly cells: readonly SnapshotCell[] }[];
  readonly charts: readonly { readonly sheet: string; readonly charts: readonly Chart[] }[];
  /** The changed sheet's layout as it was (present when it had one, or has one after). */
  readonly layout?: SheetLayout;
  /** The changed sheet's formats as they were (present when it had some, or has some after). */
  readonly formats?: readonly FormatRect[];
  /** Defined names whose definitions the change rewrote, as they were (`sheet`: their sheet's). */
  readonly names?: readonly ScopedName[];
}

/**
 * What a move puts back once its cells have moved: the undo (or redo) of one. Cells are set
 * exactly as given (input, version, lock) on the named sheet, after every reference has been
 * rewritten; charts and names get exactly these.
 */
export interface MoveRestore {
  readonly cells: readonly { readonly sheet: string; readonly cells: readonly SnapshotCell[] }[];
  /** Each sheet named here gets exactly these charts (those whose data ranges the move rewrote). */
  readonly charts?: readonly { readonly sheet: string; readonly charts: readonly Chart[] }[];
  /** Defined names whose definitions the move rewrote, as they were (`sheet`: their sheet's). */
  readonly names?: readonly ScopedName[];
}

export type Op =
  | { readonly type: 'set-cells'; readonly sheet: string; readonly runs: readonly InputRun[] }
  /**
   * Cut and paste: the range's cells (inputs and formats) move to `targetSheet` with their
   * top-left at `target`, and every formula, defined name and chart range that referred to them
   * follows
   * (core/formula-text/move-cells.ts). Its undo is the move back with a `restore`: the cells and
   * names as they were before.
   */
  | {
      readonly type: 'move-cells';
      readonly sheet: string;
      readonly range: RangeAddress;
      readonly targetSheet: string;
      readonly target: CellAddress;
      readonly restore?: MoveRestore;
    }
  /**
   * Empties every cell of a rectangle: the undo of a write into cells that held nothing, one
   * record where `set-cells` would hold a run per row (W6: 1000 runs a step). Its inverse is the
   * `set-cells` that writes back what the rectangle held.
   */
  | { readonly type: 'clear-cells'; readonly sheet: string; readonly range: RangeAddress }
  | {
      readonly type: 'set-locks';
      readonly sheet: string;
      readonly cells: readonly CellAddress[];
      readonly locked: boolean;
    }
  | { readonly type: 'add-sheet'; readonly name: string; readonly index?: number }
  | { readonly type: 'delete-sheet'; readonly name: string }
  | {
      readonly type: 'restore-sheet';
      readonly snapshot: SheetSnapshot;
      readonly index: number;
      readonly activate: boolean;
    }
  /**
   * `keep`: references to a sheet named `from` that stay as they are after the rename: those a
   * rename to `from` took over from a deleted sheet of that name (its undo carries them).
   */
  | {
      readonly type: 'rename-sheet';
      readonly from: string;
      readonly to: string;
      readonly keep?: KeptReferences;
    }
  | { readonly type: 'activate-sheet'; readonly name: string }
  /** Puts the sheet at `index` (0 is the first tab) among the others, in the same order. */
  | { readonly type: 'move-sheet'; readonly name: string; readonly index: number }
  | { readonly type: 'rename-workbook'; readonly name: string }
  /** Adds the chart, or replaces the sheet's chart with the same id in place. */
  | {
      readonly type: 'put-chart';
      readonly sheet: string;
      readonly chart: Chart;
      readonly index?: number;
    }
  | { readonly type: 'delete-chart'; readonly sheet: string; readonly id: string }
  /** Changes the formats of a range's cells: fields sent set, null clears, absent stay. */
  | {
      readonly type: 'set-format';
      readonly sheet: string;
      readonly range: RangeAddress;
      readonly format: FormatPatch;
    }
  /** Puts a range's formats back column by column (the inverse of set-format, and of itself). */
  | {
      readonly type: 'restore-formats';
      readonly sheet: string;
      readonly range: RangeAddress;
      readonly columns: readonly FormatColumn[];
    }
  /** Replaces everything the workbook holds; versions and locks come from the document as they are. */
  | { readonly type: 'replace-workbook'; readonly document: WorkbookDocument }
  /** Frozen panes, column widths, row heights or the filter of one sheet: the fields given change. */
  | { readonly type: 'set-layout'; readonly sheet: string; readonly patch: LayoutPatch }
  /**
   * Rows or columns inserted or deleted on one sheet. Its undo is the opposite change with a
   * `restore`: the deleted cells, and the formulas and charts as they were before.
   */
  | {
      readonly type: 'change-structure';
      readonly change: StructureChange;
      readonly restore?: StructureRestore;
    }
  /**
   * Defines a name for the workbook, or for one sheet when `sheet` is given, or redefines it.
   * Its inverse redefines it as it was, or deletes it.
   */
  | {
      readonly type: 'set-name';
      readonly name: string;
      readonly sheet?: string;
      readonly formula: string;
    }
  | { readonly type: 'delete-name'; readonly name: string; readonly sheet?: string }
  /** Puts back the sheets a replace took out (the inverse of replace-workbook, and of itself). */
  | { readonly type: 'restore-workbook'; readonly workbook: RetiredWorkbook }
  /**
   * Recomputes what depends on functions from outside the workbook (plugins): with `rebuild`, the
   * engine takes the current function set (one added or removed); otherwise the cells whose
   * formulas call `names` are recomputed (their asynchronous results arrived). Not undoable:
   * nothing the workbook holds changes.
   */
  | {
      readonly type: 'refresh-functions';
      readonly names: readonly string[];
      readonly rebuild: boolean;
    };

/** One column of a range's formats: its formatted rows (rows without a run have none). */
export interface FormatColumn {
  readonly col: number;
  readonly runs: readonly FormatRun[];
}

export type OpType = Op['type'];

/**
 * Ops that change what the workbook holds; activating a sheet is a view change and a refresh a
 * recomputation, neither undone.
 */
export function isUndoable(op: Op): boolean {
  return op.type !== 'activate-sheet' && op.type !== 'refresh-functions';
}
