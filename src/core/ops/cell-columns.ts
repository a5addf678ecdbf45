// A sheet snapshot's cells read by index, column by column, so a document decoded off the event
// loop (an import of a million cells comes back from the worker as typed arrays) is checked,
// laid into runs, filled into the sheets and written to the journal without an object per cell.
// Unpacked into SnapshotCells first, the import's million objects all survived the scavenges
// that ran while they were made: most of the event loop's time in that phase was the young
// generation collector copying them (issue 16, import-largest and xlsx-largest).
// A snapshot made of columns still has `cells`: the array is made the first time anything reads
// it, so every reader that needs objects (an undo's redo, an export of the document) works as
// before.
import type { CellInput } from '../value-typing.js';
import type { SheetSnapshot, SnapshotCell } from './op.js';

/** A sheet's cells by index: the same cells, in the same order, as its `cells` array. */
export interface CellColumns {
  readonly length: number;
  row(index: number): number;
  col(index: number): number;
  input(index: number): CellInput | null;
  version(index: number): number;
  locked(index: number): boolean;
}

const columnsOfSnapshot = new WeakMap<SheetSnapshot, CellColumns>();

/** A snapshot array read through the same interface. */
function arrayColumns(cells: readonly SnapshotCell[]): CellColumns {
  return {
    length: cells.length,
    row: (index) => cells[index]!.row,
    col: (index) => cells[index]!.col,
    input: (index) => cells[index]!.input,
    version: (index) => cells[index]!.version,
    locked: (index) => cells[index]!.locked,
  };
}

/** The cells of `columns` as objects (what a reader of `cells` gets). */
export function cellsOfColumns(columns: CellColumns): SnapshotCell[] {
  const cells: SnapshotCell[] = new Array<SnapshotCell>(columns.length);
  for (let index = 0; index < columns.length; index += 1)
    cells[index] = {
      row: columns.row(index),
      col: columns.col(index),
      input: columns.input(index),
      version: columns.version(index),
      locked: columns.locked(index),
    };
  return cells;
}

/**
 * A snapshot of `rest` whose cells are `columns`. Its `cells` (enumerable, so copies and
 * comparisons see it) is built from the columns on first read and kept.
 */
export function snapshotOfColumns(
  rest: Omit<SheetSnapshot, 'cells'>,
  columns: CellColumns,
): SheetSnapshot {
  let cells: readonly SnapshotCell[] | undefined;
  const snapshot = Object.defineProperty({ ...rest }, 'cells', {
    enumerable: true,
    configurable: true,
    get: () => (cells ??= cellsOfColumns(columns)),
  }) as SheetSnapshot;
  columnsOfSnapshot.set(snapshot, columns);
  return snapshot;
}

/** The snapshot's cells by index: its own columns when it was made of them, else its array. */
export function cellColumnsOf(snapshot: SheetSnapshot): CellColumns {
  return columnsOfSnapshot.get(snapshot) ?? arrayColumns(snapshot.cells);
}

/** `rest` (a snapshot's other parts) with the cells of `from`, read into no objects on the way. */
export function withCellsOf(
  from: SheetSnapshot,
  rest: Omit<SheetSnapshot, 'cells'>,
): SheetSnapshot {
  const columns = columnsOfSnapshot.get(from);
  return columns === undefined ? { ...rest, cells: from.cells } : snapshotOfColumns(rest, columns);
}

/** Everything of a snapshot but its cells (its `cells` is not read: a lazy array stays unmade). */
export function snapshotRest(snapshot: SheetSnapshot): Omit<SheetSnapshot, 'cells'> {
  const rest: Record<string, unknown> = {};
  for (const key of Object.keys(snapshot))
    if (key !== 'cells') rest[key] = snapshot[key as keyof SheetSnapshot];
  return rest as unknown as Omit<SheetSnapshot, 'cells'>;
}
