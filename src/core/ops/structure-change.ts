// Rows or columns inserted or deleted on one sheet, in place. The sheet's paged stores shift
// their keys (inputs, versions and locks move with their cells: versions follow the cell, not the
// position); every formula of every sheet that refers to the sheet is rewritten as Excel does
// (formula-text/structure.ts, the truth for formula text) and its version bumped; charts follow
// their data and anchors. The engine moves its own cells (FormulaEngine.restructure) and then
// takes our text for any formula it rewrote otherwise. The undo is the opposite change with a
// restore: the deleted cells and the formulas and charts as they were
// (docs/decisions/2026-11-26-structure-changes-in-place.md).
import { cellKey, formatCell, MAX_COLUMNS, tryParseCell } from '../address/index.js';
import type { Chart } from '../chart.js';
import { CellLockedError, InvalidOperationError } from '../errors.js';
import type { StoredFormula } from '../formula/index.js';
import {
  bandName,
  limitOf,
  LOST_REFERENCE,
  mentionsSheet,
  movedIndex,
  rewriteForStructureChange,
  type StructureChange,
} from '../formula-text/index.js';
import type { KeyShift } from '../key-shift.js';
import { sameSheetName } from '../naming.js';
import { isEmptyLayout, movedLayout, type SheetLayout } from '../sheet-layout.js';
import type { FormatRect } from '../format/index.js';
import type { Sheet } from '../sheet.js';
import { isFormula, type CellInput } from '../value-typing.js';
import type { InputRun, Op, SnapshotCell, StructureRestore } from './op.js';
import { findSheet, type Executed, type WorkbookState } from './state.js';
import { rewriteNames, syncNames } from './name-ops.js';
import type { ScopedName } from '../defined-names.js';

type StructureOp = Extract<Op, { type: 'change-structure' }>;

/** `3` or `3:4` (`B` or `B:C`), as the refusal names it. */
function describeBand(change: StructureChange): string {
  const band = bandName(change.axis, change.at, change.count);
  return change.count === 1 ? band.slice(0, band.indexOf(':')) : band;
}

const rowOf = (key: number): number => Math.floor(key / MAX_COLUMNS);
const colOf = (key: number): number => key % MAX_COLUMNS;
const addressOf = (key: number) => ({ row: rowOf(key), col: colOf(key) });

function lockedIn(sheet: Sheet, change: StructureChange, first: number, last: number): number[] {
  const onAxis = change.axis === 'row' ? rowOf : colOf;
  return [...sheet.locked]
    .filter((key) => onAxis(key) >= first && onAxis(key) <= last)
    .sort((a, b) => a - b);
}

/** Refuses, before anything changes, a delete of locked cells and an insert that pushes cells off. */
function checkChange(change: StructureChange, sheet: Sheet): void {
  if (!Number.isInteger(change.at) || change.at < 0 || change.at >= limitOf(change))
    throw new InvalidOperationError('at', `must be a ${change.axis} on the sheet.`);
  if (
    !Number.isInteger(change.count) ||
    change.count < 1 ||
    change.at + change.count > limitOf(change)
  )
    throw new InvalidOperationError('count', `must be at least 1 and stay on the sheet.`);
  if (change.kind === 'delete') {
    const locked = lockedIn(sheet, change, change.at, change.at + change.count - 1);
    if (locked.length > 0)
      throw new CellLockedError(
        sheet.name,
        locked.map((key) => formatCell(addressOf(key))),
      );
    return;
  }
  const lastKept = limitOf(change) - change.count;
  const pushedOff = [
    ...sheet.inputs.keysIn(change.axis, lastKept, limitOf(change) - 1),
    ...lockedIn(sheet, change, lastKept, limitOf(change) - 1),
  ].sort((a, b) => a - b)[0];
  if (pushedOff !== undefined)
    throw new InvalidOperationError(
      'count',
      `inserting ${describeBand(change)} would push ${formatCell(addressOf(pushedOff))} off the sheet; clear it first.`,
    );
}

/** The cells a change removes (a delete's band; version-only cells an insert pushes off the end). */
function removedBand(change: StructureChange): { first: number; last: number } {
  return change.kind === 'delete'
    ? { first: change.at, last: change.at + change.count - 1 }
    : { first: limitOf(change) - change.count, last: limitOf(change) - 1 };
}

function shiftOf(change: StructureChange): KeyShift {
  return change.kind === 'insert'
    ? { axis: change.axis, from: change.at, delta: change.count }
    : { axis: change.axis, from: change.at + change.count, delta: -change.count };
}

/** Where a row (or column) after the change was before it; undefined for an inserted one. */
function indexBefore(index: number, change: StructureChange): number | undefined {
  if (index < change.at) return index;
  if (change.kind === 'delete') return index + change.count;
  return index >= change.at + change.count ? index - change.count : undefined;
}

/** The cell's state, as a restore would put it back at `row`, `col`. */
function stateOf(sheet: Sheet, key: number, row: number, col: number): SnapshotCell {
  return {
    row,
    col,
    input: sheet.inputs.get(key) ?? null,
    version: sheet.versions.get(key) ?? 0,
    locked: sheet.locked.has(key),
  };
}

function sameInput(a: CellInput | null, b: CellInput | null): boolean {
  return isFormula(a) ? isFormula(b) && a.formula === b.formula : a === b;
}

function putState(sheet: Sheet, cell: SnapshotCell): void {
  const key = cellKey(cell.row, cell.col);
  if (cell.input === null) sheet.inputs.delete(key);
  else sheet.inputs.set(key, cell.input);
  sheet.versions.set(key, cell.version);
  if (cell.locked) sheet.locked.add(key);
  else sheet.locked.delete(key);
}

/** A chart whose data is gone goes with it; one whose anchor row is gone sits at the band. */
function movedChart(chart: Chart, sheetName: string, change: StructureChange): Chart | undefined {
  const range = rewriteForStructureChange(`=${chart.data_range}`, sheetName, change).slice(1);
  if (range.includes(LOST_REFERENCE)) return undefined;
  if (!sameSheetName(sheetName, change.sheet)) return { ...chart, data_range: range };
  const cell = tryParseCell(chart.anchor_cell);
  if (cell === undefined) return { ...chart, data_range: range };
  const position = change.axis === 'row' ? cell.row : cell.col;
  const moved = movedIndex(position, change) ?? Math.min(change.at, limitOf(change) - 1);
  const anchorCell = formatCell(
    change.axis === 'row' ? { ...cell, row: moved } : { ...cell, col: moved },
  );
  return { ...chart, data_range: range, anchor_cell: anchorCell };
}

/** Whether the change removes the chart's anchor row (or column): deleted, or pushed off the end. */
function anchorRemoved(chart: Chart, change: StructureChange): boolean {
  const cell = tryParseCell(chart.anchor_cell);
  if (cell === undefined) return false;
  return movedIndex(change.axis === 'row' ? cell.row : cell.col, change) === undefined;
}

/** A rectangle's span on the changed axis after the change; undefined when it is gone. */
function movedSpan(
  from: number,
  to: number,
  change: StructureChange,
): [number, number] | undefined {
  const last = limitOf(change) - 1;
  if (change.kind === 'insert') {
    // Rows inserted inside a formatted band take its format, as Excel gives them the format of
    // the row above.
    const start = from >= change.at ? from + change.count : from;
    const end = Math.min(to >= change.at ? to + change.count : to, last);
    return start > last ? undefined : [start, end];
  }
  const after = change.at + change.count;
  const start = from < change.at ? from : from >= after ? from - change.count : change.at;
  const end = to < change.at ? to : to >= after ? to - change.count : change.at - 1;
  return end < start ? undefined : [start, end];
}

function movedFormats(formats: readonly FormatRect[], change: StructureChange): FormatRect[] {
  const moved: FormatRect[] = [];
  for (const rect of formats) {
    const rows = change.axis === 'row';
    const span = movedSpan(rows ? rect.top : rect.left, rows ? rect.bottom : rect.right, change);
    if (span === undefined) continue;
    moved.push(
      rows
        ? { ...rect, top: span[0], bottom: span[1] }
        : { ...rect, left: span[0], right: span[1] },
    );
  }
  return moved;
}

function sameCharts(a: readonly Chart[], b: readonly Chart[]): boolean {
  return a.length === b.length && a.every((chart, index) => chart === b[index]);
}

/** What the inverse must put back: each touched cell's state before the change, by sheet. */
class Before {
  readonly #cells = new Map<Sheet, Map<number, SnapshotCell>>();
  readonly #charts = new Map<Sheet, readonly Chart[]>();

  /**
   * Records the state of a cell (at `key` now; at `row`, `col` before the change and once it is
   * undone), the first time that position is named.
   */
  cell(sheet: Sheet, key: number, row: number, col: number): void {
    let cells = this.#cells.get(sheet);
    if (cells === undefined) this.#cells.set(sheet, (cells = new Map()));
    const position = cellKey(row, col);
    if (!cells.has(position)) cells.set(position, stateOf(sheet, key, row, col));
  }

  charts(sheet: Sheet): void {
    if (!this.#charts.has(sheet)) this.#charts.set(sheet, [...sheet.charts]);
  }

  restore(): StructureRestore {
    return {
      cells: [...this.#cells].map(([sheet, cells]) => ({
        sheet: sheet.name,
        cells: [...cells.values()],
      })),
      charts: [...this.#charts].map(([sheet, charts]) => ({ sheet: sheet.name, charts })),
    };
  }
}

/** Replaces the sheet's formats with `rects` (in order: a later one wins where two overlap). */
function putFormats(sheet: Sheet, rects: readonly FormatRect[]): void {
  sheet.formats.clear();
  for (const rect of rects) sheet.formats.fill(rect);
}

/**
 * Moves the target sheet's layout (frozen panes, sizes, filter) and formats with the change, or
 * puts back the ones a restore carries; answers what they were, for the inverse's restore.
 */
function moveLayoutAndFormats(
  target: Sheet,
  change: StructureChange,
  restore: StructureRestore | undefined,
): { layout?: SheetLayout; formats?: readonly FormatRect[] } {
  const layoutBefore = target.layout;
  target.layout = restore?.layout ?? movedLayout(layoutBefore, change);
  const formatsBefore = target.formats.isEmpty ? [] : target.formats.rects();
  if (restore?.formats !== undefined) putFormats(target, restore.formats);
  else if (formatsBefore.length > 0) putFormats(target, movedFormats(formatsBefore, change));
  return {
    ...(isEmptyLayout(layoutBefore) && isEmptyLayout(target.layout)
      ? {}
      : { layout: layoutBefore }),
    ...(formatsBefore.length === 0 && target.formats.isEmpty ? {} : { formats: formatsBefore }),
  };
}

export function changeStructure(state: WorkbookState, op: StructureOp): Executed {
  const { change } = op;
  const target = findSheet(state, change.sheet);
  checkChange(change, target);
  // Every sheet an undo or redo puts cells, charts or names back on must still be there: a
  // refusal must come before anything changed.
  for (const entry of [...(op.restore?.cells ?? []), ...(op.restore?.charts ?? [])])
    findSheet(state, entry.sheet);
  for (const entry of op.restore?.names ?? [])
    if (entry.sheet !== undefined) findSheet(state, entry.sheet);
  const before = new Before();
  const toCoords = (sheet: Sheet, key: number): { row: number; col: number } | undefined => {
    const row = rowOf(key);
    const col = colOf(key);
    if (sheet !== target) return { row, col };
    const index = indexBefore(change.axis === 'row' ? row : col, change);
    if (index === undefined) return undefined;
    return change.axis === 'row' ? { row: index, col } : { row, col: index };
  };

  // 1. The cells the change removes leave first (their states are the undo's), then the rest move.
  const { first, last } = removedBand(change);
  const removed = new Set([
    ...target.inputs.keysIn(change.axis, first, last),
    ...target.versions.keysIn(change.axis, first, last),
    ...lockedIn(target, change, first, last),
  ]);
  for (const key of removed) {
    before.cell(target, key, rowOf(key), colOf(key));
    target.inputs.delete(key);
    target.versions.delete(key);
    target.locked.delete(key);
  }
  const shift = shiftOf(change);
  target.inputs.shift(shift);
  target.versions.shift(shift);
  target.locked.shift(shift);

  // 2. Every formula that refers to the sheet follows it; each one rewritten is a change to its cell.
  const formulas = new Map<Sheet, number[]>();
  for (const sheet of state.sheets) {
    const keys: number[] = [];
    const rewritten: [number, string][] = [];
    sheet.inputs.forEachOther((input, key) => {
      if (!isFormula(input)) return;
      if (sheet !== target && !mentionsSheet(input.formula, target.name)) return;
      keys.push(key);
      const formula = rewriteForStructureChange(input.formula, sheet.name, change);
      if (formula !== input.formula) rewritten.push([key, formula]);
    });
    for (const [key, formula] of rewritten) {
      const coords = toCoords(sheet, key)!;
      before.cell(sheet, key, coords.row, coords.col);
      sheet.inputs.set(key, { formula });
      sheet.versions.set(key, (sheet.versions.get(key) ?? 0) + 1);
    }
    if (keys.length > 0) formulas.set(sheet, keys);
  }

  // 2b. Defined names follow too (a workbook name's references all name their sheet).
  const namesBefore = rewriteNames(
    state,
    (formula, sheet) => rewriteForStructureChange(formula, sheet ?? '', change),
    op.restore?.names,
  );

  // 3. Charts follow their data and anchors.
  for (const sheet of state.sheets) {
    const charts = sheet.charts
      .map((chart) => movedChart(chart, sheet.name, change))
      .filter((chart): chart is Chart => chart !== undefined);
    const unchanged =
      charts.length === sheet.charts.length &&
      charts.every(
        (chart, index) =>
          chart.data_range === sheet.charts[index]!.data_range &&
          chart.anchor_cell === sheet.charts[index]!.anchor_cell,
      );
    // A chart whose anchor row is deleted may keep its anchor's text (it sits at the band), but
    // the inverse insert at the band would push it on: the undo must put the charts back as
    // they were.
    if (unchanged && !(sheet === target && sheet.charts.some((c) => anchorRemoved(c, change))))
      continue;
    before.charts(sheet);
    sheet.charts.splice(0, sheet.charts.length, ...charts);
  }

  // 4. An undo (or redo) puts back exactly what the change it reverses took away.
  // Only cells whose input the rewrite did not already bring back go to the engine as writes;
  // a formula it did is checked with the others below.
  const restored = new Map<Sheet, SnapshotCell[]>();
  for (const entry of op.restore?.cells ?? []) {
    const sheet = findSheet(state, entry.sheet);
    const written: SnapshotCell[] = [];
    for (const cell of entry.cells) {
      const key = cellKey(cell.row, cell.col);
      const coords = toCoords(sheet, key);
      if (coords !== undefined) before.cell(sheet, key, coords.row, coords.col);
      if (!sameInput(sheet.inputs.get(key) ?? null, cell.input)) written.push(cell);
      putState(sheet, cell);
    }
    restored.set(sheet, [...(restored.get(sheet) ?? []), ...written]);
  }
  for (const entry of op.restore?.charts ?? []) {
    const sheet = findSheet(state, entry.sheet);
    if (sameCharts(sheet.charts, entry.charts)) continue;
    before.charts(sheet);
    sheet.charts.splice(0, sheet.charts.length, ...entry.charts);
  }

  // 6, once 5 is done or put back: the sheet's layout and formats follow the change, and the
  // change that undoes it is made from what they were.
  const inverseNow = (): StructureOp =>
    inverseOf(op, target, before, namesBefore, moveLayoutAndFormats(target, change, op.restore));

  // 5. The engine moves its cells, takes the restored ones, and our text wherever it differs.
  try {
    toEngine(state, target, change, restored, formulas);
  } catch (error) {
    // The engine failed part way: the sheets go back as the undo would put them (the engine,
    // which may hold part of the change, is set aside and rebuilt from them), so nothing changed.
    state.engine.invalidate();
    changeStructure(state, inverseNow());
    throw error;
  }
  const inverse = inverseNow();
  return { inverse: [inverse], revert: () => changeStructure(state, inverse) };
}

/** The change that undoes `op` (done): the opposite change, with what it took away. */
function inverseOf(
  op: StructureOp,
  target: Sheet,
  before: Before,
  namesBefore: readonly ScopedName[],
  kept: { layout?: SheetLayout; formats?: readonly FormatRect[] },
): StructureOp {
  const { change } = op;
  return {
    type: 'change-structure',
    change: { ...change, sheet: target.name, kind: change.kind === 'insert' ? 'delete' : 'insert' },
    restore: {
      ...before.restore(),
      ...kept,
      ...(namesBefore.length === 0 ? {} : { names: namesBefore }),
    },
  };
}

/** Step 5 of a change: the engine moves its cells, takes the restored ones and our formula text. */
function toEngine(
  state: WorkbookState,
  target: Sheet,
  change: StructureChange,
  restored: ReadonlyMap<Sheet, readonly SnapshotCell[]>,
  formulas: ReadonlyMap<Sheet, readonly number[]>,
): void {
  state.engine.restructure(target.engineSheet, change);
  for (const [sheet, cells] of restored)
    state.engine.setCells(
      sheet.engineSheet,
      cells.map((cell): InputRun => ({ row: cell.row, col: cell.col, inputs: [cell.input] })),
    );
  for (const [sheet, keys] of formulas) {
    const stored: StoredFormula[] = [];
    const restoredKeys = new Set(
      (restored.get(sheet) ?? []).map((cell) => cellKey(cell.row, cell.col)),
    );
    for (const key of keys) {
      const input = sheet.inputs.get(key);
      if (restoredKeys.has(key) || !isFormula(input)) continue;
      stored.push({ row: rowOf(key), col: colOf(key), formula: input.formula });
    }
    state.engine.syncFormulas(sheet.engineSheet, stored);
  }
  syncNames(state);
}
