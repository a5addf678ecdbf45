// The aggregate root. apply(ops) is the only mutator: atomic (every op applies or none does),
// versioned, lock-checked, recorded for undo and announced to listeners. Everything else here
// is a read query.
import {
  EngineFailureError,
  InvalidAddressError,
  UndoStepConflictError,
  VersionConflictError,
  WorkbookError,
} from './errors.js';
import { formatCell, parseCell, type CellAddress, type RangeAddress } from './address/index.js';
import {
  createHyperFormulaEngine,
  EXCEL_FUNCTIONS,
  FunctionRegistry,
  GRIDOS_FUNCTIONS,
  type CellValue,
  type CustomFunction,
  type FormulaEngine,
} from './formula/index.js';
import { History } from './history.js';
import { DEFAULT_WORKBOOK_NAME, validateSheetName, validateWorkbookName } from './naming.js';
import {
  executeOp,
  findSheet,
  lockedTargets,
  type Executed,
  type WorkbookState,
} from './ops/execute.js';
import { isUndoable, type Op, type WorkbookDocument } from './ops/op.js';
import { documentOf } from './ops/workbook-document.js';
import { reinstate, retire } from './ops/retired-workbook.js';
import type { Chart } from './chart.js';
import { changeSetOf, type ChangeSet } from './change-set.js';
import { CellLockedError } from './errors.js';
import { Sheet } from './sheet.js';
import { hiddenRowsOf, type SheetLayout } from './sheet-layout.js';
import type { CellInput } from './value-typing.js';

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
  occupiedBounds(): RangeAddress | undefined;
  /** The smallest rectangle holding every locked cell, or undefined when none is. */
  lockedBounds(): RangeAddress | undefined;
  occupiedCells(): CellAddress[];
  lockedCells(): CellAddress[];
  /** Chart overlays in display order. */
  charts(): readonly Chart[];
  /** Frozen panes, column widths, row heights and the filter. */
  layout(): SheetLayout;
  /** The rows the filter hides (zero-based, ascending), only from `within` when given; computed values decide. */
  hiddenRows(within?: { readonly first: number; readonly last: number }): number[];
}

export type CommitListener = (commit: Commit) => void;

export class Workbook {
  readonly #state: WorkbookState;
  readonly #history: History;
  readonly #listeners = new Set<CommitListener>();

  private constructor(state: WorkbookState, history: History) {
    this.#state = state;
    this.#history = history;
  }

  static create(options: WorkbookOptions = {}): Workbook {
    const functions = (): CustomFunction[] => {
      const registry = new FunctionRegistry([...GRIDOS_FUNCTIONS, ...EXCEL_FUNCTIONS]);
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
      engine,
      functions,
    };
    return new Workbook(
      state,
      new History(options.undoDepth ?? 100, options.undoMaxBytes ?? DEFAULT_UNDO_MAX_BYTES),
    );
  }

  // ---- the one mutator -------------------------------------------------------------------

  apply(ops: readonly Op[], meta: ApplyMeta = {}): Commit {
    this.#precheck(ops, meta);
    const inverse = this.#execute(ops);
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
    const endDeferral = state.engine.deferBuilds();
    try {
      return fn();
    } finally {
      endDeferral();
      reinstate(state, retire(state));
      state.engine.takeChanges();
    }
  }

  onCommit(listener: CommitListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  // ---- queries ---------------------------------------------------------------------------

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

  /** Everything the workbook holds (name, sheets in order with cells, versions, locks, charts, active sheet). */
  document(): WorkbookDocument {
    return documentOf(this.#state);
  }

  /** Evaluates a formula against the current state; nothing is written. */
  evaluate(sheetName: string | undefined, formula: string): CellValue {
    const sheet =
      sheetName === undefined ? this.#state.activeSheet : findSheet(this.#state, sheetName);
    return this.#state.engine.evaluate(sheet.engineSheet, formula);
  }

  functionNames(): string[] {
    return this.#state.engine.functionNames();
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

  #execute(ops: readonly Op[]): Op[] {
    const done: Executed[] = [];
    const engine: FormulaEngine = this.#state.engine;
    try {
      engine.batch(() => {
        for (const op of ops) done.push(executeOp(this.#state, op));
      });
      if (engine.needsRebuild()) reinstate(this.#state, retire(this.#state));
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
    const engineFailed = !(error instanceof WorkbookError);
    if (engineFailed) engine.invalidate();
    engine.batch(() => {
      for (const executed of done.reverse()) executed.revert();
    });
    if (engineFailed || engine.needsRebuild()) reinstate(this.#state, retire(this.#state));
    // What the failed commit and its rollback recalculated is no change anyone should see.
    engine.takeChanges();
    throw engineFailed ? new EngineFailureError(error) : error;
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

  #view(sheet: Sheet): SheetView {
    const engine = this.#state.engine;
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
      occupiedBounds: () => sheet.occupiedBounds(),
      lockedBounds: () => sheet.lockedBounds(),
      occupiedCells: () => sheet.occupiedCells(),
      lockedCells: () => sheet.lockedCells(),
      charts: () => [...sheet.charts],
      layout: () => sheet.layout,
      hiddenRows: (within) =>
        hiddenRowsOf(
          sheet.layout.filter,
          (row, col) => engine.value(sheet.engineSheet, row, col),
          within,
        ),
    };
  }
}

/** What an undo entry changes beyond the expected cells ("writes B5", "renames a sheet"), if anything. */
function changeOutside(
  entry: readonly Op[],
  expected: NonNullable<ApplyMeta['expectedVersions']>,
): string | undefined {
  const listed = new Set(Object.keys(expected.versions).map((cell) => cell.toUpperCase()));
  for (const op of entry) {
    if (op.type !== 'set-cells' || op.sheet.toLowerCase() !== expected.sheet.toLowerCase())
      return `also changes ${op.type === 'set-cells' ? `sheet ${op.sheet}` : `the workbook (${op.type})`}`;
    for (const run of op.runs) {
      for (let offset = 0; offset < run.inputs.length; offset += 1) {
        const cell = formatCell({ row: run.row, col: run.col + offset });
        if (!listed.has(cell)) return `also writes ${cell}`;
      }
    }
  }
  return undefined;
}
