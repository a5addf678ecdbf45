// The workbook test bed for unit tests: open in-memory workbooks that are disposed after each
// test, and write or read their cells by A1 address. A helper's optional sheet is the workbook's
// active sheet when left out (Sheet1 in a new workbook, or its first sheet name).
import { afterEach } from 'vitest';
import {
  parseCell,
  typeInput,
  valueToJson,
  Workbook,
  writeCellOps,
  writeRangeOps,
  type CellInput,
  type Commit,
  type WireValue,
  type WorkbookOptions,
} from '../../src/core/index.js';

export interface WorkbookBed {
  /** A new workbook (Workbook.create), disposed after the running test. */
  readonly open: (options?: WorkbookOptions) => Workbook;
}

/** Call at the top of a test file (or a describe): registers the afterEach that disposes what it opened. */
export function useWorkbooks(): WorkbookBed {
  const opened: Workbook[] = [];
  afterEach(() => {
    for (const workbook of opened.splice(0)) workbook.dispose();
  });
  return {
    open: (options = {}) => {
      const workbook = Workbook.create(options);
      opened.push(workbook);
      return workbook;
    },
  };
}

/** Types `value` into one cell, as a person would (a leading = makes a formula). */
export function writeCell(book: Workbook, a1: string, value: WireValue, sheet?: string): Commit {
  return book.apply(writeCellOps(sheet ?? book.activeSheetName, parseCell(a1), value));
}

/** Writes a rectangle of values whose top-left cell is `a1`, in one commit. */
export function writeRows(
  book: Workbook,
  a1: string,
  rows: readonly (readonly WireValue[])[],
  sheet?: string,
): Commit {
  return book.apply(writeRangeOps(sheet ?? book.activeSheetName, parseCell(a1), rows));
}

/**
 * Writes a rectangle of values from `a1` as a file or a save holds them: formulas exactly as
 * written, not held as dynamic-array formulas the way typed ones are (core/typed-formulas.ts),
 * so they keep the implicit intersection of formulas saved before dynamic arrays.
 */
export function holdRows(
  book: Workbook,
  a1: string,
  rows: readonly (readonly WireValue[])[],
  sheet?: string,
): Commit {
  const { row, col } = parseCell(a1);
  const held = (value: WireValue): CellInput | null =>
    typeof value === 'string' && value.startsWith('=')
      ? { formula: value.trim() }
      : typeInput(value);
  return book.apply([
    {
      type: 'set-cells',
      sheet: sheet ?? book.activeSheetName,
      runs: rows.map((values, offset) => ({ row: row + offset, col, inputs: values.map(held) })),
    },
  ]);
}

/** One cell held as a file or a save holds it (holdRows). */
export function holdCell(book: Workbook, a1: string, value: WireValue, sheet?: string): Commit {
  return holdRows(book, a1, [[value]], sheet);
}

/** The computed value of a cell as JSON shows it (an error as its sentinel text). */
export function valueAt(book: Workbook, a1: string, sheet?: string): WireValue {
  const { row, col } = parseCell(a1);
  return valueToJson(book.sheet(sheet).value(row, col));
}

/** What the cell holds as typed: a number, boolean, text or { formula }, or null when empty. */
export function inputAt(book: Workbook, a1: string, sheet?: string): CellInput | null {
  const { row, col } = parseCell(a1);
  return book.sheet(sheet).input(row, col);
}

/**
 * The value of one formula in a new workbook of `bed`: `rows`, when given, are written from A1
 * first, and the formula goes to a cell they leave free (ZZ1).
 */
export function formulaValue(
  bed: WorkbookBed,
  formula: string,
  rows?: readonly (readonly WireValue[])[],
): WireValue {
  const book = bed.open();
  if (rows !== undefined) writeRows(book, 'A1', rows);
  writeCell(book, 'ZZ1', formula);
  return valueAt(book, 'ZZ1');
}
