// A recalculation that outlasts the workbook's formula time budget is refused whole: the
// workbook keeps every input, value and version it had, and its engine computes as before.
import { describe, expect, it } from 'vitest';
import { useWorkbooks, valueAt, writeCell } from '../../../test/support/workbook-bed.js';
import { parseCell } from '../address/index.js';
import { FormulaTimeBudgetError } from '../errors.js';
import { writeRangeOps } from '../ops/index.js';
import type { Workbook } from '../workbook.js';

const { open } = useWorkbooks();

/** 40 formulas, each summing a fresh 50,000-number array through SUMPRODUCT (which reads it as rows; SUM folds a bare SEQUENCE without building it): about a second of work together. */
function heavyRow(): string[] {
  return Array.from({ length: 40 }, (_, k) => `=SUMPRODUCT(SEQUENCE(50000))+${k}`);
}

function timed<T>(fn: () => T): { value: T; ms: number } {
  const started = performance.now();
  const value = fn();
  return { value, ms: performance.now() - started };
}

function withSentinel(formulaBudgetMs: number | undefined): Workbook {
  const book = open({ formulaBudgetMs });
  writeCell(book, 'A1', 5);
  writeCell(book, 'A2', '=A1*2');
  return book;
}

describe('the formula time budget', () => {
  it('refuses a write whose recalculation runs out of time, naming the limit, and keeps the workbook as it was', () => {
    const unbounded = timed(() =>
      withSentinel(undefined).apply(writeRangeOps('Sheet1', parseCell('E1'), [heavyRow()])),
    );
    const book = withSentinel(30);
    const depth = book.undoDepth;
    const refused = timed(() => {
      try {
        book.apply(writeRangeOps('Sheet1', parseCell('E1'), [heavyRow()]));
      } catch (error) {
        return error;
      }
      return undefined;
    });
    expect(refused.value).toBeInstanceOf(FormulaTimeBudgetError);
    expect((refused.value as Error).message).toMatch(/GRIDBOOK_FORMULA_BUDGET_MS, 30 ms/);
    // It stopped early, and nothing of the write stayed: no input, no version, no undo step.
    expect(refused.ms).toBeLessThan(unbounded.ms);
    expect(book.cell(undefined, parseCell('E1'))).toMatchObject({ input: null, version: 0 });
    expect(book.undoDepth).toBe(depth);
    // The engine still computes.
    writeCell(book, 'A1', 21);
    expect(valueAt(book, 'A2')).toBe(42);
  });

  it('lets the same write through when the budget is large enough', () => {
    const book = withSentinel(600_000);
    book.apply(writeRangeOps('Sheet1', parseCell('E1'), [heavyRow()]));
    expect(valueAt(book, 'G1')).toBe(1_250_025_000 + 2);
  });

  it('does not bound undo or redo: a state the workbook held comes back however long it takes', () => {
    // A budget a quarter of what the 40 formulas take together here: one at a time fits it
    // (each is a fortieth), the 40 at once do not.
    const together = timed(() =>
      withSentinel(undefined).apply(writeRangeOps('Sheet1', parseCell('E1'), [heavyRow()])),
    );
    const book = withSentinel(Math.max(1, together.ms / 4));
    heavyRow().forEach((formula, column) =>
      book.apply(writeRangeOps('Sheet1', { row: 0, col: 4 + column }, [[formula]])),
    );
    expect(() => book.apply(writeRangeOps('Sheet1', parseCell('E1'), [heavyRow()]))).toThrow(
      FormulaTimeBudgetError,
    );
    book.apply(writeRangeOps('Sheet1', parseCell('E1'), [heavyRow().map(() => '')]));
    expect(book.undo()).toBeDefined();
    expect(valueAt(book, 'AR1')).toBe(1_250_025_000 + 39);
    expect(book.redo()).toBeDefined();
    expect(valueAt(book, 'AR1')).toBe(null);
  });

  it('cuts a dry-run evaluation that runs out of time into #N/A', () => {
    const book = withSentinel(undefined);
    const heavy = `=${heavyRow()
      .map((formula) => formula.slice(1))
      .join('+')}`;
    expect(book.evaluate(undefined, heavy, 5)).toMatchObject({ sentinel: '#N/A' });
    expect(book.evaluate(undefined, '=SUM(SEQUENCE(10))+A2', 5_000)).toBe(65);
  });
});
