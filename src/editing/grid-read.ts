// GET /grid: a sheet's listed cells (input, lock or spilled value) with their values, versions
// and formats, the sheet's bounds, layout and formatted rectangles. A large answer is built a
// slice at a time (core's read-slices: other requests are answered between slices, and a commit
// landing meanwhile restarts it) and as JSON text; a listing over `maxCells` is refused before
// it is built.
import {
  cellKey,
  formatCell,
  keyToAddress,
  rangeContains,
  rangeSize,
  readConsistently,
  spilledCells,
  TooLargeError,
  type CellAddress,
  type QualifiedRange,
  type RangeAddress,
  type ReadSlices,
  type SheetView,
  type SliceClock,
  type WorkbookReader,
} from '../core/index.js';
import type { GridResponse } from '../contract/index.js';
import { layoutAnswer } from './layout.js';
import { cellJson, formatRangesJson } from './wire-shapes.js';

/** GRIDBOOK_MAX_GRID_CELLS's default: the cells one GET /grid lists at most. */
export const DEFAULT_MAX_GRID_CELLS = 250_000;

/** Up to this many cells the answer is built in one go, as an object Fastify serializes. */
const SMALL_LISTING = 4_096;

/** How many cells one chunk of a large answer's JSON text holds (one look at the clock each). */
const CHUNK_CELLS = 512;

/** How often (in cells) a sliced walk looks at the clock. */
const CHECK_EVERY = 1_024;

function boundsJson(bounds: RangeAddress | undefined): { first: string; last: string } | null {
  return bounds === undefined
    ? null
    : { first: formatCell(bounds.start), last: formatCell(bounds.end) };
}

function unionBounds(
  a: RangeAddress | undefined,
  b: RangeAddress | undefined,
): RangeAddress | undefined {
  if (a === undefined || b === undefined) return a ?? b;
  return {
    start: { row: Math.min(a.start.row, b.start.row), col: Math.min(a.start.col, b.start.col) },
    end: { row: Math.max(a.end.row, b.end.row), col: Math.max(a.end.col, b.end.col) },
  };
}

/** Where empty cells with a fill colour are: the page draws them, so it must read those blocks. */
function filledBounds(sheet: SheetView): RangeAddress | undefined {
  if (!sheet.hasFormats) return undefined;
  let found: RangeAddress | undefined;
  for (const rect of sheet.formatRects()) {
    if (rect.format.fill === undefined) continue;
    found = unionBounds(found, {
      start: { row: rect.top, col: rect.left },
      end: { row: rect.bottom, col: rect.right },
    });
  }
  return found;
}

function contains(outer: RangeAddress, inner: RangeAddress): boolean {
  return rangeContains(outer, inner.start) && rangeContains(outer, inner.end);
}

const keyOf = (cell: CellAddress): number => cellKey(cell.row, cell.col);

/** `count` is Infinity when the walk stopped at the first cell past `max`. */
function tooMany(range: RangeAddress | undefined, count: number, max: number): TooLargeError {
  const limit = max.toLocaleString('en-US');
  const listed = count === Infinity ? `more than ${limit}` : count.toLocaleString('en-US');
  return new TooLargeError(
    'range',
    `${range === undefined ? 'the sheet' : 'this range'} lists ${listed} cells; GET /grid lists at most ${limit} (GRIDBOOK_MAX_GRID_CELLS). Read it in smaller ranges (the page reads blocks of 100 rows × 26 columns), or use GET /peek or an export for the whole sheet.`,
  );
}

/**
 * Cells with an input, a lock or a spilled value, inside `range` when given, row-major; a
 * slice at a time, refused with TooLargeError as soon as more than `max` are found.
 */
async function listedCellsInSlices(
  sheet: SheetView,
  range: RangeAddress | undefined,
  max: number,
  slices: ReadSlices,
): Promise<CellAddress[]> {
  // Every input of the sheet is listed when no range is given or the range holds them all.
  const bounds = sheet.occupiedBounds();
  if (
    sheet.cellCount > max &&
    (range === undefined || (bounds !== undefined && contains(range, bounds)))
  )
    throw tooMany(range, sheet.cellCount, max);
  // A viewport smaller than the sheet's content is walked cell by cell instead of sorting it all.
  if (range !== undefined && rangeSize(range).cells <= sheet.cellCount) {
    const found: CellAddress[] = [];
    let walked = 0;
    for (let row = range.start.row; row <= range.end.row; row += 1) {
      for (let col = range.start.col; col <= range.end.col; col += 1) {
        walked += 1;
        if (walked % CHECK_EVERY === 0) await slices.pause();
        if (
          sheet.input(row, col) !== null ||
          sheet.isLocked(row, col) ||
          sheet.spilledFrom(row, col) !== undefined
        ) {
          if (found.length === max) throw tooMany(range, Infinity, max);
          found.push({ row, col });
        }
      }
    }
    return found;
  }
  // The sheet's inputs come row-major a band of rows at a time; locks and spilled values (few,
  // usually) are merged in when there are any.
  const found: number[] = [];
  let walked = 0;
  for (const keys of sheet.occupiedKeyBands()) {
    for (let index = 0; index < keys.length; index += 1) {
      walked += 1;
      if (walked % CHECK_EVERY === 0) await slices.pause();
      const key = keys[index]!;
      if (range !== undefined && !rangeContains(range, keyToAddress(key))) continue;
      if (found.length === max) throw tooMany(range, Infinity, max);
      found.push(key);
    }
  }
  const extra = [
    ...sheet
      .lockedCells()
      .filter((cell) => range === undefined || rangeContains(range, cell))
      .map(keyOf),
    ...spilledCells(sheet.spills(), range).map(keyOf),
  ];
  if (extra.length === 0) return found.map(keyToAddress);
  const keys = new Set<number>(found);
  for (const key of extra) {
    keys.add(key);
    if (keys.size > max) throw tooMany(range, Infinity, max);
  }
  // A typed array sorts numbers natively: a quarter of a million keys in a few milliseconds.
  const sorted = Float64Array.from(keys).sort();
  await slices.pause();
  return Array.from(sorted, keyToAddress);
}

export interface GridRead {
  readonly sheet?: string | undefined;
  /** Only cells inside it; a sheet it names wins over `sheet`. */
  readonly range?: QualifiedRange | undefined;
  /** GRIDBOOK_MAX_GRID_CELLS. */
  readonly maxCells: number;
  readonly clock: SliceClock;
}

/**
 * The answer as an object (small listings) or as its JSON text in UTF-8 chunks (large ones, built
 * in slices: sent as they are, never one string of tens of megabytes; each slice's text becomes
 * bytes at once, so it dies young instead of being copied and promoted until the end).
 */
export type GridAnswer =
  | { readonly body: GridResponse; readonly json?: undefined }
  | { readonly json: readonly Buffer[]; readonly body?: undefined };

/** GET /grid's answer, from one state of the workbook. */
export function readGrid(workbook: WorkbookReader, read: GridRead): Promise<GridAnswer> {
  const { range } = read;
  return readConsistently(workbook, read.clock, async (slices): Promise<GridAnswer> => {
    const sheet = workbook.sheet(range?.sheet ?? read.sheet);
    const cells = await listedCellsInSlices(sheet, range, read.maxCells, slices);
    const bounds = sheet.occupiedBounds();
    const listed = unionBounds(unionBounds(bounds, sheet.lockedBounds()), filledBounds(sheet));
    const head = {
      sheet: sheet.name,
      occupied_bounds: boundsJson(bounds),
      // Nothing outside this rectangle would be listed or drawn (no input, no lock, no fill): the
      // UI skips reading there.
      listed_bounds: boundsJson(listed),
    };
    const { layout, hidden_rows } = layoutAnswer(
      sheet,
      range === undefined ? undefined : { first: range.start.row, last: range.end.row },
    );
    // Frozen panes, sizes, the filter, and the rows it hides (within the range when one is given).
    const tail = {
      layout,
      hidden_rows,
      ...(sheet.hasFormats ? { formats: formatRangesJson(sheet, range) } : {}),
    };
    if (cells.length <= SMALL_LISTING)
      return { body: { ...head, cells: cells.map((cell) => cellJson(sheet, cell)), ...tail } };
    // Each slice's cells become one chunk of the answer's JSON text, sent as they are.
    const chunks = [Buffer.from(`${JSON.stringify(head).slice(0, -1)},"cells":[`)];
    for (let from = 0; from < cells.length; from += CHUNK_CELLS) {
      await slices.pause();
      const texts: string[] = [];
      for (let index = from; index < Math.min(cells.length, from + CHUNK_CELLS); index += 1)
        texts.push(JSON.stringify(cellJson(sheet, cells[index]!)));
      chunks.push(Buffer.from(`${from === 0 ? '' : ','}${texts.join(',')}`));
    }
    const rest = JSON.stringify(tail);
    chunks.push(Buffer.from(`]${rest === '{}' ? '' : `,${rest.slice(1, -1)}`}}`));
    return { json: chunks };
  });
}
