// The canvas cell for a cached cell: text and alignment by type, sentinels in red, locked
// cells shaded (a padlock is drawn by drawCell), proposed AI values in italic blue, a dynamic
// array's spill (its formula cell and the cells it fills) tinted green.
import { GridCellKind, type GridCell, type TextCell, type Theme } from '@glideapps/glide-data-grid';
import type { CachedCell } from './cell-store.js';
import {
  alignmentOf,
  displayOf,
  displayValue,
  numberCharsThatFit,
  type CellDisplay,
} from './cell-format.js';
import { fontOf } from './cell-drawing.js';
import {
  ERROR_TEXT,
  FONT_FAMILY,
  gridTheme,
  LOCKED_BACKGROUND,
  PREVIEW_BACKGROUND,
  PREVIEW_OVERWRITE_BACKGROUND,
  PREVIEW_TEXT,
  SPILL_BACKGROUND,
  SPILL_TEXT,
} from './grid-theme.js';
import type { CellValue } from '../api/types.js';

export const LOADING_CELL: GridCell = { kind: GridCellKind.Loading, allowOverlay: false };

const EMPTY_CELL: TextCell = {
  kind: GridCellKind.Text,
  data: '',
  displayData: '',
  allowOverlay: false,
  readonly: false,
};

const ERROR_OVERRIDE = { textDark: ERROR_TEXT };
const LOCKED_OVERRIDE = { bgCell: LOCKED_BACKGROUND };
const LOCKED_ERROR_OVERRIDE = { bgCell: LOCKED_BACKGROUND, textDark: ERROR_TEXT };
/** Spilled values: drawn like values, in their own colour, so a spill's extent shows. */
const SPILL_OVERRIDE = { textDark: SPILL_TEXT, bgCell: SPILL_BACKGROUND };
const PREVIEW_OVERRIDE = {
  bgCell: PREVIEW_BACKGROUND,
  textDark: PREVIEW_TEXT,
  baseFontStyle: 'italic 13px',
};
const PREVIEW_OVERWRITE_OVERRIDE = { ...PREVIEW_OVERRIDE, bgCell: PREVIEW_OVERWRITE_BACKGROUND };

let digitWidth: number | undefined;

/** The width of a digit in the cells' font, measured once (a fallback where no canvas can measure). */
function measuredDigitWidth(): number {
  if (digitWidth === undefined) {
    const context =
      typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
    if (context !== null) context.font = `${gridTheme.baseFontStyle} ${FONT_FAMILY}`;
    digitWidth = context?.measureText('0').width || 8;
  }
  return digitWidth;
}

/** How many characters of a number the canvas and the mirror show in a column `width` px wide. */
export function numberCharsFor(width: number): number {
  return numberCharsThatFit(width, measuredDigitWidth(), gridTheme.cellHorizontalPadding ?? 6);
}

/**
 * Whether a text fits a column `width` px wide in `format`'s font, measured: a formatted number
 * counted in digit widths showed ########## where it fits ($123,456.78 and 12:00:00 PM have
 * narrow commas, colons and spaces). Undefined where no canvas can measure.
 */
function textFits(
  width: number,
  format: CachedCell['format'],
): ((text: string) => boolean) | undefined {
  const context = measuringContext();
  if (context === null) return undefined;
  const padding = gridTheme.cellHorizontalPadding ?? 6;
  return (text) => {
    context.font = fontOf(format);
    return context.measureText(text).width + 2 * padding <= width;
  };
}

let measuring: CanvasRenderingContext2D | null | undefined;

function measuringContext(): CanvasRenderingContext2D | null {
  if (measuring === undefined)
    measuring =
      typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
  return measuring;
}

/** A cell as a column `width` px wide shows it: numbers fitted, or ####, as the canvas draws. */
export function displayIn(cell: CachedCell | null, width: number): CellDisplay {
  return displayOf(cell, numberCharsFor(width), textFits(width, cell?.format));
}

/** A cell's format as a theme override: bold/italic font, text colour, fill. */
function styled(
  base: Partial<Theme> | undefined,
  format: NonNullable<CachedCell['format']>,
): Partial<Theme> | undefined {
  const weight = `${format.italic === true ? 'italic ' : ''}${format.bold === true ? 'bold ' : ''}`;
  const override: Partial<Theme> = { ...base };
  if (weight !== '') override.baseFontStyle = `${weight}13px`;
  if (format.color !== undefined && base?.textDark === undefined) override.textDark = format.color;
  if (format.fill !== undefined && base?.bgCell === undefined) override.bgCell = format.fill;
  return Object.keys(override).length === 0 ? base : override;
}

/**
 * `width`: the column's, so a number is fitted to it instead of spilling over its neighbour;
 * `emptyFormat`: the format of an empty cell (its fill is drawn).
 */
export function canvasCell(
  cell: CachedCell | null,
  width: number,
  emptyFormat?: CachedCell['format'],
): GridCell {
  if (cell === null)
    return emptyFormat?.fill === undefined
      ? EMPTY_CELL
      : { ...EMPTY_CELL, themeOverride: { bgCell: emptyFormat.fill } };
  const display = displayIn(cell, width);
  const base =
    display.error !== null
      ? display.locked
        ? LOCKED_ERROR_OVERRIDE
        : ERROR_OVERRIDE
      : display.locked
        ? LOCKED_OVERRIDE
        : cell.spilled_from !== undefined || cell.spill_range !== undefined
          ? SPILL_OVERRIDE
          : undefined;
  const override = display.format === undefined ? base : styled(base, display.format);
  return {
    kind: GridCellKind.Text,
    data: display.text,
    displayData: display.text,
    allowOverlay: false,
    readonly: false,
    contentAlign: display.align,
    // A line break (Alt+Enter) is drawn as one, as when the cell wraps: Glide shows only the
    // first line of unwrapped text.
    ...(display.format?.wrap === true || display.text.includes('\n')
      ? { allowWrapping: true }
      : {}),
    ...(override === undefined ? {} : { themeOverride: override }),
  };
}

export function previewCell(value: CellValue, overwrites: boolean, width: number): GridCell {
  const text = displayValue(value, numberCharsFor(width));
  return {
    kind: GridCellKind.Text,
    data: text,
    displayData: text,
    allowOverlay: false,
    readonly: true,
    contentAlign: alignmentOf(value),
    themeOverride: overwrites ? PREVIEW_OVERWRITE_OVERRIDE : PREVIEW_OVERRIDE,
  };
}

/** A small padlock in the top-right corner of a locked cell. */
export function drawPadlock(
  ctx: CanvasRenderingContext2D,
  rect: { x: number; y: number; width: number },
): void {
  const x = rect.x + rect.width - 10;
  const y = rect.y + 4;
  ctx.save();
  ctx.strokeStyle = '#8a6d1f';
  ctx.fillStyle = '#8a6d1f';
  ctx.lineWidth = 1.2;
  ctx.beginPath();
  ctx.arc(x + 3, y + 3.5, 2.2, Math.PI, 0);
  ctx.stroke();
  ctx.fillRect(x, y + 3.5, 6, 4.5);
  ctx.restore();
}
