// What the commit stream said changed since the page last looked, gathered over a moment so a
// burst of commits is read again once: which sheets' cells, charts and layouts, whether the
// sheet list changed, and whether the whole workbook must be read again.
import type { CommitEventJson } from '../api/types.js';

/** The part of a commit event that says what changed (the cells' values are not needed). */
type ChangedParts = Pick<
  CommitEventJson,
  'changed_sheets' | 'charts' | 'layout' | 'sheets' | 'workbook_replaced'
> & {
  /** Some of the cells whose values changed, by sheet (addresses). */
  readonly touched: readonly { readonly sheet: string; readonly cells: readonly string[] }[];
};

export type SheetAspect = 'cells' | 'charts' | 'layout';

export class OutsideChange {
  private readonly sheetsBy: Record<SheetAspect, Set<string>> = {
    cells: new Set(),
    charts: new Set(),
    layout: new Set(),
  };
  /** Sheets were added, removed, renamed, reordered or activated, or the workbook renamed. */
  sheetList = false;
  /** A load, an import, a structure change or a missed stretch of commits: read everything. */
  everything = false;
  /** Cells other clients changed, by sheet: flashed once their new values are read (RT-01). */
  readonly flashes = new Map<string, Set<string>>();

  /** Adds what one commit event says it changed; `theirs`: another client made it (its cells flash). */
  add(event: ChangedParts, theirs = false): void {
    if (theirs)
      for (const { sheet, cells } of event.touched) {
        const flashed = this.flashes.get(sheet) ?? new Set<string>();
        for (const cell of cells) flashed.add(cell);
        this.flashes.set(sheet, flashed);
      }
    for (const sheet of event.changed_sheets) this.sheetsBy.cells.add(sheet);
    for (const sheet of event.charts) this.sheetsBy.charts.add(sheet);
    for (const sheet of event.layout) this.sheetsBy.layout.add(sheet);
    if (event.sheets) this.sheetList = true;
    if (event.workbook_replaced) this.everything = true;
  }

  /** Whether `sheet`'s cells, charts or layout may have changed. */
  changed(aspect: SheetAspect, sheet: string): boolean {
    return this.everything || this.sheetsBy[aspect].has(sheet);
  }

  /** The sheets whose cells changed (every sheet when `everything`). */
  get cellSheets(): ReadonlySet<string> {
    return this.sheetsBy.cells;
  }

  get empty(): boolean {
    return (
      !this.everything &&
      !this.sheetList &&
      Object.values(this.sheetsBy).every((sheets) => sheets.size === 0)
    );
  }
}

/**
 * The sheet this page shows after another client changed the sheet list: its own if it is still
 * there, else the one now at its place (a rename), else the workbook's active sheet.
 */
export function keptActiveSheet(
  previous: { readonly active: string; readonly sheets: readonly string[] } | null,
  next: { readonly active_sheet: string; readonly sheets: readonly string[] },
): string {
  if (previous === null || next.sheets.includes(previous.active))
    return previous?.active ?? next.active_sheet;
  const index = previous.sheets.indexOf(previous.active);
  if (
    previous.sheets.length === next.sheets.length &&
    index >= 0 &&
    !previous.sheets.includes(next.sheets[index]!)
  )
    return next.sheets[index]!;
  return next.active_sheet;
}
