// The format painter: a click copies the active cell's format; the next selection (a click, a
// drag, or a move with the keys) receives it, as one undo step; Escape cancels.
import { Observable } from '../app/observable.js';
import type { Session } from '../app/session.js';
import { formatRect } from './address.js';
import type { CellFormat } from './cell-store.js';
import { replacingPatch } from './format-patch.js';

export class FormatPainter {
  /** Whether a format is picked up and waits for its target. */
  readonly armed = new Observable<boolean>(false);
  private copied: CellFormat | undefined;
  private stopWatching: (() => void) | undefined;

  constructor(private readonly session: Session) {}

  /** Picks up the active cell's format (or puts it down again when already armed). */
  toggle(): void {
    if (this.armed.get()) {
      this.cancel();
      return;
    }
    const { cursor } = this.session.selection.get();
    this.copied = this.session.store.formatAt(this.session.activeSheet, cursor.col, cursor.row);
    this.armed.set(true);
    this.watch();
  }

  cancel(): void {
    this.stopWatching?.();
    this.stopWatching = undefined;
    this.armed.set(false);
  }

  private watch(): void {
    const startedOn = formatRect(this.session.selection.get().rect);
    let mouseDown = false;
    let waiting = false;
    const apply = () => {
      const { rect } = this.session.selection.get();
      const format = this.copied;
      this.cancel();
      void this.session.formatRange(this.session.activeSheet, rect, replacingPatch(format));
    };
    const onSelection = () => {
      if (formatRect(this.session.selection.get().rect) === startedOn && !mouseDown) return;
      // A drag grows the selection cell by cell: the format goes down when the button is let go.
      if (mouseDown) waiting = true;
      else apply();
    };
    const onMouseDown = () => {
      mouseDown = true;
    };
    const onMouseUp = () => {
      mouseDown = false;
      if (waiting) apply();
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      this.cancel();
    };
    const stopSelection = this.session.selection.subscribe(onSelection);
    window.addEventListener('mousedown', onMouseDown, true);
    window.addEventListener('mouseup', onMouseUp, true);
    window.addEventListener('keydown', onKey, true);
    this.stopWatching = () => {
      stopSelection();
      window.removeEventListener('mousedown', onMouseDown, true);
      window.removeEventListener('mouseup', onMouseUp, true);
      window.removeEventListener('keydown', onKey, true);
    };
  }
}
