// Copy, cut and paste of cell ranges as TSV (plus an HTML table), so ranges move to and from
// other spreadsheet programs. Pastes land at the selection's top-left; one copied value fills
// the whole selection; a copy made here keeps its formulas and moves their references, and
// pasted as values only (Ctrl+Shift+V) writes what its cells computed instead.
import { formatCellList, writeRangeChunks, type BlockChunk } from '../app/cell-writes.js';
import type { Session } from '../app/session.js';
import {
  formatCell,
  formatRect,
  parseRange,
  rectCellCount,
  rectIntersection,
  type Rect,
} from './address.js';
import type { CachedCell, CellFormat } from './cell-store.js';
import type { GridResponse } from '../api/types.js';
import { formatKey, isPlain, replacingPatch, type FormatGrid } from './format-patch.js';
import { displayOf } from './cell-format.js';
import { shiftFormula } from '../../../src/core/formula-text/index.js';
import { parseTsv, toHtmlTable, toTsv } from './tsv.js';
import {
  fillSelection,
  outsideTextValues,
  pastedValue,
  type PastedBlock,
  type PastedValue,
} from './paste-values.js';
import type { ParsedBatch } from './tsv-worker.js';

/** What the last copy or cut inside the page held, to paste formulas rather than values. */
export interface InternalClip {
  readonly sheet: string;
  /** The range copied; while a filter hides some of its rows, the grids below hold the others. */
  readonly rect: Rect;
  readonly inputs: readonly (readonly string[])[];
  /** What each copied cell computed, as a paste of values only writes it (`pastedValue`). */
  readonly values: readonly (readonly PastedValue[])[];
  readonly text: string;
  readonly cut: boolean;
  /** Each copied cell's format (undefined: none), pasted with the values. */
  readonly formats: readonly (readonly (CellFormat | undefined)[])[];
}

export type { FormatGrid } from './format-patch.js';

/** Larger copies are refused with a message rather than freezing the page. */
export const MAX_COPY_CELLS = 200_000;
/** Writes above this many cells go in chunks with a progress notice (docs/ui-rules.md PERF-10). */
const CHUNK_CELLS = 10_000;

type Grid = string[][];

function emptyGrid(rect: Rect): Grid {
  return Array.from({ length: rect.height }, () => Array<string>(rect.width).fill(''));
}

function columnOf(letters: string): number {
  let col = 0;
  for (const char of letters) col = col * 26 + (char.charCodeAt(0) - 64);
  return col - 1;
}

function buildClip(
  sheet: string,
  rect: Rect,
  cut: boolean,
  fill: (
    put: (
      col: number,
      row: number,
      input: string | null,
      shown: string,
      value: PastedValue,
    ) => void,
  ) => void,
  formatAt: (col: number, row: number) => CellFormat | undefined,
  hidden: ReadonlySet<number>,
): { clip: InternalClip; html: string } {
  const inputs = emptyGrid(rect);
  const shown = emptyGrid(rect);
  const values: PastedValue[][] = emptyGrid(rect);
  fill((col, row, input, text, value) => {
    inputs[row - rect.row]![col - rect.col] = input ?? '';
    shown[row - rect.row]![col - rect.col] = text;
    values[row - rect.row]![col - rect.col] = value;
  });
  const formats = Array.from({ length: rect.height }, (_, r) =>
    Array.from({ length: rect.width }, (_, c) => formatAt(rect.col + c, rect.row + r)),
  );
  // A copy over a filtered list takes the rows in view only, as Excel's does (a cut moves the
  // whole range). Each kept row's formulas move to the row it takes in the shorter block, so a
  // paste moves them on from there to where the row lands.
  const kept = Array.from({ length: rect.height }, (_, r) => rect.row + r).filter(
    (row) => cut || !hidden.has(row),
  );
  const keep = <T>(grid: readonly T[]): T[] => kept.map((row) => grid[row - rect.row]!);
  const keptInputs = kept.map((row, k) =>
    inputs[row - rect.row]!.map((input) => shiftFormula(input, rect.row + k - row, 0)),
  );
  return {
    clip: {
      sheet,
      rect,
      inputs: keptInputs,
      values: keep(values),
      text: toTsv(keep(shown)),
      cut,
      formats: keep(formats),
    },
    html: toHtmlTable(keep(shown)),
  };
}

/**
 * A copied cell's text for other programs: what the cell shows, a number through its format
 * ($1,200, 15%, 2026-01-31), as Excel and Sheets copy it; the bare number (46053 for a date)
 * read as a different value there.
 */
function shownText(cell: CachedCell): string {
  return displayOf(cell).text;
}

function tooLarge(session: Session, rect: Rect): boolean {
  if (rectCellCount(rect) <= MAX_COPY_CELLS) return false;
  session.toasts.show(
    `That selection has ${rectCellCount(rect).toLocaleString('en-US')} cells; copy at most ${MAX_COPY_CELLS.toLocaleString('en-US')} at a time.`,
    'error',
  );
  return true;
}

/** The clipboard content from cached cells, or undefined when some are not loaded. */
export function copyFromCache(
  session: Session,
  rect: Rect,
  cut: boolean,
): { clip: InternalClip; html: string } | undefined {
  const sheet = session.activeSheet;
  if (rectCellCount(rect) > MAX_COPY_CELLS) return undefined;
  const cached = session.store.loadedCells(sheet, rect);
  if (cached === undefined) return undefined;
  return buildClip(
    sheet,
    rect,
    cut,
    (put) => {
      for (const { col, row, cell } of cached)
        put(col, row, cell.input, shownText(cell), pastedValue(cell.value, cell.error));
    },
    (col, row) => session.store.formatAt(sheet, col, row),
    session.layouts.rowsOutOfView(sheet),
  );
}

/** The clipboard content read from the server (selections larger than the cache). */
export async function copyFromServer(
  session: Session,
  rect: Rect,
  cut: boolean,
): Promise<{ clip: InternalClip; html: string } | undefined> {
  if (tooLarge(session, rect)) return undefined;
  const sheet = session.activeSheet;
  const response = await session.grid.read(sheet, formatRect(rect));
  return buildClip(
    sheet,
    rect,
    cut,
    (put) => {
      for (const cell of response.cells) {
        const match = /^([A-Z]+)(\d+)$/.exec(cell.cell)!;
        put(
          columnOf(match[1]!),
          Number(match[2]) - 1,
          cell.input,
          shownText(cell),
          pastedValue(cell.value, cell.error),
        );
      }
    },
    formatsIn(response, rect),
    session.layouts.rowsOutOfView(sheet),
  );
}

/** Each cell's format in `rect` as a read of it answered (empty cells in formatted ranges too). */
export function formatsIn(
  response: GridResponse,
  rect: Rect,
): (col: number, row: number) => CellFormat | undefined {
  // The formatted rectangles first (empty cells too), then each listed cell's own format.
  const formats = new Map<string, CellFormat>();
  for (const entry of response.formats ?? []) {
    const area = parseRange(entry.range, 1_048_576, 16_384);
    const inside = area === undefined ? undefined : rectIntersection(area, rect);
    if (inside === undefined) continue;
    for (let row = inside.row; row < inside.row + inside.height; row += 1)
      for (let col = inside.col; col < inside.col + inside.width; col += 1)
        formats.set(formatCell({ col, row }), entry.format);
  }
  for (const cell of response.cells)
    if (cell.format !== undefined) formats.set(cell.cell, cell.format);
  return (col, row) => formats.get(formatCell({ col, row }));
}

/** Pastes with more cells than this are parsed in a Web Worker (docs/ui-rules.md PERF-09). */
const WORKER_PARSE_CELLS = 10_000;

/** Whether `text` holds more than `limit` fields; stops counting once it knows. */
function hasMoreCellsThan(text: string, limit: number): boolean {
  let fields = 1;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if ((code === 9 || code === 10) && (fields += 1) > limit) return true;
  }
  return false;
}

/**
 * Outside clipboard text as rows; large texts are parsed off the main thread so the page stays
 * responsive.
 */
export function parsePastedText(text: string): Promise<string[][]> {
  if (!hasMoreCellsThan(text, WORKER_PARSE_CELLS)) return Promise.resolve(parseTsv(text));
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./tsv-worker.ts', import.meta.url), { type: 'module' });
    const rows: string[][] = [];
    worker.onmessage = (event: MessageEvent<ParsedBatch>) => {
      for (const row of event.data.rows) rows.push(row);
      if (!event.data.done) return;
      worker.terminate();
      resolve(rows);
    };
    worker.onerror = (event) => {
      worker.terminate();
      reject(new Error(`Reading the pasted text failed: ${event.message}`));
    };
    worker.postMessage(text);
  });
}

/** The block a paste writes: internal copies keep formulas (moved), outside text is parsed. */
export async function pasteBlock(
  text: string,
  internal: InternalClip | undefined,
  target: Rect,
): Promise<string[][]> {
  const fromHere = internal !== undefined && internal.text === text;
  let block: string[][] = fromHere
    ? internal.inputs.map((row) =>
        row.map((input) =>
          shiftFormula(input, target.row - internal.rect.row, target.col - internal.rect.col),
        ),
      )
    : await parsePastedText(text);
  // One value pasted over a larger selection fills all of it (docs/ui-rules.md CLIP-03).
  if (block.length === 1 && block[0]!.length === 1 && (target.width > 1 || target.height > 1)) {
    const value = block[0]![0]!;
    block = Array.from({ length: target.height }, (_, r) =>
      Array.from({ length: target.width }, (_, c) =>
        fromHere
          ? shiftFormula(
              internal.inputs[0]![0]!,
              target.row + r - internal.rect.row,
              target.col + c - internal.rect.col,
            )
          : value,
      ),
    );
  }
  return block;
}

/**
 * The block a paste of values only writes (Ctrl+Shift+V): a copy made here gives what its cells
 * computed, never their formulas; outside text is written as it reads, a field that starts with
 * `=` as that text. One value fills a larger selection, as in any paste (CLIP-03).
 */
export async function pasteValuesBlock(
  text: string,
  internal: InternalClip | undefined,
  target: Rect,
): Promise<PastedBlock> {
  const fromHere = internal !== undefined && internal.text === text;
  return fillSelection(
    fromHere ? internal.values : outsideTextValues(await parsePastedText(text)),
    target,
  );
}

/**
 * Gives the pasted cells their formats: one request per distinct format (each a commit the
 * paste's undo step takes in). A cell with no format clears the one it had; cells that had none
 * and get none are not sent.
 */
export async function pasteFormats(
  session: Session,
  sheet: string,
  target: Rect,
  formats: FormatGrid,
): Promise<number> {
  const groups = new Map<string, { format: CellFormat | undefined; cells: string[] }>();
  formats.forEach((row, r) =>
    row.forEach((format, c) => {
      const at = { col: target.col + c, row: target.row + r };
      if (isPlain(format) && isPlain(session.store.formatAt(sheet, at.col, at.row))) return;
      const key = formatKey(format);
      const group = groups.get(key) ?? { format, cells: [] };
      group.cells.push(formatCell(at));
      groups.set(key, group);
    }),
  );
  let commits = 0;
  for (const group of groups.values())
    commits += await formatCellList(session, sheet, group.cells, replacingPatch(group.format));
  return commits;
}

/**
 * Pastes a cut made here: the server moves the cells (POST /grid/move), so formulas anywhere
 * that read them follow, as in Excel, and the move is one commit (one undo step). The block
 * lands once at the selection's top-left, not tiled over a larger selection.
 */
export function pasteCut(session: Session, clip: InternalClip, target: Rect): Promise<boolean> {
  return session.moveCells(
    { sheet: clip.sheet, rect: clip.rect },
    { sheet: session.activeSheet, cell: { col: target.col, row: target.row } },
  );
}

/** Write a pasted block, in chunks when large (one undo step). */
export function writePaste(
  session: Session,
  block: PastedBlock,
  target: Rect,
  formats?: FormatGrid,
): Promise<boolean> {
  return session.track(() => writePasteNow(session, block, target, formats));
}

async function writePasteNow(
  session: Session,
  block: PastedBlock,
  target: Rect,
  formats: FormatGrid | undefined,
): Promise<boolean> {
  const sheet = session.activeSheet;
  let commits = 0;
  const width = block.reduce((widest, row) => Math.max(widest, row.length), 1);
  const rowsPerChunk = Math.max(1, Math.floor(CHUNK_CELLS / width));
  const chunks: BlockChunk[] = [];
  for (let start = 0; start < block.length; start += rowsPerChunk) {
    chunks.push({
      anchor: { col: target.col, row: target.row + start },
      values: block.slice(start, start + rowsPerChunk),
    });
  }
  if (chunks.length === 1) {
    if (await session.writeRange(sheet, chunks[0]!.anchor, chunks[0]!.values, 'Paste'))
      commits += 1;
  } else {
    session.toasts.show('Pasting… 0%');
    const written = await writeRangeChunks(session, sheet, chunks, (committed) => {
      if (committed < chunks.length)
        session.toasts.show(`Pasting… ${Math.round((committed / chunks.length) * 100)}%`);
    });
    commits += written;
    if (written === chunks.length)
      session.toasts.show(`Pasted ${block.length.toLocaleString('en-US')} rows.`, 'success');
  }
  if (formats !== undefined) commits += await pasteFormats(session, sheet, target, formats);
  session.mergeLastCommits(commits);
  return commits > 0;
}
