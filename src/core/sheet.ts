// One sheet's state: the inputs people wrote, per-cell versions, locks and charts. Computed values
// live in the formula engine; this class never computes.
import { cellKey, keyToAddress, type CellAddress, type RangeAddress } from './address/index.js';
import type { Chart } from './chart.js';
import type { EngineSheet } from './formula/index.js';
import { LockSet } from './bounded-keys.js';
import { CellInputs } from './cell-inputs.js';
import { CellVersions } from './cell-versions.js';
import type { CellInput } from './value-typing.js';
import { EMPTY_LAYOUT, type SheetLayout } from './sheet-layout.js';
import { SheetFormats } from './format/index.js';
import type { NameTable } from './defined-names.js';

export class Sheet {
  readonly inputs = new CellInputs();
  /** Survives clearing, so a cleared-and-rewritten cell never repeats a version (no ABA). */
  readonly versions = new CellVersions();
  readonly locked = new LockSet();
  /** Chart overlays in display order; they never touch cells. */
  readonly charts: Chart[] = [];
  /** Frozen panes, sizes and the filter (a plain value, replaced whole by `set-layout`). */
  layout: SheetLayout = EMPTY_LAYOUT;
  /** Cell formats: a style table and per-column runs, never an object per cell. */
  readonly formats = new SheetFormats();
  /** The names defined for this sheet only (they go and come back with it). */
  readonly names: NameTable = new Map();

  constructor(
    public name: string,
    /** Rebound when a replaced workbook's sheets come back (restore-workbook rebuilds the engine). */
    public engineSheet: EngineSheet,
  ) {}

  input(row: number, col: number): CellInput | null {
    return this.inputs.get(cellKey(row, col)) ?? null;
  }

  version(row: number, col: number): number {
    return this.versions.get(cellKey(row, col)) ?? 0;
  }

  isLocked(row: number, col: number): boolean {
    return this.locked.has(cellKey(row, col));
  }

  /** The smallest rectangle holding every cell with an input, or undefined when empty. */
  occupiedBounds(): RangeAddress | undefined {
    return this.inputs.bounds();
  }

  /** The smallest rectangle holding every locked cell, or undefined when none is. */
  lockedBounds(): RangeAddress | undefined {
    return this.locked.bounds();
  }

  /**
   * The keys (cellKey) of the cells with an input, sorted (row-major). A typed array filled by
   * forEach: a million cells cost no object each, where the key
   * generator, a spread and a comparator sort took half a second of one read (GET /schema, find).
   */
  occupiedKeys(): Float64Array {
    const keys = new Float64Array(this.inputs.size);
    let index = 0;
    this.inputs.forEach((_, key) => {
      keys[index++] = key;
    });
    return keys.sort();
  }

  /** The keys of the cells with an input, row-major, a band of 64 rows at a time (CellInputs.rowBands). */
  occupiedKeyBands(): Iterable<Float64Array> {
    return this.inputs.rowBands();
  }

  /** Addresses of cells with an input, row-major. */
  occupiedCells(): CellAddress[] {
    return Array.from(this.occupiedKeys(), keyToAddress);
  }

  lockedCells(): CellAddress[] {
    return Array.from(Float64Array.from(this.locked).sort(), keyToAddress);
  }
}
