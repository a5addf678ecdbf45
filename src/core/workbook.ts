// The aggregate root. apply(ops) is the only mutator: atomic (every op applies or none does),
// versioned, lock-checked, recorded for undo and announced to listeners. Everything else here
// is a read query.
import {
  EngineFailureError,
  FormulaTimeBudgetError,
  InvalidAddressError,
  UndoStepConflictError,
  VersionConflictError,
  WorkbookError,
} from './errors.js';
import {
  cellKey,
  formatCell,
  parseCell,
  type CellAddress,
  type RangeAddress,
} from './address/index.js';
import {
  createHyperFormulaEngine,
  DEFAULT_CHARACTER_SET,
  EXCEL_FUNCTIONS,
  TEXT_FUNCTION,
  FunctionRegistry,
  GRIDOS_FUNCTIONS,
  type CellValue,
  type CustomFunction,
  type EngineCellChange,
  type EngineCellRef,
  type EngineChanges,
  type EngineSheet,
  type FormulaEngine,
  type FunctionInfo,
  type SpillArea,
} from './formula/index.js';
import { spilledFrom, withSpills } from './spills.js';
import { History } from './history.js';
import { DEFAULT_WORKBOOK_NAME, validateSheetName, validateWorkbookName } from './naming.js';
import {
  checkRunsAhead,
  executeOp,
  findSheet,
  lockedTargets,
  type Executed,
  type WorkbookState,
} from './ops/execute.js';
import { isUndoable, type Op, type WorkbookDocument } from './ops/op.js';
import {
  documentOf,
  documentStepsInto,
  type CellSink,
  type DocumentOf,
} from './ops/workbook-document.js';
import { reinstate, retire } from './ops/retired-workbook.js';
import { prepareReplace, type PreparedReplace } from './ops/prepared-replace.js';
import type { Chart } from './chart.js';
import { changeSetOf, type ChangeSet } from './change-set.js';
import { CellLockedError } from './errors.js';
import { Sheet } from './sheet.js';
import {
  hiddenRowsOf,
  layoutHidesRows,
  mergedRows,
  rowVisibilityOf,
  DEFAULT_COLUMN_WIDTH,
  type SheetLayout,
} from './sheet-layout.js';
import { displayText, formatLocale, type CellFormat, type FormatRect } from './format/index.js';
import type { CellInput } from './value-typing.js';
import { sortedNames, type ScopedName } from './defined-names.js';

export interface WorkbookOptions {
  readonly name?: string;
  readonly sheetNames?: readonly string[];
  /** Extra functions for this workbook's engine; GridOS's functions are always included. */
  readonly functions?: FunctionRegistry;
  /**
   * Functions that come and go while the workbook is open (plugins): read when the engine is
   * built, and again by each `refresh-functions` op that rebuilds it.
   */
  readonly functionSource?: () => readonly CustomFunction[];
  readonly undoDepth?: number;
  /** The estimated bytes the undo history may hold (history-size.ts); 0 turns undo off. */
  readonly undoMaxBytes?: number;
  /**
   * How long one recalculation of a change may take, in milliseconds (none when undefined).
   * A change that runs out is refused whole (FormulaTimeBudgetError) and the engine rebuilt.
   * Undo, redo, plugin function refreshes and journal replay are not bounded: they put back
   * states the workbook already held, or must follow what happened outside it.
   */
  readonly formulaBudgetMs?: number;
  /** Builds the formula engine (default: HyperFormula); tests wrap it to make it fail. */
  readonly createEngine?: (registry: FunctionRegistry) => FormulaEngine;
}

/** GRIDBOOK_UNDO_MAX_BYTES's default: 256 MiB. */
export const DEFAULT_UNDO_MAX_BYTES = 256 * 1024 * 1024;

export interface ApplyMeta {
  /** Optimistic concurrency: A1 address → the version the caller last saw, on `sheet`. */
  readonly expectedVersions?: {
    readonly sheet: string;
    readonly versions: Readonly<Record<string, number>>;
  };
  /** Who made the change (a user id, `User`, an agent id); carried to listeners. */
  readonly actor?: string;
  /**
   * The client that made the change (an opaque id: one browser tab, one tool), recorded with its
   * undo step so an undo can refuse to take back another client's change.
   */
  readonly origin?: string;
}

/** What an undo may take back. */
export interface UndoGuard {
  /** Cells → the versions the caller's own change left them at, on `sheet`. */
  readonly expectedVersions?: ApplyMeta['expectedVersions'];
  /** The caller's origin: the step on top must have been recorded by it. */
  readonly expectedOrigin?: string;
}

export type CommitKind = 'change' | 'undo' | 'redo';

export interface Commit {
  readonly kind: CommitKind;
  readonly ops: readonly Op[];
  readonly inverse: readonly Op[];
  readonly actor: string | undefined;
  /** The client that made it (ApplyMeta.origin), when it named itself. */
  readonly origin: string | undefined;
  /** Cells whose computed value changed, and sheet and chart changes. */
  readonly changes: ChangeSet;
}

export interface CellSnapshot {
  readonly input: CellInput | null;
  readonly value: CellValue;
  readonly version: number;
  readonly locked: boolean;
}

/** A read-only view of one sheet. */
export interface SheetView {
  readonly name: string;
  readonly cellCount: number;
  input(row: number, col: number): CellInput | null;
  value(row: number, col: number): CellValue;
  version(row: number, col: number): number;
  isLocked(row: number, col: number): boolean;
  /** The smallest rectangle holding every cell with an input or a spilled value. */
  occupiedBounds(): RangeAddress | undefined;
  /** Formulas whose array results spill, with the rectangles they cover (anchors included). */
  spills(): readonly SpillArea[];
  /** The anchor whose spill a cell shows (undefined for the anchor itself and other cells). */
  spilledFrom(row: number, col: number): CellAddress | undefined;
  /** The smallest rectangle holding every locked cell, or undefined when none is. */
  lockedBounds(): RangeAddress | undefined;
  occupiedCells(): CellAddress[];
  /** The cellKeys of the cells with an input, row-major, one band of 64 rows at a time: a sliced reader yields between bands. */
  occupiedKeyBands(): Iterable<Float64Array>;
  lockedCells(): CellAddress[];
  /** Chart overlays in display order. */
  charts(): readonly Chart[];
  /** Frozen panes, column widths, row heights and the filter. */
  layout(): SheetLayout;
  /**
   * The rows hidden (zero-based, ascending): by the filter, whose computed values decide, by hand
   * and by a filter kept without criteria; only from `within` when given.
   */
  hiddenRows(within?: { readonly first: number; readonly last: number }): number[];
  /** The cell's format, or undefined when it has none. */
  format(row: number, col: number): CellFormat | undefined;
  /** The cell's value as shown: through its number format, in the configured locale. */
  display(row: number, col: number): string;
  /** Every format of the sheet as rectangles (a later one wins where two overlap). */
  formatRects(): FormatRect[];
  /** Whether any cell of the sheet has a format. */
  readonly hasFormats: boolean;
}

export type CommitListener = (commit: Commit) => void;

/** Cell writes being prepared ahead of their commit (`prepareWrite`). */
export interface PreparedWrite {
  /** Works while `more()` answers true; true once everything is ready for the commit. */
  step(more: () => boolean): boolean;
}

/** One commit of a batch (Workbook.applyBatch): its ops and meta, as `apply` takes them. */
export interface BatchEntry {
  readonly ops: readonly Op[];
  readonly meta: ApplyMeta;
}

/** What became of one commit of a batch: applied, or refused with the error `apply` would throw. */
export type BatchOutcome =
  | { readonly commit: Commit; readonly error?: undefined }
  | { readonly commit?: undefined; readonly error: unknown };

export class Workbook {
  readonly #state: WorkbookState;
  readonly #history: History;
  readonly #listeners = new Set<CommitListener>();
  /** Bumped whenever the engine may have changed, so cached spills are read again. */
  #generation = 0;
  /** Whether the engine was last told that some sheet hides rows (#syncRowVisibility). */
  #engineHidesRows = false;
  readonly #spillCache = new WeakMap<Sheet, { generation: number; areas: SpillArea[] }>();
  /**
   * One view per sheet: a view is two dozen closures, and building one for every request was a
   * visible share of a single-cell write's CPU (W4 profile). A view reads its sheet and the
   * engine live, so it never goes stale; a replaced workbook has new sheets, hence new views.
   */
  readonly #views = new WeakMap<Sheet, SheetView>();

  readonly #formulaBudgetMs: number | undefined;

  private constructor(state: WorkbookState, history: History, formulaBudgetMs: number | undefined) {
    this.#state = state;
    this.#history = history;
    this.#formulaBudgetMs = formulaBudgetMs;
  }

  static create(options: WorkbookOptions = {}): Workbook {
    const functions = (): CustomFunction[] => {
      // TEXT replaces HyperFormula's own: the same format engine as the cells' display text.
      const registry = new FunctionRegistry([
        ...GRIDOS_FUNCTIONS,
        ...EXCEL_FUNCTIONS,
        TEXT_FUNCTION,
      ]);
      for (const fn of options.functions?.list() ?? []) registry.register(fn);
      for (const fn of options.functionSource?.() ?? []) registry.register(fn);
      return registry.list();
    };
    const engine = (options.createEngine ?? createHyperFormulaEngine)(
      new FunctionRegistry(functions()),
    );
    const names = (options.sheetNames ?? ['Sheet1']).map((name) => validateSheetName(name));
    const sheets = names.map((name) => new Sheet(name, engine.addSheet(name)));
    if (sheets.length === 0) sheets.push(new Sheet('Sheet1', engine.addSheet('Sheet1')));
    const state: WorkbookState = {
      name: validateWorkbookName(options.name ?? DEFAULT_WORKBOOK_NAME),
      sheets,
      activeSheet: sheets[0]!,
      names: new Map(),
      characterSet: DEFAULT_CHARACTER_SET,
      engine,
      functions,
    };
    return new Workbook(
      state,
      new History(options.undoDepth ?? 100, options.undoMaxBytes ?? DEFAULT_UNDO_MAX_BYTES),
      options.formulaBudgetMs,
    );
  }

  // ---- the one mutator -------------------------------------------------------------------

  apply(ops: readonly Op[], meta: ApplyMeta = {}): Commit {
    this.#precheck(ops, meta);
    const inverse = this.#execute(ops, this.#budgetFor(ops));
    const undoable = inverse.filter(isUndoable);
    if (ops.some(isUndoable)) this.#history.recordCommit(undoable, meta.origin);
    return this.#announce({
      kind: 'change',
      ops,
      inverse,
      actor: meta.actor,
      origin: meta.origin,
      changes: this.#changes(ops),
    });
  }

  /**
   * Applies several commits' cell writes (`set-cells` ops only) as `apply` would one after
   * another (each checked for locks and versions against the state the earlier ones left, each
   * atomic, each its own undo step), but with one recalculation of the engine for all of them:
   * HyperFormula's per-recalculation cost is most of a single-cell write. The recalculation's
   * change list is split per commit: a written cell goes to the last commit that wrote it, a
   * recomputed dependent to the last commit whose cells reach it (any other change, a volatile
   * function's, to the last commit), so every changed cell is in exactly one change set.
   * If the engine fails, everything is rolled back and the commits are applied one by one.
   */
  applyBatch(entries: readonly BatchEntry[]): BatchOutcome[] {
    if (entries.some((entry) => entry.ops.some((op) => op.type !== 'set-cells')))
      throw new Error('applyBatch takes set-cells ops only');
    const outcomes: (BatchOutcome | undefined)[] = new Array(entries.length);
    const applied: { index: number; done: Executed[] }[] = [];
    const engine = this.#state.engine;
    const budget = entries.some(({ ops }) => this.#budgetFor(ops) === undefined)
      ? undefined
      : this.#formulaBudgetMs;
    try {
      engine.withinTimeBudget(budget, () =>
        engine.batch(() => {
          entries.forEach(({ ops, meta }, index) => {
            try {
              this.#precheck(ops, meta);
            } catch (error) {
              outcomes[index] = { error };
              return;
            }
            const done: Executed[] = [];
            applied.push({ index, done });
            try {
              for (const op of ops) done.push(executeOp(this.#state, op));
            } catch (error) {
              if (!(error instanceof WorkbookError)) throw error;
              for (const executed of done.reverse()) executed.revert();
              applied.pop();
              outcomes[index] = { error };
            }
          });
        }),
      );
      engine.withinTimeBudget(budget, () => {
        if (engine.needsRebuild()) reinstate(this.#state, retire(this.#state));
        this.#syncLayout();
      });
    } catch {
      return this.#unbatch(entries, applied);
    }
    const split = this.#splitChanges(
      engine.takeChanges(),
      applied.map(({ index }) => entries[index]!.ops),
    );
    applied.forEach(({ index, done }, position) => {
      const { ops, meta } = entries[index]!;
      const inverse = done.reverse().flatMap((executed) => executed.inverse);
      if (ops.some(isUndoable)) this.#history.recordCommit(inverse.filter(isUndoable), meta.origin);
      outcomes[index] = {
        commit: this.#announce({
          kind: 'change',
          ops,
          inverse,
          actor: meta.actor,
          origin: meta.origin,
          changes: split[position]!,
        }),
      };
    });
    return outcomes as BatchOutcome[];
  }

  /** The engine failed inside a batch: roll all of it back, rebuild, then apply each commit alone. */
  #unbatch(
    entries: readonly BatchEntry[],
    applied: readonly { done: Executed[] }[],
  ): BatchOutcome[] {
    const engine = this.#state.engine;
    engine.invalidate();
    engine.batch(() => {
      for (const { done } of [...applied].reverse())
        for (const executed of [...done].reverse()) executed.revert();
    });
    reinstate(this.#state, retire(this.#state));
    this.#syncLayout();
    engine.takeChanges();
    return entries.map(({ ops, meta }) => {
      try {
        return { commit: this.apply(ops, meta) };
      } catch (error) {
        return { error };
      }
    });
  }

  /** One change set per commit (in order) from the batch's one change list (see applyBatch). */
  #splitChanges(changes: EngineChanges, opLists: readonly (readonly Op[])[]): ChangeSet[] {
    const sheets = this.#state.sheets;
    const sheetName = (handle: EngineSheet): string | undefined =>
      sheets.find((sheet) => sheet.engineSheet === handle)?.name;
    if (changes.rebuilt || opLists.length <= 1)
      return opLists.map((ops) => changeSetOf(ops, changes, sheetName));
    // The last commit to write each cell, per engine sheet.
    const writer = new Map<EngineSheet, Map<number, number>>();
    const written: EngineCellRef[][] = opLists.map((ops, position) => {
      const cells: EngineCellRef[] = [];
      for (const op of ops) {
        if (op.type !== 'set-cells') continue;
        const sheet = findSheet(this.#state, op.sheet).engineSheet;
        let keys = writer.get(sheet);
        if (keys === undefined) writer.set(sheet, (keys = new Map()));
        for (const run of op.runs)
          for (let offset = 0; offset < run.inputs.length; offset += 1) {
            keys.set(cellKey(run.row, run.col + offset), position);
            cells.push({ sheet, row: run.row, col: run.col + offset });
          }
      }
      return cells;
    });
    const owner = changes.cells.map(
      (cell, index) => writer.get(changes.sheets[index]!)?.get(cellKey(cell.row, cell.col)) ?? -1,
    );
    const dependents: EngineCellRef[] = [];
    owner.forEach((position, index) => {
      const { row, col } = changes.cells[index]!;
      if (position === -1) dependents.push({ sheet: changes.sheets[index]!, row, col });
    });
    if (dependents.length > 0) {
      const reached = this.#state.engine.lastReaching(written, dependents);
      let next = 0;
      owner.forEach((position, index) => {
        if (position === -1) owner[index] = reached[next++]!;
      });
    }
    const last = opLists.length - 1;
    const cells: EngineCellChange[][] = opLists.map(() => []);
    const cellSheets: EngineSheet[][] = opLists.map(() => []);
    changes.cells.forEach((cell, index) => {
      const position = owner[index]!;
      cells[position === -1 ? last : position]!.push(cell);
      cellSheets[position === -1 ? last : position]!.push(changes.sheets[index]!);
    });
    return opLists.map((ops, position) =>
      changeSetOf(
        ops,
        { cells: cells[position]!, sheets: cellSheets[position]!, rebuilt: false },
        sheetName,
      ),
    );
  }

  /**
   * Undo the last change. The history is one stack shared by every client, so a guard can
   * refuse, undoing nothing: `expectedVersions` when someone changed one of those cells since,
   * or when the step on top changes anything else; `expectedOrigin` when the step on top was
   * recorded by another origin (or by none). Either way that step is someone else's.
   */
  undo(actor?: string, guard: UndoGuard = {}, origin = guard.expectedOrigin): Commit | undefined {
    const expected = guard.expectedVersions;
    if (expected !== undefined) {
      this.#checkVersions(expected);
      const top = this.#history.peekUndo();
      const foreign = top === undefined ? undefined : changeOutside(top, expected);
      if (foreign !== undefined) throw new UndoStepConflictError(foreign);
    }
    const topOrigin = this.#history.peekUndoOrigin();
    if (
      guard.expectedOrigin !== undefined &&
      this.#history.undoSize > 0 &&
      topOrigin !== guard.expectedOrigin
    ) {
      throw new UndoStepConflictError('was made by another client or tool');
    }
    const entry = this.#history.takeUndo();
    if (entry === undefined) return undefined;
    let inverse: Op[];
    try {
      inverse = this.#execute(entry);
    } catch (error) {
      this.#history.restoreUndo(entry, topOrigin);
      throw error;
    }
    this.#history.recordUndone(inverse.filter(isUndoable), origin);
    return this.#announce({
      kind: 'undo',
      ops: entry,
      inverse,
      actor,
      origin,
      changes: this.#changes(entry),
    });
  }

  /**
   * Another copy of this workbook (another server process, whose commits this one follows) ran
   * `ops` as an undo (`kind` undo) or a redo: when the step on top of this copy's own undo (or
   * redo) stack is those very ops, this copy undoes (redoes) it too, so both histories stay
   * alike and the next undo in either takes the same step. Undefined, doing nothing, when it is
   * not on top (this copy's history differs: the caller applies the ops and forgets it).
   */
  followUndo(
    kind: 'undo' | 'redo',
    ops: readonly Op[],
    actor?: string,
    origin?: string,
  ): Commit | undefined {
    const top = kind === 'undo' ? this.#history.peekUndo() : this.#history.peekRedo();
    if (top === undefined || !sameOps(top, ops)) return undefined;
    return kind === 'undo' ? this.undo(actor, {}, origin) : this.redo(actor, origin);
  }

  /** Redo the last undone change; `origin` (the caller's) is recorded with the step it puts back on the undo stack. */
  redo(actor?: string, origin?: string): Commit | undefined {
    const entry = this.#history.takeRedo();
    if (entry === undefined) return undefined;
    let inverse: Op[];
    try {
      inverse = this.#execute(entry);
    } catch (error) {
      this.#history.restoreRedo(entry, origin);
      throw error;
    }
    this.#history.recordRedone(inverse.filter(isUndoable), origin);
    return this.#announce({
      kind: 'redo',
      ops: entry,
      inverse,
      actor,
      origin,
      changes: this.#changes(entry),
    });
  }

  get undoDepth(): number {
    return this.#history.undoSize;
  }

  get redoDepth(): number {
    return this.#history.redoSize;
  }

  /** The estimated bytes the undo and redo steps hold (bounded by `undoMaxBytes`). */
  get historyBytes(): number {
    return this.#history.bytes;
  }

  /** Forgets every undo and redo step (a workbook restored from its journal starts with none). */
  clearHistory(): void {
    this.#history.clear();
  }

  /**
   * Runs `fn` (a replay of a snapshot and many commits at start) on the sheets alone, then
   * builds the engine once from their inputs, as an import does. Writing cell by cell into the engine made a
   * 1,000,000-cell journal take 5 s to replay (half of it HyperFormula's per-write bookkeeping);
   * one build takes a fraction. No one has seen the values in between, so nothing the build
   * computed is announced: the next commit's change set holds only its own changes.
   */
  rebuildingEngineAfter<T>(fn: () => T): T {
    const state = this.#state;
    this.#generation += 1;
    const endDeferral = state.engine.deferBuilds();
    try {
      return fn();
    } finally {
      endDeferral();
      reinstate(state, retire(state));
      this.#syncLayout();
      state.engine.takeChanges();
    }
  }

  /**
   * Starts preparing the commit of `replaceWorkbookOps(document)` beside the workbook, a slice
   * per `step` (ops/prepared-replace.ts): nothing readers see changes until that commit.
   */
  prepareReplace(document: WorkbookDocument): PreparedReplace {
    return prepareReplace(this.#state, document);
  }

  /**
   * Starts preparing the commit of these ops' cell writes beside the workbook, a slice per `step`:
   * the engine makes their plain values ready (FormulaEngine.prepareCells), so the commit of the
   * same ops only places them. Nothing readers see changes, and the commit checks locks and
   * versions as any other: what was committed meanwhile comes before it.
   */
  prepareWrite(ops: readonly Op[]): PreparedWrite {
    const builds = ops.flatMap((op) =>
      op.type === 'set-cells'
        ? [stepsOf(checkRunsAhead(op.runs)), this.#state.engine.prepareCells(op.runs)]
        : [],
    );
    let next = 0;
    return {
      step(more) {
        while (next < builds.length && more()) if (builds[next]!.step(more)) next += 1;
        return next >= builds.length;
      },
    };
  }

  onCommit(listener: CommitListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  // ---- queries ---------------------------------------------------------------------------

  /**
   * Bumped by every change of state (each commit, undo, redo, replace, engine rebuild): a read
   * built across turns of the event loop compares it to know it saw one state (read-slices.ts).
   */
  get generation(): number {
    return this.#generation;
  }

  get name(): string {
    return this.#state.name;
  }

  get activeSheetName(): string {
    return this.#state.activeSheet.name;
  }

  get sheetNames(): string[] {
    return this.#state.sheets.map((sheet) => sheet.name);
  }

  /** The named sheet (case-insensitive), or the active one; SheetNotFoundError otherwise. */
  sheet(name?: string, field = 'sheet'): SheetView {
    const sheet =
      name === undefined ? this.#state.activeSheet : findSheet(this.#state, name, field);
    return this.#view(sheet);
  }

  cell(sheetName: string | undefined, address: CellAddress): CellSnapshot {
    const sheet = this.sheet(sheetName);
    return {
      input: sheet.input(address.row, address.col),
      value: sheet.value(address.row, address.col),
      version: sheet.version(address.row, address.col),
      locked: sheet.isLocked(address.row, address.col),
    };
  }

  /** The defined names: the workbook's, then each sheet's in tab order, each sorted by name. */
  definedNames(): ScopedName[] {
    return [
      ...sortedNames(this.#state.names),
      ...this.#state.sheets.flatMap((sheet) =>
        sortedNames(sheet.names).map((entry) => ({ ...entry, sheet: sheet.name })),
      ),
    ];
  }

  /** Everything the workbook holds (name, sheets in order with cells, versions, locks, charts, active sheet). */
  document(): WorkbookDocument {
    return documentOf(this.#state);
  }

  /**
   * document() as steps that yield every band of rows or so, for a read built in slices
   * (`readConsistently` with `stepsInSlices`), each sheet's cells handed row-major to the sink
   * `sinkFor` gives for it instead of copied into an object each (a save packs them into typed
   * arrays: a million cell objects kept the scavenger busy).
   */
  documentStepsInto<C>(
    sinkFor: (sheetName: string) => CellSink<C>,
  ): Generator<void, DocumentOf<C>, undefined> {
    return documentStepsInto(this.#state, sinkFor);
  }

  /** Why the engine cannot parse a formula (`=` first), or undefined when it can; nothing is written. */
  formulaParseProblem(formula: string): string | undefined {
    return this.#state.engine.parseProblem(formula);
  }

  /** Evaluates a formula against the current state; nothing is written. */
  /** With `budgetMs`, a formula still computing after that long is a `#N/A` error instead. */
  /** With `at`, as if it stood in that cell (ROW(), implicit intersection); else in A1. */
  evaluate(
    sheetName: string | undefined,
    formula: string,
    budgetMs?: number,
    at?: CellAddress,
  ): CellValue {
    const sheet =
      sheetName === undefined ? this.#state.activeSheet : findSheet(this.#state, sheetName);
    return this.#state.engine.evaluate(sheet.engineSheet, formula, budgetMs, at);
  }

  functionNames(): string[] {
    return this.#state.engine.functionNames();
  }

  /** Every function formulas may call, with its signature (the one catalogue everyone reads). */
  functionCatalogue(): FunctionInfo[] {
    return this.#state.engine.functionCatalogue();
  }

  /** Releases the formula engine; the workbook must not be used afterwards. */
  dispose(): void {
    this.#listeners.clear();
    this.#state.engine.destroy();
  }

  // ---- internals -------------------------------------------------------------------------

  #precheck(ops: readonly Op[], meta: ApplyMeta): void {
    // Locks before versions, and both before anything changes, so a rejected write leaves
    // no trace (not even a bumped version).
    for (const op of ops) {
      if (op.type !== 'set-cells') continue;
      const sheet = this.#state.sheets.find(
        (candidate) => candidate.name.toLowerCase() === op.sheet.toLowerCase(),
      );
      if (sheet === undefined) continue;
      const locked = lockedTargets(sheet, op.runs);
      if (locked.length > 0) throw new CellLockedError(sheet.name, locked);
    }
    this.#checkVersions(meta.expectedVersions);
  }

  #checkVersions(expected: ApplyMeta['expectedVersions']): void {
    if (expected === undefined) return;
    const sheet = findSheet(this.#state, expected.sheet);
    for (const [text, version] of Object.entries(expected.versions)) {
      let address: CellAddress;
      try {
        address = parseCell(text);
      } catch {
        throw new InvalidAddressError('expected_versions', text);
      }
      const actual = sheet.version(address.row, address.col);
      if (actual !== version) throw new VersionConflictError(text.toUpperCase(), version, actual);
    }
  }

  /** The time budget for a change's recalculation: none for a plugin function refresh, which must happen. */
  #budgetFor(ops: readonly Op[]): number | undefined {
    return ops.some((op) => op.type === 'refresh-functions') ? undefined : this.#formulaBudgetMs;
  }

  #execute(ops: readonly Op[], budgetMs?: number): Op[] {
    this.#generation += 1;
    const done: Executed[] = [];
    const engine: FormulaEngine = this.#state.engine;
    try {
      engine.withinTimeBudget(budgetMs, () => {
        engine.batch(() => {
          for (const op of ops) done.push(executeOp(this.#state, op));
        });
        if (engine.needsRebuild()) reinstate(this.#state, retire(this.#state));
        this.#syncLayout();
      });
    } catch (error) {
      this.#rollBack(done, error);
    }
    return done.reverse().flatMap((executed) => executed.inverse);
  }

  /**
   * Puts back every op of a failed commit and rethrows. An op that refused (a domain error)
   * left the engine as it was; anything else came from the engine itself (a stack overflow
   * while recalculating, say), so the engine is set aside, the sheets are restored without
   * it, and it is rebuilt from their inputs: afterwards values match inputs again.
   */
  #rollBack(done: Executed[], error: unknown): never {
    const engine = this.#state.engine;
    // Out of time: values computed after the budget ran out are the budget's error, not results.
    const outOfTime = error instanceof FormulaTimeBudgetError;
    const engineFailed = !(error instanceof WorkbookError) || outOfTime;
    if (engineFailed) engine.invalidate();
    engine.batch(() => {
      for (const executed of done.reverse()) executed.revert();
    });
    if (engineFailed || engine.needsRebuild()) reinstate(this.#state, retire(this.#state));
    try {
      this.#syncLayout();
    } catch {
      // SUBTOTAL keeps counting hidden rows until the next change tells the engine again.
    }
    // What the failed commit and its rollback recalculated is no change anyone should see.
    engine.takeChanges();
    throw engineFailed && !outOfTime ? new EngineFailureError(error) : error;
  }

  /** Tells the engine what formulas read from the sheets' layouts: hidden rows and column widths. */
  #syncLayout(): void {
    this.#syncRowVisibility();
    this.#syncColumnWidths();
  }

  /** Each sheet's column widths, for CELL("width"); unchanged ones cost the engine nothing. */
  #syncColumnWidths(): void {
    const { engine, sheets } = this.#state;
    if (engine.needsRebuild()) return;
    const widths = sheets.map(
      (sheet) =>
        [
          sheet.engineSheet,
          {
            widths: sheet.layout.columnWidths,
            defaultWidth: sheet.layout.defaultColumnWidth ?? DEFAULT_COLUMN_WIDTH,
          },
        ] as const,
    );
    engine.setColumnWidths(widths);
  }

  /**
   * Tells the engine which rows each sheet hides, for SUBTOTAL: after every change, since a
   * filter's hidden rows follow computed values. Read before the engine's batch, which defers
   * values; a SUBTOTAL a filter reads does not re-filter (one round, as Excel's filter waits
   * to be reapplied).
   */
  #syncRowVisibility(): void {
    const { engine, sheets } = this.#state;
    if (engine.needsRebuild()) return;
    // The common case, no sheet hiding rows now or when last told, costs one pass over the
    // sheets: no filter is read and no engine batch runs (W4's single-cell writes).
    const hides = sheets.some((sheet) => layoutHidesRows(sheet.layout));
    if (!hides && !this.#engineHidesRows) return;
    this.#engineHidesRows = hides;
    const visibility = sheets.map((sheet) =>
      rowVisibilityOf(sheet.layout, (row, col) => engine.value(sheet.engineSheet, row, col)),
    );
    engine.batch(() =>
      sheets.forEach((sheet, index) =>
        engine.setRowVisibility(sheet.engineSheet, visibility[index]!),
      ),
    );
  }

  #changes(ops: readonly Op[]): ChangeSet {
    const sheets = this.#state.sheets;
    return changeSetOf(
      ops,
      this.#state.engine.takeChanges(),
      (handle) => sheets.find((sheet) => sheet.engineSheet === handle)?.name,
    );
  }

  #announce(commit: Commit): Commit {
    for (const listener of this.#listeners) listener(commit);
    return commit;
  }

  #spills(sheet: Sheet): SpillArea[] {
    const cached = this.#spillCache.get(sheet);
    if (cached !== undefined && cached.generation === this.#generation) return cached.areas;
    const areas = this.#state.engine.spills(sheet.engineSheet);
    this.#spillCache.set(sheet, { generation: this.#generation, areas });
    return areas;
  }

  #view(sheet: Sheet): SheetView {
    const cached = this.#views.get(sheet);
    if (cached !== undefined) return cached;
    const view = this.#newView(sheet);
    this.#views.set(sheet, view);
    return view;
  }

  #newView(sheet: Sheet): SheetView {
    const engine = this.#state.engine;
    const spills = (): SpillArea[] => this.#spills(sheet);
    return {
      get name() {
        return sheet.name;
      },
      get cellCount() {
        return sheet.inputs.size;
      },
      input: (row, col) => sheet.input(row, col),
      value: (row, col) => engine.value(sheet.engineSheet, row, col),
      version: (row, col) => sheet.version(row, col),
      isLocked: (row, col) => sheet.isLocked(row, col),
      occupiedBounds: () => withSpills(sheet.occupiedBounds(), spills()),
      spills: () => spills(),
      spilledFrom: (row, col) => spilledFrom(spills(), row, col),
      lockedBounds: () => sheet.lockedBounds(),
      occupiedCells: () => sheet.occupiedCells(),
      occupiedKeyBands: () => sheet.occupiedKeyBands(),
      lockedCells: () => sheet.lockedCells(),
      charts: () => [...sheet.charts],
      layout: () => sheet.layout,
      hiddenRows: (within) => {
        const { hiddenRows, filteredRows } = sheet.layout;
        const inside = (row: number): boolean =>
          within === undefined || (row >= within.first && row <= within.last);
        return mergedRows(
          hiddenRowsOf(
            sheet.layout.filter,
            (row, col) => engine.value(sheet.engineSheet, row, col),
            within,
          ),
          mergedRows(hiddenRows, filteredRows).filter(inside),
        );
      },
      format: (row, col) => sheet.formats.formatAt(row, col),
      // A spilled cell has no input but shows its array value, through its own format as any cell.
      display: (row, col) =>
        sheet.inputs.has(cellKey(row, col)) || spilledFrom(spills(), row, col) !== undefined
          ? displayText(
              engine.value(sheet.engineSheet, row, col),
              sheet.formats.formatAt(row, col),
              formatLocale(),
            )
          : '',
      formatRects: () => sheet.formats.rects(),
      get hasFormats() {
        return !sheet.formats.isEmpty;
      },
    };
  }
}

/** Whether two op lists are the same ops (one of them read back from a stored record). */
function sameOps(a: readonly Op[], b: readonly Op[]): boolean {
  return a.length === b.length && JSON.stringify(a) === JSON.stringify(b);
}

/** A generator of work as a stepper: it goes on while `more()` answers true. */
function stepsOf(work: Generator<void, void>): PreparedWrite {
  let done = false;
  return {
    step(more) {
      while (!done && more()) done = work.next().done === true;
      return done;
    },
  };
}

/** What an undo entry changes beyond the expected cells ("writes B5", "renames a sheet"), if anything. */
/** A1 addresses of a range's cells (at most a few: beyond 64 it answers one that is outside). */
function rangeCells(range: RangeAddress): string[] {
  const cells: string[] = [];
  for (let row = range.start.row; row <= range.end.row; row += 1)
    for (let col = range.start.col; col <= range.end.col; col += 1) {
      cells.push(formatCell({ row, col }));
      if (cells.length > 64) return [...cells, '?'];
    }
  return cells;
}

function changeOutside(
  entry: readonly Op[],
  expected: NonNullable<ApplyMeta['expectedVersions']>,
): string | undefined {
  const listed = new Set(Object.keys(expected.versions).map((cell) => cell.toUpperCase()));
  for (const op of entry) {
    // The format a typed `15%` or date brought is part of that cell's write.
    if (
      op.type === 'restore-formats' &&
      op.sheet.toLowerCase() === expected.sheet.toLowerCase() &&
      rangeCells(op.range).every((cell) => listed.has(cell))
    )
      continue;
    const writes = op.type === 'set-cells' || op.type === 'clear-cells';
    if (!writes || op.sheet.toLowerCase() !== expected.sheet.toLowerCase())
      return `also changes ${writes ? `sheet ${op.sheet}` : `the workbook (${op.type})`}`;
    if (op.type === 'clear-cells') {
      const outside = rangeCells(op.range).find((cell) => !listed.has(cell));
      if (outside !== undefined)
        return outside === '?' ? 'also writes other cells' : `also writes ${outside}`;
      continue;
    }
    for (const run of op.runs) {
      for (let offset = 0; offset < run.inputs.length; offset += 1) {
        const cell = formatCell({ row: run.row, col: run.col + offset });
        if (!listed.has(cell)) return `also writes ${cell}`;
      }
    }
  }
  return undefined;
}
