// Find: the cells whose shown value (or typed text) matches a text or an RE2 pattern, in tab
// order and row by row, a page at a time. RE2 matches in linear time, so no pattern a client
// sends can hold the server (a backtracking engine can take exponential time on one cell).
import { RE2JS } from 're2js';
import type { FindResponse } from '../contract/index.js';
import {
  formatCell,
  keyToAddress,
  readConsistently,
  type SliceClock,
  inputToText,
  InvalidOperationError,
  isFormula,
  valueToJson,
  type CellAddress,
  type SheetView,
  type WorkbookReader,
  visibleFormula,
} from '../core/index.js';

export interface FindOptions {
  readonly query: string;
  readonly regex?: boolean | undefined;
  readonly match_case?: boolean | undefined;
  readonly whole_cell?: boolean | undefined;
  readonly scope?: 'sheet' | 'workbook' | undefined;
  readonly sheet?: string | undefined;
}

/** The compiled query: `test` for find, `replace` for replace. */
export interface CellMatcher {
  test(text: string): boolean;
  replace(text: string, replacement: string): string;
}

export function cellMatcher(options: FindOptions): CellMatcher {
  const source = options.regex === true ? options.query : RE2JS.quote(options.query);
  let pattern: RE2JS;
  try {
    pattern = RE2JS.compile(
      options.whole_cell === true ? `^(?:${source})$` : source,
      options.match_case === true ? 0 : RE2JS.CASE_INSENSITIVE,
    );
  } catch (error) {
    throw new InvalidOperationError(
      'query',
      `is not a valid pattern (${error instanceof Error ? error.message : String(error)}).`,
    );
  }
  const literal = options.regex !== true;
  return {
    test: (text) => pattern.matcher(text).find(),
    replace: (text, replacement) =>
      pattern.matcher(text).replaceAll(literal ? RE2JS.quoteReplacement(replacement) : replacement),
  };
}

/** The sheets a find or replace covers, in tab order. */
export function sheetsInScope(workbook: WorkbookReader, options: FindOptions): SheetView[] {
  return options.scope === 'workbook'
    ? workbook.sheetNames.map((name) => workbook.sheet(name))
    : [workbook.sheet(options.sheet)];
}

/** A sheet's occupied cells, row by row (as SheetView.occupiedCells lists them). */
export function cellsInOrder(sheet: SheetView): CellAddress[] {
  return sheet.occupiedCells();
}

/**
 * What a cell shows, as Excel's Find looks in values: a cell with a number format as it is
 * displayed (0.5 as 50%, a date as its date), any other as its value reads as text (numbers as
 * JSON writes them, TRUE/FALSE, error sentinels).
 */
function shownText(sheet: SheetView, cell: CellAddress): string {
  if (sheet.format(cell.row, cell.col)?.number_format !== undefined)
    return sheet.display(cell.row, cell.col);
  const value = valueToJson(sheet.value(cell.row, cell.col));
  if (value === null) return '';
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  return String(value);
}

export interface FindRequest extends FindOptions {
  readonly look_in?: 'values' | 'formulas' | undefined;
  readonly cursor?: string | undefined;
  readonly limit?: number | undefined;
}

const CURSOR = /^match:(\d{1,9})$/;

/** One search: its matcher and page, and the matches counted so far. */
class FindScan {
  readonly #request: FindRequest;
  readonly #matcher: CellMatcher;
  readonly #offset: number;
  readonly #limit: number;
  readonly matches: FindResponse['matches'][number][] = [];
  total = 0;

  constructor(request: FindRequest) {
    this.#request = request;
    this.#matcher = cellMatcher(request);
    const offset =
      request.cursor === undefined ? 0 : Number(CURSOR.exec(request.cursor)?.[1] ?? NaN);
    if (!Number.isInteger(offset))
      throw new InvalidOperationError(
        'cursor',
        'is not a next_cursor of this search; search again.',
      );
    this.#offset = offset;
    this.#limit = request.limit ?? 100;
  }

  /** Looks at the cells of `keys[from]` to `keys[to - 1]` (cellKeys) of `sheet`. */
  scan(sheet: SheetView, keys: Float64Array, from: number, to: number): void {
    for (let index = from; index < to; index += 1) {
      const cell = keyToAddress(keys[index]!);
      const input = sheet.input(cell.row, cell.col);
      if (input === null) continue;
      const text =
        this.#request.look_in === 'formulas' ? inputToText(input) : shownText(sheet, cell);
      if (!this.#matcher.test(text)) continue;
      if (this.total >= this.#offset && this.matches.length < this.#limit)
        this.matches.push({
          sheet: sheet.name,
          cell: formatCell(cell),
          value: valueToJson(sheet.value(cell.row, cell.col)),
          formula: isFormula(input) ? visibleFormula(input.formula) : null,
        });
      this.total += 1;
    }
  }

  answer(): FindResponse {
    const next = this.#offset + this.matches.length;
    return {
      matches: this.matches,
      total: this.total,
      next_cursor: next < this.total ? `match:${next}` : null,
    };
  }
}

export function findCells(workbook: WorkbookReader, request: FindRequest): FindResponse {
  const scan = new FindScan(request);
  for (const sheet of sheetsInScope(workbook, request)) {
    for (const keys of sheet.occupiedKeyBands()) scan.scan(sheet, keys, 0, keys.length);
  }
  return scan.answer();
}

/** How many cells a sliced search looks at between looks at the clock. */
const SCAN_STRETCH = 2_048;

/** findCells a stretch at a time (other requests answered between slices), from one state. */
export function findCellsInSlices(
  workbook: WorkbookReader,
  request: FindRequest,
  clock: SliceClock,
): Promise<FindResponse> {
  return readConsistently(workbook, clock, async (slices) => {
    const scan = new FindScan(request);
    for (const sheet of sheetsInScope(workbook, request)) {
      await slices.pause();
      for (const keys of sheet.occupiedKeyBands()) {
        for (let from = 0; from < keys.length; from += SCAN_STRETCH) {
          await slices.pause();
          scan.scan(sheet, keys, from, Math.min(keys.length, from + SCAN_STRETCH));
        }
      }
    }
    return scan.answer();
  });
}
