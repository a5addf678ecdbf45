// What the canvas draws beyond Glide's own text cell: text that runs on over empty cells to its
// right (as spreadsheets show a long label), and the underline and strike-through of formatted
// text. Glide clips each column to itself, so text running on is drawn twice: by its own cell up
// to the column's edge, and by each empty neighbour, shifted left by the columns in between.
import type { CachedCell } from './cell-store.js';
import { displayOf } from './cell-format.js';
import { FONT_FAMILY, gridTheme } from './grid-theme.js';

type CellFormat = NonNullable<CachedCell['format']>;

/** How far left an empty cell looks for text running into it. */
const MAX_OVERFLOW_COLUMNS = 30;
const PADDING = gridTheme.cellHorizontalPadding ?? 6;
/** Wider than any character of the cells' font at 13 px (bold W is about 13 px). */
const WIDEST_CHAR_PX = 16;

export interface CellLookup {
  readonly cell: (col: number, row: number) => CachedCell | null | undefined;
  readonly width: (col: number) => number;
}

export interface TextRun {
  readonly text: string;
  readonly format: CellFormat | undefined;
  /** The left edge of the cell the text belongs to. */
  readonly x: number;
}

export function isBlank(cell: CachedCell | null | undefined): boolean {
  return (
    cell === null ||
    (cell !== undefined &&
      cell.input === null &&
      (cell.value === null || cell.value === '') &&
      cell.error === null)
  );
}

/** The cell's font as the canvas draws it (bold and italic from its format). */
export function fontOf(format: CellFormat | undefined): string {
  const style = `${format?.italic === true ? 'italic ' : ''}${format?.bold === true ? 'bold ' : ''}`;
  return `${style}${gridTheme.baseFontStyle} ${FONT_FAMILY}`;
}

/**
 * The text of a cell that may run on past its right edge: left-aligned text that does not wrap.
 * Numbers, errors, wrapped, centred and right-aligned cells stay inside their own column.
 */
export function runningText(cell: CachedCell | null | undefined): string | undefined {
  if (cell === null || cell === undefined || cell.error !== null) return undefined;
  if (typeof cell.value !== 'string' || cell.value === '') return undefined;
  if (cell.format?.wrap === true) return undefined;
  const display = displayOf(cell);
  if (display.align !== 'left' || display.text.includes('\n')) return undefined;
  return display.text;
}

/** Whether `text` needs more room than a column `width` px wide. */
export function overflows(
  ctx: CanvasRenderingContext2D,
  text: string,
  format: CellFormat | undefined,
  width: number,
): boolean {
  // Short texts cannot reach their edge: skip measuring them (this runs for every drawn cell).
  if (text.length * WIDEST_CHAR_PX + PADDING <= width) return false;
  ctx.font = fontOf(format);
  return ctx.measureText(text).width + PADDING > width;
}

/**
 * The text running into the empty cell (col, row) from a cell on its left, with that cell's left
 * edge relative to `x` (this cell's left edge); undefined when none does. Any non-empty cell in
 * between stops it.
 */
export function textRunningInto(
  ctx: CanvasRenderingContext2D,
  lookup: CellLookup,
  col: number,
  row: number,
  x: number,
): TextRun | undefined {
  let offset = 0;
  for (let source = col - 1; source >= Math.max(0, col - MAX_OVERFLOW_COLUMNS); source -= 1) {
    offset += lookup.width(source);
    const cell = lookup.cell(source, row);
    if (isBlank(cell)) continue;
    const text = runningText(cell);
    if (text === undefined || cell === undefined || cell === null) return undefined;
    if (text.length * WIDEST_CHAR_PX + PADDING <= offset) return undefined;
    ctx.font = fontOf(cell.format);
    // Only when the text reaches past the cells in between into this one.
    if (ctx.measureText(text).width + PADDING <= offset) return undefined;
    return { text, format: cell.format, x: x - offset };
  }
  return undefined;
}

/** Draws one line of left-aligned text starting at the cell edge `x`, with its decorations. */
export function drawTextRun(
  ctx: CanvasRenderingContext2D,
  run: TextRun,
  rect: { y: number; height: number },
  colour: string,
): void {
  ctx.save();
  ctx.font = fontOf(run.format);
  ctx.fillStyle = run.format?.color ?? colour;
  ctx.textBaseline = 'middle';
  ctx.textAlign = 'left';
  const left = run.x + PADDING + 0.5;
  const middle = rect.y + rect.height / 2;
  ctx.fillText(run.text, left, middle);
  drawDecorationLines(ctx, run.format, left, ctx.measureText(run.text).width, middle, colour);
  ctx.restore();
}

function drawDecorationLines(
  ctx: CanvasRenderingContext2D,
  format: CellFormat | undefined,
  left: number,
  width: number,
  middle: number,
  colour: string,
): void {
  if (format?.underline !== true && format?.strikethrough !== true) return;
  ctx.strokeStyle = format.color ?? colour;
  ctx.lineWidth = 1;
  ctx.beginPath();
  if (format.underline === true) {
    ctx.moveTo(left, Math.round(middle + 7) + 0.5);
    ctx.lineTo(left + width, Math.round(middle + 7) + 0.5);
  }
  if (format.strikethrough === true) {
    ctx.moveTo(left, Math.round(middle) + 0.5);
    ctx.lineTo(left + width, Math.round(middle) + 0.5);
  }
  ctx.stroke();
}

/**
 * Underline and strike-through over the text Glide drew in a cell (one line; wrapped cells are
 * left as Glide draws them).
 */
export function drawDecorations(
  ctx: CanvasRenderingContext2D,
  text: string,
  format: CellFormat | undefined,
  align: 'left' | 'right' | 'center',
  rect: { x: number; y: number; width: number; height: number },
  colour: string,
): void {
  if (text === '' || format === undefined || format.wrap === true) return;
  if (format.underline !== true && format.strikethrough !== true) return;
  ctx.save();
  ctx.font = fontOf(format);
  const width = Math.min(ctx.measureText(text).width, rect.width - 2 * PADDING);
  const left =
    align === 'right'
      ? rect.x + rect.width - PADDING - width
      : align === 'center'
        ? rect.x + (rect.width - width) / 2
        : rect.x + PADDING + 0.5;
  drawDecorationLines(ctx, format, left, width, rect.y + rect.height / 2, colour);
  ctx.restore();
}
