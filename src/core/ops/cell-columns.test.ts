// A snapshot made of cell columns: read by index without cell objects, and still a snapshot with
// `cells` for every reader that wants objects.
import { describe, expect, it, vi } from 'vitest';
import {
  cellColumnsOf,
  cellsOfColumns,
  snapshotOfColumns,
  snapshotRest,
  withCellsOf,
  type CellColumns,
} from './cell-columns.js';
import type { SnapshotCell } from './op.js';
import { inputRunsOf, validateDocument } from './workbook-document.js';

const CELLS: SnapshotCell[] = [
  { row: 0, col: 0, input: 1, version: 2, locked: false },
  { row: 0, col: 1, input: 'x', version: 0, locked: true },
  { row: 0, col: 3, input: { formula: '=A1+1' }, version: 0, locked: false },
  { row: 2, col: 0, input: null, version: 1, locked: false },
];

/** Columns read from an array of cells (a snapshot without columns of its own reads so). */
const columnsOf = (cells: SnapshotCell[]): CellColumns => cellColumnsOf({ name: 'S', cells });

describe('a snapshot made of cell columns', () => {
  it('reads as the same cells, made once, on first read of cells', () => {
    const columns = columnsOf(CELLS);
    const row = vi.spyOn(columns, 'row');
    const snapshot = snapshotOfColumns({ name: 'S', charts: [] }, columns);
    expect(row).not.toHaveBeenCalled();
    expect(snapshot.cells).toEqual(CELLS);
    expect(snapshot.cells).toBe(snapshot.cells);
    expect(snapshot).toEqual({ name: 'S', charts: [], cells: CELLS });
  });

  it('is checked, laid into runs and copied without making its cell objects', () => {
    const columns = columnsOf(CELLS);
    const snapshot = snapshotOfColumns({ name: 'S' }, columns);
    const made = vi.fn(() => CELLS);
    // Any read of `cells` from here on would call `made`.
    const watched = Object.defineProperty(snapshotOfColumns({ name: 'S' }, columns), 'cells', {
      get: made,
      enumerable: true,
    });
    expect(cellColumnsOf(watched)).toBe(columns);
    const checked = validateDocument({ name: 'B', activeSheet: 'S', sheets: [watched] });
    expect(cellColumnsOf(checked.sheets[0]!)).toBe(columns);
    expect(inputRunsOf(watched)).toEqual([
      { row: 0, col: 0, inputs: [1, 'x'] },
      { row: 0, col: 3, inputs: [{ formula: '=A1+1' }] },
    ]);
    expect(snapshotRest(watched)).toEqual({ name: 'S' });
    expect(cellColumnsOf(withCellsOf(watched, { name: 'T' }))).toBe(columns);
    expect(made).not.toHaveBeenCalled();
    expect(cellsOfColumns(cellColumnsOf(snapshot))).toEqual(CELLS);
  });

  it('is refused by the checks as an array of the same cells would be', () => {
    const repeated = [...CELLS, CELLS[0]!];
    const columns = columnsOf(repeated);
    const check = (cells: SnapshotCell[] | CellColumns) => () =>
      validateDocument({
        name: 'B',
        activeSheet: 'S',
        sheets: [
          Array.isArray(cells) ? { name: 'S', cells } : snapshotOfColumns({ name: 'S' }, cells),
        ],
      });
    expect(check(columns)).toThrow(/sheets\[0\]\.cells\.A1.*appears twice/);
    expect(check(repeated)).toThrow(/sheets\[0\]\.cells\.A1.*appears twice/);
  });

  it('lays cells out of row-major order into sorted runs', () => {
    const shuffled = [CELLS[2]!, CELLS[0]!, CELLS[1]!];
    expect(inputRunsOf({ name: 'S', cells: shuffled })).toEqual([
      { row: 0, col: 0, inputs: [1, 'x'] },
      { row: 0, col: 3, inputs: [{ formula: '=A1+1' }] },
    ]);
  });
});
