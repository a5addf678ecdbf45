// The name box (type a cell or range and Enter to go there) and the formula bar (the raw
// input of the active cell; typing here edits it; Enter commits, Escape restores).
import { useEffect, useState, type KeyboardEvent } from 'react';
import { useObservable } from '../app/observable.js';
import type { Session } from '../app/session.js';
import type { EditController } from './editing.js';
import { formatCell, formatRect, parseRange, splitSheet } from './address.js';
import { GRID_COLUMNS, MIN_GRID_ROWS } from './grid-theme.js';
import { formulaReferences, REFERENCE_COLORS } from './reference-colors.js';

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
    session.goTo(rect);
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
  const stored = session.cell(cursor.col, cursor.row)?.input ?? '';
  const text = editing !== null ? editing.text : stored;
  const references = editing !== null ? formulaReferences(editing.text) : [];

  useEffect(() => {
    if (editing === null) return;
    document.documentElement.dataset['editing'] = 'true';
    return () => {
      delete document.documentElement.dataset['editing'];
    };
  }, [editing === null]); // eslint-disable-line react-hooks/exhaustive-deps

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      void editor.commit({ dx: 0, dy: event.shiftKey ? -1 : 1, key: 'Enter' });
    } else if (event.key === 'Tab') {
      event.preventDefault();
      void editor.commit({ dx: event.shiftKey ? -1 : 1, dy: 0, key: 'Tab' });
    } else if (event.key === 'Escape') {
      event.preventDefault();
      editor.cancel();
    }
  };

  return (
    <div className="formula-row">
      <NameBox session={session} />
      <span className="fx" aria-hidden="true">
        fx
      </span>
      <div className="formula-wrap">
        <input
          data-testid="formula-bar"
          aria-label={`Contents of ${formatCell(editing?.cell ?? cursor)}`}
          className="formula-bar"
          spellCheck={false}
          autoComplete="off"
          value={text}
          onFocus={() => {
            if (session.editing.get() === null)
              editor.start(cursor, stored, { origin: 'bar', mode: 'edit' });
          }}
          onChange={(event) => {
            if (session.editing.get() === null)
              editor.start(cursor, stored, { origin: 'bar', mode: 'edit' });
            editor.update(
              event.target.value,
              event.target.selectionStart ?? event.target.value.length,
            );
          }}
          onKeyDown={onKeyDown}
          onBlur={() => {
            if (session.editing.get()?.origin === 'bar') void editor.commit(null);
          }}
        />
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
