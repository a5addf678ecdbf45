// A task's answer_position: comma-separated ranges, each `A1`, `A1:B10`, `Sheet1!A1:B10` or
// `'Sheet Name'!A1:B10`. The released dataset writes them by hand, so spaces, `$` and quotes
// around the cell part are tolerated.

export interface AnswerRange {
  /** Without quotes; undefined when the range names no sheet (the answer's first sheet then). */
  readonly sheet: string | undefined;
  /** The cell part as written, e.g. `A1:B10`. */
  readonly cells: string;
}

/** 1-based and inclusive; lastRow null when the range runs to the end of the used area (`A:C`). */
export interface CellBounds {
  readonly firstRow: number;
  readonly lastRow: number | null;
  readonly firstCol: number;
  readonly lastCol: number;
}

export class AnswerPositionError extends Error {}

/** Splits on commas outside quotes: a quoted sheet name may hold a comma. */
function splitRanges(text: string): string[] {
  const parts: string[] = [];
  let current = '';
  let quoted = false;
  for (const char of text) {
    if (char === "'") quoted = !quoted;
    if (char === ',' && !quoted) {
      parts.push(current);
      current = '';
    } else current += char;
  }
  parts.push(current);
  return parts.map((part) => part.trim()).filter((part) => part !== '');
}

function stripQuotes(text: string): string {
  return text.trim().replace(/^'+|'+$/g, '');
}

export function parseAnswerPosition(text: string): AnswerRange[] {
  const ranges = splitRanges(text).map((part): AnswerRange => {
    const bang = part.lastIndexOf('!');
    if (bang < 0) return { sheet: undefined, cells: stripQuotes(part) };
    return { sheet: stripQuotes(part.slice(0, bang)), cells: stripQuotes(part.slice(bang + 1)) };
  });
  if (ranges.length === 0) throw new AnswerPositionError(`no range in "${text}"`);
  return ranges;
}

export function columnNumber(letters: string): number {
  let value = 0;
  for (const char of letters.toUpperCase()) value = value * 26 + (char.charCodeAt(0) - 64);
  return value;
}

export function columnLetters(column: number): string {
  let letters = '';
  for (let rest = column; rest > 0; rest = Math.floor((rest - 1) / 26))
    letters = String.fromCharCode(65 + ((rest - 1) % 26)) + letters;
  return letters;
}

const END = /^\$?([A-Za-z]{0,3})\$?(\d*)$/;

function endOf(text: string, whole: string): { col: number | null; row: number | null } {
  const match = END.exec(text.trim());
  if (match === null) throw new AnswerPositionError(`"${whole}" is not a cell or range`);
  return {
    col: match[1] === '' ? null : columnNumber(match[1]!),
    row: match[2] === '' ? null : Number(match[2]),
  };
}

/**
 * `A1`, `A1:B10`, `A:C` (rows 1 to the used area), `BD2:308` (column BD, rows 2 to 308). As the
 * reference reads them, a side without a column takes the other side's, and a range with no
 * column at all (`2:5`) covers column A only. A reversed range is put in order.
 */
export function parseCells(cells: string): CellBounds {
  const [startText, endText, extra] = cells.split(':');
  if (startText === undefined || extra !== undefined)
    throw new AnswerPositionError(`"${cells}" is not a cell or range`);
  const start = endOf(startText, cells);
  if (endText === undefined) {
    if (start.col === null || start.row === null)
      throw new AnswerPositionError(`"${cells}" is not a cell`);
    return { firstRow: start.row, lastRow: start.row, firstCol: start.col, lastCol: start.col };
  }
  const end = endOf(endText, cells);
  const startCol = start.col ?? end.col ?? 1;
  const endCol = end.col ?? start.col ?? 1;
  const startRow = start.row ?? 1;
  return {
    firstRow: end.row === null ? startRow : Math.min(startRow, end.row),
    lastRow: end.row === null ? null : Math.max(startRow, end.row),
    firstCol: Math.min(startCol, endCol),
    lastCol: Math.max(startCol, endCol),
  };
}

/**
 * The cells of the bounds inside `extent`, the used area of both sheets compared: beyond it both
 * sides are empty and match, so a range like `A:A` or `A1:Z100000` costs only what is filled.
 */
export function* cellsOf(
  bounds: CellBounds,
  extent: { readonly rows: number; readonly cols: number },
): Generator<{ readonly row: number; readonly col: number }> {
  const lastRow = Math.min(bounds.lastRow ?? extent.rows, extent.rows);
  const lastCol = Math.min(bounds.lastCol, extent.cols);
  for (let row = bounds.firstRow; row <= lastRow; row += 1)
    for (let col = bounds.firstCol; col <= lastCol; col += 1) yield { row, col };
}

/** The sheet the answer sits on, when answer_position names one (the first range's). */
export function answerSheet(answerPosition: string): string | undefined {
  try {
    return parseAnswerPosition(answerPosition).find((range) => range.sheet !== undefined)?.sheet;
  } catch {
    // An unparseable position is reported when the case is scored; the prompt just names no sheet.
    return undefined;
  }
}
