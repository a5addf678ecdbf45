// The sheet's filter in the grid (Data → Create filter, issue 20): a ▾ button on each header
// cell of the filtered range opens the column's value list; ticking values and pressing OK
// sets the server's filter (one undo step) and the rows it hides disappear (docs/ui-rules.md
// FLT-01, FLT-02).
import { useState } from 'react';
import { useObservable, type Observable } from '../app/observable.js';
import type { Session } from '../app/session.js';
import type { GridCellJson } from '../api/types.js';
import { columnToLetters, formatRect, lettersToColumn, tryParseCell } from './address.js';
import { cellBox, type ColumnLayout, type Viewport } from './geometry.js';
import { FILTER_BUTTON_INSET } from './filter-header.js';

interface Props {
  readonly session: Session;
  readonly layout: ColumnLayout;
  readonly viewport: Observable<Viewport>;
}

/** A cell's value as the filter's value list names it (the server's filterText). */
export function filterText(cell: Pick<GridCellJson, 'value' | 'error'> | undefined): string {
  if (cell === undefined) return '';
  if (cell.error !== null) return cell.error;
  if (cell.value === null) return '';
  if (typeof cell.value === 'boolean') return cell.value ? 'TRUE' : 'FALSE';
  return String(cell.value);
}

interface Open {
  readonly col: number;
  readonly values: readonly string[];
  readonly checked: ReadonlySet<string>;
}

export function FilterButtons({ session, layout, viewport }: Props) {
  const view = useObservable(viewport);
  const state = useObservable(session.layouts.current);
  const [open, setOpen] = useState<Open | undefined>();
  const filter = state?.filter ?? null;
  if (filter === null || state === null) return null;
  const [startText, endText] = filter.range.split(':');
  const start = tryParseCell(startText ?? '');
  const end = tryParseCell(endText ?? startText ?? '');
  if (start === undefined || end === undefined) return null;
  const criteria = new Map(
    filter.columns.map((column) => [lettersToColumn(column.column), column]),
  );

  const openList = async (col: number) => {
    const range = formatRect({
      col,
      row: start.row + 1,
      width: 1,
      height: end.row - start.row,
    });
    const response = await session.grid.read(state.sheet, range);
    const texts = new Map<number, string>();
    for (const cell of response.cells) {
      const at = tryParseCell(cell.cell);
      if (at !== undefined) texts.set(at.row, filterText(cell));
    }
    const values = new Set<string>();
    for (let row = start.row + 1; row <= end.row; row += 1) values.add(texts.get(row) ?? '');
    const sorted = [...values].sort((a, b) => a.localeCompare(b, undefined, { numeric: true }));
    const listed = criteria.get(col)?.values;
    const checked = new Set(
      listed === undefined
        ? sorted
        : sorted.filter((value) =>
            listed.some((item) => item.toLowerCase() === value.toLowerCase()),
          ),
    );
    setOpen({ col, values: sorted, checked });
  };

  const apply = (col: number, values: readonly string[] | undefined) => {
    setOpen(undefined);
    const columns = filter.columns
      .filter((column) => lettersToColumn(column.column) !== col)
      .map(({ column, ...rest }) => ({ column, ...rest }));
    if (values !== undefined) columns.push({ column: columnToLetters(col), values });
    void session.layouts.setFilter({ range: filter.range, columns });
  };

  const buttons = [];
  for (let col = start.col; col <= end.col; col += 1) {
    const box = cellBox(layout, view, col, start.row);
    if (layout.rows.height(start.row) === 0) continue;
    const letters = columnToLetters(col);
    buttons.push(
      <button
        key={col}
        type="button"
        className={criteria.has(col) ? 'filter-button active' : 'filter-button'}
        data-testid={`filter-button-${letters}`}
        aria-label={`Filter column ${letters}`}
        style={{
          left: box.left + box.width - FILTER_BUTTON_INSET,
          top: box.top + (box.height - 18) / 2,
        }}
        onMouseDown={(event) => event.stopPropagation()}
        onClick={() => void openList(col)}
      >
        ▾
      </button>,
    );
  }
  let popover = null;
  if (open !== undefined) {
    const box = cellBox(layout, view, open.col, start.row);
    const toggle = (value: string) => {
      const checked = new Set(open.checked);
      if (checked.has(value)) checked.delete(value);
      else checked.add(value);
      setOpen({ ...open, checked });
    };
    popover = (
      <div
        className="filter-popover"
        role="dialog"
        aria-label={`Filter column ${columnToLetters(open.col)}`}
        data-testid="filter-popover"
        style={{ left: box.left, top: box.top + box.height }}
        onMouseDown={(event) => event.stopPropagation()}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setOpen(undefined);
        }}
      >
        <ul>
          {open.values.map((value) => (
            <li key={value}>
              <label>
                <input
                  type="checkbox"
                  data-testid={`filter-value-${value === '' ? '(blanks)' : value}`}
                  checked={open.checked.has(value)}
                  onChange={() => toggle(value)}
                />{' '}
                {value === '' ? '(Blanks)' : value}
              </label>
            </li>
          ))}
        </ul>
        <div className="dialog-actions">
          <button
            type="button"
            data-testid="filter-clear-column"
            onClick={() => apply(open.col, undefined)}
          >
            Show all
          </button>
          <button type="button" onClick={() => setOpen(undefined)}>
            Cancel
          </button>
          <button
            type="button"
            className="primary"
            data-testid="filter-apply"
            onClick={() =>
              apply(
                open.col,
                open.checked.size === open.values.length ? undefined : [...open.checked],
              )
            }
          >
            OK
          </button>
        </div>
      </div>
    );
  }
  return (
    <div data-testid="filter-buttons">
      {buttons}
      {popover}
    </div>
  );
}
