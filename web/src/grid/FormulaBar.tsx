// The name box (type a cell or range and Enter to go there) and the formula bar (the raw
// input of the active cell; typing here edits it; Enter commits, Alt+Enter breaks the line,
// F4 turns the reference at the caret absolute or relative, Ctrl+; and Ctrl+Shift+; type today's
// date and the time at the caret, Escape restores). The bar is a
// one-line text area, so a cell's line breaks survive an edit in it (an input drops them).
import { editableInput } from './cell-format.js';
import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { functionCatalogue } from '../api/functions-api.js';
import type { FunctionJson } from '../api/types.js';
import { useObservable } from '../app/observable.js';
import type { Session } from '../app/session.js';
import { isComposingKey, type EditController } from './editing.js';
import { describeSelection, formatCell, formatRect, parseRange, splitSheet } from './address.js';
import { GRID_COLUMNS, MIN_GRID_ROWS } from './grid-theme.js';
import { formulaReferences, REFERENCE_COLORS } from './reference-colors.js';
import { applyCompletion, completionAt, enclosingFunction } from './function-completion.js';
import { FunctionSuggestions } from './FunctionSuggestions.js';
import { useFormulaPreview } from './use-formula-preview.js';
import { FormulaResult } from './FormulaResult.js';
import { nowEntryOf, nowEntryText } from './now-entry.js';

interface Props {
  readonly session: Session;
  readonly editor: EditController;
}

function NameBox({ session }: { session: Session }) {
  const selection = useObservable(session.selection);
  const editing = useObservable(session.editing);
  const shown =
    editing !== null ? formatCell(editing.cell) : (selection.label ?? formatRect(selection.rect));
  const [draft, setDraft] = useState<string | undefined>();
  const [error, setError] = useState<string | undefined>();

  const go = async () => {
    const text = (draft ?? '').trim();
    const { sheet, ref } = splitSheet(text);
    const rows = Math.max(
      MIN_GRID_ROWS,
      (session.store.bounds(session.activeSheet)?.lastRow ?? 0) + 1000,
    );
    const rect = parseRange(ref, rows, GRID_COLUMNS);
    if (rect === undefined) {
      setError(`"${text}" is not a cell or range; type something like B7 or A1:C3.`);
      return;
    }
    const sheets = session.workbook.get()?.sheets ?? [];
    const target =
      sheet === undefined
        ? undefined
        : sheets.find((name) => name.toLowerCase() === sheet.toLowerCase());
    if (sheet !== undefined && target === undefined) {
      setError(`There is no sheet named "${sheet}".`);
      return;
    }
    setError(undefined);
    setDraft(undefined);
    // Typing continues in the grid at the new place.
    (document.activeElement as HTMLElement | null)?.blur();
    if (target !== undefined) await session.activateSheet(target);
    session.goTo(rect, undefined, describeSelection(rect, rows, GRID_COLUMNS));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      void go();
    } else if (event.key === 'Escape') {
      setDraft(undefined);
      setError(undefined);
      event.currentTarget.blur();
    }
  };

  return (
    <div className="name-box-wrap">
      <input
        data-testid="name-box"
        aria-label="Name box: type a cell or range and press Enter to go there"
        aria-invalid={error !== undefined}
        className="name-box"
        value={draft ?? shown}
        spellCheck={false}
        onFocus={(event) => {
          setDraft(shown);
          event.currentTarget.select();
        }}
        onBlur={() => setDraft(undefined)}
        onChange={(event) => {
          setDraft(event.target.value);
          setError(undefined);
        }}
        onKeyDown={onKeyDown}
      />
      {error !== undefined && (
        <div role="alert" data-testid="name-box-error" className="inline-error name-box-error">
          {error}
        </div>
      )}
    </div>
  );
}

export function FormulaBar({ session, editor }: Props) {
  const selection = useObservable(session.selection);
  const editing = useObservable(session.editing);
  useObservable(session.dataTick);
  const cursor = selection.cursor;
  const current = session.cell(cursor.col, cursor.row);
  const stored = editableInput(current);
  const text = editing !== null ? editing.text : stored;
  const references = editing !== null ? formulaReferences(editing.text) : [];
  const input = useRef<HTMLTextAreaElement>(null);
  const [catalogue, setCatalogue] = useState<readonly FunctionJson[]>([]);
  const [caret, setCaret] = useState(0);
  const [chosen, setChosen] = useState(0);
  const [dismissed, setDismissed] = useState<string | undefined>();
  // Where a key handled here (F4, a completion, Alt+Enter) leaves the caret. React writes the new
  // text after the handler, which puts the caret at the end; it is placed as that render commits,
  // before the next key can read it (a frame later, a second quick F4 found it past the ")" and
  // did nothing).
  const placeCaret = useRef<number | null>(null);
  useLayoutEffect(() => {
    const at = placeCaret.current;
    if (at === null || input.current === null) return;
    placeCaret.current = null;
    input.current.setSelectionRange(at, at);
  });
  // This input's caret is stale while the cell editor is the one typing: there the edit's own
  // caret counts. The suggestion list is this input's (its keys are handled here), so it shows
  // only when typing here: after one edit in this bar, typing "=A1+" in a cell listed A… functions
  // over the grid, and a click meant for B2 picked ACOS ("=ACOS(1+").
  const caretAt = editing?.origin === 'cell' ? editing.caret : caret;
  const completion =
    editing !== null && editing.origin === 'bar' && dismissed !== text
      ? completionAt(text, caretAt, catalogue)
      : undefined;
  const hint =
    editing !== null && completion === undefined
      ? enclosingFunction(text, caretAt, catalogue)
      : undefined;
  // The result of the formula typed here (EDIT-12); an edit in the cell shows its own under it.
  const result = useFormulaPreview(session, editing?.origin === 'bar');

  const loadCatalogue = () => {
    if (catalogue.length === 0)
      functionCatalogue(session.client).then(setCatalogue, () => undefined);
  };

  const complete = (name: string) => {
    if (completion === undefined) return;
    const next = applyCompletion(text, completion, name);
    editor.update(next.text, next.caret);
    setCaret(next.caret);
    setChosen(0);
    placeCaret.current = next.caret;
  };

  useEffect(() => {
    if (editing === null) return;
    document.documentElement.dataset['editing'] = 'true';
    return () => {
      delete document.documentElement.dataset['editing'];
    };
  }, [editing === null]); // eslint-disable-line react-hooks/exhaustive-deps

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (isComposingKey(event)) return;
    if (completion !== undefined) {
      const count = completion.matches.length;
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        setChosen((index) => (index + (event.key === 'ArrowDown' ? 1 : count - 1)) % count);
        return;
      }
      if (event.key === 'Tab' || event.key === 'Enter') {
        event.preventDefault();
        complete(completion.matches[Math.min(chosen, count - 1)]!.name);
        return;
      }
      if (event.key === 'Escape') {
        event.preventDefault();
        setDismissed(text);
        return;
      }
    }
    if (event.key === 'Enter' && event.altKey) {
      event.preventDefault();
      const { selectionStart, selectionEnd, value } = event.currentTarget;
      if (session.editing.get() === null)
        editor.start(cursor, stored, { origin: 'bar', mode: 'edit' });
      const at = selectionStart + 1;
      editor.update(`${value.slice(0, selectionStart)}\n${value.slice(selectionEnd)}`, at);
      setCaret(at);
      placeCaret.current = at;
    } else if (nowEntryOf(event) !== undefined) {
      // Ctrl+; (Ctrl+Shift+;) types today's date (the time) at the caret, as in the cell.
      event.preventDefault();
      const { selectionStart, selectionEnd } = event.currentTarget;
      if (session.editing.get() === null)
        editor.start(cursor, stored, { origin: 'bar', mode: 'edit' });
      const entry = nowEntryText(nowEntryOf(event)!, new Date());
      editor.insertText(entry, selectionStart, selectionEnd);
      const at = selectionStart + entry.length;
      setCaret(at);
      placeCaret.current = at;
    } else if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      // Ctrl+Enter: the entry goes into every selected cell, as in the cell editor (FILL-03).
      event.preventDefault();
      void editor.commitToSelection();
    } else if (event.key === 'Enter') {
      event.preventDefault();
      void editor.commit({ dx: 0, dy: event.shiftKey ? -1 : 1, key: 'Enter' });
    } else if (event.key === 'Tab') {
      event.preventDefault();
      void editor.commit({ dx: event.shiftKey ? -1 : 1, dy: 0, key: 'Tab' });
    } else if (event.key === 'Escape') {
      event.preventDefault();
      editor.cancel();
    } else if (event.key === 'F4') {
      // The reference at the caret takes its next form ($A$1, A$1, $A1, A1), as in the cell.
      event.preventDefault();
      if (session.editing.get() === null)
        editor.start(cursor, stored, { origin: 'bar', mode: 'edit' });
      editor.setCaret(event.currentTarget.selectionStart);
      if (!editor.cycleReference()) return;
      const at = session.editing.get()?.caret ?? 0;
      setCaret(at);
      placeCaret.current = at;
    }
  };

  return (
    <div className="formula-row">
      <NameBox session={session} />
      <span className="fx" aria-hidden="true">
        fx
      </span>
      <div className="formula-wrap">
        <textarea
          ref={input}
          data-testid="formula-bar"
          aria-label={`Contents of ${formatCell(editing?.cell ?? cursor)}`}
          className="formula-bar"
          spellCheck={false}
          autoComplete="off"
          rows={1}
          wrap="off"
          role="combobox"
          aria-autocomplete="list"
          aria-controls="function-suggestions"
          aria-expanded={completion !== undefined}
          placeholder={
            editing === null && current?.spilled_from !== undefined
              ? `Spilled from ${current.spilled_from} (its formula fills this cell)`
              : undefined
          }
          value={text}
          onSelect={(event) => setCaret(event.currentTarget.selectionStart ?? 0)}
          onFocus={() => {
            loadCatalogue();
            if (session.editing.get() === null)
              editor.start(cursor, stored, { origin: 'bar', mode: 'edit' });
          }}
          onChange={(event) => {
            if (session.editing.get() === null)
              editor.start(cursor, stored, { origin: 'bar', mode: 'edit' });
            const at = event.target.selectionStart ?? event.target.value.length;
            editor.update(event.target.value, at);
            setCaret(at);
            setChosen(0);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => {
            if (session.editing.get()?.origin === 'bar') void editor.commit(null);
          }}
        />
        {completion !== undefined && (
          <FunctionSuggestions
            id="function-suggestions"
            completion={completion}
            chosen={Math.min(chosen, completion.matches.length - 1)}
            onChoose={complete}
          />
        )}
        {hint !== undefined && (
          <div className="function-hint" data-testid="function-hint">
            {hint.signature}
          </div>
        )}
        {result !== undefined && completion === undefined && (
          <FormulaResult shown={result} className="formula-result-bar" />
        )}
        {references.length > 0 && (
          <div
            className="formula-refs"
            data-testid="formula-refs"
            aria-label="References in this formula"
          >
            {references.map((reference, index) => (
              <span
                key={reference}
                style={{ color: REFERENCE_COLORS[index % REFERENCE_COLORS.length] }}
              >
                {reference}
              </span>
            ))}
          </div>
        )}
      </div>
    </div>
  );
}
