// Tab, Tab, Enter as spreadsheets do it: Enter after a run of Tabs goes to the next row of the
// column where the run began, so a table is filled row by row without reaching for the mouse.
import type { CellRef } from './address.js';

export class TabRun {
  private run: { readonly startCol: number; readonly row: number; readonly at: number } | undefined;

  /** The cursor moved sideways with Tab (or Shift+Tab) from `from` to `to`. */
  tab(from: CellRef, to: CellRef): void {
    const continues =
      this.run !== undefined && this.run.row === from.row && this.run.at === from.col;
    this.run = { startCol: continues ? this.run!.startCol : from.col, row: from.row, at: to.col };
  }

  /** Where Enter (dy 1) or Shift+Enter (dy −1) from `from` goes; it ends the run. */
  enter(from: CellRef, dy: number): CellRef {
    const run = this.run;
    this.run = undefined;
    // Only if nothing else moved the cursor since the last Tab.
    const col =
      run !== undefined && run.row === from.row && run.at === from.col ? run.startCol : from.col;
    return { col, row: from.row + dy };
  }
}
