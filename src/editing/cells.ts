// Cell writes, clears and locks: each builds its ops with a core builder and commits them
// through the handle, so HTTP and MCP make the same change the same way.
import {
  clearSheetOps,
  keyToAddress,
  parseCell,
  parseRange,
  rangeSize,
  runsFromCells,
  setLocksOps,
  unlockAllOps,
  writeCellOps,
  writeRangeSteps,
  cellKey,
  MAX_WRITE_CELLS,
  numberFormatsOf,
  rangeContains,
  spilledCells,
  type ApplyMeta,
  type CellAddress,
  type RangeAddress,
  type SheetView,
  type WireValue,
  type WorkbookHandle,
} from '../core/index.js';
import { finishInSlices } from '../persistence/index.js';

/** The caller's change meta, with the versions it last saw on `sheet` when it sent them. */
function withVersions(
  meta: ApplyMeta,
  sheet: string,
  versions: Readonly<Record<string, number>> | undefined,
): ApplyMeta {
  return versions === undefined ? meta : { ...meta, expectedVersions: { sheet, versions } };
}

export interface CellWrite {
  readonly cell: string;
  readonly value: WireValue;
  readonly sheet?: string | undefined;
  readonly expectedVersions?: Readonly<Record<string, number>> | undefined;
}

/** Writes one cell; returns the sheet and the written address. */
export async function writeCell(
  handle: WorkbookHandle,
  write: CellWrite,
  meta: ApplyMeta,
): Promise<{ sheet: SheetView; address: CellAddress }> {
  const address = parseCell(write.cell, 'cell');
  const sheet = handle.workbook.sheet(write.sheet);
  await handle.commit(
    writeCellOps(sheet.name, address, write.value, numberFormatsOf(handle.workbook, sheet)),
    withVersions(meta, sheet.name, write.expectedVersions),
  );
  return { sheet, address };
}

export interface RangeWrite {
  readonly target: string;
  readonly values: readonly (readonly WireValue[])[];
  readonly sheet?: string | undefined;
  readonly expectedVersions?: Readonly<Record<string, number>> | undefined;
  /** GRIDBOOK_MAX_WRITE_CELLS; MAX_WRITE_CELLS (its default) when not given. */
  readonly maxCells?: number | undefined;
}

export async function writeRange(
  handle: WorkbookHandle,
  write: RangeWrite,
  meta: ApplyMeta,
): Promise<{ sheet: string; anchor: CellAddress }> {
  const anchor = parseCell(write.target, 'target_cell');
  const sheet = handle.workbook.sheet(write.sheet);
  const maxCells = write.maxCells ?? MAX_WRITE_CELLS;
  // A large write is typed and prepared across turns of the event loop (other requests are
  // answered between) and committed whole: whatever was committed meanwhile comes before it.
  // Typed SLICE_MS of work per turn; a write of a few thousand cells answers without waiting a turn.
  const ops = await finishInSlices(
    writeRangeSteps(
      sheet.name,
      anchor,
      write.values,
      maxCells,
      numberFormatsOf(handle.workbook, sheet),
    ),
  );
  await handle.prepare?.(ops);
  await handle.commit(ops, withVersions(meta, sheet.name, write.expectedVersions));
  return { sheet: sheet.name, anchor };
}

/** Cells with an input, a lock or a spilled value, inside `range` when given, row-major. */
export function listedCells(sheet: SheetView, range: RangeAddress | undefined): CellAddress[] {
  // A viewport smaller than the sheet's content is walked cell by cell instead of sorting it all.
  if (range !== undefined && rangeSize(range).cells <= sheet.cellCount) {
    const found: CellAddress[] = [];
    for (let row = range.start.row; row <= range.end.row; row += 1) {
      for (let col = range.start.col; col <= range.end.col; col += 1) {
        if (
          sheet.input(row, col) !== null ||
          sheet.isLocked(row, col) ||
          sheet.spilledFrom(row, col) !== undefined
        )
          found.push({ row, col });
      }
    }
    return found;
  }
  const keys = new Set<number>();
  for (const cell of [
    ...sheet.occupiedCells(),
    ...sheet.lockedCells(),
    ...spilledCells(sheet.spills(), range),
  ])
    keys.add(cellKey(cell.row, cell.col));
  const all = [...keys].sort((a, b) => a - b).map(keyToAddress);
  return range === undefined ? all : all.filter((cell) => rangeContains(range, cell));
}

/**
 * Clears the unlocked cells of a range; locked ones are skipped and counted. `visibleOnly`: while
 * a filter hides rows, the hidden rows are left alone (Excel's Delete in a filtered list).
 */
export async function clearRange(
  handle: WorkbookHandle,
  rangeText: string,
  sheetName: string | undefined,
  meta: ApplyMeta,
  options: { readonly visibleOnly?: boolean } = {},
): Promise<{ sheet: string; cleared: number; skippedLocked: number }> {
  const range = parseRange(rangeText, 'range');
  const sheet = handle.workbook.sheet(range.sheet ?? sheetName);
  const outOfView =
    options.visibleOnly === true ? filteredOutRows(sheet, range) : new Set<number>();
  const targets = listedCells(sheet, range).filter(
    (cell) => sheet.input(cell.row, cell.col) !== null && !outOfView.has(cell.row),
  );
  const clearable = targets.filter((cell) => !sheet.isLocked(cell.row, cell.col));
  if (clearable.length > 0) {
    await handle.commit(
      [
        {
          type: 'set-cells',
          sheet: sheet.name,
          runs: runsFromCells(clearable.map((cell) => ({ ...cell, input: null }))),
        },
      ],
      meta,
    );
  }
  return {
    sheet: sheet.name,
    cleared: clearable.length,
    skippedLocked: targets.length - clearable.length,
  };
}

/** The rows of `range` out of view while a filter is on (all hidden rows then); none otherwise. */
function filteredOutRows(sheet: SheetView, range: RangeAddress): Set<number> {
  const layout = sheet.layout();
  if (layout.filter === null && layout.filteredRows.length === 0) return new Set();
  return new Set(sheet.hiddenRows({ first: range.start.row, last: range.end.row }));
}

export async function setLocks(
  handle: WorkbookHandle,
  rangeText: string,
  sheetName: string | undefined,
  locked: boolean,
  meta: ApplyMeta,
): Promise<{ sheet: string; cells: number }> {
  const range = parseRange(rangeText, 'range');
  const sheet = handle.workbook.sheet(range.sheet ?? sheetName);
  await handle.commit(setLocksOps(sheet.name, range, locked), meta);
  return { sheet: sheet.name, cells: rangeSize(range).cells };
}

/** Unlocks every cell of every sheet; returns how many were locked. */
export async function unlockAll(handle: WorkbookHandle, meta: ApplyMeta): Promise<number> {
  const workbook = handle.workbook;
  const ops = unlockAllOps(workbook.sheetNames.map((name) => workbook.sheet(name)));
  if (ops.length > 0) await handle.commit(ops, meta);
  return ops.reduce((count, op) => count + (op.type === 'set-locks' ? op.cells.length : 0), 0);
}

/**
 * Clears every unlocked cell of a sheet, values and formats, and the filter over them; locked
 * cells and charts stay.
 */
export async function clearSheet(
  handle: WorkbookHandle,
  sheetName: string | undefined,
  meta: ApplyMeta,
): Promise<string> {
  const sheet = handle.workbook.sheet(sheetName);
  const ops = clearSheetOps(sheet);
  if (ops.length > 0) await handle.commit(ops, meta);
  return sheet.name;
}
