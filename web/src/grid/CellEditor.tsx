// The in-cell editor: a text area laid exactly over the cell being edited, growing a line with
// each line break (Alt+Enter, as in Excel). Enter/Tab commit and move (Shift reverses), Escape
// cancels, F4 turns the reference at the caret absolute or relative, Ctrl+; and Ctrl+Shift+;
// type today's date and the time at the caret; when the edit began by
// typing, arrows insert and move a reference where a formula awaits one (point mode) and
// otherwise commit and move. Typing a function's name lists the functions it may be (Tab takes
// the chosen one, arrows choose, Escape closes the list), as the formula bar does.
// Its text is the session's edit state, so the formula bar shows every character at once.
import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { functionCatalogue } from '../api/functions-api.js';
import type { FunctionJson } from '../api/types.js';
import { useObservable } from '../app/observable.js';
import type { Session } from '../app/session.js';
import { isComposingKey, type EditController, type Move } from './editing.js';
import { cellBox, type ColumnLayout, type Viewport } from './geometry.js';
import { formatCell } from './address.js';
import { applyCompletion, completionAt } from './function-completion.js';
import { FunctionSuggestions } from './FunctionSuggestions.js';
import { nowEntryOf, nowEntryText } from './now-entry.js';

interface Props {
  readonly session: Session;
  readonly editor: EditController;
  readonly layout: ColumnLayout;
  readonly viewport: Viewport;
}

/** The editor's line height in px (styles.css .cell-editor), for its height with line breaks. */
export const LINE_HEIGHT = 16;

const ARROW_MOVES: Readonly<Record<string, Move>> = {
  ArrowUp: { dx: 0, dy: -1 },
  ArrowDown: { dx: 0, dy: 1 },
  ArrowLeft: { dx: -1, dy: 0 },
  ArrowRight: { dx: 1, dy: 0 },
};

export function CellEditor({ session, editor, layout, viewport }: Props) {
  const state = useObservable(session.editing);
  const input = useRef<HTMLTextAreaElement>(null);
  const visible = state !== null && state.origin === 'cell' && state.sheet === session.activeSheet;
  const [catalogue, setCatalogue] = useState<readonly FunctionJson[]>([]);
  const [chosen, setChosen] = useState(0);
  // The text when the arrows last moved in the function list: Enter then takes the function
  // chosen; otherwise Enter commits what was typed (a name like `rate` is not made RATE().
  const [pickedAt, setPickedAt] = useState<string | undefined>();
  // The text the list was closed at (Escape): it stays closed until the text changes.
  const [dismissed, setDismissed] = useState<string | undefined>();
  const typingFormula = visible && state.text.startsWith('=');
  useEffect(() => {
    if (typingFormula && catalogue.length === 0)
      functionCatalogue(session.client).then(setCatalogue, () => undefined);
  }, [typingFormula, catalogue.length, session]);

  useLayoutEffect(() => {
    if (!visible || input.current === null) return;
    if (document.activeElement !== input.current) input.current.focus({ preventScroll: true });
    if (input.current.selectionStart !== state.caret)
      input.current.setSelectionRange(state.caret, state.caret);
  }, [visible, state?.caret, state?.text]);

  // Whether the last pointer press since the editor opened was one that leaves it: not a click
  // in point mode, which inserts a reference and keeps the edit. A blur after no such press is
  // not the user leaving the editor (see onBlur).
  const leavingPress = useRef(false);
  useEffect(() => {
    if (!visible) return;
    leavingPress.current = false;
    const note = () => {
      leavingPress.current = !editor.canPoint();
    };
    window.addEventListener('pointerdown', note, true);
    return () => window.removeEventListener('pointerdown', note, true);
  }, [visible, editor]);

  // Point mode: the grid took focus for the click; give it back once the mouse is released.
  useEffect(() => {
    if (!visible) return;
    const refocus = () => {
      if (editor.pointing)
        requestAnimationFrame(() => input.current?.focus({ preventScroll: true }));
    };
    window.addEventListener('mouseup', refocus);
    return () => window.removeEventListener('mouseup', refocus);
  }, [visible, editor]);

  if (!visible) return null;
  const box = cellBox(layout, viewport, state.cell.col, state.cell.row);
  const lines = state.text.split('\n');
  const longest = Math.max(...lines.map((line) => line.length));
  const width = Math.min(640, Math.max(box.width + 1, longest * 7.6 + 16));
  const height = box.height + 1 + (lines.length - 1) * LINE_HEIGHT;
  // One line sits in the middle of the cell, as the grid draws it (2 px borders).
  const paddingTop = Math.max(0, (box.height + 1 - 4 - LINE_HEIGHT) / 2);
  const completion =
    dismissed !== state.text ? completionAt(state.text, state.caret, catalogue) : undefined;
  const chosenIndex =
    completion === undefined ? 0 : Math.min(chosen, completion.matches.length - 1);

  const complete = (name: string) => {
    if (completion === undefined) return;
    const next = applyCompletion(state.text, completion, name);
    setChosen(0);
    editor.update(next.text, next.caret);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (isComposingKey(event)) {
      event.stopPropagation();
      return;
    }
    const shift = event.shiftKey ? -1 : 1;
    if (completion !== undefined && !event.altKey && !event.ctrlKey && !event.metaKey) {
      const count = completion.matches.length;
      const step = event.key === 'ArrowDown' ? 1 : event.key === 'ArrowUp' ? count - 1 : 0;
      const takes = event.key === 'Tab' || (event.key === 'Enter' && pickedAt === state.text);
      if (step !== 0 || takes || event.key === 'Escape') {
        event.preventDefault();
        event.stopPropagation();
        if (step !== 0) {
          setChosen((chosenIndex + step) % count);
          setPickedAt(state.text);
        } else if (takes) complete(completion.matches[chosenIndex]!.name);
        else setDismissed(state.text);
        return;
      }
    }
    if (event.key === 'Enter' && event.altKey) {
      // A line break in the cell's text, not the end of the edit (Excel's Alt+Enter).
      event.preventDefault();
      const { selectionStart, selectionEnd, value } = event.currentTarget;
      editor.update(
        `${value.slice(0, selectionStart)}\n${value.slice(selectionEnd)}`,
        selectionStart + 1,
      );
    } else if (nowEntryOf(event) !== undefined) {
      // Ctrl+; (Ctrl+Shift+;) types today's date (the time) at the caret, as in Excel.
      event.preventDefault();
      const { selectionStart, selectionEnd } = event.currentTarget;
      editor.insertText(nowEntryText(nowEntryOf(event)!, new Date()), selectionStart, selectionEnd);
    } else if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      // Ctrl+Enter: the entry goes into every selected cell, the selection staying (FILL-03).
      event.preventDefault();
      void editor.commitToSelection();
    } else if (event.key === 'Enter') {
      event.preventDefault();
      void editor.commit({ dx: 0, dy: shift, key: 'Enter' });
    } else if (event.key === 'Tab') {
      event.preventDefault();
      void editor.commit({ dx: shift, dy: 0, key: 'Tab' });
    } else if (event.key === 'Escape') {
      event.preventDefault();
      editor.cancel();
    } else if (event.key === 'F4') {
      // The reference at the caret takes its next form ($A$1, A$1, $A1, A1).
      event.preventDefault();
      editor.cycleReference();
    } else if (state.mode === 'enter' && ARROW_MOVES[event.key] !== undefined) {
      // Typing a formula where a reference may go, arrows point at cells (Excel's Point mode);
      // anywhere else they end the edit and move.
      event.preventDefault();
      if (editor.canPoint()) editor.pointBy(ARROW_MOVES[event.key]!, event.shiftKey);
      else void editor.commit(ARROW_MOVES[event.key]);
    }
    event.stopPropagation();
  };

  return (
    <>
      <textarea
        ref={input}
        data-testid="cell-editor"
        aria-label={`Editing ${formatCell(state.cell)}`}
        className="cell-editor"
        spellCheck={false}
        autoComplete="off"
        wrap="off"
        rows={lines.length}
        value={state.text}
        style={{ left: box.left - 1, top: box.top - 1, width, height, paddingTop }}
        role="combobox"
        aria-autocomplete="list"
        aria-controls="cell-function-suggestions"
        aria-expanded={completion !== undefined}
        onChange={(event) => {
          setChosen(0);
          editor.update(
            event.target.value,
            event.target.selectionStart ?? event.target.value.length,
          );
        }}
        onSelect={(event) => editor.setCaret(event.currentTarget.selectionStart ?? 0)}
        onKeyDown={onKeyDown}
        onBlur={(event) => {
          // A click on the grid in point mode inserts a reference; any other blur commits, except
          // Glide's own: it focuses its canvas one frame after a click, so a key typed within that
          // frame opens the editor (or, after a click in point mode, types "+" into "=A1") and
          // then loses the focus to the canvas. Committing there would end the edit after that
          // key and the next key would start another, dropping it.
          if (editor.pointing) return;
          const canvas = event.relatedTarget;
          const stillOpen = session.editing.get() !== null; // Enter, Tab and Escape close it before the grid takes the focus
          if (
            stillOpen &&
            canvas instanceof HTMLCanvasElement &&
            canvas.dataset['testid'] === 'data-grid-canvas' &&
            !leavingPress.current
          ) {
            queueMicrotask(() => {
              if (session.editing.get() !== null) input.current?.focus({ preventScroll: true });
            });
            return;
          }
          // A formula still waiting for a reference ("=", "=SUM(") is not finished: going to
          // another sheet's tab must not store it as it is (it was "=" → #PARSE_ERROR!).
          const toSheetTab =
            event.relatedTarget instanceof Element &&
            event.relatedTarget.closest('[data-testid^="sheet-tab-"]') !== null;
          if (toSheetTab && editor.canPoint()) {
            editor.cancel();
            return;
          }
          void editor.commit(null);
        }}
      />
      {completion !== undefined && (
        <FunctionSuggestions
          id="cell-function-suggestions"
          completion={completion}
          chosen={chosenIndex}
          onChoose={complete}
          style={{ left: box.left - 1, top: box.top + height + 1 }}
        />
      )}
    </>
  );
}
