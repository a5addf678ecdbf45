// One sheet's formats, stored compactly: a style table (each distinct format once) and, per
// column, sorted runs of rows sharing a style. A format set on a million-cell column is one run,
// a header row one run per column; no cell ever gets an object of its own.
import { MAX_ROWS } from '../address/index.js';
import { applyPatch, formatKey, type CellFormat, type FormatPatch } from './cell-format.js';

/** Rows `start..end` (inclusive) of a column sharing style `style` (0: no format). */
export interface StyleRun {
  start: number;
  end: number;
  style: number;
}

/** Rows of one column and their format (null: none), as an op or a snapshot carries them. */
export interface FormatRun {
  readonly start: number;
  readonly end: number;
  readonly format: CellFormat | null;
}

/** A rectangle sharing one format, as documents and save files hold formats. */
export interface FormatRect {
  readonly top: number;
  readonly left: number;
  readonly bottom: number;
  readonly right: number;
  readonly format: CellFormat;
}

export class SheetFormats {
  /** Style 0 is "no format". */
  readonly #styles: (CellFormat | undefined)[] = [undefined];
  readonly #ids = new Map<string, number>();
  readonly #columns = new Map<number, StyleRun[]>();

  /** Every cell back to no format (the style table stays: ids are only ever added). */
  clear(): void {
    this.#columns.clear();
  }

  get isEmpty(): boolean {
    return this.#columns.size === 0;
  }

  styleId(format: CellFormat | undefined | null): number {
    if (format === undefined || format === null) return 0;
    const key = formatKey(format);
    let id = this.#ids.get(key);
    if (id === undefined) {
      id = this.#styles.length;
      this.#styles.push(format);
      this.#ids.set(key, id);
    }
    return id;
  }

  style(id: number): CellFormat | undefined {
    return this.#styles[id];
  }

  /** The cell's style id (0: none). */
  styleIdAt(row: number, col: number): number {
    const runs = this.#columns.get(col);
    if (runs === undefined) return 0;
    let low = 0;
    let high = runs.length - 1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      const run = runs[middle]!;
      if (row < run.start) high = middle - 1;
      else if (row > run.end) low = middle + 1;
      else return run.style;
    }
    return 0;
  }

  formatAt(row: number, col: number): CellFormat | undefined {
    return this.#styles[this.styleIdAt(row, col)];
  }

  /** Columns holding any format, ascending. */
  columns(): number[] {
    return [...this.#columns.keys()].sort((a, b) => a - b);
  }

  /** The rows start..end of a column as runs covering them whole (gaps as style 0). */
  segments(col: number, start: number, end: number): StyleRun[] {
    const out: StyleRun[] = [];
    let at = start;
    for (const run of this.#columns.get(col) ?? []) {
      if (run.end < start) continue;
      if (run.start > end) break;
      const from = Math.max(run.start, start);
      if (from > at) out.push({ start: at, end: from - 1, style: 0 });
      const to = Math.min(run.end, end);
      out.push({ start: from, end: to, style: run.style });
      at = to + 1;
    }
    if (at <= end) out.push({ start: at, end, style: 0 });
    return out;
  }

  /** Replaces what rows start..end of a column hold with `runs` (inside start..end, sorted). */
  replace(col: number, start: number, end: number, runs: readonly StyleRun[]): void {
    const next: StyleRun[] = [];
    for (const run of this.#columns.get(col) ?? []) {
      if (run.end < start || run.start > end) {
        next.push(run);
        continue;
      }
      if (run.start < start) next.push({ start: run.start, end: start - 1, style: run.style });
      if (run.end > end) next.push({ start: end + 1, end: run.end, style: run.style });
    }
    for (const run of runs) if (run.style !== 0) next.push({ ...run });
    next.sort((a, b) => a.start - b.start);
    const merged: StyleRun[] = [];
    for (const run of next) {
      const last = merged[merged.length - 1];
      if (last !== undefined && last.style === run.style && last.end + 1 === run.start)
        merged[merged.length - 1] = { start: last.start, end: run.end, style: run.style };
      else merged.push(run);
    }
    if (merged.length === 0) this.#columns.delete(col);
    else this.#columns.set(col, merged);
  }

  /** Changes every cell of the rectangle by `patch`; returns what the columns held before. */
  patch(
    top: number,
    left: number,
    bottom: number,
    right: number,
    patch: FormatPatch,
  ): { col: number; runs: FormatRun[] }[] {
    const patched = new Map<number, number>();
    const before: { col: number; runs: FormatRun[] }[] = [];
    for (let col = left; col <= right; col += 1) {
      const segments = this.segments(col, top, bottom);
      before.push({ col, runs: this.#formatRuns(segments) });
      for (const segment of segments) {
        let id = patched.get(segment.style);
        if (id === undefined) {
          id = this.styleId(applyPatch(this.#styles[segment.style], patch));
          patched.set(segment.style, id);
        }
        segment.style = id;
      }
      this.replace(col, top, bottom, segments);
    }
    return before;
  }

  /** Puts back columns as `patch` returned them (or as an op carries them). */
  restore(
    top: number,
    bottom: number,
    columns: readonly { col: number; runs: readonly FormatRun[] }[],
  ): void {
    for (const column of columns) {
      this.replace(
        column.col,
        top,
        bottom,
        column.runs.map((run) => ({
          start: run.start,
          end: run.end,
          style: this.styleId(run.format),
        })),
      );
    }
  }

  #formatRuns(segments: readonly StyleRun[]): FormatRun[] {
    const runs: FormatRun[] = [];
    for (const segment of segments) {
      if (segment.style === 0) continue;
      runs.push({ start: segment.start, end: segment.end, format: this.#styles[segment.style]! });
    }
    return runs;
  }

  /** Every format as rectangles: neighbouring columns with the same runs share one. */
  rects(): FormatRect[] {
    const done: FormatRect[] = [];
    let open = new Map<
      string,
      { top: number; left: number; bottom: number; right: number; style: number }
    >();
    for (const col of this.columns()) {
      const next = new Map<
        string,
        { top: number; left: number; bottom: number; right: number; style: number }
      >();
      for (const run of this.#columns.get(col)!) {
        const key = `${run.start}:${run.end}:${run.style}`;
        const rect = open.get(key);
        if (rect !== undefined && rect.right === col - 1) {
          rect.right = col;
          next.set(key, rect);
          open.delete(key);
        } else
          next.set(key, {
            top: run.start,
            left: col,
            bottom: run.end,
            right: col,
            style: run.style,
          });
      }
      for (const rect of open.values()) done.push(this.#rect(rect));
      open = next;
    }
    for (const rect of open.values()) done.push(this.#rect(rect));
    return done.sort((a, b) => a.top - b.top || a.left - b.left);
  }

  #rect(rect: {
    top: number;
    left: number;
    bottom: number;
    right: number;
    style: number;
  }): FormatRect {
    return {
      top: rect.top,
      left: rect.left,
      bottom: rect.bottom,
      right: rect.right,
      format: this.#styles[rect.style]!,
    };
  }

  /** Sets a rectangle to one format (later rectangles win where they overlap). */
  fill(rect: FormatRect): void {
    const style = this.styleId(rect.format);
    for (let col = rect.left; col <= rect.right; col += 1)
      this.replace(col, rect.top, rect.bottom, [{ start: rect.top, end: rect.bottom, style }]);
  }

  /** The smallest rectangle holding every formatted cell, or undefined when none is. */
  bounds(): { top: number; left: number; bottom: number; right: number } | undefined {
    if (this.#columns.size === 0) return undefined;
    let top = MAX_ROWS;
    let bottom = -1;
    let left = Infinity;
    let right = -1;
    for (const [col, runs] of this.#columns) {
      left = Math.min(left, col);
      right = Math.max(right, col);
      top = Math.min(top, runs[0]!.start);
      bottom = Math.max(bottom, runs[runs.length - 1]!.end);
    }
    return { top, left, bottom, right };
  }
}
