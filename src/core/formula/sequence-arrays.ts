// SEQUENCE's array, made only when it is read. HyperFormula's SEQUENCE built a row array per
// row (`=SUM(SEQUENCE(200000))` allocated 200,000 one-element rows, and collecting them was most
// of the 100–230 ms each such formula took). A SequenceArray holds the recipe (rows, columns,
// start, step): a consumer that reads it as HyperFormula's arrays are read (`data`,
// `rawData()`, `valuesFromTopLeftCorner()`, `rawNumbers()`) gets exactly the rows HyperFormula
// would have built, made at that moment, while an aggregate (array-aggregation.ts) walks the
// values with `valueAt` and builds nothing.
import { ArraySize, SimpleRangeValue } from 'hyperformula';

interface Internals {
  _data: number[][] | undefined;
  size: ArraySize;
}

export class SequenceArray extends SimpleRangeValue {
  readonly rows: number;
  readonly cols: number;
  readonly start: number;
  readonly step: number;

  constructor(rows: number, cols: number, start: number, step: number) {
    // HyperFormula sizes a value from its data or its range: a one-cell stand-in, replaced below.
    super([[start]], undefined, undefined, true);
    this.rows = rows;
    this.cols = cols;
    this.start = start;
    this.step = step;
    const self = this as unknown as Internals;
    self._data = undefined;
    self.size = new ArraySize(cols, rows);
  }

  /** The value at row-major position `index`, computed as HyperFormula's SEQUENCE computes it. */
  valueAt(index: number): number {
    return this.start + index * this.step;
  }

  /** Whether the rows were built (something read them as rows). */
  isMaterialized(): boolean {
    return (this as unknown as Internals)._data !== undefined;
  }

  /** Builds the rows on first read: HyperFormula's ensureThatComputed (below) reads `_data` after it. */
  materialize(): void {
    const self = this as unknown as Internals;
    if (self._data !== undefined) return;
    const data: number[][] = [];
    for (let r = 0; r < this.rows; r++) {
      const row: number[] = [];
      for (let c = 0; c < this.cols; c++) row.push(this.valueAt(r * this.cols + c));
      data.push(row);
    }
    self._data = data;
  }

  /** HyperFormula's rawNumbers reads `_data` without making it first. */
  override rawNumbers(): number[][] {
    this.materialize();
    return super.rawNumbers();
  }
}

// ensureThatComputed is private in HyperFormula's typings; every reader of the rows calls it.
(SequenceArray.prototype as unknown as { ensureThatComputed: () => void }).ensureThatComputed =
  SequenceArray.prototype.materialize;
