// The browser's cache of cells, by sheet and by block (100 rows × 26 columns). Only blocks near the
// viewport are fetched (GET /grid?range=), a bounded number at a time, visible ones first; blocks
// that scroll far away are aborted or evicted (LRU), and writes mark blocks stale so they are
// fetched again when seen, while their old values stay on screen until then (docs/ui-rules.md
// PERF-06, PERF-07). Blocks outside the sheet's listed bounds are known empty without a read.
import {
  columnToLetters,
  parseRange,
  rectContains,
  rectIntersection,
  type Rect,
} from './address.js';
import type { GridCellJson, GridResponse } from '../api/types.js';

export const BLOCK_ROWS = 100;
export const BLOCK_COLS = 26;

export interface CachedCell {
  readonly input: string | null;
  readonly value: GridCellJson['value'];
  readonly error: string | null;
  readonly formula: string | null;
  readonly version: number;
  readonly locked: boolean;
  /** A dynamic-array spill shows here: the formula cell it comes from (no input of its own). */
  readonly spilled_from?: string;
  /** On a formula whose array result spills: the range it fills. */
  readonly spill_range?: string;
  /** The value through the cell's number format, as the server shows it (absent: not read yet). */
  readonly display?: string;
  readonly format?: GridCellJson['format'];
}

/** A cell as the cache keeps it: the grid read's cell without its address (the key holds it). */
function cachedCell({ cell: _address, ...kept }: GridCellJson): CachedCell {
  return kept;
}

export type BlockReader = (
  sheet: string,
  range: string,
  signal: AbortSignal,
) => Promise<GridResponse>;

export interface StoreOptions {
  readonly read: BlockReader;
  readonly maxBlocks?: number;
  readonly maxInFlight?: number;
  /** Called when cells of `sheet` inside `rect` changed in the cache. */
  readonly onChange?: (sheet: string, rect: Rect) => void;
  /**
   * Called (after onChange) when those changes were local edits shown before the server answered
   * (`patch`).
   */
  readonly onPatched?: (sheet: string, rect: Rect) => void;
  readonly onError?: (error: unknown) => void;
  /** Milliseconds clock (injectable for tests); a failed block is not read again for 2 s. */
  readonly now?: () => number;
}

const RETRY_AFTER_MS = 2000;
/**
 * Two leaps past the blocks wanted before (and their neighbours), this close together, mean the
 * view is racing (a scrollbar drag).
 */
const RACING_MS = 100;
/**
 * How long a racing view must rest before its blocks are read (well inside the 300 ms "values after
 * scroll" gate).
 */
const RESUME_AFTER_MS = 60;

interface BlockSpan {
  readonly firstRow: number;
  readonly lastRow: number;
  readonly firstCol: number;
  readonly lastCol: number;
}

/** The blocks `rect` and its margin of rows touch. */
function blockSpan(rect: Rect, overscanRows: number): BlockSpan {
  return {
    firstRow: Math.max(0, Math.floor((rect.row - overscanRows) / BLOCK_ROWS)),
    lastRow: Math.floor((rect.row + rect.height + overscanRows) / BLOCK_ROWS),
    firstCol: Math.floor(rect.col / BLOCK_COLS),
    lastCol: Math.floor((rect.col + rect.width) / BLOCK_COLS),
  };
}

/** Whether `b` touches `a` or the blocks right around it (a step, not a leap). */
function spansNear(a: BlockSpan, b: BlockSpan): boolean {
  return (
    a.firstRow - 1 <= b.lastRow &&
    b.firstRow <= a.lastRow + 1 &&
    a.firstCol - 1 <= b.lastCol &&
    b.firstCol <= a.lastCol + 1
  );
}

export type CellFormat = NonNullable<GridCellJson['format']>;

interface BlockFormat {
  readonly rect: Rect;
  readonly format: CellFormat;
}

/** The formatted rectangles of a read, as rectangles (the whole sheet's limits bound parsing). */
function blockFormats(response: GridResponse): BlockFormat[] {
  const found: BlockFormat[] = [];
  for (const entry of response.formats ?? []) {
    const rect = parseRange(entry.range, 1_048_576, 16_384);
    if (rect !== undefined) found.push({ rect, format: entry.format });
  }
  return found;
}

interface Block {
  readonly key: number;
  readonly blockRow: number;
  readonly blockCol: number;
  cells: Map<number, CachedCell>;
  /** The formatted rectangles the read listed (empty cells' fills), later ones winning. */
  formats: readonly BlockFormat[];
  loaded: boolean;
  /** The sheet generation the cells were read at; older than the sheet's means stale. */
  generation: number;
  lastUsed: number;
  request: AbortController | undefined;
  requestGeneration: number;
  failedAt: number | undefined;
}

/** The cache's block at (blockRow, blockCol), added empty and unread when it has none yet. */
function cachedBlock(cache: SheetCache, blockRow: number, blockCol: number): Block {
  const key = blockKey(blockRow, blockCol);
  let block = cache.blocks.get(key);
  if (block === undefined) {
    block = {
      key,
      blockRow,
      blockCol,
      cells: new Map(),
      formats: [],
      loaded: false,
      generation: -1,
      lastUsed: 0,
      request: undefined,
      requestGeneration: -1,
      failedAt: undefined,
    };
    cache.blocks.set(key, block);
  }
  return block;
}

interface SheetCache {
  blocks: Map<number, Block>;
  generation: number;
  bounds: { lastRow: number; lastCol: number } | null | undefined;
  /**
   * Where the last read said cells with an input or a lock are (null: nowhere), and at which
   * generation.
   */
  listed: { rect: Rect | null; generation: number } | undefined;
}

/**
 * Blocks needed now before those of the margin: visible first, then by distance (rows count less
 * than columns).
 */
function distance(block: Pick<Block, 'blockRow' | 'blockCol'>, rect: Rect): number {
  const area = blockRect(block);
  const rows = Math.max(
    0,
    area.row - (rect.row + rect.height - 1),
    rect.row - (area.row + area.height - 1),
  );
  const cols = Math.max(
    0,
    area.col - (rect.col + rect.width - 1),
    rect.col - (area.col + area.width - 1),
  );
  return rows + cols * 4;
}

function union(a: Rect, b: Rect): Rect {
  const col = Math.min(a.col, b.col);
  const row = Math.min(a.row, b.row);
  return {
    col,
    row,
    width: Math.max(a.col + a.width, b.col + b.width) - col,
    height: Math.max(a.row + a.height, b.row + b.height) - row,
  };
}

function rectOf(bounds: { readonly first: string; readonly last: string } | null): Rect | null {
  if (bounds === null) return null;
  const first = parseCellIndex(bounds.first);
  const last = parseCellIndex(bounds.last);
  return {
    col: first.col,
    row: first.row,
    width: last.col - first.col + 1,
    height: last.row - first.row + 1,
  };
}

const blockKey = (blockRow: number, blockCol: number): number => blockRow * 1024 + blockCol;
const localKey = (row: number, col: number): number =>
  (row % BLOCK_ROWS) * BLOCK_COLS + (col % BLOCK_COLS);

function parseCellIndex(address: string): { row: number; col: number } {
  const match = /^([A-Z]+)(\d+)$/.exec(address)!;
  let col = 0;
  for (const char of match[1]!) col = col * 26 + (char.charCodeAt(0) - 64);
  return { row: Number(match[2]) - 1, col: col - 1 };
}

function blockRect(block: Pick<Block, 'blockRow' | 'blockCol'>): Rect {
  return {
    col: block.blockCol * BLOCK_COLS,
    row: block.blockRow * BLOCK_ROWS,
    width: BLOCK_COLS,
    height: BLOCK_ROWS,
  };
}

export function blockRange(blockRow: number, blockCol: number): string {
  const rect = blockRect({ blockRow, blockCol });
  return `${columnToLetters(rect.col)}${rect.row + 1}:${columnToLetters(rect.col + rect.width - 1)}${rect.row + rect.height}`;
}

export class CellStore {
  private readonly sheets = new Map<string, SheetCache>();
  private readonly queue: { sheet: string; block: Block }[] = [];
  private inFlight = 0;
  private clock = 0;
  private wanted: { sheet: string; rect: Rect; overscanRows: number } | undefined;
  /** Sheets being renamed: a read sent now could reach the server after the rename and 404. */
  private readonly held = new Set<string>();
  /** The blocks the last `want` covered, and when the view last jumped clear of the ones before. */
  private lastSpan: (BlockSpan & { sheet: string }) | undefined;
  private lastFarMove: number | undefined;
  /** Set while reads wait for a racing view to rest. */
  private readsResume: ReturnType<typeof setTimeout> | undefined;
  /** Cells patched since listeners last heard, per sheet (their bounding rectangle). */
  private readonly patched = new Map<string, Rect>();
  private readonly maxBlocks: number;
  private readonly maxInFlight: number;

  private readonly now: () => number;

  constructor(private readonly options: StoreOptions) {
    this.now = options.now ?? (() => Date.now());
    this.maxBlocks = options.maxBlocks ?? 300;
    this.maxInFlight = options.maxInFlight ?? 4;
  }

  private sheetCache(sheet: string): SheetCache {
    let cache = this.sheets.get(sheet);
    if (cache === undefined) {
      cache = { blocks: new Map(), generation: 0, bounds: undefined, listed: undefined };
      this.sheets.set(sheet, cache);
    }
    return cache;
  }

  /** The cell, null when known to be empty, undefined while its block is not loaded. */
  cell(sheet: string, col: number, row: number): CachedCell | null | undefined {
    const block = this.sheets
      .get(sheet)
      ?.blocks.get(blockKey(Math.floor(row / BLOCK_ROWS), Math.floor(col / BLOCK_COLS)));
    if (block === undefined || !block.loaded) return undefined;
    return block.cells.get(localKey(row, col)) ?? null;
  }

  /**
   * The format a cell shows with, empty cells included (a fill drawn on an empty cell); undefined
   * when it has none or its block is not loaded.
   */
  formatAt(sheet: string, col: number, row: number): CellFormat | undefined {
    const block = this.sheets
      .get(sheet)
      ?.blocks.get(blockKey(Math.floor(row / BLOCK_ROWS), Math.floor(col / BLOCK_COLS)));
    if (block === undefined || !block.loaded) return undefined;
    const own = block.cells.get(localKey(row, col));
    if (own?.format !== undefined) return own.format;
    for (let index = block.formats.length - 1; index >= 0; index -= 1) {
      const entry = block.formats[index]!;
      if (rectContains(entry.rect, { col, row })) return entry.format;
    }
    return undefined;
  }

  /** Occupied bounds as the last read reported them (undefined before any read). */
  bounds(sheet: string): { lastRow: number; lastCol: number } | null | undefined {
    return this.sheets.get(sheet)?.bounds;
  }

  /**
   * Fetch what `rect` (plus a margin around it) needs; cancel reads nobody needs any more.
   * While the view races across the sheet (a scrollbar drag: each frame far from the last),
   * new reads wait until it has rested for a moment instead of being sent and cancelled.
   */
  want(sheet: string, rect: Rect, overscanRows = BLOCK_ROWS / 2): void {
    if (sheet === '') return; // the workbook is not known yet
    const span = blockSpan(rect, overscanRows);
    const before = this.lastSpan;
    const movedFar = before !== undefined && before.sheet === sheet && !spansNear(before, span);
    const now = this.now();
    const racing = movedFar && this.lastFarMove !== undefined && now - this.lastFarMove < RACING_MS;
    this.lastFarMove = movedFar ? now : undefined;
    this.lastSpan = { sheet, ...span };
    this.holdReads(racing ? RESUME_AFTER_MS : 0);
    this.update(sheet, rect, overscanRows);
  }

  /** Hold new reads until `restMs` pass without another hold (0: release them now). */
  private holdReads(restMs: number): void {
    if (this.readsResume !== undefined) clearTimeout(this.readsResume);
    this.readsResume = undefined;
    if (restMs === 0) return;
    this.readsResume = setTimeout(() => {
      this.readsResume = undefined;
      this.pump();
    }, restMs);
  }

  private update(sheet: string, rect: Rect, overscanRows: number): void {
    this.wanted = { sheet, rect, overscanRows };
    const cache = this.sheetCache(sheet);
    const { firstRow, lastRow, firstCol, lastCol } = blockSpan(rect, overscanRows);
    this.clock += 1;
    const needed = new Set<number>();
    for (let blockRow = firstRow; blockRow <= lastRow; blockRow += 1) {
      for (let blockCol = firstCol; blockCol <= lastCol; blockCol += 1) {
        const key = blockKey(blockRow, blockCol);
        needed.add(key);
        const block = cachedBlock(cache, blockRow, blockCol);
        block.lastUsed = this.clock;
      }
    }
    this.dropUnneeded(sheet, needed);
    for (const key of needed) {
      const block = cache.blocks.get(key)!;
      const fresh = block.loaded && block.generation === cache.generation;
      const pending = block.request !== undefined && block.requestGeneration === cache.generation;
      const resting = block.failedAt !== undefined && this.now() - block.failedAt < RETRY_AFTER_MS;
      const held = this.held.has(sheet);
      if (fresh || pending || resting || held || this.queue.some((entry) => entry.block === block))
        continue;
      if (this.knownEmpty(cache, block)) this.fillEmpty(sheet, cache, block);
      else this.queue.push({ sheet, block });
    }
    // A jump or a fast scroll must not wait behind the margin's reads.
    this.queue.sort((a, b) => distance(a.block, rect) - distance(b.block, rect));
    this.pump();
    this.evict();
  }

  /** The last read (at the current generation) said nothing is listed inside the block. */
  private knownEmpty(cache: SheetCache, block: Block): boolean {
    if (cache.listed === undefined || cache.listed.generation !== cache.generation) return false;
    return (
      cache.listed.rect === null ||
      rectIntersection(cache.listed.rect, blockRect(block)) === undefined
    );
  }

  private fillEmpty(sheet: string, cache: SheetCache, block: Block): void {
    block.request?.abort();
    block.request = undefined;
    block.cells = new Map();
    block.formats = [];
    block.loaded = true;
    block.generation = cache.generation;
    block.failedAt = undefined;
    this.options.onChange?.(sheet, blockRect(block));
  }

  private noteBounds(cache: SheetCache, response: GridResponse, generation: number): void {
    cache.bounds =
      response.occupied_bounds === null
        ? null
        : {
            lastRow: parseCellIndex(response.occupied_bounds.last).row,
            lastCol: parseCellIndex(response.occupied_bounds.last).col,
          };
    if (response.listed_bounds !== undefined && generation === cache.generation)
      cache.listed = { rect: rectOf(response.listed_bounds), generation };
  }

  /** Queued or running reads outside the wanted area are dropped (fast scrolling). */
  private dropUnneeded(sheet: string, needed: Set<number>): void {
    for (let index = this.queue.length - 1; index >= 0; index -= 1) {
      const entry = this.queue[index]!;
      if (entry.sheet !== sheet || !needed.has(entry.block.key)) this.queue.splice(index, 1);
    }
    for (const [name, cache] of this.sheets) {
      for (const block of cache.blocks.values()) {
        if (block.request !== undefined && (name !== sheet || !needed.has(block.key))) {
          block.request.abort();
          block.request = undefined;
        }
      }
    }
  }

  private pump(): void {
    if (this.readsResume !== undefined) return; // the view is racing: read where it stops
    while (this.inFlight < this.maxInFlight && this.queue.length > 0) {
      const { sheet, block } = this.queue.shift()!;
      void this.load(sheet, block);
    }
  }

  private async load(sheet: string, block: Block): Promise<void> {
    const cache = this.sheetCache(sheet);
    const controller = new AbortController();
    const generation = cache.generation;
    block.request = controller;
    block.requestGeneration = generation;
    this.inFlight += 1;
    try {
      const response = await this.options.read(
        sheet,
        blockRange(block.blockRow, block.blockCol),
        controller.signal,
      );
      if (controller.signal.aborted || this.sheets.get(sheet) !== cache) return;
      const cells = new Map<number, CachedCell>();
      for (const cell of response.cells) {
        const { row, col } = parseCellIndex(cell.cell);
        cells.set(localKey(row, col), cachedCell(cell));
      }
      block.cells = cells;
      block.formats = blockFormats(response);
      block.loaded = true;
      block.generation = generation;
      block.failedAt = undefined;
      this.noteBounds(cache, response, generation);
      this.options.onChange?.(sheet, blockRect(block));
    } catch (error) {
      if (!controller.signal.aborted) {
        block.failedAt = this.now();
        this.options.onError?.(error);
      }
    } finally {
      if (block.request === controller) block.request = undefined;
      this.inFlight -= 1;
      // A write during the read made it stale: read again if it is still wanted.
      if (this.wanted !== undefined)
        this.update(this.wanted.sheet, this.wanted.rect, this.wanted.overscanRows);
      else this.pump();
    }
  }

  /** Forget the least recently wanted blocks beyond the budget. */
  private evict(): void {
    const all: { cache: SheetCache; block: Block }[] = [];
    for (const cache of this.sheets.values())
      for (const block of cache.blocks.values()) all.push({ cache, block });
    if (all.length <= this.maxBlocks) return;
    all.sort((a, b) => a.block.lastUsed - b.block.lastUsed);
    for (const { cache, block } of all.slice(0, all.length - this.maxBlocks)) {
      if (block.lastUsed === this.clock) break;
      block.request?.abort();
      cache.blocks.delete(block.key);
    }
  }

  /** Store a block read elsewhere (the first screen, fetched before the page has rendered). */
  seed(sheet: string, blockRow: number, blockCol: number, response: GridResponse): void {
    const cache = this.sheetCache(sheet);
    const key = blockKey(blockRow, blockCol);
    if (cache.blocks.get(key)?.loaded === true) return;
    const block = cachedBlock(cache, blockRow, blockCol);
    block.lastUsed = this.clock;
    // The same read may already be queued or running for this block: it is not needed now.
    block.request?.abort();
    block.request = undefined;
    const queued = this.queue.findIndex((entry) => entry.block === block);
    if (queued >= 0) this.queue.splice(queued, 1);
    for (const cell of response.cells) {
      const { row, col } = parseCellIndex(cell.cell);
      block.cells.set(localKey(row, col), cachedCell(cell));
    }
    // The formatted ranges too, as `load` keeps them: without them an empty cell's fill on the
    // first screen was not drawn (and a paste or fill thought it plain) until the next re-read.
    block.formats = blockFormats(response);
    block.loaded = true;
    block.generation = cache.generation;
    this.noteBounds(cache, response, cache.generation);
    this.options.onChange?.(sheet, blockRect(block));
  }

  /** Everything cached for `sheet` (or every sheet) is out of date: keep showing it, read again. */
  invalidate(sheet?: string): void {
    for (const [name, cache] of this.sheets)
      if (sheet === undefined || name === sheet) cache.generation += 1;
    if (this.wanted !== undefined)
      this.update(this.wanted.sheet, this.wanted.rect, this.wanted.overscanRows);
  }

  /** Drop a sheet entirely (deleted, or the whole workbook was replaced when no name is given). */
  forget(sheet?: string): void {
    for (const [name, cache] of this.sheets) {
      if (sheet !== undefined && name !== sheet) continue;
      for (const block of cache.blocks.values()) block.request?.abort();
      this.sheets.delete(name);
    }
    if (sheet === undefined) this.held.clear();
    else this.held.delete(sheet);
    // A sheet that is gone (deleted, or removed by an undo) must not be read again by the next
    // invalidate before the grid has asked for the sheet that replaced it.
    if (sheet !== undefined && this.wanted?.sheet === sheet) this.wanted = undefined;
  }

  /**
   * Read the window the grid last asked for again when it is on `sheet`. After `forget()` of the
   * whole workbook (an import or a load) the grid asks again only if the active sheet's name
   * changed: one that kept its name (Sheet1 before and after) stayed blank until a heartbeat.
   */
  rereadWanted(sheet: string): void {
    if (this.wanted?.sheet === sheet)
      this.update(this.wanted.sheet, this.wanted.rect, this.wanted.overscanRows);
  }

  /** Stop reading `sheet` (cancelling reads under way) until `rename` or `release`. */
  hold(sheet: string): void {
    this.held.add(sheet);
    for (const block of this.sheets.get(sheet)?.blocks.values() ?? []) {
      block.request?.abort();
      block.request = undefined;
    }
    for (let index = this.queue.length - 1; index >= 0; index -= 1)
      if (this.queue[index]!.sheet === sheet) this.queue.splice(index, 1);
  }

  /**
   * True while `sheet` is being renamed or deleted: its old name may already be gone on the server.
   */
  isHeld(sheet: string): boolean {
    return this.held.has(sheet);
  }

  /** Read `sheet` again after a hold that ended without a rename. */
  release(sheet: string): void {
    if (!this.held.delete(sheet)) return;
    if (this.wanted !== undefined)
      this.update(this.wanted.sheet, this.wanted.rect, this.wanted.overscanRows);
  }

  rename(from: string, to: string): void {
    this.held.delete(from);
    const cache = this.sheets.get(from);
    if (cache !== undefined) {
      this.sheets.delete(from);
      this.sheets.set(to, cache);
    }
    if (this.wanted?.sheet === from) this.wanted = { ...this.wanted, sheet: to };
    if (this.wanted !== undefined)
      this.update(this.wanted.sheet, this.wanted.rect, this.wanted.overscanRows);
  }

  /**
   * Show a local change at once (optimistic display); the next read brings the server's truth.
   * Listeners hear of it once per task for all patches made in it: a 10,000-cell paste used to
   * repaint the grid 10,000 times in one long task.
   */
  patch(sheet: string, col: number, row: number, cell: CachedCell | null): void {
    const block = this.sheets
      .get(sheet)
      ?.blocks.get(blockKey(Math.floor(row / BLOCK_ROWS), Math.floor(col / BLOCK_COLS)));
    if (block === undefined || !block.loaded) return;
    if (cell === null) block.cells.delete(localKey(row, col));
    else block.cells.set(localKey(row, col), cell);
    const pending = this.patched.get(sheet);
    this.patched.set(
      sheet,
      pending === undefined
        ? { col, row, width: 1, height: 1 }
        : union(pending, { col, row, width: 1, height: 1 }),
    );
    if (this.patched.size === 1 && pending === undefined)
      queueMicrotask(() => this.announcePatches());
  }

  private announcePatches(): void {
    const patched = [...this.patched];
    this.patched.clear();
    for (const [sheet, rect] of patched) {
      this.options.onChange?.(sheet, rect);
      this.options.onPatched?.(sheet, rect);
    }
  }

  /** Every loaded cell of `sheet` inside `rect`, with its position (for copy and charts). */
  loadedCells(
    sheet: string,
    rect: Rect,
  ): { col: number; row: number; cell: CachedCell }[] | undefined {
    const found: { col: number; row: number; cell: CachedCell }[] = [];
    for (let row = rect.row; row < rect.row + rect.height; row += 1) {
      for (let col = rect.col; col < rect.col + rect.width; col += 1) {
        const cell = this.cell(sheet, col, row);
        if (cell === undefined) return undefined;
        if (cell !== null) found.push({ col, row, cell });
      }
    }
    return found;
  }

  get pendingReads(): number {
    return this.inFlight + this.queue.length;
  }
}
