// Cut and paste as one op: a range's cells move (inputs and formats; versions bump where a cell
// changes) and every formula of every sheet, every defined name and chart range, that referred to them
// follows, as Excel does (formula-text/move-cells.ts, the truth for formula text). The workbook's
// text is written to the engine for every cell that changed, so the engine never holds a formula
// of its own rewriting (as change-structure syncs the engine with our text after a restructure).
// The undo is the move back with a restore: every cell, chart and name the move changed, as it was.
import {
  cellKey,
  formatCell,
  isOnSheet,
  keyToAddress,
  parseCell,
  quoteSheetName,
  rangeContains,
  rangeSize,
  tryParseSpan,
  type RangeAddress,
} from '../address/index.js';
import { CellLockedError, InvalidOperationError } from '../errors.js';
import { canonicalDataRange, type Chart } from '../chart.js';
import {
  LOST_REFERENCE,
  mentionsSheet,
  rewriteForMove,
  type CellsMove,
} from '../formula-text/index.js';
import { sameSheetName } from '../naming.js';
import type { Sheet } from '../sheet.js';
import { isFormula, type CellInput } from '../value-typing.js';
import { formatColumnsIn, restoreFormats } from './format-ops.js';
import { rewriteNames, syncNames } from './name-ops.js';
import type { ScopedName } from '../defined-names.js';
import type { FormatColumn, InputRun, MoveRestore, Op, SnapshotCell } from './op.js';
import { checkRangeOnSheet, findSheet, type Executed, type WorkbookState } from './state.js';

type MoveOp = Extract<Op, { type: 'move-cells' }>;

/** Where the range lands with its top-left at `op.target`; refused when it would leave the sheet. */
function landingOf(op: MoveOp): RangeAddress {
  const { rows, cols } = rangeSize(op.range);
  const start = op.target;
  const end = { row: start.row + rows - 1, col: start.col + cols - 1 };
  if (!isOnSheet(start.row, start.col) || !isOnSheet(end.row, end.col))
    throw new InvalidOperationError(
      'target_cell',
      `the ${rows}×${cols} block would reach past the sheet's last row or column; paste it higher or further left.`,
    );
  return { start, end };
}

function forEachCell(range: RangeAddress, fn: (row: number, col: number) => void): void {
  for (let row = range.start.row; row <= range.end.row; row += 1)
    for (let col = range.start.col; col <= range.end.col; col += 1) fn(row, col);
}

function refuseLocked(sheet: Sheet, range: RangeAddress): void {
  if (sheet.locked.size === 0) return;
  const locked: string[] = [];
  forEachCell(range, (row, col) => {
    if (sheet.isLocked(row, col)) locked.push(formatCell({ row, col }));
  });
  if (locked.length > 0) throw new CellLockedError(sheet.name, locked.slice(0, 10));
}

function sameInput(a: CellInput | null, b: CellInput | null): boolean {
  return isFormula(a) ? isFormula(b) && a.formula === b.formula : a === b;
}

/** Sets a cell's input, version and lock in the sheet's stores exactly as `cell` holds them. */
function putStored(sheet: Sheet, key: number, cell: SnapshotCell): void {
  if (cell.input === null) sheet.inputs.delete(key);
  else sheet.inputs.set(key, cell.input);
  if (cell.version === 0) sheet.versions.delete(key);
  else sheet.versions.set(key, cell.version);
  if (cell.locked) sheet.locked.add(key);
  else sheet.locked.delete(key);
}

/** The cells a move writes, each with its state before (for the undo), sheet by sheet. */
class Writes {
  readonly #before = new Map<Sheet, Map<number, SnapshotCell>>();
  readonly #written = new Map<Sheet, Map<number, CellInput | null>>();

  #remember(sheet: Sheet, row: number, col: number): number {
    const key = cellKey(row, col);
    let before = this.#before.get(sheet);
    if (before === undefined) this.#before.set(sheet, (before = new Map()));
    if (!before.has(key))
      before.set(key, {
        row,
        col,
        input: sheet.input(row, col),
        version: sheet.version(row, col),
        locked: sheet.isLocked(row, col),
      });
    let written = this.#written.get(sheet);
    if (written === undefined) this.#written.set(sheet, (written = new Map()));
    return key;
  }

  /** Writes `input` to the cell and bumps its version, unless it already holds it. */
  write(sheet: Sheet, row: number, col: number, input: CellInput | null): void {
    if (sameInput(sheet.input(row, col), input)) return;
    const key = this.#remember(sheet, row, col);
    if (input === null) sheet.inputs.delete(key);
    else sheet.inputs.set(key, input);
    sheet.versions.set(key, sheet.version(row, col) + 1);
    this.#written.get(sheet)!.set(key, input);
  }

  /** Puts the cell back exactly as `cell` holds it (input, version, lock). */
  put(sheet: Sheet, cell: SnapshotCell): void {
    const key = this.#remember(sheet, cell.row, cell.col);
    if (!sameInput(sheet.input(cell.row, cell.col), cell.input))
      this.#written.get(sheet)!.set(key, cell.input);
    putStored(sheet, key, cell);
  }

  /** Hands the engine every cell whose input changed, a one-cell run each. */
  toEngine(state: WorkbookState): void {
    for (const [sheet, written] of this.#written) {
      if (written.size === 0) continue;
      const runs: InputRun[] = [];
      for (const [key, input] of written) {
        const { row, col } = this.#before.get(sheet)!.get(key)!;
        runs.push({ row, col, inputs: [input] });
      }
      state.engine.setCells(sheet.engineSheet, runs);
    }
  }

  /** Puts every cell written so far back as it was, in the sheets' stores (not the engine). */
  revertStores(): void {
    for (const [sheet, cells] of this.#before)
      for (const [key, cell] of cells) putStored(sheet, key, cell);
  }

  restore(): MoveRestore['cells'] {
    return [...this.#before].map(([sheet, cells]) => ({
      sheet: sheet.name,
      cells: [...cells.values()],
    }));
  }
}

/** Moves the cells' inputs; the moved formulas keep reading what they read. */
function moveInputs(move: CellsMove, source: Sheet, target: Sheet, writes: Writes): void {
  const { rows, cols } = rangeSize(move.range);
  // Read the whole block before writing: the target may overlap the source.
  const block: (CellInput | null)[] = [];
  forEachCell(move.range, (row, col) => {
    const input = source.input(row, col);
    block.push(
      isFormula(input)
        ? { formula: rewriteForMove(input.formula, source.name, move, true) }
        : input,
    );
  });
  forEachCell(move.range, (row, col) => {
    if (target !== source || !rangeContains(move.target, { row, col }))
      writes.write(source, row, col, null);
  });
  for (let index = 0; index < rows * cols; index += 1) {
    const row = move.target.start.row + Math.floor(index / cols);
    const col = move.target.start.col + (index % cols);
    writes.write(target, row, col, block[index]!);
  }
}

/** Every formula outside the moved block that refers to its cells (or the cells it covers) follows. */
function rewriteDependents(state: WorkbookState, move: CellsMove, writes: Writes): void {
  const source = findSheet(state, move.sheet);
  const target = findSheet(state, move.targetSheet);
  for (const sheet of state.sheets) {
    const rewritten: [number, number, string][] = [];
    sheet.inputs.forEachOther((input, key) => {
      if (!isFormula(input)) return;
      const elsewhere = sheet !== source && sheet !== target;
      const mentions = (name: string): boolean => mentionsSheet(input.formula, name);
      if (elsewhere && !mentions(source.name) && !mentions(target.name)) return;
      const { row, col } = keyToAddress(key);
      if (sheet === target && rangeContains(move.target, { row, col })) return;
      const formula = rewriteForMove(input.formula, sheet.name, move, false);
      if (formula !== input.formula) rewritten.push([row, col, formula]);
    });
    for (const [row, col, formula] of rewritten) writes.write(sheet, row, col, { formula });
  }
}

/** The chart with its data range following the moved cells as a formula's would. */
function rangeFollowed(chart: Chart, sheet: Sheet, move: CellsMove): Chart {
  const range = rewriteForMove(`=${chart.data_range}`, sheet.name, move, false).slice(1);
  // A range the block landed on keeps its text: a chart is not a formula to show #REF!.
  return range === chart.data_range || range.includes(LOST_REFERENCE)
    ? chart
    : { ...chart, data_range: range };
}

/** The chart moved as the block moved from `from`: its anchor shifted, on another sheet its range named. */
function riding(chart: Chart, from: Sheet, move: CellsMove): Chart {
  const anchor = parseCell(chart.anchor_cell);
  const anchor_cell = formatCell({
    row: anchor.row + move.target.start.row - move.range.start.row,
    col: anchor.col + move.target.start.col - move.range.start.col,
  });
  // On the sheet it leaves for, an unqualified range would read that sheet's cells.
  const data_range =
    sameSheetName(move.sheet, move.targetSheet) ||
    tryParseSpan(chart.data_range)?.sheet !== undefined
      ? chart.data_range
      : canonicalDataRange(`${quoteSheetName(from.name)}!${chart.data_range}`);
  return { ...chart, anchor_cell, data_range };
}

/**
 * Each sheet's charts after the move: data ranges follow the moved cells, and a chart anchored on
 * a moved cell rides with the block, as Excel's cut carries the objects over its cells (to another
 * sheet too, unless a chart there has its id: ids are per sheet).
 */
function chartsAfter(state: WorkbookState, move: CellsMove): Map<Sheet, Chart[]> {
  const lists = new Map(
    state.sheets.map((sheet) => [
      sheet,
      sheet.charts.map((chart) => rangeFollowed(chart, sheet, move)),
    ]),
  );
  const source = findSheet(state, move.sheet);
  const target = findSheet(state, move.targetSheet);
  const from = lists.get(source)!;
  const to = lists.get(target)!;
  for (const chart of [...from]) {
    if (!rangeContains(move.range, parseCell(chart.anchor_cell))) continue;
    const moved = riding(chart, source, move);
    if (source === target) from[from.indexOf(chart)] = moved;
    else if (!to.some((held) => held.id === chart.id)) {
      from.splice(from.indexOf(chart), 1);
      to.push(moved);
    }
  }
  return lists;
}

/**
 * Sheets take their charts after the move (chartsAfter), or, in an undo or redo, exactly the
 * charts its restore carries; answers each changed sheet's charts as they were.
 */
function moveCharts(
  state: WorkbookState,
  move: CellsMove,
  restore: MoveRestore | undefined,
): NonNullable<MoveRestore['charts']> {
  const after = restore === undefined ? chartsAfter(state, move) : undefined;
  const before: { sheet: string; charts: readonly Chart[] }[] = [];
  for (const sheet of state.sheets) {
    // An undo (or redo) changes exactly the charts its move changed: one whose range the block
    // landed on kept its text, and must not follow the move back.
    const charts =
      after?.get(sheet) ??
      restore?.charts?.find((entry) => sameSheetName(entry.sheet, sheet.name))?.charts;
    if (charts === undefined) continue;
    if (charts.length === sheet.charts.length && charts.every((c, i) => c === sheet.charts[i]))
      continue;
    before.push({ sheet: sheet.name, charts: [...sheet.charts] });
    sheet.charts.splice(0, sheet.charts.length, ...charts);
  }
  return before;
}

/** Moves the block's formats: the source's are cleared, the target takes them. */
function moveFormats(
  state: WorkbookState,
  move: CellsMove,
  source: Sheet,
  target: Sheet,
): Executed[] {
  if (source.formats.isEmpty && target.formats.isEmpty) return [];
  const rows = move.target.start.row - move.range.start.row;
  const cols = move.target.start.col - move.range.start.col;
  const moved: FormatColumn[] = formatColumnsIn(source, move.range).map((column) => ({
    col: column.col + cols,
    runs: column.runs.map((run) => ({ ...run, start: run.start + rows, end: run.end + rows })),
  }));
  const cleared = restoreFormats(state, {
    type: 'restore-formats',
    sheet: source.name,
    range: move.range,
    columns: [],
  });
  try {
    return [
      cleared,
      restoreFormats(state, {
        type: 'restore-formats',
        sheet: target.name,
        range: move.target,
        columns: moved,
      }),
    ];
  } catch (error) {
    cleared.revert();
    throw error;
  }
}

export function moveCells(state: WorkbookState, op: MoveOp): Executed {
  const source = findSheet(state, op.sheet);
  const target = findSheet(state, op.targetSheet, 'target_sheet');
  // Unbounded here, as range writes are: the bound is a request's (editing passes
  // GRIDBOOK_MAX_WRITE_CELLS), and a move the limit of its day admitted must replay under any other.
  checkRangeOnSheet(op.range, 'source');
  const landing = landingOf(op);
  if (op.restore === undefined) {
    refuseLocked(source, op.range);
    refuseLocked(target, landing);
  }
  // Every sheet an undo or redo puts cells, charts or names back on must still be there: a
  // refusal must come before anything changed.
  const restoredCells = (op.restore?.cells ?? []).map((entry) => ({
    sheet: findSheet(state, entry.sheet),
    cells: entry.cells,
  }));
  for (const entry of op.restore?.charts ?? []) findSheet(state, entry.sheet);
  for (const entry of op.restore?.names ?? [])
    if (entry.sheet !== undefined) findSheet(state, entry.sheet);
  const move: CellsMove = {
    sheet: source.name,
    range: op.range,
    targetSheet: target.name,
    target: landing,
  };
  const writes = new Writes();
  let namesBefore: ScopedName[] = [];
  let chartsBefore: NonNullable<MoveRestore['charts']> = [];
  let formats: Executed[] = [];
  try {
    moveInputs(move, source, target, writes);
    rewriteDependents(state, move, writes);
    for (const { sheet, cells } of restoredCells) for (const cell of cells) writes.put(sheet, cell);
    writes.toEngine(state);
    namesBefore = rewriteNames(
      state,
      (formula, sheet) => rewriteForMove(formula, sheet ?? '', move, false),
      op.restore?.names,
    );
    if (namesBefore.length > 0) syncNames(state);
    chartsBefore = moveCharts(state, move, op.restore);
    formats = moveFormats(state, move, source, target);
  } catch (error) {
    // The engine failed part way (or a check inside did): the sheets go back to how they were,
    // and the engine, which may hold some of the move, is rebuilt from them (Workbook's
    // rollback rebuilds an invalidated engine), so nothing changed.
    state.engine.invalidate();
    putChartsBack(state, chartsBefore);
    if (namesBefore.length > 0) rewriteNames(state, (formula) => formula, namesBefore);
    writes.revertStores();
    throw error;
  }
  const back: MoveOp = {
    type: 'move-cells',
    sheet: target.name,
    range: landing,
    targetSheet: source.name,
    target: op.range.start,
    restore: {
      cells: writes.restore(),
      ...(chartsBefore.length === 0 ? {} : { charts: chartsBefore }),
      ...(namesBefore.length === 0 ? {} : { names: namesBefore }),
    },
  };
  const inverse: Op[] = [back, ...formats.reverse().flatMap((executed) => executed.inverse)];
  return {
    inverse,
    revert: () => {
      for (const undo of inverse) executeInverse(state, undo);
    },
  };
}

/** Gives each sheet named in `before` exactly those charts again. */
function putChartsBack(state: WorkbookState, before: NonNullable<MoveRestore['charts']>): void {
  for (const { sheet, charts } of before)
    findSheet(state, sheet).charts.splice(0, Number.POSITIVE_INFINITY, ...charts);
}

/** Runs one op of a move's undo (a move back, or a restore of formats). */
function executeInverse(state: WorkbookState, op: Op): void {
  if (op.type === 'move-cells') moveCells(state, op);
  else if (op.type === 'restore-formats') restoreFormats(state, op);
}
