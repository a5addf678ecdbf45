// Executes one op against the workbook state. Each executor checks before it mutates, then
// returns the op list that undoes it and a `revert` that restores the exact prior state
// (versions included) when a later op of the same apply fails.
import { changeStructure } from './structure-change.js';
import { moveCells } from './move-cells.js';
import { refreshFunctions } from './refresh-functions.js';
import { cellKey, formatCell, keyToAddress, type CellAddress } from '../address/index.js';
import { PAGE_ROWS } from '../cell-pages.js';
import { renameChartSheet, type Chart } from '../chart.js';
import {
  CellLockedError,
  DuplicateSheetError,
  InvalidOperationError,
  LastSheetError,
  TooLargeError,
} from '../errors.js';
import type { FormulaEngine } from '../formula/index.js';
import { sameSheetName, validateSheetName, validateWorkbookName } from '../naming.js';
import { Sheet } from '../sheet.js';
import { isFormula, MAX_TEXT_LENGTH, tooLongText, type CellInput } from '../value-typing.js';
import { deleteChart, putChart } from './chart-ops.js';
import { setLayout } from './layout-ops.js';
import { restoreFormats, setFormat } from './format-ops.js';
import type { InputRun, KeptReferences, Op } from './op.js';
import { mentionsSheet, renameSheetReferences } from '../formula-text/index.js';
import { restoreWorkbook } from './retired-workbook.js';
import { deleteName, namesWhere, rewriteNames, setName, syncNames } from './name-ops.js';
import type { ScopedName } from '../defined-names.js';
import { findSheet, type Executed, type WorkbookState } from './state.js';
import { fillSheet, replaceWorkbook, snapshotOf } from './workbook-document.js';
import { installPrepared } from './prepared-replace.js';

export { findSheet, type Executed, type WorkbookState } from './state.js';

/** Locked cells among the runs' targets, as A1 addresses (at most `limit`). */
export function lockedTargets(sheet: Sheet, runs: readonly InputRun[], limit = 10): string[] {
  const found: string[] = [];
  if (sheet.locked.size === 0) return found;
  for (const run of runs) {
    for (let offset = 0; offset < run.inputs.length; offset += 1) {
      if (sheet.locked.has(cellKey(run.row, run.col + offset))) {
        found.push(formatCell({ row: run.row, col: run.col + offset }));
        if (found.length >= limit) return found;
      }
    }
  }
  return found;
}

function writeRuns(sheet: Sheet, engine: FormulaEngine, runs: readonly InputRun[]): void {
  for (const run of runs) {
    let key = cellKey(run.row, run.col);
    for (const input of run.inputs) {
      if (input === null) sheet.inputs.delete(key);
      else sheet.inputs.set(key, input);
      key += 1;
    }
  }
  engine.setCells(sheet.engineSheet, runs);
}

/**
 * The inverse of writing `length` cells that held nothing. Runs of the same length share one
 * frozen array, so the undo history of a bulk write into empty cells stays small.
 */
function emptyRun(cache: Map<number, readonly null[]>, length: number): readonly null[] {
  let run = cache.get(length);
  if (run === undefined) {
    run = Object.freeze(new Array<null>(length).fill(null));
    cache.set(length, run);
  }
  return run;
}

/**
 * Whether each run starts after the one before it ends (row-major, no cell named twice): such an
 * op can read what a cell held and write it in one pass, run by run.
 */
function inOrder(runs: readonly InputRun[]): boolean {
  for (let index = 1; index < runs.length; index += 1) {
    const before = runs[index - 1]!;
    const run = runs[index]!;
    if (
      run.row < before.row ||
      (run.row === before.row && run.col < before.col + before.inputs.length)
    )
      return false;
  }
  return true;
}

/**
 * The runs arrays whose texts and order were checked ahead (`checkRunsAhead`), until written,
 * each with whether it fills the pages it reaches (`fillsPages`).
 */
const checkedAhead = new WeakMap<readonly InputRun[], boolean>();

/** Runs a step of `checkRunsAhead` looks at before asking whether to go on. */
const RUNS_PER_CHECK = 1_024;

/**
 * Checks ahead of its write, a slice of runs per step, what a `set-cells` of `runs` checks of the
 * runs alone (no text over MAX_TEXT_LENGTH, the runs in order): the write of a prepared 100,000
 * cells then skips both passes. Runs that fail are left to the write, which refuses them.
 */
export function* checkRunsAhead(runs: readonly InputRun[]): Generator<void, void> {
  for (let from = 0; from < runs.length; from += RUNS_PER_CHECK) {
    const to = Math.min(runs.length, from + RUNS_PER_CHECK);
    if (!inOrder(runs.slice(Math.max(0, from - 1), to))) return;
    for (let index = from; index < to; index += 1)
      if (runs[index]!.inputs.some((input) => tooLong(input))) return;
    yield;
  }
  checkedAhead.set(runs, fillsPages(runs));
}

function tooLong(input: CellInput | null): boolean {
  return typeof input === 'string' && input.length > MAX_TEXT_LENGTH;
}

/**
 * Whether the runs stack into a rectangle at least PAGE_ROWS / 2 rows high (the same column and
 * width, row after row): each page it reaches then takes enough of its cells to be dense, so the
 * pages it creates are made dense at once.
 */
function fillsPages(runs: readonly InputRun[]): boolean {
  const first = runs[0];
  if (first === undefined || runs.length < PAGE_ROWS / 2) return false;
  for (let index = 1; index < runs.length; index += 1) {
    const run = runs[index]!;
    if (
      run.row !== first.row + index ||
      run.col !== first.col ||
      run.inputs.length !== first.inputs.length
    )
      return false;
  }
  return true;
}

function setCells(state: WorkbookState, op: Extract<Op, { type: 'set-cells' }>): Executed {
  const sheet = findSheet(state, op.sheet);
  const locked = lockedTargets(sheet, op.runs);
  if (locked.length > 0) throw new CellLockedError(sheet.name, locked);
  const filled = checkedAhead.get(op.runs);
  const checked = checkedAhead.delete(op.runs);
  let cells = 0;
  for (const run of op.runs) {
    if (!checked)
      for (let offset = 0; offset < run.inputs.length; offset += 1) {
        const input = run.inputs[offset]!;
        if (tooLong(input)) {
          throw new TooLargeError(
            `${sheet.name}!${formatCell({ row: run.row, col: run.col + offset })}`,
            tooLongText(input as string),
          );
        }
      }
    cells += run.inputs.length;
  }
  const previousRuns: InputRun[] = [];
  // One entry per written cell, in the runs' order; 0 means the cell had never been written.
  const previousVersions = new Float64Array(cells);
  const emptyRuns = new Map<number, readonly null[]>();
  if (checked || inOrder(op.runs)) {
    // A page lookup per page a run crosses, not per cell (a 100,000-cell range write, issue 16).
    let at = 0;
    const dense = filled ?? fillsPages(op.runs);
    for (const run of op.runs) {
      const previous = sheet.inputs.writeRun(run.row, run.col, run.inputs, dense);
      sheet.versions.bumpRun(run.row, run.col, run.inputs.length, previousVersions, at);
      at += run.inputs.length;
      previousRuns.push({
        row: run.row,
        col: run.col,
        inputs: previous ?? emptyRun(emptyRuns, run.inputs.length),
      });
    }
  } else {
    // Everything is read before anything is written, so a cell named twice in one op still
    // reverts (and undoes) to what it held before the op.
    let index = 0;
    for (const run of op.runs) {
      let previous: (CellInput | null)[] | undefined;
      let key = cellKey(run.row, run.col);
      for (let offset = 0; offset < run.inputs.length; offset += 1, key += 1) {
        const held = sheet.inputs.get(key);
        if (held !== undefined) {
          previous ??= new Array<CellInput | null>(run.inputs.length).fill(null);
          previous[offset] = held;
        }
        previousVersions[index] = sheet.versions.get(key) ?? 0;
        index += 1;
      }
      previousRuns.push({
        row: run.row,
        col: run.col,
        inputs: previous ?? emptyRun(emptyRuns, run.inputs.length),
      });
    }
    index = 0;
    for (const run of op.runs) {
      let key = cellKey(run.row, run.col);
      for (const input of run.inputs) {
        if (input === null) sheet.inputs.delete(key);
        else sheet.inputs.set(key, input);
        sheet.versions.set(key, previousVersions[index]! + 1);
        index += 1;
        key += 1;
      }
    }
  }
  const revert = (): void => {
    // Versions first: putting the inputs back also hands them to the engine, which may throw
    // again after failing on this write (the workbook then rebuilds it from the sheets).
    let index = 0;
    for (const run of op.runs) {
      let key = cellKey(run.row, run.col);
      for (let offset = 0; offset < run.inputs.length; offset += 1, key += 1) {
        const version = previousVersions[index]!;
        index += 1;
        if (version === 0) sheet.versions.delete(key);
        else sheet.versions.set(key, version);
      }
    }
    writeRuns(sheet, state.engine, previousRuns);
  };
  try {
    state.engine.setCells(sheet.engineSheet, op.runs);
  } catch (error) {
    // The sheet took the inputs before the engine refused them: undo this op's own half-write
    // too, since apply only reverts the ops that completed.
    revert();
    throw error;
  }
  return { inverse: [inverseOfWrite(sheet.name, previousRuns)], revert };
}

/**
 * The undo of a write: the runs of what the cells held, or, when they held nothing and form one
 * rectangle (a run per row, each at the same column and as long), a `clear-cells` of it.
 */
function inverseOfWrite(sheet: string, previousRuns: readonly InputRun[]): Op {
  const first = previousRuns[0];
  const empty = first?.inputs.every((input) => input === null) === true;
  const rectangle =
    first !== undefined &&
    first.inputs.length > 0 &&
    previousRuns.every(
      (run, index) =>
        run.row === first.row + index &&
        run.col === first.col &&
        // emptyRun shares one array between the empty runs of a length, and only those.
        run.inputs === first.inputs,
    );
  if (!empty || !rectangle) return { type: 'set-cells', sheet, runs: previousRuns };
  return {
    type: 'clear-cells',
    sheet,
    range: {
      start: { row: first.row, col: first.col },
      end: { row: first.row + previousRuns.length - 1, col: first.col + first.inputs.length - 1 },
    },
  };
}

/** Runs as a `set-cells` writes them: the rectangle's rows, all null, sharing one array. */
function clearCells(state: WorkbookState, op: Extract<Op, { type: 'clear-cells' }>): Executed {
  const { start, end } = op.range;
  const nulls = new Array<null>(end.col - start.col + 1).fill(null);
  const runs: InputRun[] = [];
  for (let row = start.row; row <= end.row; row += 1)
    runs.push({ row, col: start.col, inputs: nulls });
  return setCells(state, { type: 'set-cells', sheet: op.sheet, runs });
}

function setLocks(state: WorkbookState, op: Extract<Op, { type: 'set-locks' }>): Executed {
  const sheet = findSheet(state, op.sheet);
  const changed: CellAddress[] = [];
  for (const cell of op.cells) {
    const key = cellKey(cell.row, cell.col);
    if (sheet.locked.has(key) === op.locked) continue;
    if (op.locked) sheet.locked.add(key);
    else sheet.locked.delete(key);
    changed.push(cell);
  }
  const revert = (): void => {
    for (const cell of changed) {
      if (op.locked) sheet.locked.delete(cellKey(cell.row, cell.col));
      else sheet.locked.add(cellKey(cell.row, cell.col));
    }
  };
  return {
    inverse: [{ type: 'set-locks', sheet: sheet.name, cells: changed, locked: !op.locked }],
    revert,
  };
}

function ensureUniqueName(state: WorkbookState, name: string, except?: Sheet): void {
  if (state.sheets.some((sheet) => sheet !== except && sameSheetName(sheet.name, name))) {
    throw new DuplicateSheetError(name, except === undefined ? 'name' : 'new_name');
  }
}

function insertSheet(state: WorkbookState, name: string, index: number): Sheet {
  const sheet = new Sheet(name, state.engine.addSheet(name));
  state.sheets.splice(Math.max(0, Math.min(index, state.sheets.length)), 0, sheet);
  return sheet;
}

function removeSheet(state: WorkbookState, sheet: Sheet): void {
  // The engine first: when it fails, the sheets are still as they were (the active one among
  // them), and the workbook rebuilds the engine from them.
  state.engine.removeSheet(sheet.engineSheet);
  const index = state.sheets.indexOf(sheet);
  state.sheets.splice(index, 1);
  if (state.activeSheet === sheet)
    state.activeSheet = state.sheets[Math.min(index, state.sheets.length - 1)]!;
}

/** The most sheets a workbook holds; each costs engine and page state even when empty. */
export const MAX_SHEETS = 1_000;

function addSheet(state: WorkbookState, op: Extract<Op, { type: 'add-sheet' }>): Executed {
  const name = validateSheetName(op.name);
  if (state.sheets.length >= MAX_SHEETS)
    throw new TooLargeError(
      'name',
      `the workbook already has ${state.sheets.length} sheets, the most it may hold.`,
    );
  ensureUniqueName(state, name);
  const sheet = insertSheet(state, name, op.index ?? state.sheets.length);
  return { inverse: [{ type: 'delete-sheet', name }], revert: () => removeSheet(state, sheet) };
}

function deleteSheet(state: WorkbookState, op: Extract<Op, { type: 'delete-sheet' }>): Executed {
  const sheet = findSheet(state, op.name, 'name');
  if (state.sheets.length === 1) throw new LastSheetError(sheet.name);
  const index = state.sheets.indexOf(sheet);
  const wasActive = state.activeSheet === sheet;
  const snapshot = snapshotOf(sheet);
  removeSheet(state, sheet);
  const restore: Op = { type: 'restore-sheet', snapshot, index, activate: wasActive };
  return {
    inverse: [restore],
    revert: () => restoreSheet(state, restore as Extract<Op, { type: 'restore-sheet' }>),
  };
}

function restoreSheet(state: WorkbookState, op: Extract<Op, { type: 'restore-sheet' }>): Executed {
  const name = validateSheetName(op.snapshot.name);
  ensureUniqueName(state, name);
  const sheet = insertSheet(state, name, op.index);
  try {
    fillSheet(state, sheet, op.snapshot);
  } catch (error) {
    // The engine failed filling the sheet back: it goes again (the engine, which may hold part
    // of it, is rebuilt from the other sheets), so the sheets are as they were.
    state.engine.invalidate();
    state.sheets.splice(state.sheets.indexOf(sheet), 1);
    throw error;
  }
  const previousActive = state.activeSheet;
  if (op.activate) state.activeSheet = sheet;
  return {
    inverse: [{ type: 'delete-sheet', name }],
    revert: () => {
      removeSheet(state, sheet);
      state.activeSheet = previousActive;
    },
  };
}

/**
 * What a rename changed in the workbook's own state (formula text, chart ranges, names), as it
 * was, so that a rename the engine fails on, or one a later op's refusal reverts, puts back
 * exactly that: renaming the text back would also send on references it took over. Sheets are
 * named as they are while the change holds: a later op of the commit may have put a sheet back
 * as another object (a deletion reverted) by the time the rename is.
 */
interface TextBefore {
  /** `input` undefined: the cell held nothing. */
  readonly cells: {
    readonly sheet: string;
    readonly key: number;
    readonly input: CellInput | undefined;
  }[];
  readonly charts: { readonly sheet: string; readonly charts: readonly Chart[] }[];
  /** As they were, each named by its sheet's name while the change holds. */
  readonly names: ScopedName[];
}

/** Formulas, chart ranges and names that name the sheet follow its rename (our state only). */
function retargetReferences(state: WorkbookState, from: string, to: string): TextBefore {
  const before: TextBefore = { cells: [], charts: [], names: [] };
  for (const sheet of state.sheets) {
    const rewritten: [number, CellInput, string][] = [];
    for (const [key, input] of sheet.inputs) {
      if (isFormula(input) && mentionsSheet(input.formula, from)) {
        const formula = renameSheetReferences(input.formula, from, to);
        if (formula !== input.formula) rewritten.push([key, input, formula]);
      }
    }
    for (const [key, input, formula] of rewritten) {
      before.cells.push({ sheet: sheet.name, key, input });
      sheet.inputs.set(key, { formula });
    }
    const charts = sheet.charts.map((chart) => renameChartSheet(chart, from, to));
    if (charts.some((chart, index) => chart !== sheet.charts[index])) {
      before.charts.push({ sheet: sheet.name, charts: [...sheet.charts] });
      sheet.charts.splice(0, sheet.charts.length, ...charts);
    }
  }
  before.names.push(
    ...rewriteNames(state, (formula) =>
      mentionsSheet(formula, from) ? renameSheetReferences(formula, from, to) : formula,
    ),
  );
  return before;
}

/** Puts back what `before` holds (names first: they are found by their sheets' names as they are now). */
function putBackText(state: WorkbookState, before: TextBefore): void {
  if (before.names.length > 0) rewriteNames(state, (formula) => formula, before.names);
  for (const { sheet, key, input } of before.cells)
    if (input === undefined) findSheet(state, sheet).inputs.delete(key);
    else findSheet(state, sheet).inputs.set(key, input);
  for (const { sheet, charts } of before.charts)
    findSheet(state, sheet).charts.splice(0, Number.POSITIVE_INFINITY, ...charts);
}

/**
 * References naming `name` while no sheet bears it: a deleted sheet's, whose text stays so that
 * undoing the delete brings them back. A rename to `name` takes them over (they compute from the
 * renamed sheet); its undo must leave them naming `name`, not send them on with the sheet.
 */
function referencesToMissingSheet(state: WorkbookState, name: string): KeptReferences {
  const names = (formula: string): boolean =>
    mentionsSheet(formula, name) && renameSheetReferences(formula, name, `${name}_`) !== formula;
  const cells: KeptReferences['cells'][number][] = [];
  const charts: KeptReferences['charts'][number][] = [];
  for (const sheet of state.sheets) {
    for (const [key, input] of sheet.inputs)
      if (isFormula(input) && names(input.formula))
        cells.push({ sheet: sheet.name, ...keyToAddress(key), formula: input.formula });
    for (const chart of sheet.charts)
      if (renameChartSheet(chart, name, `${name}_`) !== chart)
        charts.push({ sheet: sheet.name, chart });
  }
  return { cells, names: namesWhere(state, names), charts };
}

const isEmptyKept = (kept: KeptReferences): boolean =>
  kept.cells.length === 0 && kept.names.length === 0 && kept.charts.length === 0;

/**
 * Puts back, after a rename, the references `kept` held as they were before it (our state only;
 * every sheet they are on was checked); answers what they held instead.
 */
function putBackKept(state: WorkbookState, kept: KeptReferences): TextBefore {
  const before: TextBefore = { cells: [], charts: [], names: [] };
  for (const cell of kept.cells) {
    const sheet = findSheet(state, cell.sheet);
    const key = cellKey(cell.row, cell.col);
    before.cells.push({ sheet: sheet.name, key, input: sheet.inputs.get(key) });
    sheet.inputs.set(key, { formula: cell.formula });
  }
  for (const { sheet: name, chart } of kept.charts) {
    const sheet = findSheet(state, name);
    const index = sheet.charts.findIndex((held) => held.id === chart.id);
    if (index < 0) continue;
    before.charts.push({ sheet: sheet.name, charts: [...sheet.charts] });
    sheet.charts[index] = chart;
  }
  if (kept.names.length > 0)
    before.names.push(...rewriteNames(state, (formula) => formula, kept.names));
  return before;
}

/** Every sheet `kept` puts references back on exists (the renamed one under its new name). */
function checkKept(state: WorkbookState, kept: KeptReferences): void {
  for (const { sheet } of [...kept.cells, ...kept.charts]) findSheet(state, sheet);
  for (const { sheet } of kept.names) if (sheet !== undefined) findSheet(state, sheet);
}

function renameSheet(state: WorkbookState, op: Extract<Op, { type: 'rename-sheet' }>): Executed {
  const sheet = findSheet(state, op.from, 'old_name');
  const to = validateSheetName(op.to, 'new_name');
  ensureUniqueName(state, to, sheet);
  const from = sheet.name;
  // A new case of the sheet's own name: its references are its own, none is kept.
  const taken = sameSheetName(from, to) ? undefined : referencesToMissingSheet(state, to);
  // Our state first, the engine last: a refusal or an engine failure part way puts our state
  // back exactly, and an engine that may hold part of the rename is rebuilt from the sheets.
  const undone: TextBefore[] = [];
  const putBack = (): void => {
    for (const before of undone.splice(0).reverse()) putBackText(state, before);
    sheet.name = from;
  };
  let engineTouched = false;
  try {
    sheet.name = to;
    undone.push(retargetReferences(state, from, to));
    if (op.keep !== undefined) {
      checkKept(state, op.keep);
      undone.push(putBackKept(state, op.keep));
    }
    engineTouched = true;
    state.engine.renameSheet(sheet.engineSheet, to);
    for (const cell of op.keep?.cells ?? []) {
      const input = { formula: cell.formula };
      state.engine.setCells(findSheet(state, cell.sheet).engineSheet, [
        { row: cell.row, col: cell.col, inputs: [input] },
      ]);
    }
    syncNames(state);
  } catch (error) {
    if (engineTouched) state.engine.invalidate();
    putBack();
    throw error;
  }
  const takenOver = taken !== undefined && !isEmptyKept(taken) ? { keep: taken } : {};
  return {
    inverse: [{ type: 'rename-sheet', from: to, to: from, ...takenOver }],
    // The engine renamed its references by its own rules, which our text no longer follows
    // everywhere (references it took over): the workbook rebuilds it from the sheets.
    revert: () => {
      state.engine.invalidate();
      putBack();
    },
  };
}

function activateSheet(
  state: WorkbookState,
  op: Extract<Op, { type: 'activate-sheet' }>,
): Executed {
  const sheet = findSheet(state, op.name, 'name');
  const previous = state.activeSheet;
  state.activeSheet = sheet;
  return {
    inverse: [{ type: 'activate-sheet', name: previous.name }],
    revert: () => {
      state.activeSheet = previous;
    },
  };
}

/**
 * The tab order changes; nothing else does (the engine keeps its sheets by handle, and a formula
 * names a sheet, never its place).
 */
function moveSheet(state: WorkbookState, op: Extract<Op, { type: 'move-sheet' }>): Executed {
  const sheet = findSheet(state, op.name, 'name');
  const last = state.sheets.length - 1;
  if (!Number.isInteger(op.index) || op.index < 0 || op.index > last)
    throw new InvalidOperationError(
      'index',
      `must be a whole number from 0 to ${last} (the workbook has ${last + 1} sheets).`,
    );
  const from = state.sheets.indexOf(sheet);
  const place = (index: number) => {
    state.sheets.splice(state.sheets.indexOf(sheet), 1);
    state.sheets.splice(index, 0, sheet);
  };
  place(op.index);
  return {
    inverse: [{ type: 'move-sheet', name: sheet.name, index: from }],
    revert: () => place(from),
  };
}

function renameWorkbook(
  state: WorkbookState,
  op: Extract<Op, { type: 'rename-workbook' }>,
): Executed {
  const name = validateWorkbookName(op.name);
  const previous = state.name;
  state.name = name;
  return {
    inverse: [{ type: 'rename-workbook', name: previous }],
    revert: () => {
      state.name = previous;
    },
  };
}

export function executeOp(state: WorkbookState, op: Op): Executed {
  switch (op.type) {
    case 'set-cells':
      return setCells(state, op);
    case 'clear-cells':
      return clearCells(state, op);
    case 'set-locks':
      return setLocks(state, op);
    case 'add-sheet':
      return addSheet(state, op);
    case 'delete-sheet':
      return deleteSheet(state, op);
    case 'restore-sheet':
      return restoreSheet(state, op);
    case 'rename-sheet':
      return renameSheet(state, op);
    case 'activate-sheet':
      return activateSheet(state, op);
    case 'move-sheet':
      return moveSheet(state, op);
    case 'rename-workbook':
      return renameWorkbook(state, op);
    case 'put-chart':
      return putChart(state, op);
    case 'delete-chart':
      return deleteChart(state, op);
    case 'set-format':
      return setFormat(state, op);
    case 'restore-formats':
      return restoreFormats(state, op);
    case 'replace-workbook':
      // Prepared ahead (an import): only swapped in here.
      return installPrepared(state, op.document) ?? replaceWorkbook(state, op);
    case 'restore-workbook':
      return restoreWorkbook(state, op);
    case 'change-structure':
      return changeStructure(state, op);
    case 'move-cells':
      return moveCells(state, op);
    case 'set-layout':
      return setLayout(state, op);
    case 'refresh-functions':
      return refreshFunctions(state, op);
    case 'set-name':
      return setName(state, op);
    case 'delete-name':
      return deleteName(state, op);
  }
}
