// Sizes and colours of the grid, shared by the canvas (Glide theme) and the DOM layers that
// must line up with it (mirror, editor, chart overlays).
import type { Theme } from '@glideapps/glide-data-grid';

export const ROW_HEIGHT = 24;
export const HEADER_HEIGHT = 26;
export const ROW_MARKER_WIDTH = 64;
export const DEFAULT_COLUMN_WIDTH = 100;
export const MIN_COLUMN_WIDTH = 30;
/** Columns A … ZZ (docs/ui-rules.md GRID-01). */
export const GRID_COLUMNS = 702;
/** At least this many rows; more when the data reaches further (Excel's 1,048,576 at most). */
export const MIN_GRID_ROWS = 100_000;

export const FONT_FAMILY = '"DejaVu Sans", "Segoe UI", Roboto, Helvetica, Arial, sans-serif';

export const gridTheme: Partial<Theme> = {
  accentColor: '#1a73e8',
  accentLight: 'rgba(26, 115, 232, 0.12)',
  textDark: '#202124',
  textMedium: '#5f6368',
  textLight: '#80868b',
  textHeader: '#3c4043',
  textHeaderSelected: '#ffffff',
  bgCell: '#ffffff',
  bgHeader: '#f8f9fa',
  bgHeaderHasFocus: '#e8eaed',
  bgHeaderHovered: '#eef0f2',
  borderColor: 'rgba(32, 33, 36, 0.12)',
  horizontalBorderColor: 'rgba(32, 33, 36, 0.10)',
  headerBottomBorderColor: 'rgba(32, 33, 36, 0.25)',
  cellHorizontalPadding: 6,
  cellVerticalPadding: 3,
  baseFontStyle: '13px',
  headerFontStyle: '600 12px',
  markerFontStyle: '12px',
  fontFamily: FONT_FAMILY,
  editorFontSize: '13px',
};

export const LOCKED_BACKGROUND = '#f4f1e8';
export const ERROR_TEXT = '#c5221f';
export const PREVIEW_BACKGROUND = '#e3edfd';
export const PREVIEW_OVERWRITE_BACKGROUND = '#fde7d4';
export const PREVIEW_TEXT = '#1a56db';
/** Over a cell another client just changed (RT-01): translucent, so its value still shows. */
export const FLASH_TINT = 'rgba(251, 188, 4, 0.3)';
/** Values a dynamic array spilled into cells (no input of their own). */
export const SPILL_TEXT = '#0b6e4f';
export const SPILL_BACKGROUND = '#f1f8f4';
