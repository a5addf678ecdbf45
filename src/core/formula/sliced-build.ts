// A new HyperFormula instance built a slice at a time beside the one readers use (issue 16: an
// import of 1,048,576 numbers held the event loop ~0.9 s in HyperFormula.buildFromSheets, one
// synchronous call). The instance starts empty with each sheet laid out as a full build would
// lay it out (address-layout.ts: dense only when mostly filled), evaluation suspended; each
// slice writes a few thousand cells (plain values into cells with no vertex go in place,
// value-writes.ts; anything else through setCellContents); the last step resumes evaluation,
// which computes the formulas once (nothing for plain values). The adapter swaps the finished
// instance in with replaceAll, so the workbook changes in one synchronous step.
import type { HyperFormula } from 'hyperformula';
import {
  canLayOutSheets,
  layOutSheet,
  measuredBoundaries,
  type SheetBoundaries,
} from './address-layout.js';
import type { CellRun, EngineSheet } from './engine-port.js';

/** About how many cells one slice writes (a slice should cost a few milliseconds). */
const CELLS_PER_SLICE = 4_096;

export interface SlicedSheet {
  readonly name: string;
  /**
   * The sheet's runs, row-major, from the start each call (read twice: measured, then written):
   * made one at a time, a run lives only until its rectangle is written.
   */
  readonly runs: () => Iterable<CellRun>;
}

/** One rectangle of one sheet, few enough cells for a slice. */
interface Slice {
  readonly sheet: EngineSheet;
  readonly block: readonly CellRun[];
}

/** A block cut into row bands of about CELLS_PER_SLICE cells (at least one row each). */
function* bands(sheet: EngineSheet, block: readonly CellRun[]): Generator<Slice> {
  const width = block[0]?.inputs.length ?? 1;
  const rows = Math.max(1, Math.floor(CELLS_PER_SLICE / Math.max(1, width)));
  for (let start = 0; start < block.length; start += rows)
    yield { sheet, block: block.slice(start, start + rows) };
}

export class SlicedBuild {
  /** The instance being built; the adapter's once `done`. */
  readonly hf: HyperFormula;
  /** Slices to write; undefined is a step that only laid a sheet out. */
  readonly #slices: Generator<Slice | undefined>;
  readonly #write: (sheet: EngineSheet, block: readonly CellRun[]) => void;
  /** Each sheet's boundaries as measured for its layout, in order (complete once `done`). */
  readonly boundaries: SheetBoundaries[];
  #done = false;

  private constructor(
    hf: HyperFormula,
    slices: Generator<Slice | undefined>,
    write: (sheet: EngineSheet, block: readonly CellRun[]) => void,
    boundaries: SheetBoundaries[],
  ) {
    this.hf = hf;
    this.#slices = slices;
    this.#write = write;
    this.boundaries = boundaries;
  }

  /**
   * Starts a build on `empty` (a fresh instance); undefined when its sheets cannot be laid out
   * ahead (then it is destroyed and the caller builds in one pass). `rectangles` groups a
   * sheet's runs into rectangles of at most the cells it is given; `write` writes one rectangle
   * into the instance.
   */
  static start(
    empty: HyperFormula,
    sheets: readonly SlicedSheet[],
    rectangles: (runs: Iterable<CellRun>, maxCells: number) => Iterable<CellRun[]>,
    write: (hf: HyperFormula, sheet: EngineSheet, block: readonly CellRun[]) => void,
  ): SlicedBuild | undefined {
    // The hook gone, the caller builds in one pass.
    if (!canLayOutSheets(empty)) {
      empty.destroy();
      return undefined;
    }
    const handles = sheets.map((sheet) => empty.getSheetId(empty.addSheet(sheet.name))!);
    empty.suspendEvaluation();
    // Each sheet is measured (pausing every few ten thousand runs) and laid out as a full build
    // would for its runs; its rectangles are grouped as they are written, a slice's worth at a
    // time (a million one-cell runs took tens of ms for each in one go).
    const boundaries: SheetBoundaries[] = [];
    function* slices(): Generator<Slice | undefined> {
      for (let index = 0; index < sheets.length; index += 1) {
        const { runs } = sheets[index]!;
        const measured = yield* measuredBoundaries(runs());
        boundaries.push(measured);
        layOutSheet(empty, handles[index]!, measured);
        yield undefined;
        for (const block of rectangles(runs(), CELLS_PER_SLICE))
          yield* bands(handles[index]!, block);
      }
    }
    return new SlicedBuild(
      empty,
      slices(),
      (sheet, block) => write(empty, sheet, block),
      boundaries,
    );
  }

  get done(): boolean {
    return this.#done;
  }

  /** Writes slices while `more()` says so; true once the instance is complete and computed. */
  step(more: () => boolean): boolean {
    while (!this.#done && more()) {
      const next = this.#slices.next();
      if (next.done === true) {
        // Computes every formula once; plain values have nothing to compute.
        this.hf.resumeEvaluation();
        this.#done = true;
      } else if (next.value !== undefined) this.#write(next.value.sheet, next.value.block);
    }
    return this.#done;
  }
}
