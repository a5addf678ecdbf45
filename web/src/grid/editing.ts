// Editing a cell: start (typing, F2, double-click, formula bar), keep the text in one place
// so the cell editor and the formula bar show the same characters, point mode (clicking cells,
// or pressing arrow keys, while typing a formula inserts their reference), commit and cancel.
import { editableInput } from './cell-format.js';
import type { EditState, Session } from '../app/session.js';
import { formatRect, rectContains, type CellRef, type Rect } from './address.js';
import { shiftFormula } from '../../../src/core/formula-text/index.js';
import { ROW_HEIGHT } from './grid-theme.js';
import { percentEntry, textEntry } from './number-formats.js';
import { cycleReferenceAt } from './reference-cycle.js';
import { closeParentheses, signedFormula } from './formula-entry.js';
import { stepInside, stepsInside } from './selection-step.js';
import { rowInView } from './visible-rows.js';

/** Characters after which a click inserts a reference instead of ending the edit. */
const POINTABLE_AFTER = new Set([
  '=',
  '(',
  ',',
  '+',
  '-',
  '*',
  '/',
  '^',
  '&',
  '<',
  '>',
  ':',
  ';',
  ' ',
]);

/** The height of one more line of text in a cell, px (Glide draws lines 1.4 em apart). */
const TEXT_LINE_HEIGHT = 18;

/**
 * Whether a key in an editor belongs to an input method composing text (its Enter confirms the
 * text, its arrows choose a candidate): the editors leave such keys to it, or an Enter would
 * commit half-composed text.
 */
export function isComposingKey(event: { nativeEvent: KeyboardEvent; keyCode: number }): boolean {
  return event.nativeEvent.isComposing || event.keyCode === 229;
}

export interface Move {
  readonly dx: number;
  readonly dy: number;
  /** Enter or Tab (not an arrow): they take part in Tab, Tab, Enter. */
  readonly key?: 'Enter' | 'Tab';
}

export class EditController {
  /** The reference inserted by the last click in point mode: the next click replaces it. */
  private pointSpan: { start: number; end: number } | null = null;
  /**
   * The cells that reference names, as the corner it started from and the corner arrow keys
   * move (Shift+arrow moves only `end`, extending it to a range, as Excel's Point mode does).
   */
  private pointed: { anchor: CellRef; end: CellRef } | null = null;
  /** True between a mouse-down in point mode and the next typed character. */
  pointing = false;

  constructor(
    private readonly session: Session,
    private readonly limits: () => { rows: number; cols: number },
  ) {}

  get state(): EditState | null {
    return this.session.editing.get();
  }

  start(
    cell: CellRef,
    text: string,
    options: { origin?: 'cell' | 'bar'; mode?: 'enter' | 'edit'; original?: string } = {},
  ): boolean {
    const sheet = this.session.activeSheet;
    const cached = this.session.cell(cell.col, cell.row);
    if (cached?.locked === true) {
      this.session.toasts.show(
        `${formatRect({ ...cell, width: 1, height: 1 })} is locked; unlock it (right-click → Unlock) to edit it.`,
        'error',
      );
      return false;
    }
    const original = options.original ?? editableInput(cached);
    this.pointSpan = null;
    this.pointed = null;
    this.pointing = false;
    this.session.editing.set({
      sheet,
      cell,
      text,
      original,
      // A cell known to be empty counts as version 0: a write someone makes there meanwhile is
      // theirs, not a version this edit saw.
      seenVersion: cached === null ? 0 : cached?.version,
      origin: options.origin ?? 'cell',
      mode: options.mode ?? 'edit',
      caret: text.length,
    });
    return true;
  }

  update(text: string, caret: number): void {
    const state = this.state;
    if (state === null) return;
    this.pointSpan = null;
    this.pointed = null;
    this.pointing = false;
    this.session.editing.set({ ...state, text, caret });
  }

  setCaret(caret: number): void {
    const state = this.state;
    if (state !== null && state.caret !== caret) this.session.editing.set({ ...state, caret });
  }

  /** Whether a click on the grid now would insert a reference (a formula awaiting an operand). */
  canPoint(): boolean {
    const state = this.state;
    if (state === null || !state.text.startsWith('=')) return false;
    if (this.pointSpan !== null && state.caret === this.pointSpan.end) return true;
    const before = state.text.slice(0, state.caret).trimEnd().at(-1);
    return before !== undefined && POINTABLE_AFTER.has(before);
  }

  /** Insert (or replace the last inserted) reference to `rect` at the caret. */
  point(rect: Rect): void {
    this.pointed = {
      anchor: { col: rect.col, row: rect.row },
      end: { col: rect.col + rect.width - 1, row: rect.row + rect.height - 1 },
    };
    this.insertReference(rect);
  }

  /**
   * An arrow key in point mode: the first one inserts the reference of the cell next to the
   * edited one, the next ones move it; with `extend` (Shift) its far corner moves, making a range.
   */
  pointBy(move: Move, extend: boolean): void {
    const state = this.state;
    if (state === null) return;
    const from = this.pointed ?? { anchor: state.cell, end: state.cell };
    const { rows, cols } = this.limits();
    const end = {
      col: Math.max(0, Math.min(cols - 1, from.end.col + move.dx)),
      row: Math.max(0, Math.min(rows - 1, from.end.row + move.dy)),
    };
    const anchor = extend ? from.anchor : end;
    this.pointed = { anchor, end };
    this.insertReference({
      col: Math.min(anchor.col, end.col),
      row: Math.min(anchor.row, end.row),
      width: Math.abs(end.col - anchor.col) + 1,
      height: Math.abs(end.row - anchor.row) + 1,
    });
  }

  private insertReference(rect: Rect): void {
    const state = this.state;
    if (state === null) return;
    const reference = formatRect(rect);
    const span = this.pointSpan ?? { start: state.caret, end: state.caret };
    const text = state.text.slice(0, span.start) + reference + state.text.slice(span.end);
    this.pointSpan = { start: span.start, end: span.start + reference.length };
    this.session.editing.set({ ...state, text, caret: this.pointSpan.end });
  }

  /**
   * F4: the reference at the caret takes its next form (`A1` → `$A$1` → `A$1` → `$A1`), the
   * caret after it. A reference just pointed at stays the one the next click replaces.
   * False when the text is no formula or no reference is at the caret.
   */
  cycleReference(): boolean {
    const state = this.state;
    if (state === null) return false;
    const cycled = cycleReferenceAt(state.text, state.caret);
    if (cycled === undefined) return false;
    const pointed = this.pointSpan;
    this.pointSpan =
      pointed !== null && pointed.start === cycled.from
        ? { start: pointed.start, end: cycled.to }
        : null;
    this.session.editing.set({ ...state, text: cycled.text, caret: cycled.caret });
    return true;
  }

  cancel(): void {
    const state = this.state;
    if (state === null) return;
    this.close();
    this.session.goTo({ ...state.cell, width: 1, height: 1 });
  }

  /** Ends the edit, writing nothing. */
  private close(): void {
    this.session.editing.set(null);
    this.pointSpan = null;
    this.pointed = null;
    this.pointing = false;
  }

  /** Write the text (unless unchanged) and move the cursor by `move` (null: leave the selection). */
  async commit(move: Move | null = { dx: 0, dy: 1 }): Promise<void> {
    const state = this.state;
    if (state === null) return;
    this.close();
    const { rect } = this.session.selection.get();
    const inside = move?.key !== undefined && stepsInside(rect, state.cell);
    if (inside && state.sheet === this.session.activeSheet) {
      // Typing a block into a selected range: Enter and Tab step inside it, which stays selected.
      this.session.goTo(rect, stepInside(rect, state.cell, move.key, move.dx + move.dy < 0));
    } else if (move !== null && state.sheet === this.session.activeSheet) {
      const { rows, cols } = this.limits();
      const wanted =
        move.key === 'Enter'
          ? this.session.tabRun.enter(state.cell, move.dy)
          : { col: state.cell.col + move.dx, row: state.cell.row + move.dy };
      const next = {
        col: Math.max(0, Math.min(cols - 1, wanted.col)),
        row: rowInView(
          Math.max(0, Math.min(rows - 1, wanted.row)),
          state.cell.row,
          this.session.layouts.hiddenRows(state.sheet),
          rows,
        ),
      };
      if (move.key === 'Tab') this.session.tabRun.tab(state.cell, next);
      this.session.goTo({ ...next, width: 1, height: 1 });
    }
    if (state.text !== state.original) {
      const written = await this.writeTyped(state.sheet, state.cell, state.text, state.seenVersion);
      if (written) await this.fitRowToLines(state);
    }
  }

  /**
   * Ctrl+Enter: the typed entry goes into every cell of the selection, a formula's relative
   * references moved for each cell as Excel does, in one write (one undo step); the selection
   * stays. With one cell selected it is committed where it is.
   */
  async commitToSelection(): Promise<void> {
    const state = this.state;
    if (state === null) return;
    const { rect } = this.session.selection.get();
    const several =
      state.sheet === this.session.activeSheet &&
      rect.width * rect.height > 1 &&
      rectContains(rect, state.cell);
    if (!several) return this.commit(null);
    this.close();
    const block = Array.from({ length: rect.height }, (_, r) =>
      Array.from({ length: rect.width }, (_, c) => {
        const cell = { col: rect.col + c, row: rect.row + r };
        return this.typedText(state.sheet, cell, state.text, {
          rows: cell.row - state.cell.row,
          cols: cell.col - state.cell.col,
        });
      }),
    );
    await this.session.writeRange(state.sheet, rect, block, 'Enter');
  }

  /**
   * Writes `text` into a cell of the active sheet without an edit, exactly as typing it and
   * pressing Enter would (Ctrl+; and Ctrl+Shift+; on a selected cell); the selection stays.
   */
  enter(cell: CellRef, text: string): Promise<boolean> {
    return this.writeTyped(this.session.activeSheet, cell, text);
  }

  /** Puts `text` in place of the edit's characters `start..end`, the caret after it. */
  insertText(text: string, start: number, end: number): void {
    const state = this.state;
    if (state === null) return;
    this.update(state.text.slice(0, start) + text + state.text.slice(end), start + text.length);
  }

  /** The write a committed edit makes: the text read in the cell's number format, as Excel does. */
  private writeTyped(
    sheet: string,
    cell: CellRef,
    typed: string,
    seenVersion?: number,
  ): Promise<boolean> {
    return this.session.writeCell(sheet, cell, this.typedText(sheet, cell, typed), {
      seenVersion,
    });
  }

  /**
   * What typing `typed` stores in a cell: a formula typed with a leading + or - made one, its
   * relative references moved by `shift` (Ctrl+Enter into the cells of a range), its open
   * parentheses closed; the text read in the cell's number format (20 in a percentage: 20 %).
   */
  private typedText(
    sheet: string,
    cell: CellRef,
    typed: string,
    shift: { rows: number; cols: number } = { rows: 0, cols: 0 },
  ): string {
    const format = this.session.store.formatAt(sheet, cell.col, cell.row)?.number_format;
    // A Plain text cell keeps a typed formula as it is, as text.
    const plainText = format?.trim() === '@';
    const entry = plainText
      ? shiftFormula(typed, shift.rows, shift.cols)
      : closeParentheses(shiftFormula(signedFormula(typed), shift.rows, shift.cols));
    return textEntry(percentEntry(entry, format ?? undefined), format ?? undefined);
  }

  /**
   * Text with line breaks (Alt+Enter) gets a row tall enough to show its lines, as Excel fits
   * the row; a row whose height was set by hand keeps it. One undo step with the write.
   */
  private async fitRowToLines(state: EditState): Promise<void> {
    const lines = state.text.split('\n').length;
    if (lines < 2 || state.sheet !== this.session.activeSheet) return;
    const layout = this.session.layouts.current.get();
    if (layout?.sheet === state.sheet && layout.heights.has(state.cell.row)) return;
    const height = ROW_HEIGHT + (lines - 1) * TEXT_LINE_HEIGHT;
    const row = state.cell.row;
    // Another edit committed in between (typing on at once) is its own step: merge only adjacent.
    let commits = 0;
    const stop = this.session.onCommit(() => (commits += 1));
    try {
      if (
        (await this.session.layouts.setRowHeight(row, row, height)) !== undefined &&
        commits === 1
      )
        this.session.mergeLastCommits(2);
    } finally {
      stop();
    }
  }
}
