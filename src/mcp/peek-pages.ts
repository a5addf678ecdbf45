// The MCP `peek`: a range read in pages, so an agent's context never overflows. Each page holds
// whole rows, at most `max_cells` cells, with values and formulas side by side; `next_cursor`
// continues after the last row returned and is null on the last page.
import { Type, type Static } from 'typebox';
import {
  formatRange,
  peekRows,
  peekTarget,
  type RangeAddress,
  type WorkbookReader,
} from '../core/index.js';
import { CellValueJson, List, SheetName } from '../contract/index.js';

export const DEFAULT_PAGE_CELLS = 2_000;
export const MAX_PAGE_CELLS = 10_000;

export const PeekPageInput = Type.Object({
  sheet: Type.Optional(SheetName),
  range: Type.Optional(
    Type.String({
      maxLength: 300,
      description:
        'A1 range, whole columns (A:C) or rows (1:5) cut to the used area (may be sheet-qualified); default: the occupied bounds.',
    }),
  ),
  cursor: Type.Optional(
    Type.String({ maxLength: 100, description: 'next_cursor of the previous page.' }),
  ),
  max_cells: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: MAX_PAGE_CELLS,
      description: `Cells per page (whole rows, at least one); default ${DEFAULT_PAGE_CELLS}.`,
    }),
  ),
});
export type PeekPageInput = Static<typeof PeekPageInput>;

export const PeekPage = Type.Object({
  sheet: Type.String(),
  range: Type.Union([Type.String(), Type.Null()], { description: 'The whole range paged over.' }),
  page: Type.Union([Type.String(), Type.Null()], { description: 'The rows of this page.' }),
  values: List(List(CellValueJson), { description: 'Computed values, one array per row.' }),
  formulas: List(List(Type.Union([Type.String(), Type.Null()])), {
    description: 'Formula text where a cell holds a formula, else null; same shape as values.',
  }),
  next_cursor: Type.Union([Type.String(), Type.Null()]),
});
export type PeekPage = Static<typeof PeekPage>;

export class InvalidCursorError extends Error {
  constructor(cursor: string) {
    super(`cursor: "${cursor}" is not a next_cursor of this range; start again without cursor.`);
  }
}

const CURSOR = /^row:(\d{1,7})$/;

function firstRowOf(cursor: string | undefined, range: RangeAddress): number {
  if (cursor === undefined) return range.start.row;
  const match = CURSOR.exec(cursor);
  const row = match === null ? NaN : Number(match[1]);
  if (!(row > range.start.row && row <= range.end.row)) throw new InvalidCursorError(cursor);
  return row;
}

export function peekPage(workbook: WorkbookReader, input: PeekPageInput): PeekPage {
  const { sheet, range } = peekTarget(workbook, input.range, input.sheet);
  if (range === undefined) {
    if (input.cursor !== undefined) throw new InvalidCursorError(input.cursor);
    return {
      sheet: sheet.name,
      range: null,
      page: null,
      values: [],
      formulas: [],
      next_cursor: null,
    };
  }
  const width = range.end.col - range.start.col + 1;
  const rowsPerPage = Math.max(1, Math.floor((input.max_cells ?? DEFAULT_PAGE_CELLS) / width));
  const first = firstRowOf(input.cursor, range);
  const last = Math.min(range.end.row, first + rowsPerPage - 1);
  const page = {
    start: { row: first, col: range.start.col },
    end: { row: last, col: range.end.col },
  };
  const inputs = peekRows(sheet, page, 'formulas');
  return {
    sheet: sheet.name,
    range: formatRange(range),
    page: formatRange(page),
    values: peekRows(sheet, page, 'values'),
    formulas: inputs.map((row) =>
      row.map((cell) => (typeof cell === 'string' && cell.startsWith('=') ? cell : null)),
    ),
    next_cursor: last < range.end.row ? `row:${last + 1}` : null,
  };
}
