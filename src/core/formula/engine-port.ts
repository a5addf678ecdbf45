// The formula engine port: everything the workbook needs from a formula engine, in the
// workbook's own terms. Only the adapter behind it knows which engine computes.
import type { CellInput } from '../value-typing.js';
import type { FunctionInfo } from './function-catalogue.js';
import type { CalculationSettings, CustomFunction } from './function-registry.js';
import type { CellValue } from './sentinels.js';
import type { RowVisibility } from './subtotal.js';
import type { ColumnWidths } from './column-widths.js';

/** The engine's own handle for a sheet; stable across renames. */
export type EngineSheet = number;

/** One horizontal run of cells: `inputs[i]` goes to (row, col + i); null clears. */
export interface CellRun {
  readonly row: number;
  readonly col: number;
  readonly inputs: readonly (CellInput | null)[];
}

/** A cell of the engine: its sheet handle, row and column. */
export interface EngineCellRef {
  readonly sheet: EngineSheet;
  readonly row: number;
  readonly col: number;
}

/** A cell whose computed value changed, as the engine reported it (its sheet is beside it). */
export interface EngineCellChange {
  readonly row: number;
  readonly col: number;
  readonly value: CellValue;
}

/**
 * A formula whose array result spills past its own cell (Excel's dynamic arrays): the anchor
 * holds the formula, the other cells of the rectangle show the rest of the array.
 */
export interface SpillArea {
  readonly row: number;
  readonly col: number;
  readonly width: number;
  readonly height: number;
}

export interface EngineChanges {
  /**
   * The changed cells in the engine's order, and the sheet of each at the same index: two lists,
   * so that a change set hands on these very objects (one object per changed cell in all, not one
   * here and a copy there: W6 writes 10,000 cells a commit).
   */
  readonly cells: readonly EngineCellChange[];
  readonly sheets: readonly EngineSheet[];
  /** The engine was rebuilt (replaceAll) meanwhile: any value may have changed, and `cells` says nothing. */
  readonly rebuilt: boolean;
}

/** Rows or columns inserted or deleted on one sheet, in the engine's terms (zero-based). */
export interface EngineStructureChange {
  readonly kind: 'insert' | 'delete';
  readonly axis: 'row' | 'col';
  readonly at: number;
  readonly count: number;
}

/** A defined name as the engine takes it: the name and what it refers to (`=Sheet1!$A$1:$A$9`). */
export interface EngineName {
  readonly name: string;
  readonly formula: string;
}

/** A formula cell as the workbook stores it. */
export interface StoredFormula {
  readonly row: number;
  readonly col: number;
  readonly formula: string;
}

/** A sheet as `replaceAll` takes it. */
export interface ReplacementSheet {
  readonly name: string;
  readonly runs: readonly CellRun[];
  /** The sheet's own defined names. */
  readonly names?: readonly EngineName[];
  /**
   * The same runs made one at a time, from the first each call: a build made ahead
   * (`prepareReplaceAll`) reads these instead of `runs`, so an import's million one-cell runs
   * never all live at once (the caller may then make `runs` only when it is read).
   */
  readonly runsOneByOne?: () => Iterable<CellRun>;
}

/** A replacement engine being built ahead (`prepareReplaceAll`); opaque to the workbook. */
export interface EngineBuild {
  /** Builds while `more()` answers true; true once the build is complete. */
  step(more: () => boolean): boolean;
}

export interface FormulaEngine {
  addSheet(name: string): EngineSheet;
  removeSheet(sheet: EngineSheet): void;
  renameSheet(sheet: EngineSheet, newName: string): void;
  /**
   * Inserts or deletes rows or columns of a sheet in place: its cells move and the engine moves
   * the references to them by its own rules. The workbook's formula text stays the truth, so the
   * caller then hands every formula that may refer to the sheet to `syncFormulas`. When the
   * engine cannot do it in time proportional to the cells concerned (a band across a sparse
   * sheet's far corner, say) it marks itself for a rebuild instead (`needsRebuild`).
   */
  restructure(sheet: EngineSheet, change: EngineStructureChange): void;
  /**
   * Writes again each of `formulas` whose text the engine holds otherwise (after `restructure`,
   * where its reference updates and Excel's differ); returns how many it wrote.
   */
  syncFormulas(sheet: EngineSheet, formulas: readonly StoredFormula[]): number;
  /** Writes runs of cells; callers group a whole op list inside `batch`. */
  setCells(sheet: EngineSheet, runs: readonly CellRun[]): void;
  /**
   * Prepares a later `setCells` of this very `runs` array, a slice per `step`, without changing
   * anything readers see: the plain values are turned into what the engine stores, so the write
   * only places them (a 100,000-cell range write, issue 16). The write takes what was prepared
   * if the engine was not rebuilt meanwhile and writes as without it otherwise; so does a write
   * of a block holding anything but values.
   */
  prepareCells(runs: readonly CellRun[]): EngineBuild;
  /**
   * Replaces every sheet at once (load, import): the engine is rebuilt from the contents in one
   * pass, several times faster than writing them cell by cell. Returns the new handles in the
   * given order; every earlier handle is void.
   */
  replaceAll(
    sheets: readonly ReplacementSheet[],
    /** The workbook's defined names. */
    names?: readonly EngineName[],
    /**
     * The same sheets built ahead (`prepareReplaceAll`): swapped in when complete and still
     * built with the engine's functions and settings; otherwise built now as without it.
     */
    prepared?: EngineBuild,
  ): EngineSheet[];
  /**
   * Starts building what `replaceAll(sheets, names)` would build, beside the instance readers
   * use, a slice per `step`; undefined when these sheets are built in one pass only (defined
   * names). Nothing changes for readers until the build is handed to `replaceAll`.
   */
  prepareReplaceAll(
    sheets: readonly ReplacementSheet[],
    names?: readonly EngineName[],
  ): EngineBuild | undefined;
  /**
   * Defines a name for the workbook (`scope` undefined) or one sheet, or redefines it; returns
   * why the engine refused it, or undefined. Formulas using the name recompute.
   */
  setName(scope: EngineSheet | undefined, name: EngineName): string | undefined;
  removeName(scope: EngineSheet | undefined, name: string): void;
  value(sheet: EngineSheet, row: number, col: number): CellValue;
  /**
   * The formulas of a sheet whose array results spill into neighbouring cells, with the rectangle
   * each covers (anchor included). A spill blocked by occupied cells (#SPILL!) is not listed.
   */
  spills(sheet: EngineSheet): SpillArea[];
  /**
   * Why the engine cannot parse `formula` (as written in a cell, `=` first), or undefined when it
   * can: the cell would show #PARSE_ERROR! whatever the data. Parses only; evaluates nothing.
   */
  parseProblem(formula: string): string | undefined;
  /** The formula text as the engine now prints it (follows sheet renames). */
  formulaText(sheet: EngineSheet, row: number, col: number): string | undefined;
  /** Evaluates a formula against the current state without writing anything. */
  /** With `budgetMs`, a formula still computing after that long answers a `#N/A` error. */
  /** With `at`, as if it stood in that cell (ROW(), implicit intersection); else in A1. */
  evaluate(
    sheet: EngineSheet,
    formula: string,
    budgetMs?: number,
    at?: { readonly row: number; readonly col: number },
  ): CellValue;
  /**
   * Runs `fn` (writes, batches, rebuilds) with each recalculation it causes bounded to `ms`
   * (none when undefined). FormulaTimeBudgetError when one ran out: some values are then the
   * budget's error, so the caller rolls back and rebuilds.
   */
  withinTimeBudget<T>(ms: number | undefined, fn: () => T): T;
  /**
   * The cells whose computed value changed since the last call, from the engine's own change
   * list (recomputed dependents on every sheet included), and clears that list.
   */
  takeChanges(): EngineChanges;
  /**
   * For each changed cell, the index of the last group whose cells reach it through formulas
   * (references and ranges, on any sheet), or -1 when none does (a volatile function, say).
   * Several commits applied in one batch share one recalculation; this splits its change list.
   */
  lastReaching(
    groups: readonly (readonly EngineCellRef[])[],
    cells: readonly EngineCellRef[],
  ): number[];
  /**
   * The rows a sheet hides, which SUBTOTAL leaves out (sheet-layout.ts rowVisibilityOf). When
   * they differ from what the engine holds, every SUBTOTAL is recomputed (its changes go to
   * takeChanges). A rebuilt engine (replaceAll) holds none until told again.
   */
  setRowVisibility(sheet: EngineSheet, rows: RowVisibility): void;
  /**
   * Sheets' column widths, which CELL("width") reads (column-widths.ts). When they differ from
   * what the engine holds, every CELL is recomputed (its changes go to takeChanges). A rebuilt
   * engine (replaceAll) holds none until told again.
   */
  setColumnWidths(sheets: readonly (readonly [EngineSheet, ColumnWidths])[]): void;
  /** Defers recalculation until `fn` returns, then recomputes once. */
  batch<T>(fn: () => T): T;
  /**
   * Marks the engine as no longer matching the sheets (it threw mid-change): until `replaceAll`
   * rebuilds it, writes are ignored, so a rollback can restore the sheets without it.
   */
  invalidate(): void;
  /**
   * Replaces the extra functions (plugins come and go): like `invalidate`, the workbook then
   * rebuilds the engine with `replaceAll`, which recomputes every cell with the new set.
   */
  setFunctions(functions: readonly CustomFunction[]): void;
  /**
   * Replaces the workbook settings functions compute with (its character set): when they
   * differ, like `setFunctions`, the workbook then rebuilds the engine with `replaceAll`.
   */
  setCalculationSettings(settings: CalculationSettings): void;
  /**
   * Whether the engine no longer matches the sheets (after `invalidate`, or a change it could
   * not make in time proportional to the cells, such as removing a sheet whose one cell is at
   * XFD1048576): the workbook then rebuilds it with `replaceAll` before anyone reads it.
   */
  needsRebuild(): boolean;
  /**
   * As `invalidate`, and `replaceAll` is ignored too (it hands out placeholder handles) until the
   * returned function is called; the caller then rebuilds the engine once with `replaceAll`.
   * A replay of a journal (a snapshot, then records) builds the engine once this way.
   */
  deferBuilds(): () => void;
  /** Whether builds are deferred (`deferBuilds`): `replaceAll` then ignores its cells, so callers need not compute them. */
  buildsDeferred(): boolean;
  /** Names of every function the engine can evaluate, uppercase. */
  functionNames(): string[];
  /** Every function the engine can evaluate with its signature, sorted by name. */
  functionCatalogue(): FunctionInfo[];
  destroy(): void;
}
