// Whole-workbook snapshots: reading one (`documentOf`, used by export and save), filling a
// sheet from one (restore-sheet, replace-workbook) and the replace-workbook executor, whose
// inverse puts the replaced sheets back (restore-workbook) so a load or an import is one undo step.
import { cellKey, formatCell, isOnSheet, MAX_COLUMNS, MAX_ROWS } from '../address/index.js';
import { validateChart, type Chart } from '../chart.js';
import { isCellVersion, MAX_CELL_VERSION } from '../cell-versions.js';
import { InvalidOperationError } from '../errors.js';
import {
  CHARACTER_SETS,
  DEFAULT_CHARACTER_SET,
  isCharacterSet,
  type CharacterSet,
} from '../formula/index.js';
import { validateCellFormat, type FormatRect } from '../format/index.js';
import { sameSheetName, validateSheetName, validateWorkbookName } from '../naming.js';
import { Sheet } from '../sheet.js';
import { checkLayout, EMPTY_LAYOUT, isEmptyLayout } from '../sheet-layout.js';
import { errorLiteralOf, MAX_TEXT_LENGTH, tooLongText, type CellInput } from '../value-typing.js';
import { nameKey, nameTableOf, sortedNames } from '../defined-names.js';
import { ranToEnd } from '../read-slices.js';
import { runsFromCells } from './builders.js';
import { cellColumnsOf, cellsOfColumns, withCellsOf, type CellColumns } from './cell-columns.js';
import type { InputRun, Op, SheetSnapshot, SnapshotCell, WorkbookDocument } from './op.js';
import { swapWorkbook } from './retired-workbook.js';
import { setCharacterSet, type Executed, type WorkbookState } from './state.js';

/** Rows in one band of a row-major walk: a walk built in steps yields between bands. */
const BAND_ROWS = 64;

/** Locked cells looked at between two yields of a walk built in steps. */
const LOCKS_PER_STEP = 16_384;

/**
 * Takes a sheet's cells as a walk hands them over, row-major: how many there are, then each one,
 * then what it made of them. A save or an export packs them into typed arrays this way, with no
 * object per cell (a million of them kept the scavenger copying for a second).
 */
export interface CellSink<C> {
  begin(count: number): void;
  cell(row: number, col: number, input: CellInput | null, version: number, locked: boolean): void;
  end(): C;
}

/** A sheet's snapshot whose cells are what a CellSink made of them. */
export type SheetOf<C> = Omit<SheetSnapshot, 'cells'> & { readonly cells: C };

/** A workbook's document whose sheets' cells are what a CellSink made of them. */
export type DocumentOf<C> = Omit<WorkbookDocument, 'sheets'> & {
  readonly sheets: readonly SheetOf<C>[];
};

/** The sink of document(): a SnapshotCell per cell. */
function snapshotCells(): CellSink<SnapshotCell[]> {
  let cells: SnapshotCell[] = [];
  let index = 0;
  return {
    begin: (count) => {
      cells = new Array<SnapshotCell>(count);
    },
    cell: (row, col, input, version, locked) => {
      cells[index++] = { row, col, input, version, locked };
    },
    end: () => cells,
  };
}

/**
 * A sheet's cells when none has a version or a lock (an import of plain values, a restart from
 * one): its inputs row-major straight from their pages, with no key list to sort and no lookup
 * per cell (a 1,048,576-cell import's journal snapshot spent ~0.4 s of CPU collecting, sorting
 * and looking its keys up).
 */
function* inputCellsSteps(sheet: Sheet, sink: CellSink<unknown>): Generator<void, void, undefined> {
  sink.begin(sheet.inputs.size);
  yield* sheet.inputs.rowMajorSteps((input, row, col) => sink.cell(row, col, input, 0, false));
}

/**
 * `keys` (cell keys in any order) row-major, one band of BAND_ROWS rows at a time: the keys are
 * counted into their bands and each band is sorted only when it is reached, so a walk built in
 * steps never sorts a million keys in one go.
 */
function* rowMajorBands(keys: readonly number[]): Generator<Float64Array, void, undefined> {
  const bandKeys = MAX_COLUMNS * BAND_ROWS;
  const starts = new Int32Array(Math.ceil(MAX_ROWS / BAND_ROWS) + 1);
  for (const key of keys) starts[Math.floor(key / bandKeys) + 1]! += 1;
  for (let band = 1; band < starts.length; band += 1) starts[band]! += starts[band - 1]!;
  const placed = starts.slice(0, -1);
  const sorted = new Float64Array(keys.length);
  for (const key of keys) sorted[placed[Math.floor(key / bandKeys)]!++] = key;
  for (let band = 0; band + 1 < starts.length; band += 1)
    if (starts[band + 1]! > starts[band]!)
      yield sorted.subarray(starts[band]!, starts[band + 1]!).sort();
}

/** Every cell with an input, a version or a lock, row-major, yielding after each band of rows. */
function* everyCellSteps(sheet: Sheet, sink: CellSink<unknown>): Generator<void, void, undefined> {
  // Plain loops over the maps, no Set of every key: this runs on every save and export of up to
  // millions of cells (and for the undo step of every load).
  const found: number[] = [];
  yield* sheet.versions.pushKeySteps(found);
  yield* sheet.inputs.forEachSteps((_, key) => {
    if (!sheet.versions.has(key)) found.push(key);
  });
  let locks = 0;
  for (const key of sheet.locked) {
    if (!sheet.versions.has(key) && !sheet.inputs.has(key)) found.push(key);
    if (++locks % LOCKS_PER_STEP === 0) yield;
  }
  const anyLocked = sheet.locked.size > 0;
  sink.begin(found.length);
  for (const band of rowMajorBands(found)) {
    for (const key of band) {
      sink.cell(
        Math.floor(key / MAX_COLUMNS),
        key % MAX_COLUMNS,
        sheet.inputs.get(key) ?? null,
        sheet.versions.get(key) ?? 0,
        anyLocked && sheet.locked.has(key),
      );
    }
    yield;
  }
}

/**
 * Everything a sheet owns: every cell with an input, a version or a lock, row-major (into
 * `sink`), and its charts; as steps yielding every band of rows or so.
 */
function* snapshotSteps<C>(
  sheet: Sheet,
  sink: CellSink<C>,
): Generator<void, SheetOf<C>, undefined> {
  if (sheet.versions.size === 0 && sheet.locked.size === 0) yield* inputCellsSteps(sheet, sink);
  else yield* everyCellSteps(sheet, sink);
  const formats = sheet.formats.isEmpty ? undefined : sheet.formats.rects();
  return {
    name: sheet.name,
    cells: sink.end(),
    charts: [...sheet.charts],
    ...(isEmptyLayout(sheet.layout) ? {} : { layout: sheet.layout }),
    ...(formats === undefined ? {} : { formats }),
    ...(sheet.names.size === 0 ? {} : { names: sortedNames(sheet.names) }),
  };
}

/** Everything a sheet owns (its snapshot's steps run to the end). */
export function snapshotOf(sheet: Sheet): SheetSnapshot {
  return ranToEnd(snapshotSteps(sheet, snapshotCells()));
}

/**
 * The whole workbook's document as steps (yielding every band of rows or so), each sheet's cells
 * handed to the sink `sinkFor` gives for it: a reader built in slices copies a million cells
 * without holding the event loop (a save of the largest import held it ~0.5 s, issue 16). The
 * state must not change while the steps run (readConsistently).
 */
export function* documentStepsInto<C>(
  state: WorkbookState,
  sinkFor: (sheetName: string) => CellSink<C>,
): Generator<void, DocumentOf<C>, undefined> {
  const sheets: SheetOf<C>[] = [];
  for (const sheet of state.sheets) sheets.push(yield* snapshotSteps(sheet, sinkFor(sheet.name)));
  return {
    name: state.name,
    activeSheet: state.activeSheet.name,
    sheets,
    ...(state.names.size === 0 ? {} : { names: sortedNames(state.names) }),
    ...(state.characterSet === DEFAULT_CHARACTER_SET ? {} : { characterSet: state.characterSet }),
  };
}

/** The whole workbook's document, a SnapshotCell per cell. */
export function documentOf(state: WorkbookState): WorkbookDocument {
  return ranToEnd(documentStepsInto(state, snapshotCells));
}

/**
 * A sheet's inputs as row-major runs, the way the engine takes them, one run at a time (each
 * yielded once complete): a build that writes them as they come keeps none of an import's
 * million one-cell runs alive for long, where a list of them all survived every young-generation
 * collection of the build. Snapshots are row-major already (documentOf and the decoders write
 * them so); cells that are not are sorted in one go, instead of sorting every load.
 */
export function* inputRunsOneByOne(cells: CellColumns): Generator<InputRun, void, undefined> {
  if (!rowMajor(cells)) {
    yield* sortedRuns(cells);
    return;
  }
  let run: { row: number; col: number; inputs: (CellInput | null)[] } | undefined;
  for (let index = 0; index < cells.length; index += 1) {
    const input = cells.input(index);
    if (input === null) continue;
    const row = cells.row(index);
    const col = cells.col(index);
    if (run !== undefined && run.row === row && run.col + run.inputs.length === col) {
      run.inputs.push(input);
      continue;
    }
    if (run !== undefined) yield run;
    run = { row, col, inputs: [input] };
  }
  if (run !== undefined) yield run;
}

/** Whether every cell comes after the one before it, row by row. */
function rowMajor(cells: CellColumns): boolean {
  for (let index = 1; index < cells.length; index += 1) {
    const row = cells.row(index);
    const before = cells.row(index - 1);
    if (row < before || (row === before && cells.col(index) <= cells.col(index - 1))) return false;
  }
  return true;
}

function sortedRuns(cells: CellColumns): InputRun[] {
  const written = cellsOfColumns(cells).filter((cell) => cell.input !== null);
  written.sort((a, b) => a.row - b.row || a.col - b.col);
  return runsFromCells(written);
}

/** A snapshot's inputs as row-major runs, all at once. */
export function inputRunsOf(snapshot: SheetSnapshot): InputRun[] {
  return [...inputRunsOneByOne(cellColumnsOf(snapshot))];
}

/** Puts cells `from..to` of `cells` (inputs, versions, locks) into a sheet's state (not the engine). */
export function fillSheetCells(sheet: Sheet, cells: CellColumns, from: number, to: number): void {
  for (let index = from; index < to; index += 1) {
    const key = cellKey(cells.row(index), cells.col(index));
    const input = cells.input(index);
    if (input !== null) sheet.inputs.set(key, input);
    const version = cells.version(index);
    if (version > 0) sheet.versions.set(key, version);
    if (cells.locked(index)) sheet.locked.add(key);
  }
}

/** Puts a snapshot's cells, versions, locks and charts into an empty sheet's state (not the engine). */
function fillSheetState(sheet: Sheet, snapshot: SheetSnapshot): void {
  const cells = cellColumnsOf(snapshot);
  fillSheetCells(sheet, cells, 0, cells.length);
  fillSheetRest(sheet, snapshot);
}

/** Everything of a snapshot but its cells (charts, layout, formats, names) into a sheet. */
export function fillSheetRest(sheet: Sheet, snapshot: SheetSnapshot): void {
  sheet.charts.push(...(snapshot.charts ?? []));
  sheet.layout = snapshot.layout ?? EMPTY_LAYOUT;
  for (const rect of snapshot.formats ?? []) sheet.formats.fill(rect);
  for (const entry of snapshot.names ?? []) sheet.names.set(nameKey(entry.name), entry);
}

/** Puts a snapshot's cells, versions, locks, charts and names into an empty sheet. */
export function fillSheet(state: WorkbookState, sheet: Sheet, snapshot: SheetSnapshot): void {
  fillSheetState(sheet, snapshot);
  state.engine.setCells(sheet.engineSheet, inputRunsOf(snapshot));
  for (const entry of snapshot.names ?? []) state.engine.setName(sheet.engineSheet, entry);
}

function invalid(field: string, problem: string): never {
  throw new InvalidOperationError(field, problem);
}

function isValidInput(input: unknown): boolean {
  if (typeof input === 'string') return input.length <= MAX_TEXT_LENGTH;
  if (input === null || typeof input === 'boolean') return true;
  if (typeof input === 'number') return Number.isFinite(input);
  if (typeof input === 'object' && 'error' in input)
    return errorLiteralOf(String(input.error)) === input.error;
  const formula = typeof input === 'object' ? (input as { formula?: unknown }).formula : undefined;
  return typeof formula === 'string' && formula.startsWith('=');
}

/** Throws the reason `input` is not a cell input (call it only when isValidInput said no). */
function checkInput(input: unknown, field: string): void {
  if (typeof input === 'string' && input.length > MAX_TEXT_LENGTH)
    invalid(field, tooLongText(input));
  if (input === null || typeof input === 'boolean' || typeof input === 'string') return;
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) invalid(field, 'a number must be finite.');
    return;
  }
  const formula = typeof input === 'object' ? (input as { formula?: unknown }).formula : undefined;
  if (typeof formula === 'string' && formula.startsWith('=')) return;
  invalid(
    field,
    'expected a number, text, a boolean, null, a formula starting with "=" or an Excel error value.',
  );
}

/** Cells checked between two pauses of a document checked in steps (checkedDocument). */
const CHECKED_CELLS_PER_STEP = 32_768;

/**
 * The index of a cell given twice, if any. Row-major cells (every document we write) cannot
 * repeat, so the set is only built for others.
 */
function* repeatedCell(cells: CellColumns): Generator<void, number | undefined> {
  let previous = -1;
  let ordered = true;
  for (let index = 0; index < cells.length; index += 1) {
    if (index % CHECKED_CELLS_PER_STEP === CHECKED_CELLS_PER_STEP - 1) yield;
    const key = cellKey(cells.row(index), cells.col(index));
    if (key <= previous) {
      ordered = false;
      break;
    }
    previous = key;
  }
  if (ordered) return undefined;
  const seen = new Set<number>();
  for (let index = 0; index < cells.length; index += 1) {
    if (index % CHECKED_CELLS_PER_STEP === CHECKED_CELLS_PER_STEP - 1) yield;
    const key = cellKey(cells.row(index), cells.col(index));
    if (seen.has(key)) return index;
    seen.add(key);
  }
  return undefined;
}

function* checkCells(cells: CellColumns, field: string): Generator<void, void> {
  // The address is only spelled out for an error: formatting it for every cell was a third of
  // validating a 100,000-cell load (W5 profile).
  const where = (index: number): string =>
    `${field}.${formatCell({ row: cells.row(index), col: cells.col(index) })}`;
  for (let index = 0; index < cells.length; index += 1) {
    if (index % CHECKED_CELLS_PER_STEP === CHECKED_CELLS_PER_STEP - 1) yield;
    const row = cells.row(index);
    const col = cells.col(index);
    if (!isOnSheet(row, col)) invalid(field, `row ${row}, column ${col} is outside the sheet.`);
    const input = cells.input(index);
    if (!isValidInput(input)) checkInput(input, where(index));
    const version = cells.version(index);
    if (!isCellVersion(version))
      invalid(`${where(index)}.version`, `expected a whole number from 0 to ${MAX_CELL_VERSION}.`);
    if (typeof cells.locked(index) !== 'boolean')
      invalid(`${where(index)}.locked`, 'expected true or false.');
  }
  const repeated = yield* repeatedCell(cells);
  if (repeated !== undefined) invalid(where(repeated), 'the cell appears twice.');
}

function checkFormats(formats: readonly FormatRect[], field: string): FormatRect[] {
  return formats.map((rect, index) => {
    const where = `${field}[${index}]`;
    const inside =
      [rect.top, rect.left, rect.bottom, rect.right].every(Number.isInteger) &&
      rect.top >= 0 &&
      rect.left >= 0 &&
      rect.bottom >= rect.top &&
      rect.right >= rect.left &&
      rect.bottom < MAX_ROWS &&
      rect.right < MAX_COLUMNS;
    if (!inside) invalid(where, 'expected a rectangle on the sheet, top-left first.');
    return { ...rect, format: validateCellFormat(rect.format, `${where}.format`) };
  });
}

function checkCharts(charts: readonly Chart[], field: string): Chart[] {
  const ids = new Set<string>();
  return charts.map((chart, index) => {
    const valid = validateChart(chart, `${field}[${index}].`);
    if (ids.has(valid.id))
      invalid(`${field}[${index}].id`, `chart id "${valid.id}" appears twice on this sheet.`);
    ids.add(valid.id);
    return valid;
  });
}

function checkCharacterSet(characterSet: unknown): CharacterSet {
  if (characterSet === undefined) return DEFAULT_CHARACTER_SET;
  if (!isCharacterSet(characterSet))
    invalid('character_set', `expected one of ${CHARACTER_SETS.join(', ')}.`);
  return characterSet;
}

/** Checks everything before anything changes; returns the document with canonical charts. */
export function validateDocument(document: WorkbookDocument): WorkbookDocument {
  const steps = checkedDocument(document);
  for (;;) {
    const next = steps.next();
    if (next.done === true) return next.value;
  }
}

/**
 * validateDocument in steps: pauses (yields) every CHECKED_CELLS_PER_STEP cells, so an import's
 * preparation checks a million cells across turns of the event loop (prepared-replace.ts).
 */
export function* checkedDocument(
  document: WorkbookDocument,
): Generator<void, WorkbookDocument, undefined> {
  const name = validateWorkbookName(document.name, 'workbook_name');
  if (document.sheets.length === 0) invalid('sheets', 'a workbook needs at least one sheet.');
  const sheets: SheetSnapshot[] = [];
  for (let index = 0; index < document.sheets.length; index += 1) {
    const snapshot = document.sheets[index]!;
    const field = `sheets[${index}]`;
    const sheetName = validateSheetName(snapshot.name, `${field}.name`);
    if (document.sheets.slice(0, index).some((other) => sameSheetName(other.name, sheetName))) {
      invalid(
        `${field}.name`,
        `a sheet named "${sheetName}" appears twice (sheet names are case-insensitive).`,
      );
    }
    yield* checkCells(cellColumnsOf(snapshot), `${field}.cells`);
    const names = [...nameTableOf(snapshot.names, `${field}.names`).values()];
    sheets.push(
      withCellsOf(snapshot, {
        name: sheetName,
        charts: checkCharts(snapshot.charts ?? [], `${field}.charts`),
        ...(snapshot.layout === undefined
          ? {}
          : { layout: checkLayout(snapshot.layout, `${field}.layout`) }),
        ...(names.length === 0 ? {} : { names }),
        ...(snapshot.formats === undefined || snapshot.formats.length === 0
          ? {}
          : { formats: checkFormats(snapshot.formats, `${field}.formats`) }),
      }),
    );
  }
  const names = [...nameTableOf(document.names, 'names').values()];
  const active = sheets.find((sheet) => sameSheetName(sheet.name, document.activeSheet));
  if (active === undefined)
    invalid('active_sheet', `"${document.activeSheet}" is not one of the document's sheets.`);
  const characterSet = checkCharacterSet(document.characterSet);
  return {
    name,
    activeSheet: active.name,
    sheets,
    ...(names.length === 0 ? {} : { names }),
    ...(characterSet === DEFAULT_CHARACTER_SET ? {} : { characterSet }),
  };
}

function install(state: WorkbookState, document: WorkbookDocument): void {
  // Set first: the rebuild below (or a deferred one) then computes in the document's set.
  setCharacterSet(state, document.characterSet ?? DEFAULT_CHARACTER_SET);
  // One rebuild of the engine with every sheet (so cross-sheet references resolve), then the
  // sheets' own state around the new handles.
  // A journal replay defers the build to its end (from the sheets): the runs would go unused.
  const deferred = state.engine.buildsDeferred();
  const handles = state.engine.replaceAll(
    document.sheets.map((snapshot) => ({
      name: snapshot.name,
      runs: deferred ? [] : inputRunsOf(snapshot),
      ...(snapshot.names === undefined ? {} : { names: snapshot.names }),
    })),
    document.names,
  );
  const sheets = document.sheets.map((snapshot, index) => {
    const sheet = new Sheet(snapshot.name, handles[index]!);
    fillSheetState(sheet, snapshot);
    return sheet;
  });
  placeSheets(state, document, sheets);
}

/** Makes `sheets` (filled from `document`, bound to the engine) the workbook's. */
export function placeSheets(
  state: WorkbookState,
  document: WorkbookDocument,
  sheets: readonly Sheet[],
): void {
  state.sheets.length = 0;
  state.sheets.push(...sheets);
  state.name = document.name;
  state.names = nameTableOf(document.names, 'names');
  state.activeSheet = sheets.find((sheet) => sameSheetName(sheet.name, document.activeSheet))!;
}

/** Installs a document the core built itself (trusted), the current sheets kept for the undo. */
export function installDocument(state: WorkbookState, next: WorkbookDocument): Executed {
  return swapWorkbook(state, () => install(state, next));
}

export function replaceWorkbook(
  state: WorkbookState,
  op: Extract<Op, { type: 'replace-workbook' }>,
): Executed {
  return installDocument(state, validateDocument(op.document));
}
