// Writes from the grid: one cell, a block, a clear, a lock. Each shows its result at once in
// the cache, goes through the session's write queue, and is one undo step on the server.
import type { FormatBody, ReplaceBody } from '../../../src/contract/index.js';
import { ApiError } from '../api/errors.js';
import { formatCell, formatRect, type CellRef, type Rect } from '../grid/address.js';
import type { CachedCell } from '../grid/cell-store.js';
import { visibleRowBands } from '../grid/visible-rows.js';
import { optimisticCell } from './optimistic.js';
import type { Session } from './session.js';

export interface WriteCellOptions {
  /** Write whatever the cell holds now (the conflict dialog's Overwrite). */
  readonly force?: boolean;
  /** The version the user saw when the edit began (undefined: the one cached at write time). */
  readonly seenVersion?: number | undefined;
}

/**
 * The version a typed write expects, or undefined for none (the cell is not loaded, or Overwrite).
 * A filled cell: the version the user saw when the edit began, unless the cell has moved on
 * since through this page's own writes (an earlier edit still on its way). A cell the page holds
 * as empty: the newest version the page knows of it, 0 when none; someone may have written it a
 * moment ago and the page not heard yet, and that write is theirs to keep.
 */
function expectedVersion(
  session: Session,
  sheet: string,
  address: string,
  known: CachedCell | null | undefined,
  options: WriteCellOptions,
): number | undefined {
  if (options.force === true || known === undefined) return undefined;
  const seen = options.seenVersion;
  // Version 0: this write's own optimistic echo over a cell that was empty.
  if (known === null || known.version === 0)
    return Math.max(seen ?? 0, session.ownVersion(sheet, address) ?? 0);
  return seen === undefined ||
    known.version === seen ||
    session.isOwnVersion(sheet, address, known.version)
    ? known.version
    : seen;
}

/** A refused typed write, with the input the cell holds now (read once, for the conflict dialog). */
class CellConflict extends Error {
  constructor(readonly theirs: string) {
    super('The cell changed since it was read');
  }
}

/**
 * After a 409: the cell read once, and the version to retry at when it is empty now. Writing
 * there loses nobody's input (it was cleared, perhaps before the page read it, and empty cells'
 * versions are not in the page's reads). Undefined for any other error.
 */
async function readRefusedCell(
  session: Session,
  sheet: string,
  address: string,
  error: unknown,
): Promise<{ readonly theirs: string; readonly retryAt: number | undefined } | undefined> {
  if (!(error instanceof ApiError) || error.status !== 409) return undefined;
  const detail = error.detail as { actual?: unknown } | null;
  const actual = typeof detail === 'object' && detail !== null ? detail.actual : undefined;
  const fresh = await session.grid.read(sheet, address).catch(() => undefined);
  const theirs = fresh?.cells[0]?.input ?? '';
  const isEmpty = fresh !== undefined && theirs === '';
  return { theirs, retryAt: isEmpty && typeof actual === 'number' ? actual : undefined };
}

/** For the conflict dialog: the input someone else left in the cell, or undefined for no conflict. */
async function conflictingInput(
  session: Session,
  sheet: string,
  address: string,
  error: unknown,
): Promise<string | undefined> {
  if (error instanceof CellConflict) return error.theirs;
  // A retry at an empty cell's version was refused too: the cell is read again for that one.
  if (!(error instanceof ApiError) || error.status !== 409) return undefined;
  const fresh = await session.grid.read(sheet, address).catch(() => undefined);
  return fresh?.cells[0]?.input ?? '';
}

/** Type a value into one cell (optimistic display, version-checked, one undo step). */
export async function writeCell(
  session: Session,
  sheet: string,
  cell: CellRef,
  text: string,
  options: WriteCellOptions = {},
): Promise<boolean> {
  const address = formatCell(cell);
  const before = session.store.cell(sheet, cell.col, cell.row);
  if (before?.locked === true) {
    session.toasts.show(
      `${address} is locked; unlock it (right-click → Unlock) to edit it.`,
      'error',
    );
    return false;
  }
  session.store.patch(sheet, cell.col, cell.row, optimisticCell(text, before));
  try {
    const writtenVersion = await session.queueWrite(async () => {
      // Read the version inside the queue: an earlier queued write to this cell moved it on.
      const known = session.store.cell(sheet, cell.col, cell.row);
      const version = expectedVersion(session, sheet, address, known, options);
      const request = { cell: address, value: text, sheet };
      const post = (expected: number | undefined) =>
        session.grid.writeCell(
          expected === undefined
            ? request
            : { ...request, expected_versions: { [address]: expected } },
        );
      const written = await post(version).catch(async (error: unknown) => {
        const refused = await readRefusedCell(session, sheet, address, error);
        if (refused === undefined) throw error;
        if (refused.retryAt === undefined || refused.retryAt === version)
          throw new CellConflict(refused.theirs);
        return post(refused.retryAt);
      });
      if (written.version !== undefined) {
        session.noteOwnVersion(sheet, address, written.version);
        // Null when the write clears the cell: "" and also text of only spaces.
        const echoed = optimisticCell(text, before);
        session.store.patch(
          sheet,
          cell.col,
          cell.row,
          echoed === null
            ? null
            : { ...echoed, value: written.value ?? null, version: written.version },
        );
      }
      return written.version;
    });
    // The version this edit left, so its undo can tell whether someone wrote the cell since (UNDO-04).
    session.noteCommit(
      sheet,
      1,
      writtenVersion === undefined ? undefined : { [address]: writtenVersion },
    );
    return true;
  } catch (error) {
    session.store.patch(sheet, cell.col, cell.row, before ?? null);
    session.store.invalidate(sheet);
    const theirs = await conflictingInput(session, sheet, address, error);
    if (theirs !== undefined) {
      session.conflict.set({ sheet, cell: address, mine: text, theirs });
      return false;
    }
    session.reportError(`${address} was not changed`, error);
    return false;
  }
}

type BlockValues = readonly (readonly (string | number | boolean | null)[])[];

/** Show a block at once in the cached cells it covers. */
function patchBlock(session: Session, sheet: string, anchor: CellRef, values: BlockValues): void {
  for (let r = 0; r < values.length; r += 1) {
    const row = values[r]!;
    for (let c = 0; c < row.length; c += 1) {
      const text = row[c] === null ? '' : String(row[c]);
      const before = session.store.cell(sheet, anchor.col + c, anchor.row + r);
      session.store.patch(sheet, anchor.col + c, anchor.row + r, optimisticCell(text, before));
    }
  }
}

function postBlock(
  session: Session,
  sheet: string,
  anchor: CellRef,
  values: BlockValues,
): Promise<unknown> {
  return session.grid.writeRange({
    target_cell: formatCell(anchor),
    values: values.map((row) => [...row]),
    sheet,
  });
}

/** Write a block of values with its top-left at `anchor` (paste, fill): one request, one undo step. */
export async function writeRange(
  session: Session,
  sheet: string,
  anchor: CellRef,
  values: BlockValues,
  action = 'Paste',
): Promise<boolean> {
  try {
    session.requireOnline();
    patchBlock(session, sheet, anchor, values);
    await session.queueWrite(() => postBlock(session, sheet, anchor, values));
    session.noteCommit(sheet);
    return true;
  } catch (error) {
    session.store.invalidate(sheet);
    session.reportError(`${action} failed`, error);
    return false;
  }
}

export interface BlockChunk {
  readonly anchor: CellRef;
  readonly values: BlockValues;
}

/**
 * Write a large block as several requests, each one commit, holding the write queue for all of
 * them. The next chunk is already on its way while the server applies the current one, so
 * the server does not sit idle while the page prepares and sends each chunk.
 * Returns how many chunks were committed (those are the undo steps to merge).
 */
export async function writeRangeChunks(
  session: Session,
  sheet: string,
  chunks: readonly BlockChunk[],
  onCommitted: (committed: number) => void,
  action = 'Paste',
): Promise<number> {
  let committed = 0;
  const commit = (): void => {
    committed += 1;
    session.noteCommit(sheet);
    onCommitted(committed);
  };
  const send = (chunk: BlockChunk): Promise<unknown> => {
    patchBlock(session, sheet, chunk.anchor, chunk.values);
    return postBlock(session, sheet, chunk.anchor, chunk.values);
  };
  try {
    session.requireOnline();
    await session.queueWrite(async () => {
      let current = chunks.length > 0 ? send(chunks[0]!) : undefined;
      for (let index = 1; current !== undefined; index += 1) {
        const next = index < chunks.length ? send(chunks[index]!) : undefined;
        try {
          await current;
        } catch (error) {
          // A chunk already sent may still have been written: count it, so undo stays in step.
          if (
            next !== undefined &&
            (await next.then(
              () => true,
              () => false,
            ))
          )
            commit();
          throw error;
        }
        commit();
        current = next;
      }
    });
  } catch (error) {
    session.store.invalidate(sheet);
    session.reportError(`${action} failed`, error);
  }
  return committed;
}

/**
 * Delete: clears the unlocked cells of `rect`, skipping locked ones with a notice (CLR-01), and
 * the rows a filter hides (the server leaves them alone: one request, one undo step). Returns
 * whether anything was cleared.
 */
export async function clearRange(session: Session, sheet: string, rect: Rect): Promise<boolean> {
  try {
    session.requireOnline();
    // Show the cleared cells at once when they are all on screen (locked and hidden ones stay).
    if (rect.width * rect.height <= 20_000) {
      for (const band of visibleRowBands(rect, session.layouts.rowsOutOfView(sheet)))
        for (const { col, row, cell } of session.store.loadedCells(sheet, band) ?? [])
          if (!cell.locked) session.store.patch(sheet, col, row, null);
    }
    const result = await session.queueWrite(() => session.grid.clear(sheet, formatRect(rect)));
    const cleared = (result.cleared ?? 1) > 0;
    if (cleared) session.noteCommit(sheet);
    else session.store.invalidate(sheet);
    const skipped = result.skipped_locked ?? 0;
    if (skipped > 0)
      session.toasts.show(`${skipped} locked ${skipped === 1 ? 'cell' : 'cells'} skipped.`);
    return cleared;
  } catch (error) {
    // The cells shown cleared come back: read them again (the heartbeat no longer does while
    // the commit stream is followed).
    session.store.invalidate(sheet);
    session.reportError('Clear failed', error);
    return false;
  }
}

export async function setLocked(
  session: Session,
  sheet: string,
  rect: Rect,
  locked: boolean,
): Promise<void> {
  try {
    await session.queueWrite(() => session.grid.lock(sheet, formatRect(rect), locked));
    session.noteCommit(sheet);
    session.toasts.show(`${formatRect(rect)} ${locked ? 'locked' : 'unlocked'}.`, 'success');
  } catch (error) {
    session.reportError(locked ? 'Lock failed' : 'Unlock failed', error);
  }
}

/** Formats the selection (bold, a number format …): one commit, then the cells are read again. */
export async function formatRange(
  session: Session,
  sheet: string,
  rect: Rect,
  format: NonNullable<FormatBody['format']>,
): Promise<void> {
  try {
    await session.queueWrite(() => session.grid.format({ sheet, range: formatRect(rect), format }));
    session.noteCommit(sheet);
  } catch (error) {
    session.reportError('Format failed', error);
  }
}

/**
 * Gives the listed cells (A1 addresses) one format, in requests of at most 10,000 cells; answers
 * how many commits that took (0 when one failed, reported). Paste and the painter use it.
 */
export async function formatCellList(
  session: Session,
  sheet: string,
  cells: readonly string[],
  format: NonNullable<FormatBody['format']>,
): Promise<number> {
  const PER_REQUEST = 10_000;
  let commits = 0;
  try {
    for (let start = 0; start < cells.length; start += PER_REQUEST) {
      const part = cells.slice(start, start + PER_REQUEST);
      await session.queueWrite(() => session.grid.format({ sheet, cells: part, format }));
      session.noteCommit(sheet);
      commits += 1;
    }
  } catch (error) {
    session.reportError('Format failed', error);
  }
  return commits;
}

/**
 * Moves cut cells to where they are pasted (one undo step): the server moves them with their
 * formats and rewrites every formula that read them; every cache is stale after it.
 */
export async function moveCells(
  session: Session,
  from: { readonly sheet: string; readonly rect: Rect },
  to: { readonly sheet: string; readonly cell: CellRef },
): Promise<boolean> {
  try {
    session.requireOnline();
    await session.queueWrite(() =>
      session.grid.move({
        source: formatRect(from.rect),
        sheet: from.sheet,
        target_cell: formatCell(to.cell),
        target_sheet: to.sheet,
      }),
    );
    session.noteCommit(to.sheet);
    return true;
  } catch (error) {
    session.reportError('Paste failed', error);
    return false;
  }
}

/** Inserts or deletes rows or columns (one undo step); every cache is stale after it. */
export async function changeStructure(
  session: Session,
  sheet: string,
  axis: 'row' | 'col',
  kind: 'insert' | 'delete',
  at: number,
  count: number,
): Promise<void> {
  const what = `${count} ${axis === 'row' ? 'row' : 'column'}${count === 1 ? '' : 's'}`;
  try {
    const result = await session.queueWrite(() =>
      session.grid.changeStructure(sheet, axis, kind, at, count),
    );
    session.noteCommit(sheet);
    const band = result.rows ?? result.columns ?? '';
    session.toasts.show(
      `${kind === 'insert' ? 'Inserted' : 'Deleted'} ${what} (${band}).`,
      'success',
    );
  } catch (error) {
    session.reportError(
      kind === 'insert' ? `Could not insert ${what}` : `Could not delete ${what}`,
      error,
    );
  }
}

/**
 * Replace the matches on `sheet`, all of them or those inside `body.range` (one undo step); says
 * how many cells changed and were skipped.
 */
export async function replaceAll(
  session: Session,
  sheet: string,
  body: Omit<ReplaceBody, 'sheet' | 'scope'>,
): Promise<number | undefined> {
  try {
    const result = await session.queueWrite(() =>
      session.grid.replace({ ...body, sheet, scope: 'sheet' }),
    );
    if (result.replaced > 0) session.noteCommit(sheet);
    // Replace (one cell) says nothing when it did what was asked, as in Excel.
    if (body.range !== undefined && result.replaced > 0) return result.replaced;
    const skipped =
      result.skipped_locked > 0 ? ` (${result.skipped_locked} locked left alone)` : '';
    session.toasts.show(
      `Replaced ${result.replaced} cell${result.replaced === 1 ? '' : 's'}${skipped}.`,
      'success',
    );
    return result.replaced;
  } catch (error) {
    session.reportError('Replace failed', error);
    return undefined;
  }
}
