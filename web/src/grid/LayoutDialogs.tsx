// Dialogs of the sheet's layout (issue 20): Data → Sort range (key columns, order, header row;
// the server sorts, one undo step; docs/ui-rules.md SORT-01) and a row's height (row resize,
// FRZ-03).
import { useState } from 'react';
import { useObservable } from '../app/observable.js';
import type { Session } from '../app/session.js';
import { Dialog } from '../ui/Dialog.js';
import { looksLikeHeader } from '../../../src/core/header-row.js';
import { columnToLetters, formatRect, rectEnd, type Rect } from './address.js';
import { ROW_HEIGHT } from './grid-theme.js';

export function LayoutDialogs({ session }: { session: Session }) {
  const dialog = useObservable(session.layouts.dialog);
  if (dialog === null) return null;
  const close = () => session.layouts.dialog.set(null);
  if (dialog.kind === 'sort') return <SortDialog session={session} onClose={close} />;
  return (
    <RowHeightDialog session={session} first={dialog.first} last={dialog.last} onClose={close} />
  );
}

/**
 * What the Sort dialog calls each column: with a header row (the one guessed, as the server will
 * guess it, or the one the user says is there) its text, as Excel does; "Column B" without one
 * or where the header cell is empty.
 */
function columnNames(
  session: Session,
  rect: Rect,
  header: 'auto' | 'yes' | 'no',
): ReadonlyMap<number, string> {
  const value = (row: number, col: number) => session.cell(col, row)?.value ?? null;
  const end = rectEnd(rect);
  const range = { start: { row: rect.row, col: rect.col }, end: { row: end.row, col: end.col } };
  const named = header === 'yes' || (header === 'auto' && looksLikeHeader({ value }, range));
  const names = new Map<number, string>();
  for (let col = rect.col; col <= end.col; col += 1) {
    const cell = session.cell(col, rect.row);
    const text = named ? (cell?.display ?? String(cell?.value ?? '')).trim() : '';
    names.set(col, text === '' ? `Column ${columnToLetters(col)}` : text);
  }
  return names;
}

interface SortKeyState {
  readonly column: number;
  readonly order: 'asc' | 'desc';
}

function SortDialog({ session, onClose }: { session: Session; onClose: () => void }) {
  const rect = session.selection.get().rect;
  const columns = Array.from({ length: rect.width }, (_, index) => rect.col + index);
  const [keys, setKeys] = useState<SortKeyState[]>([{ column: rect.col, order: 'asc' }]);
  const [header, setHeader] = useState<'auto' | 'yes' | 'no'>('auto');
  const range = formatRect(rect);
  const names = columnNames(session, rect, header);
  const setKey = (index: number, key: SortKeyState) =>
    setKeys((current) => current.map((item, at) => (at === index ? key : item)));
  const sort = async () => {
    const done = await session.layouts.sort({
      range,
      keys: keys.map((key) => ({ column: columnToLetters(key.column), order: key.order })),
      header: header === 'auto' ? 'auto' : header === 'yes',
    });
    if (done) onClose();
  };
  return (
    <Dialog title={`Sort ${range}`} onClose={onClose} testId="sort-dialog">
      <div className="form-grid">
        {keys.map((key, index) => (
          <div key={index} className="sort-key">
            <label>
              {index === 0 ? 'Sort by' : 'Then by'}
              <select
                data-testid={`sort-column-${index}`}
                value={key.column}
                onChange={(event) => setKey(index, { ...key, column: Number(event.target.value) })}
              >
                {columns.map((col) => (
                  <option key={col} value={col}>
                    {names.get(col)}
                  </option>
                ))}
              </select>
            </label>
            <label>
              Order
              <select
                data-testid={`sort-order-${index}`}
                value={key.order}
                onChange={(event) =>
                  setKey(index, { ...key, order: event.target.value === 'desc' ? 'desc' : 'asc' })
                }
              >
                <option value="asc">A → Z, smallest first</option>
                <option value="desc">Z → A, largest first</option>
              </select>
            </label>
          </div>
        ))}
        {keys.length < Math.min(3, columns.length) && (
          <button
            type="button"
            data-testid="sort-add-key"
            onClick={() =>
              setKeys((current) => [
                ...current,
                {
                  column:
                    columns.find((col) => !current.some((key) => key.column === col)) ?? rect.col,
                  order: 'asc',
                },
              ])
            }
          >
            Add another sort column
          </button>
        )}
        <label>
          First row
          <select
            data-testid="sort-header"
            value={header}
            onChange={(event) => setHeader(event.target.value as 'auto' | 'yes' | 'no')}
          >
            <option value="auto">Detect a header row</option>
            <option value="yes">Is a header (stays on top)</option>
            <option value="no">Is data (sorted too)</option>
          </select>
        </label>
      </div>
      <div className="dialog-actions">
        <button type="button" onClick={onClose}>
          Cancel
        </button>
        <button
          type="button"
          className="primary"
          data-testid="sort-apply"
          onClick={() => void sort()}
        >
          Sort
        </button>
      </div>
    </Dialog>
  );
}

function RowHeightDialog(props: {
  session: Session;
  first: number;
  last: number;
  onClose: () => void;
}) {
  const { session, first, last, onClose } = props;
  const current = session.layouts.current.get()?.heights.get(first) ?? ROW_HEIGHT;
  const [text, setText] = useState(String(current || ROW_HEIGHT));
  const height = Number(text);
  const valid = Number.isInteger(height) && height >= 2 && height <= 2000;
  const rows = first === last ? `row ${first + 1}` : `rows ${first + 1}–${last + 1}`;
  const apply = (value: number | null) => {
    onClose();
    void session.layouts.setRowHeight(first, last, value);
  };
  return (
    <Dialog title={`Height of ${rows}`} onClose={onClose} testId="row-height-dialog">
      <form
        className="form-grid"
        onSubmit={(event) => {
          event.preventDefault();
          if (valid) apply(height);
        }}
      >
        <label>
          Height in pixels (default {ROW_HEIGHT})
          <input
            data-autofocus
            data-testid="row-height-input"
            inputMode="numeric"
            value={text}
            onChange={(event) => setText(event.target.value)}
            aria-invalid={!valid}
          />
        </label>
        <div className="dialog-actions">
          <button type="button" onClick={() => apply(null)}>
            Default
          </button>
          <button type="button" onClick={onClose}>
            Cancel
          </button>
          <button
            type="submit"
            className="primary"
            data-testid="row-height-apply"
            disabled={!valid}
          >
            OK
          </button>
        </div>
      </form>
    </Dialog>
  );
}
