// Cell formats in xlsx (issue 19), both directions through exceljs: the Excel number format
// code, bold, italic, underline, strikethrough, font and fill colours, horizontal alignment and
// wrap. Export writes a whole-column (or whole-row) format as the column's (row's) style, so a
// format on a million-row column costs one style; other rectangles style their cells. Import
// reads every cell's style and joins equal neighbours in a column into one rectangle.
import type ExcelJS from 'exceljs';
import {
  MAX_COLUMNS,
  MAX_ROWS,
  validateCellFormat,
  type CellFormat,
  type FormatRect,
  type SheetSnapshot,
} from '../core/index.js';

/** The most cells of one rectangle styled one by one; beyond it only its cells with a value are. */
const MAX_STYLED_CELLS = 200_000;

function argb(colour: string): string {
  return `FF${colour.slice(1).toUpperCase()}`;
}

/** A format as an exceljs style (only what the format sets). */
export function excelStyle(format: CellFormat): Partial<ExcelJS.Style> {
  const style: Partial<ExcelJS.Style> = {};
  if (format.number_format !== undefined) style.numFmt = format.number_format;
  const font: Partial<ExcelJS.Font> = {};
  if (format.bold === true) font.bold = true;
  if (format.italic === true) font.italic = true;
  if (format.underline === true) font.underline = true;
  if (format.strikethrough === true) font.strike = true;
  if (format.color !== undefined) font.color = { argb: argb(format.color) };
  if (Object.keys(font).length > 0) style.font = font;
  if (format.fill !== undefined)
    style.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: argb(format.fill) } };
  const alignment: Partial<ExcelJS.Alignment> = {};
  if (format.align !== undefined) alignment.horizontal = format.align;
  if (format.wrap === true) alignment.wrapText = true;
  if (Object.keys(alignment).length > 0) style.alignment = alignment;
  return style;
}

function styleCell(cell: ExcelJS.Cell, style: Partial<ExcelJS.Style>): void {
  // Kept beside what the cell already has (its protection on a protected sheet).
  cell.style = { ...cell.style, ...style };
}

/** Writes a sheet's formats onto its worksheet (after its cells). */
export function writeFormats(worksheet: ExcelJS.Worksheet, sheet: SheetSnapshot): void {
  for (const rect of sheet.formats ?? []) {
    const style = excelStyle(rect.format);
    const wholeColumns = rect.top === 0 && rect.bottom === MAX_ROWS - 1;
    const wholeRows = rect.left === 0 && rect.right === MAX_COLUMNS - 1;
    if (wholeColumns)
      for (let col = rect.left; col <= rect.right; col += 1)
        worksheet.getColumn(col + 1).style = style as ExcelJS.Style;
    else if (wholeRows)
      for (let row = rect.top; row <= rect.bottom; row += 1) {
        const target = worksheet.getRow(row + 1);
        if (style.numFmt !== undefined) target.numFmt = style.numFmt;
        if (style.font !== undefined) target.font = style.font;
        if (style.fill !== undefined) target.fill = style.fill;
        if (style.alignment !== undefined) target.alignment = style.alignment;
      }
    const cells = (rect.bottom - rect.top + 1) * (rect.right - rect.left + 1);
    if (!wholeColumns && !wholeRows && cells <= MAX_STYLED_CELLS) {
      for (let row = rect.top; row <= rect.bottom; row += 1)
        for (let col = rect.left; col <= rect.right; col += 1)
          styleCell(worksheet.getCell(row + 1, col + 1), style);
      continue;
    }
    // The cells with a value carry the style themselves too (readers that ignore column styles).
    for (const cell of sheet.cells) {
      if (cell.input === null) continue;
      if (cell.row < rect.top || cell.row > rect.bottom) continue;
      if (cell.col < rect.left || cell.col > rect.right) continue;
      styleCell(worksheet.getCell(cell.row + 1, cell.col + 1), style);
    }
  }
}

function hexOf(colour: Partial<ExcelJS.Color> | undefined): string | undefined {
  const value = colour?.argb;
  if (typeof value !== 'string' || !/^[0-9A-Fa-f]{8}$/.test(value)) return undefined;
  return `#${value.slice(2).toUpperCase()}`;
}

/** A cell's exceljs style as a format; undefined when it has none of what formats hold. */
export function formatOfStyle(style: Partial<ExcelJS.Style> | undefined): CellFormat | undefined {
  if (style === undefined) return undefined;
  const format: Record<string, unknown> = {};
  if (typeof style.numFmt === 'string' && style.numFmt !== '' && style.numFmt !== 'General')
    format['number_format'] = style.numFmt;
  const font = style.font;
  if (font?.bold === true) format['bold'] = true;
  if (font?.italic === true) format['italic'] = true;
  if (font?.underline !== undefined && font.underline !== false && font.underline !== 'none')
    format['underline'] = true;
  if (font?.strike === true) format['strikethrough'] = true;
  const color = hexOf(font?.color);
  if (color !== undefined && color !== '#000000') format['color'] = color;
  const fill = style.fill;
  if (fill?.type === 'pattern' && fill.pattern === 'solid') {
    const background = hexOf(fill.fgColor);
    if (background !== undefined) format['fill'] = background;
  }
  const horizontal = style.alignment?.horizontal;
  if (horizontal === 'left' || horizontal === 'center' || horizontal === 'right')
    format['align'] = horizontal;
  if (style.alignment?.wrapText === true) format['wrap'] = true;
  if (Object.keys(format).length === 0) return undefined;
  try {
    return validateCellFormat(format);
  } catch {
    // A number format our engine cannot read is dropped; the rest of the style stays.
    delete format['number_format'];
    return Object.keys(format).length === 0 ? undefined : validateCellFormat(format);
  }
}

/** Every styled cell's format, equal neighbours down a column joined into one rectangle. */
export function readFormats(worksheet: ExcelJS.Worksheet): FormatRect[] {
  const columns = new Map<number, { row: number; key: string; format: CellFormat }[]>();
  worksheet.eachRow({ includeEmpty: false }, (row) => {
    row.eachCell({ includeEmpty: true }, (cell) => {
      const format = formatOfStyle(cell.style);
      if (format === undefined) return;
      const col = Number(cell.col) - 1;
      let list = columns.get(col);
      if (list === undefined) columns.set(col, (list = []));
      list.push({ row: Number(cell.row) - 1, key: JSON.stringify(format), format });
    });
  });
  const rects: FormatRect[] = [];
  // Whole-column styles first: a cell's own style wins over its column's.
  (worksheet.columns ?? []).forEach((column, index) => {
    const format = formatOfStyle(column.style);
    if (format !== undefined)
      rects.push({ top: 0, left: index, bottom: MAX_ROWS - 1, right: index, format });
  });
  for (const [col, cells] of [...columns].sort(([a], [b]) => a - b)) {
    cells.sort((a, b) => a.row - b.row);
    let start = cells[0]!;
    let last = start;
    const flush = (): void => {
      rects.push({ top: start.row, left: col, bottom: last.row, right: col, format: start.format });
    };
    for (const cell of cells.slice(1)) {
      if (cell.row === last.row + 1 && cell.key === start.key) {
        last = cell;
        continue;
      }
      flush();
      start = last = cell;
    }
    flush();
  }
  return rects;
}
