// How HyperFormula lays out each sheet's cells, chosen so that memory and time follow the cells
// actually filled. Its dense layout (an array per row, as wide as the sheet) is the fast one
// (W1's lookups run ~35 % slower on the sparse layout) but costs the sheet's whole bounding box:
// one cell at XFD5000 made every new row an array of 16,384 slots (779 MB), and several of its
// operations walk every address of the box. So a sheet is dense only while it is mostly filled:
// built with at least a fifth of its box filled (HyperFormula measures that itself when it
// builds), or new and empty; a dense sheet about to be written past its bound is laid out sparse
// in place first (layOutSheet: its cells move to the sparse layout, in time proportional to the
// dense box, which its bound keeps near its cells), and one that grew past it some other way (a
// spill) is rebuilt, and the rebuild measures it again.
import { AlwaysDense, AlwaysSparse, type ConfigParams, type HyperFormula } from 'hyperformula';
import type { CellRun, EngineSheet } from './engine-port.js';

const DENSE_MIN_FILL = 0.2;
/** Columns a dense sheet may grow to before a rebuild measures it (at most 1 KB a row of slots). */
const DENSE_MAX_WIDTH = 128;

const DENSE = new AlwaysDense().call();
const SPARSE = new AlwaysSparse().call();

const isDenseFill = (fill: number): boolean => fill === 0 || fill >= DENSE_MIN_FILL;

export const addressMappingPolicy: ConfigParams['chooseAddressMappingPolicy'] = {
  call: (fill: number) => (isDenseFill(fill) ? DENSE : SPARSE),
};

/** A sheet's box and the share of it filled, as HyperFormula measures a sheet to lay it out. */
export interface SheetBoundaries {
  readonly width: number;
  readonly height: number;
  readonly fill: number;
}

/** What a layout reaches into: the address mapping, which lays out a sheet holding cells again. */
interface MappingInternals {
  readonly dependencyGraph?: {
    readonly addressMapping?: {
      addSheetOrChangeStrategy?(sheet: number, boundaries: SheetBoundaries): unknown;
    };
  };
}

/**
 * Lays `sheet` of `hf` out as HyperFormula's build would for `boundaries` (the policy above),
 * moving the cells it holds to the new layout (HyperFormula's own hook for a sheet that was a
 * placeholder); false when this HyperFormula no longer offers the hook.
 */
/** Whether this HyperFormula still has the hook layOutSheet uses (an internal: an upgrade may drop it). */
export function canLayOutSheets(hf: HyperFormula): boolean {
  const mapping = (hf as unknown as MappingInternals).dependencyGraph?.addressMapping;
  return typeof mapping?.addSheetOrChangeStrategy === 'function';
}

export function layOutSheet(
  hf: HyperFormula,
  sheet: EngineSheet,
  boundaries: SheetBoundaries,
): boolean {
  if (!canLayOutSheets(hf)) return false;
  const mapping = (hf as unknown as MappingInternals).dependencyGraph!.addressMapping!;
  // A dense layout makes its rows as cells arrive (DenseStrategy.setCell). Sized to the box,
  // HyperFormula allocated an array per row at once, a million for a one-column import (~200 ms
  // with the garbage collection it caused, in one turn), only to keep the dense placeholder the
  // sheet already had.
  mapping.addSheetOrChangeStrategy!(
    sheet,
    isDenseFill(boundaries.fill) ? { ...boundaries, height: 0 } : boundaries,
  );
  return true;
}

/**
 * Lays a dense sheet out sparse in place, its cells moved (HyperFormula walks the dense box once);
 * false when the hook is gone (the caller then rebuilds the engine).
 */
export function layOutSparse(hf: HyperFormula, sheet: EngineSheet): boolean {
  const { width, height } = hf.getSheetDimensions(sheet);
  // Any share filled below DENSE_MIN_FILL (and above none) lays a sheet out sparse.
  return layOutSheet(hf, sheet, { width, height, fill: DENSE_MIN_FILL / 2 });
}

/** The bounding box from A1 and the share of it filled, as HyperFormula measures a sheet it builds. */
export function boundariesOf(runs: Iterable<CellRun>): SheetBoundaries {
  const steps = measuredBoundaries(runs);
  for (;;) {
    const next = steps.next();
    if (next.done === true) return next.value;
  }
}

/** Runs measured between two pauses of measuredBoundaries. */
const MEASURED_RUNS_PER_STEP = 32_768;

/** boundariesOf in steps: pauses (yields) every MEASURED_RUNS_PER_STEP runs (a sliced build). */
export function* measuredBoundaries(
  runs: Iterable<CellRun>,
): Generator<undefined, SheetBoundaries, undefined> {
  let width = 0;
  let height = 0;
  let cells = 0;
  let index = 0;
  // Plain loops: an import's million one-cell runs go through here.
  for (const run of runs) {
    index += 1;
    if (index % MEASURED_RUNS_PER_STEP === 0) yield undefined;
    const { inputs } = run;
    let last = -1;
    for (let offset = 0; offset < inputs.length; offset += 1) {
      const input = inputs[offset];
      if (input === null || input === undefined) continue;
      cells += 1;
      last = offset;
    }
    if (last === -1) continue;
    width = Math.max(width, run.col + last + 1);
    height = Math.max(height, run.row + 1);
  }
  return { width, height, fill: width * height === 0 ? 0 : cells / (width * height) };
}

/** The width past which each dense sheet must be rebuilt; sparse sheets have none. */
export class DenseWidthBounds {
  readonly #bounds = new Map<EngineSheet, number>();

  /** A sheet added empty: dense (the policy's choice for no cells). */
  added(sheet: EngineSheet): void {
    this.#bounds.set(sheet, DENSE_MAX_WIDTH);
  }

  /** Every sheet of a fresh build, with the boundaries of the runs it was built from. */
  rebuilt(
    sheets: readonly { readonly handle: EngineSheet; readonly boundaries: SheetBoundaries }[],
  ): void {
    this.#bounds.clear();
    for (const { handle, boundaries } of sheets) {
      const { width, fill } = boundaries;
      if (isDenseFill(fill)) this.#bounds.set(handle, Math.max(DENSE_MAX_WIDTH, 2 * width));
    }
  }

  /** A sheet removed, or laid out sparse in place. */
  removed(sheet: EngineSheet): void {
    this.#bounds.delete(sheet);
  }

  /** Whether a sheet is laid out dense. */
  isDense(sheet: EngineSheet): boolean {
    return this.#bounds.has(sheet);
  }

  /** Whether a sheet now `width` columns wide has outgrown the dense layout. */
  outgrown(sheet: EngineSheet, width: number): boolean {
    const bound = this.#bounds.get(sheet);
    return bound !== undefined && width > bound;
  }
}
