// Keys on the grid (not while editing): typing starts an edit, F2 edits in place, Enter and
// Tab move (Excel-style, no editing), Delete clears, Ctrl+D / Ctrl+R fill down / right, Ctrl+- /
// Ctrl++ delete / insert whole rows or columns, Ctrl+; and Ctrl+Shift+; enter today's date and the time, Ctrl+Arrow jumps to the data edge and
// Ctrl+Shift+Arrow extends the selection to it, Ctrl+End to the last used cell, Shift+PageDown /
// Shift+PageUp extend it by a page of rows, Alt+PageDown / Alt+PageUp move a screen of columns
// (with Shift they extend), Shift+Home extends to column A and Ctrl+Shift+Home to A1. Arrows,
// Ctrl+PageDown / Ctrl+PageUp open the next / previous sheet. Arrows, Shift+Arrows, Home,
// PageUp/Down, Ctrl+Home and Ctrl+A are left to Glide.
import { editableInput } from './cell-format.js';
import type { GridKeyEventArgs } from '@glideapps/glide-data-grid';
import type { Session } from '../app/session.js';
import type { EditController } from './editing.js';
import { jumpTarget, type Direction } from './data-edge.js';
import { rectOf, type CellRef, type Rect } from './address.js';
import { fillFromEdge } from './fill-drag.js';
import { nowEntryOf, nowEntryText } from './now-entry.js';
import { stepInside, stepsInside } from './selection-step.js';
import { structureKeyChange } from './structure-keys.js';
import { rowInView } from './visible-rows.js';

export interface KeyDeps {
  readonly session: Session;
  readonly editor: EditController;
  readonly grid: () => { rows: number; cols: number };
  /** Move the cursor to a cell and collapse the selection to it (scrolling it into view). */
  readonly moveTo: (cell: CellRef) => void;
  /** Scroll a cell into view without touching the selection. */
  readonly scrollTo: (cell: CellRef) => void;
  /** How far PageDown moves in rows, and Alt+PageDown in columns: a screen. */
  readonly page: () => { rows: number; cols: number };
  readonly clearMarquee: () => void;
}

const ARROWS: Readonly<Record<string, Direction>> = {
  ArrowUp: 'up',
  ArrowDown: 'down',
  ArrowLeft: 'left',
  ArrowRight: 'right',
};

const STEPS: Readonly<Record<Direction, { dx: number; dy: number }>> = {
  up: { dx: 0, dy: -1 },
  down: { dx: 0, dy: 1 },
  left: { dx: -1, dy: 0 },
  right: { dx: 1, dy: 0 },
};

/**
 * A key whose text an input method composes (Japanese, Chinese, Korean: key "Process", code 229)
 * or a dead key (´ then e makes é). The composition goes to whatever holds the focus, and the
 * canvas holds no text: without an editor open the typed text was lost.
 */
function startsComposition(event: GridKeyEventArgs): boolean {
  if (event.ctrlKey || event.metaKey) return false;
  return event.key === 'Process' || event.key === 'Dead' || event.keyCode === 229;
}

function isPrintable(event: GridKeyEventArgs): boolean {
  // Shift+Space selects the row, as in Excel and Sheets (Glide's own key), instead of starting
  // an edit with a space that would clear the cell when committed.
  if (event.key === ' ' && event.shiftKey) return false;
  return event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey;
}

/**
 * Ctrl+B / Ctrl+I / Ctrl+U toggle bold, italic, underline (from the cursor cell's state), and
 * Ctrl+Shift+4 / Ctrl+Shift+5 set a currency and a percent format, as spreadsheets do.
 */
function formatShortcut(
  event: GridKeyEventArgs,
  session: KeyDeps['session'],
  cursor: { col: number; row: number },
): Record<string, unknown> | undefined {
  const format = session.cell(cursor.col, cursor.row)?.format;
  const key = event.key.toLowerCase();
  if (!event.shiftKey && key === 'b') return { bold: format?.bold !== true };
  if (!event.shiftKey && key === 'i') return { italic: format?.italic !== true };
  if (!event.shiftKey && key === 'u') return { underline: format?.underline !== true };
  if (event.shiftKey && (event.key === '$' || event.key === '4'))
    return { number_format: '"$"#,##0.00' };
  if (event.shiftKey && (event.key === '%' || event.key === '5')) return { number_format: '0%' };
  return undefined;
}

export function handleGridKey(event: GridKeyEventArgs, deps: KeyDeps): void {
  const { session, editor } = deps;
  const selection = session.selection.get();
  const cursor = selection.cursor;
  const modifier = event.ctrlKey || event.metaKey;
  const grid = deps.grid();

  if (startsComposition(event)) {
    // The editor opens empty and takes the focus while the key is still being handled, so the
    // composition happens in it, as typing starts an edit in Excel and Sheets. The key's default
    // is kept: it is what starts the composition.
    event.cancel();
    editor.start(cursor, '', { mode: 'enter', origin: 'cell' });
    return;
  }
  if (isPrintable(event)) {
    event.cancel();
    event.preventDefault();
    editor.start(cursor, event.key, { mode: 'enter', origin: 'cell' });
    return;
  }
  // Ctrl+; writes today's date into the cursor cell and Ctrl+Shift+; the time, as typed dates.
  const now = nowEntryOf({ ...event, code: event.rawEvent?.code });
  if (now !== undefined) {
    event.cancel();
    event.preventDefault();
    void editor.enter(cursor, nowEntryText(now, new Date()));
    return;
  }
  const shortcut = modifier && !event.altKey ? formatShortcut(event, session, cursor) : undefined;
  if (shortcut !== undefined) {
    event.cancel();
    event.preventDefault();
    void session.formatRange(session.activeSheet, selection.rect, shortcut);
    return;
  }
  const structure = structureKeyChange(event, selection.rect, selection.label);
  if (structure !== undefined) {
    // The browser's zoom keys are held back.
    event.cancel();
    event.preventDefault();
    if (structure === 'not-whole')
      session.toasts.show(
        'Select whole rows (Shift+Space) or columns (Ctrl+Space) to insert or delete them.',
      );
    else {
      const { axis, kind, at, count } = structure;
      void session.changeStructure(session.activeSheet, axis, kind, at, count);
    }
    return;
  }
  // Ctrl+D fills down, Ctrl+R right (the browser's bookmark and reload keys are held back).
  const fillKey = event.key.toLowerCase();
  if (modifier && !event.shiftKey && !event.altKey && (fillKey === 'd' || fillKey === 'r')) {
    event.cancel();
    event.preventDefault();
    void fillFromEdge(session, selection.rect, fillKey === 'd' ? 'down' : 'right');
    return;
  }
  if (event.key === 'F2') {
    event.cancel();
    event.preventDefault();
    const input = editableInput(session.cell(cursor.col, cursor.row));
    editor.start(cursor, input, { mode: 'edit', origin: 'cell' });
    return;
  }
  if (event.key === 'Enter' || event.key === 'Tab') {
    event.cancel();
    event.preventDefault();
    if (stepsInside(selection.rect, cursor)) {
      session.goTo(selection.rect, stepInside(selection.rect, cursor, event.key, event.shiftKey));
      return;
    }
    const back = event.shiftKey ? -1 : 1;
    const next =
      event.key === 'Enter'
        ? session.tabRun.enter(cursor, back)
        : { col: cursor.col + back, row: cursor.row };
    const target = {
      col: Math.max(0, Math.min(grid.cols - 1, next.col)),
      row: rowInView(
        Math.max(0, Math.min(grid.rows - 1, next.row)),
        cursor.row,
        session.layouts.hiddenRows(session.activeSheet),
        grid.rows,
      ),
    };
    if (event.key === 'Tab') session.tabRun.tab(cursor, target);
    deps.moveTo(target);
    return;
  }
  if (event.key === 'Delete' || event.key === 'Backspace') {
    event.cancel();
    event.preventDefault();
    void session.clearRange(session.activeSheet, selection.rect);
    return;
  }
  if (event.key === 'Escape') {
    deps.clearMarquee();
    return;
  }
  const direction = ARROWS[event.key];
  const { rect } = selection;
  const wholeLines =
    (rect.row === 0 && rect.height >= grid.rows) || (rect.col === 0 && rect.width >= grid.cols);
  if (direction !== undefined && wholeLines && !modifier && !event.shiftKey && !event.altKey) {
    // After a header click, Ctrl+Space or Shift+Space Glide has no current cell to move: an
    // arrow moves from the cursor to its neighbour and selects that one cell, as in Excel.
    event.cancel();
    event.preventDefault();
    const step = STEPS[direction];
    deps.moveTo({
      col: Math.max(0, Math.min(grid.cols - 1, cursor.col + step.dx)),
      row: Math.max(0, Math.min(grid.rows - 1, cursor.row + step.dy)),
    });
    return;
  }
  if (modifier && direction !== undefined && !event.shiftKey) {
    event.cancel();
    event.preventDefault();
    void jumpTarget(session.grid, session.activeSheet, cursor, direction, grid)
      .then((target) => deps.moveTo(target))
      .catch((error: unknown) => session.reportError('Could not jump', error));
    return;
  }
  if (modifier && direction !== undefined && event.shiftKey) {
    event.cancel();
    event.preventDefault();
    void extendToDataEdge(session, selection.rect, cursor, direction, grid).catch(
      (error: unknown) => session.reportError('Could not extend the selection', error),
    );
    return;
  }
  if (modifier && event.key === 'End') {
    event.cancel();
    event.preventDefault();
    const bounds = session.store.bounds(session.activeSheet);
    const last =
      bounds === null || bounds === undefined
        ? { col: 0, row: 0 }
        : { col: bounds.lastCol, row: bounds.lastRow };
    // Ctrl+Shift+End selects from the cursor to the last used cell, as in Excel (it only moved).
    if (event.shiftKey) session.goTo(rectOf(cursor, last), cursor);
    else deps.moveTo(last);
    return;
  }
  if (sheetKeys(event, session)) return;
  if (pageKeys(event, selection.rect, cursor, deps)) return;
  // Undo/redo, save and copy/paste are handled at the page level (they work outside the grid too).
  if (modifier && ['z', 'y', 's', 'c', 'v', 'x', 'Z', 'Y'].includes(event.key)) event.cancel();
}

/**
 * The corners of a selection as Shift+keys see it: `fixed` is the corner on the cursor's side,
 * which stays; `free` the opposite one, which the keys move (Excel's anchor and moving end).
 */
function selectionCorners(rect: Rect, cursor: CellRef): { fixed: CellRef; free: CellRef } {
  const bottom = rect.row + rect.height - 1;
  const right = rect.col + rect.width - 1;
  const free = {
    col: cursor.col === rect.col ? right : rect.col,
    row: cursor.row === rect.row ? bottom : rect.row,
  };
  const fixed = {
    col: free.col === rect.col ? right : rect.col,
    row: free.row === rect.row ? bottom : rect.row,
  };
  return { fixed, free };
}

/**
 * Ctrl+PageDown / Ctrl+PageUp open the next / previous sheet, as in Excel, stopping at the last
 * and the first (Ctrl+Shift+PageDown / PageUp too, Google Sheets' keys: Chrome keeps Ctrl+PageDown
 * for its own tabs in a tabbed window). Only while the grid has the focus, so elsewhere the
 * browser's tab keys keep working. Returns whether the key was one of them.
 */
function sheetKeys(event: GridKeyEventArgs, session: Session): boolean {
  const step = event.key === 'PageDown' ? 1 : event.key === 'PageUp' ? -1 : 0;
  if (step === 0 || !(event.ctrlKey || event.metaKey) || event.altKey) return false;
  event.cancel();
  event.preventDefault();
  const workbook = session.workbook.get();
  if (workbook === null) return true;
  const at = workbook.sheets.indexOf(workbook.active);
  const next = at < 0 ? undefined : workbook.sheets[at + step];
  if (next !== undefined) void session.activateSheet(next);
  return true;
}

/**
 * The page keys Glide leaves alone (it knows only PageDown, PageUp, Home and Ctrl+Shift+Home),
 * as Excel has them: Shift+PageDown / Shift+PageUp move the selection's free end a page of rows,
 * Alt+PageDown / Alt+PageUp move the cursor a screen of columns (Shift: the free end), Shift+Home
 * moves the free end to column A. Ctrl+Shift+Home is Glide's (A1 to the cursor, as in Excel).
 * Returns whether the key was one of them.
 */
function pageKeys(event: GridKeyEventArgs, rect: Rect, cursor: CellRef, deps: KeyDeps): boolean {
  if (event.ctrlKey || event.metaKey) return false;
  const down = event.key === 'PageDown' ? 1 : event.key === 'PageUp' ? -1 : 0;
  const home = event.key === 'Home' && event.shiftKey && !event.altKey;
  if (down === 0 && !home) return false;
  if (down !== 0 && !event.shiftKey && !event.altKey) return false;
  event.cancel();
  event.preventDefault();
  const page = deps.page();
  const grid = deps.grid();
  const step = (cell: CellRef): CellRef => {
    if (home) return { col: 0, row: cell.row };
    const shift = {
      col: event.altKey ? down * page.cols : 0,
      row: event.altKey ? 0 : down * page.rows,
    };
    return {
      col: Math.max(0, Math.min(grid.cols - 1, cell.col + shift.col)),
      row: Math.max(0, Math.min(grid.rows - 1, cell.row + shift.row)),
    };
  };
  if (!event.shiftKey) {
    deps.moveTo(step(cursor));
    return true;
  }
  const { fixed, free } = selectionCorners(rect, cursor);
  const end = step(free);
  deps.session.goTo(rectOf(fixed, end), cursor);
  deps.scrollTo(end);
  return true;
}

/**
 * Ctrl+Shift+Arrow as spreadsheets do it: the edge of the selection away from the cursor moves
 * to where Ctrl+Arrow would jump from it; the cursor's edge stays (Glide's own extends to the
 * end of the sheet).
 */
async function extendToDataEdge(
  session: Session,
  rect: Rect,
  cursor: CellRef,
  direction: Direction,
  grid: { rows: number; cols: number },
): Promise<void> {
  const { fixed, free } = selectionCorners(rect, cursor);
  const vertical = direction === 'up' || direction === 'down';
  const from = vertical ? { col: cursor.col, row: free.row } : { col: free.col, row: cursor.row };
  const sheet = session.activeSheet;
  const target = await jumpTarget(session.grid, sheet, from, direction, grid);
  if (session.activeSheet !== sheet) return;
  const end = vertical ? { col: free.col, row: target.row } : { col: target.col, row: free.row };
  session.goTo(rectOf(fixed, end), cursor);
}
