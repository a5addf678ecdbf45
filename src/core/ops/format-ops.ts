// Format executors: set-format changes a range's formats by a patch; restore-formats puts a
// range's formats back as they were (each is the other's inverse). Values never change.
import { MAX_COLUMNS, type RangeAddress } from '../address/index.js';
import { InvalidOperationError, TooLargeError } from '../errors.js';
import { validateCellFormat, validateFormatPatch, type FormatRun } from '../format/index.js';
import type { Sheet } from '../sheet.js';
import type { FormatColumn, Op } from './op.js';
import { checkRangeOnSheet, findSheet, type Executed, type WorkbookState } from './state.js';

/** The most columns one format op may cover (every column of the sheet). */
export const MAX_FORMAT_COLUMNS = MAX_COLUMNS;

function checkRange(range: RangeAddress): void {
  checkRangeOnSheet(range, 'range');
  const { start, end } = range;
  if (end.col - start.col + 1 > MAX_FORMAT_COLUMNS)
    throw new TooLargeError('range', `covers more than ${MAX_FORMAT_COLUMNS} columns.`);
}

function checkColumns(range: RangeAddress, columns: readonly FormatColumn[]): FormatColumn[] {
  return columns.map((column, index) => {
    const where = `columns[${index}]`;
    if (!Number.isInteger(column.col) || column.col < range.start.col || column.col > range.end.col)
      throw new InvalidOperationError(`${where}.col`, 'must be a column of the range.');
    let after = range.start.row - 1;
    const runs = column.runs.map((run, at): FormatRun => {
      if (
        !Number.isInteger(run.start) ||
        !Number.isInteger(run.end) ||
        run.start <= after ||
        run.end < run.start ||
        run.end > range.end.row
      )
        throw new InvalidOperationError(
          `${where}.runs[${at}]`,
          'runs must be sorted rows of the range.',
        );
      after = run.end;
      return {
        start: run.start,
        end: run.end,
        format:
          run.format === null
            ? null
            : validateCellFormat(run.format, `${where}.runs[${at}].format`),
      };
    });
    return { col: column.col, runs };
  });
}

export function setFormat(state: WorkbookState, op: Extract<Op, { type: 'set-format' }>): Executed {
  const sheet = findSheet(state, op.sheet);
  checkRange(op.range);
  const patch = validateFormatPatch(op.format);
  const { start, end } = op.range;
  const before = sheet.formats.patch(start.row, start.col, end.row, end.col, patch);
  const revert = (): void => sheet.formats.restore(start.row, end.row, before);
  return {
    inverse: [{ type: 'restore-formats', sheet: sheet.name, range: op.range, columns: before }],
    revert,
  };
}

/** The formatted columns of a range, each with its formatted runs of rows. */
export function formatColumnsIn(sheet: Sheet, range: RangeAddress): FormatColumn[] {
  const { start, end } = range;
  const columns: FormatColumn[] = [];
  for (const col of sheet.formats.columns()) {
    if (col < start.col || col > end.col) continue;
    const runs = sheet.formats
      .segments(col, start.row, end.row)
      .filter((segment) => segment.style !== 0)
      .map((segment) => ({
        start: segment.start,
        end: segment.end,
        format: sheet.formats.style(segment.style)!,
      }));
    if (runs.length > 0) columns.push({ col, runs });
  }
  return columns;
}

export function restoreFormats(
  state: WorkbookState,
  op: Extract<Op, { type: 'restore-formats' }>,
): Executed {
  const sheet = findSheet(state, op.sheet);
  checkRange(op.range);
  const columns = checkColumns(op.range, op.columns);
  const { start, end } = op.range;
  // What the range holds now, column by column, for the inverse (every column the range covers
  // that holds a format, besides those the op names).
  const before = formatColumnsIn(sheet, op.range);
  const named = new Set(columns.map((column) => column.col));
  for (const col of named)
    if (!before.some((column) => column.col === col)) before.push({ col, runs: [] });
  // Columns of the range the op does not name end up without formats.
  const cleared = before
    .filter((column) => !named.has(column.col))
    .map((column) => ({ col: column.col, runs: [] }));
  sheet.formats.restore(start.row, end.row, [...columns, ...cleared]);
  return {
    inverse: [{ type: 'restore-formats', sheet: sheet.name, range: op.range, columns: before }],
    revert: () => sheet.formats.restore(start.row, end.row, before),
  };
}
