// CSV through papaparse: one sheet at a time. Export writes the block from A1 to the last
// occupied cell so an import at A1 puts every value back where it was. Text that a
// spreadsheet would re-type (numeric text, TRUE/FALSE, a leading =, +, -, @) is written with
// a leading apostrophe, which keeps it text on import and defuses CSV formula injection.
import Papa from 'papaparse';
import {
  cellKey,
  inputToText,
  isFormula,
  isTypedError,
  isFormulaError,
  MAX_COLUMNS,
  MAX_ROWS,
  runsFromCells,
  TooLargeError,
  type ReadSlices,
  tooManyCellsInImport,
  typeValue,
  typedFormatOps,
  type TypedFormat,
  type CellInput,
  type CellValue,
  type Op,
  type SheetView,
  visibleFormula,
} from '../core/index.js';
import { InvalidDocumentError } from './errors.js';

/**
 * `values` (default): computed values; `formulas`: formula text where a cell has one, so the
 * sheet's formulas survive a CSV round trip; `display`: each cell as it shows (its number format
 * applied: `15%`, `$1,200.00`, `2026-01-31`), which is what Excel's "Save as CSV" writes and what
 * a typed import reads back as the same values and formats.
 */
export type CsvMode = 'values' | 'formulas' | 'display';

const INJECTION_START = /^[=+\-@\t\r]/;

function textField(text: string): string {
  const retyped = inputToText(text);
  return retyped.startsWith("'") || !INJECTION_START.test(retyped) ? retyped : `'${retyped}`;
}

function valueField(value: CellValue): string | number {
  if (value === null) return '';
  // An error as its literal: read back, `#DIV/0!` is the error again (a typed error), not text.
  if (isFormulaError(value)) return value.sentinel;
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (typeof value === 'number') return value;
  return textField(value);
}

/**
 * A number's display is safe to leave bare when it holds nothing a spreadsheet could run: no
 * letters but an exponent's, no parentheses, quotes or `!` (a number format may hold any text,
 * and an imported file chose it).
 */
const PLAIN_NUMBER_DISPLAY = /^[-+]?[\p{Sc}\d\s.,:%/eE+-]*$/u;

function displayField(value: CellValue, display: string): string {
  if (typeof value === 'string') return textField(display);
  return INJECTION_START.test(display) && !PLAIN_NUMBER_DISPLAY.test(display)
    ? `'${display}`
    : display;
}

function inputField(input: CellInput | null): string | number {
  if (input === null) return '';
  if (isFormula(input)) return visibleFormula(input.formula);
  if (isTypedError(input)) return input.error;
  return valueField(input);
}

/**
 * The most fields a CSV export writes. CSV has no way to skip empty cells, so its size is the
 * block from A1 to the last occupied cell, whatever few cells are filled: one cell at
 * XFD1048576 would be 17 billion fields.
 */
export const MAX_CSV_EXPORT_CELLS = 10_000_000;

/** The block a CSV export writes: A1 to the last occupied cell; TooLargeError past the limit. */
function exportBlock(sheet: SheetView): { rows: number; cols: number } | undefined {
  const bounds = sheet.occupiedBounds();
  if (bounds === undefined) return undefined;
  const fields = (bounds.end.row + 1) * (bounds.end.col + 1);
  if (fields > MAX_CSV_EXPORT_CELLS) {
    throw new TooLargeError(
      'sheet',
      `"${sheet.name}" reaches ${bounds.end.row + 1} rows × ${bounds.end.col + 1} columns from A1 (${fields} fields); a CSV export writes at most ${MAX_CSV_EXPORT_CELLS}. Export the workbook as JSON or xlsx, which keep only filled cells.`,
    );
  }
  return { rows: bounds.end.row + 1, cols: bounds.end.col + 1 };
}

/** Rows `from` to `to` (exclusive) of the export as CSV lines, without a final line break. */
function csvLines(sheet: SheetView, mode: CsvMode, cols: number, from: number, to: number): string {
  const rows: (string | number)[][] = [];
  for (let row = from; row < to; row += 1) {
    const fields: (string | number)[] = [];
    for (let col = 0; col < cols; col += 1) {
      const input = sheet.input(row, col);
      if (mode === 'formulas') fields.push(inputField(input));
      else if (input === null && sheet.spilledFrom(row, col) === undefined) fields.push('');
      else if (mode === 'display')
        fields.push(displayField(sheet.value(row, col), sheet.display(row, col)));
      else fields.push(valueField(sheet.value(row, col)));
    }
    rows.push(fields);
  }
  // In values mode papaparse's escapeFormulae is a second guard against injected formulas (in
  // display mode it would mark every negative number, `-$5.00`, as text: displayField guards).
  return Papa.unparse(rows, { escapeFormulae: mode === 'values', newline: '\r\n' });
}

export function encodeCsv(sheet: SheetView, mode: CsvMode = 'values'): string {
  const block = exportBlock(sheet);
  return block === undefined ? '' : csvLines(sheet, mode, block.cols, 0, block.rows);
}

/** About this many fields are encoded between looks at the clock. */
const CSV_STRETCH_FIELDS = 2_048;

/**
 * encodeCsv a stretch of rows at a time, letting the event loop turn between slices, as UTF-8
 * pieces that join to encodeCsv's text (papaparse quotes field by field, so lines encoded apart
 * join to what one call writes). Each stretch becomes bytes at once: kept as strings to the end,
 * a million cells' text outlived the young generation (copied, promoted, collected again), and
 * joining and encoding it for the socket took one long turn.
 */
export async function encodeCsvInSlices(
  sheet: SheetView,
  mode: CsvMode,
  slices: ReadSlices,
): Promise<Buffer[]> {
  const block = exportBlock(sheet);
  if (block === undefined) return [];
  const stretch = Math.max(1, Math.floor(CSV_STRETCH_FIELDS / block.cols));
  const pieces: Buffer[] = [];
  for (let from = 0; from < block.rows; from += stretch) {
    await slices.pause();
    const lines = csvLines(sheet, mode, block.cols, from, Math.min(block.rows, from + stretch));
    pieces.push(Buffer.from(from === 0 ? lines : `\r\n${lines}`, 'utf8'));
  }
  return pieces;
}

/**
 * The CSV's rows of fields; a trailing empty line is not a row. Parsing stops once more than
 * `maxCells` fields hold something (GRIDBOOK_MAX_IMPORT_CELLS): each becomes a cell, so the
 * import would be refused anyway, and a 64 MB body of commas is not parsed whole first.
 */
export function decodeCsv(
  text: string,
  field = 'body',
  maxCells = Number.POSITIVE_INFINITY,
): string[][] {
  // Trailing line breaks are not rows, and they would skew papaparse's delimiter guess.
  const source = (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text).replace(/[\r\n]+$/, '');
  const rows: string[][] = [];
  let filled = 0;
  let broken: { row: number; message: string } | undefined;
  Papa.parse<string[]>(source, {
    skipEmptyLines: false,
    delimitersToGuess: [',', '\t', ';', '|'],
    step: (result, parser) => {
      const quotes = result.errors.find((error) => error.type === 'Quotes');
      if (quotes !== undefined && broken === undefined)
        broken = { row: rows.length, message: quotes.message };
      for (const value of result.data) if (value !== '') filled += 1;
      rows.push(result.data);
      if (filled > maxCells) parser.abort();
    },
  });
  if (filled > maxCells) throw tooManyCellsInImport(field, `more than ${maxCells}`, maxCells);
  if (broken !== undefined) {
    throw new InvalidDocumentError(
      field,
      `row ${broken.row + 1}: ${broken.message}; check the quoting of that row.`,
    );
  }
  while (rows.length > 0 && rows[rows.length - 1]!.every((value) => value === '')) rows.pop();
  if (rows.length > MAX_ROWS)
    throw new InvalidDocumentError(
      field,
      `has ${rows.length} rows; a sheet holds at most ${MAX_ROWS}.`,
    );
  const widest = rows.reduce((max, row) => Math.max(max, row.length), 0);
  if (widest > MAX_COLUMNS)
    throw new InvalidDocumentError(
      field,
      `has ${widest} columns; a sheet holds at most ${MAX_COLUMNS}.`,
    );
  return rows;
}

/**
 * Ops that make `sheetName` hold the CSV from A1: fields are typed like typed-in values; the
 * sheet's other unlocked cells are cleared; a missing sheet is added. One set-cells op, so
 * every touched cell's version bumps once, and a locked cell in the way rejects it all.
 */
export function csvImportOps(
  sheet: SheetView | undefined,
  sheetName: string,
  rows: readonly (readonly string[])[],
): Op[] {
  const writes = new Map<number, { row: number; col: number; input: CellInput | null }>();
  for (const cell of sheet?.occupiedCells() ?? []) {
    if (!sheet!.isLocked(cell.row, cell.col))
      writes.set(cellKey(cell.row, cell.col), { ...cell, input: null });
  }
  const typed: TypedFormat[] = [];
  rows.forEach((fields, row) => {
    fields.forEach((text, col) => {
      const { input, numberFormat } = typeValue(text);
      if (input !== null) writes.set(cellKey(row, col), { row, col, input });
      if (numberFormat !== undefined) typed.push({ row, col, numberFormat });
    });
  });
  const ops: Op[] = sheet === undefined ? [{ type: 'add-sheet', name: sheetName }] : [];
  const cells = [...writes.entries()].sort(([a], [b]) => a - b).map(([, cell]) => cell);
  if (cells.length > 0)
    ops.push({ type: 'set-cells', sheet: sheetName, runs: runsFromCells(cells) });
  // The CSV's numbers are shown as it wrote them: a number format left on the sheet's old cells
  // (a date, a percentage) would show 42 as 1900-02-11. Other formats (bold, fills) stay.
  const width = rows.reduce((widest, fields) => Math.max(widest, fields.length), 0);
  if (sheet !== undefined && rows.length > 0 && width > 0)
    ops.push({
      type: 'set-format',
      sheet: sheetName,
      range: { start: { row: 0, col: 0 }, end: { row: rows.length - 1, col: width - 1 } },
      format: { number_format: null },
    });
  // `15%`, `$1,200`, `2026-01-31` … keep the format they were typed with.
  ops.push(...typedFormatOps(sheetName, typed));
  return ops;
}
